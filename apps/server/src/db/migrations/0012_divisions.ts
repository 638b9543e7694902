import { type Kysely, sql } from 'kysely';

/**
 * Divisions of a game and their per-challenge permission overrides. Composite keys with the game id make the
 * database refuse a participation in one game pointing at a division of another, and an override naming a
 * challenge of another game. Deleting a division clears it from participations (only the division column).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table divisions (
      id serial primary key,
      game_id integer not null references games(id) on delete cascade,
      name text not null check (char_length(name) between 1 and 31),
      invite_code text check (invite_code is null or char_length(invite_code) between 1 and 32),
      default_permissions integer not null default 2147483647 check (default_permissions >= 0),
      created_at timestamptz not null default now(),
      unique (id, game_id)
    )`.execute(db);
  await sql`create index divisions_game_idx on divisions (game_id, id)`.execute(db);

  await sql`alter table challenges add constraint challenges_id_game_key unique (id, game_id)`.execute(db);
  await sql`
    create table division_challenge_configs (
      division_id integer not null,
      challenge_id integer not null,
      game_id integer not null,
      permissions integer not null check (permissions >= 0),
      primary key (division_id, challenge_id),
      foreign key (division_id, game_id) references divisions (id, game_id) on delete cascade,
      foreign key (challenge_id, game_id) references challenges (id, game_id) on delete cascade
    )`.execute(db);
  await sql`create index division_challenge_configs_challenge_idx on division_challenge_configs (challenge_id)`.execute(
    db,
  );

  // No division ever existed, so any value in the column names nothing.
  await sql`update participations set division_id = null where division_id is not null`.execute(db);
  await sql`
    alter table participations add constraint participations_division_fk
      foreign key (division_id, game_id) references divisions (id, game_id) on delete set null (division_id)`.execute(
    db,
  );
  await sql`create index participations_division_idx on participations (division_id) where division_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table participations drop constraint participations_division_fk`.execute(db);
  await sql`drop index participations_division_idx`.execute(db);
  await sql`drop table division_challenge_configs`.execute(db);
  await sql`alter table challenges drop constraint challenges_id_game_key`.execute(db);
  await sql`drop table divisions`.execute(db);
}
