import type { Db } from '../db/database';
import { formatPackageTime } from './package-format';

/** The game's locked hints as package sections, by challenge id (issue 28; ids are the hints' own). */
export async function lockedHintSections(db: Db, gameId: number) {
  const rows = await db
    .selectFrom('challenge_hints')
    .select(['id', 'challenge_id', 'title', 'content', 'kind', 'cost', 'free_at', 'allow_negative', 'requires_hint_id'])
    .where('game_id', '=', gameId)
    .orderBy('id')
    .execute();
  const byChallenge = new Map<number, ReturnType<typeof section>[]>();
  for (const row of rows)
    byChallenge.set(row.challenge_id, [...(byChallenge.get(row.challenge_id) ?? []), section(row)]);
  return byChallenge;
}

function section(row: {
  id: number;
  title: string;
  content: string;
  kind: 'Points' | 'RewardShare' | 'FreeAfter';
  cost: number;
  free_at: Date | null;
  allow_negative: boolean;
  requires_hint_id: number | null;
}) {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    kind: row.kind,
    cost: row.cost,
    freeTime: row.free_at ? formatPackageTime(row.free_at) : null,
    allowNegative: row.allow_negative,
    requiresId: row.requires_hint_id,
  };
}
