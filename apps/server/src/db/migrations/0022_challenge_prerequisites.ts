import { type Kysely, sql } from 'kysely';

/**
 * Prerequisites (docs/game-play.md, "Prerequisites"): a challenge may require other challenges of the same game
 * solved by the team first. `challenge_prerequisites` lists the required challenges (deleting either side drops
 * the row); `prerequisite_count` is how many of them unlock it (null: all of them) and `prerequisite_hidden`
 * whether it is left out of the team's list until then (false: shown locked). Same-game and acyclic are checked by
 * the service on save (challenge-edit.service.ts), inside the transaction that writes the rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table challenges
      add column prerequisite_count integer,
      add column prerequisite_hidden boolean not null default false`.execute(db);
  await sql`
    create table challenge_prerequisites (
      challenge_id integer not null references challenges(id) on delete cascade,
      required_id integer not null references challenges(id) on delete cascade,
      primary key (challenge_id, required_id),
      check (challenge_id <> required_id)
    )`.execute(db);
  await sql`create index challenge_prerequisites_required on challenge_prerequisites (required_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table challenge_prerequisites`.execute(db);
  await sql`alter table challenges drop column prerequisite_hidden, drop column prerequisite_count`.execute(db);
}
