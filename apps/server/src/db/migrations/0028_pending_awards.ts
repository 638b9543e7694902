import { type Kysely, sql } from 'kysely';

/**
 * Awards that came with an import (a game package's awards.json, a CTFd export's awards) and wait for their team
 * (docs/game-transfer.md, "Awards"). An import brings no teams, so an award names its team by name; the moment a
 * team of that name is accepted into the game, the trigger turns its waiting awards into real ones, in the same
 * transaction as the acceptance, whatever path accepted it (a join without review, a review, a bulk review). The
 * participation row's lock serialises two acceptances of one entry, so an award is applied once.
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
  await sql`create index pending_awards_game on pending_awards (game_id, team_name)`.execute(db);
  await sql`
    create function apply_pending_awards() returns trigger language plpgsql as $$
    begin
      with applied as (
        delete from pending_awards p using teams t
        where t.id = new.team_id and p.game_id = new.game_id and p.team_name = t.name
        returning p.points, p.reason, p.counts_for_tie_break, p.created_at
      )
      insert into game_awards (game_id, participation_id, points, reason, counts_for_tie_break, created_by, created_at)
      select new.game_id, new.id, points, reason, counts_for_tie_break, null, created_at from applied;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger participations_pending_awards after insert or update of status on participations
    for each row when (new.status = 'Accepted') execute function apply_pending_awards()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger participations_pending_awards on participations`.execute(db);
  await sql`drop function apply_pending_awards()`.execute(db);
  await sql`drop table pending_awards`.execute(db);
}
