import type { Db } from '../db/database';

/** Submissions with their challenge (`c`), participation (`p`), team (`t`) and submitting user (`u`, may be gone). */
export function submissionsWithDetails(db: Db) {
  return db
    .selectFrom('submissions as s')
    .innerJoin('challenges as c', 'c.id', 's.challenge_id')
    .innerJoin('participations as p', 'p.id', 's.participation_id')
    .innerJoin('teams as t', 't.id', 'p.team_id')
    .leftJoin('users as u', 'u.id', 's.user_id');
}
