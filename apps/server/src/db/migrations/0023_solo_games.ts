import { type Kysely, sql } from 'kysely';

/**
 * Solo games and per-player progress (docs/game-play.md, "Solo games"):
 * - `games.individual`: players join alone; each entry is backed by a personal team made for that game;
 * - `games.member_progress`: a team game shows each member's own solves and points inside the team;
 * - `teams.personal_game_id`: marks a personal team (one member, named after them) and names its game. A player
 *   has at most one personal team per game (the unique index), and the team goes with the game. Its name follows
 *   the user's name whatever renames the user (the trigger), so the board always shows the player's name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table games
      add column individual boolean not null default false,
      add column member_progress boolean not null default false`.execute(db);
  await sql`alter table teams add column personal_game_id integer references games (id) on delete cascade`.execute(db);
  await sql`create unique index teams_personal on teams (personal_game_id, captain_id)
    where personal_game_id is not null`.execute(db);
  await sql`
    create function personal_team_name() returns trigger language plpgsql as $$
    begin
      update teams set name = new.user_name where captain_id = new.id and personal_game_id is not null;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger users_personal_team_name after update of user_name on users
    for each row when (old.user_name is distinct from new.user_name) execute function personal_team_name()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger users_personal_team_name on users`.execute(db);
  await sql`drop function personal_team_name()`.execute(db);
  await sql`drop index teams_personal`.execute(db);
  await sql`alter table teams drop column personal_game_id`.execute(db);
  await sql`alter table games drop column member_progress, drop column individual`.execute(db);
}
