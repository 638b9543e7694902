import type { Db } from '../db/database';

/**
 * A game joined (left join) with the caller's participation through the roster and its team, so one query
 * answers both "does the game exist" and "is the caller playing in it"; callers pick their columns.
 */
export function gameWithCallerParticipation(db: Db, gameId: number, userId: string) {
  return db
    .selectFrom('games as g')
    .leftJoin('participation_members as pm', (join) =>
      join.onRef('pm.game_id', '=', 'g.id').on('pm.user_id', '=', userId),
    )
    .leftJoin('participations as p', 'p.id', 'pm.participation_id')
    .leftJoin('teams as t', 't.id', 'p.team_id')
    .where('g.id', '=', gameId);
}

/** The participation columns every caller selects, with the aliases `callerParticipation` reads. */
export const PARTICIPATION_COLUMNS = [
  'p.id as participation_id',
  'p.status',
  'p.team_id',
  't.name as team_name',
] as const;

interface ParticipationColumns<Status> {
  participation_id: number | null;
  status: Status | null;
  team_id: number | null;
  team_name: string | null;
}

/** The caller's participation from a row of `gameWithCallerParticipation`, or null when not on a roster. */
export function callerParticipation<Status>(row: ParticipationColumns<Status>) {
  const { participation_id, status, team_id, team_name } = row;
  if (participation_id === null || status === null || team_id === null || team_name === null) return null;
  return { id: participation_id, status, teamId: team_id, teamName: team_name };
}
