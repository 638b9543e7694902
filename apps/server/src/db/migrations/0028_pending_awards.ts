import { type Kysely, sql } from 'kysely';

/**
 * Pending awards (issue 28; docs/game-transfer.md, "Awards"): an import brings awards but no teams, so each waits
 * here under its team's exact name until a participation of a team of that name is accepted in the game; that
 * acceptance's transaction deletes the rows and writes them as `game_awards`, so an award is applied once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table pending_awards (
      id serial primary key,
      game_id integer not null references games (id) on delete cascade,
      team_name text not null,
      points integer not null check (points <> 0),
      reason text not null,
      counts_for_tie_break boolean not null default false,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index pending_awards_team on pending_awards (game_id, team_name)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table pending_awards`.execute(db);
}
