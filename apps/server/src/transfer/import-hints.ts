import type { Db } from '../db/database';
import type { PlanChallenge } from './import-plan';

/**
 * Inserts the plan's locked hints (issue 28) after their challenges, in the import's transaction, mapping each
 * hint's requirement from its source id to the new one (a requirement naming no earlier hint of the same
 * challenge is dropped: the editor only lets a hint require one that exists).
 */
export async function insertLockedHints(
  trx: Db,
  gameId: number,
  challenges: readonly PlanChallenge[],
  challengeIds: readonly number[],
): Promise<void> {
  for (const [index, challenge] of challenges.entries()) {
    const challengeId = challengeIds[index];
    if (challengeId === undefined || !challenge.lockedHints?.length) continue;
    const newId = new Map<number, number>();
    for (const hint of challenge.lockedHints) {
      const requires = hint.requiresSourceId === null ? undefined : newId.get(hint.requiresSourceId);
      const row = await trx
        .insertInto('challenge_hints')
        .values({
          game_id: gameId,
          challenge_id: challengeId,
          title: hint.title,
          content: hint.content,
          kind: hint.kind,
          cost: hint.cost,
          free_at: hint.freeAt ?? null,
          allow_negative: hint.allowNegative ?? false,
          requires_hint_id: requires ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      newId.set(hint.sourceId, row.id);
    }
  }
}
