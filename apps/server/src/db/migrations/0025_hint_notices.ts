import { type Kysely, sql } from 'kysely';

/**
 * FreeAfter hints' NewHint notice (docs/game-play.md, "Hints with a cost"): `notice_posted_at` is set by the process
 * that claims a hint whose time came (services/hint-free-notices.ts), so one notice is posted however many processes
 * run. Hints already free when this migration runs count as announced: nobody is told of them late.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table challenge_hints add column notice_posted_at timestamptz`.execute(db);
  await sql`update challenge_hints set notice_posted_at = free_at where free_at is not null and free_at <= now()`.execute(
    db,
  );
  await sql`create index challenge_hints_unannounced on challenge_hints (free_at)
    where free_at is not null and notice_posted_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index challenge_hints_unannounced`.execute(db);
  await sql`alter table challenge_hints drop column notice_posted_at`.execute(db);
}
