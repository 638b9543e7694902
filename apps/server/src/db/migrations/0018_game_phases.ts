import { type Kysely, sql } from 'kysely';

/**
 * Phases of a game (docs/game-play.md, "Phases"): a title and a start for weekly or wave events, and each
 * challenge's phase (null: none). The composite key with the game id makes the database refuse a challenge of one
 * game pointing at a phase of another; deleting a phase clears it from its challenges (only the phase column).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table game_phases (
      id serial primary key,
      game_id integer not null references games(id) on delete cascade,
      title text not null check (char_length(title) between 1 and 64),
      start_at timestamptz not null,
      created_at timestamptz not null default now(),
      unique (id, game_id)
    )`.execute(db);
  await sql`create index game_phases_game_idx on game_phases (game_id, start_at, id)`.execute(db);
  await sql`alter table challenges add column phase_id integer`.execute(db);
  await sql`
    alter table challenges add constraint challenges_phase_fk
      foreign key (phase_id, game_id) references game_phases (id, game_id) on delete set null (phase_id)`.execute(db);
  await sql`create index challenges_phase_idx on challenges (phase_id) where phase_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table challenges drop constraint challenges_phase_fk`.execute(db);
  await sql`drop index challenges_phase_idx`.execute(db);
  await sql`alter table challenges drop column phase_id`.execute(db);
  await sql`drop table game_phases`.execute(db);
}
