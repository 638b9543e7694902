import { type Kysely, sql } from 'kysely';

/**
 * The scoreboard freeze (docs/game-play.md, "Freeze and reveal"): a game may name the instant from which players
 * see the board as it stood then (`freeze_at`, null: no freeze), and records when an organiser revealed the
 * final board (`scoreboard_revealed_at`, null: not yet). Blood notices of solves made during the freeze are
 * stored `held` and published at the reveal; the players' notice list leaves them out until then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table games
      add column freeze_at timestamptz,
      add column scoreboard_revealed_at timestamptz`.execute(db);
  await sql`alter table game_notices add column held boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table game_notices drop column held`.execute(db);
  await sql`alter table games drop column scoreboard_revealed_at, drop column freeze_at`.execute(db);
}
