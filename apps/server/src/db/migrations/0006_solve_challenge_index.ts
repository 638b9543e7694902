import { type Kysely, sql } from 'kysely';

/**
 * Solves by challenge: the blood check of every verdict transaction counts a challenge's first eligible
 * solves, which without this index means reading every solve of the game.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index solves_challenge_idx on solves (challenge_id, solved_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index solves_challenge_idx`.execute(db);
}
