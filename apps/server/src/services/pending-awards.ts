import type { Db } from '../db/database';
import { createPendingAwardRepository, type PendingAwardRow } from '../repositories/pending-award.repository';
import type { AuditLog } from './audit-log';

/*
 * Imported awards waiting for their team (issue 28; docs/game-transfer.md, "Awards"). An import creates no teams,
 * so its awards wait under the team's exact name (in a solo game: the player's name, which names their personal
 * team) until an entry of a team of that name is accepted. Every path that accepts an entry (a join the game or
 * division accepts without review, an organiser's review) calls `applyPendingAwards` inside its transaction.
 */

export interface AppliedAwards {
  gameId: number;
  teamName: string;
  awards: PendingAwardRow[];
}

/** Turns the awards waiting for the participation's team name into its awards; inside the accepting transaction. */
export async function applyPendingAwards(trx: Db, participationId: number): Promise<AppliedAwards | null> {
  const entry = await trx
    .selectFrom('participations as p')
    .innerJoin('teams as t', 't.id', 'p.team_id')
    .select(['p.game_id', 't.name'])
    .where('p.id', '=', participationId)
    .executeTakeFirst();
  if (!entry) return null;
  const awards = await createPendingAwardRepository(trx).claim(entry.game_id, entry.name, participationId);
  return awards.length === 0 ? null : { gameId: entry.game_id, teamName: entry.name, awards };
}

/** After the commit: one audit entry per applied award, as an imported one (no organiser gave it). */
export function auditAppliedAwards(audit: AuditLog | undefined, applied: AppliedAwards | null): void {
  if (!audit || !applied) return;
  for (const award of applied.awards) {
    audit.record({
      action: 'award.imported',
      user: null,
      ip: null,
      status: 'Success',
      level: 'Information',
      detail: `game ${applied.gameId}, team "${applied.teamName}", ${award.points} points: ${award.reason}`,
    });
  }
}
