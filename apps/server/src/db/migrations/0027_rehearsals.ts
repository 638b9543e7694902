import { type Kysely, sql } from 'kysely';

/**
 * Load rehearsals (docs/operations.md, "Rehearsal"): a run minted by an administrator with a lease, and the mark
 * on the accounts it registered, so the command (or, for an interrupted run, the server's sweep) removes exactly
 * them and what they own: their teams, game entries, submissions and instances.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rehearsal_runs (
      id uuid primary key,
      secret_hash text not null,
      game_id integer not null references games (id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index rehearsal_runs_expiry on rehearsal_runs (expires_at)`.execute(db);
  await sql`alter table users add column rehearsal_run_id uuid references rehearsal_runs (id)`.execute(db);
  await sql`create index users_rehearsal_run on users (rehearsal_run_id) where rehearsal_run_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column rehearsal_run_id`.execute(db);
  await sql`drop table rehearsal_runs`.execute(db);
}
