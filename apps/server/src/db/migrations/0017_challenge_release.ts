import { type Kysely, sql } from 'kysely';

/**
 * Timed release (docs/game-play.md, "Timed release"): a challenge may name the instant it appears to players
 * (`release_at`, null: as soon as it is enabled). `release_announced_at` records that the NewChallenge notice of its
 * release was handled: the process that sets it with a conditional update is the one that publishes the notice, so
 * it is published once however many processes run. The partial index keeps the processes' look for the next due
 * release cheap.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table challenges
      add column release_at timestamptz,
      add column release_announced_at timestamptz`.execute(db);
  await sql`
    create index challenges_release_pending on challenges (release_at)
      where release_at is not null and release_announced_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index challenges_release_pending`.execute(db);
  await sql`alter table challenges drop column release_announced_at, drop column release_at`.execute(db);
}
