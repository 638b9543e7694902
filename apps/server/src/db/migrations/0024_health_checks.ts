import { type Kysely, sql } from 'kysely';

/**
 * Challenge health checks (docs/operations.md, "Health checks"): one check per challenge (image, solve script,
 * limits, schedule), its status and the claim that makes one process run each due check, and a bounded history of
 * runs. An instance started for a check is marked, so it is never a team's, never the admin's test container, and
 * never taken over by another process as a queued start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table health_checks (
      challenge_id integer primary key references challenges (id) on delete cascade,
      game_id integer not null references games (id) on delete cascade,
      image text not null,
      script text not null,
      timeout_seconds integer not null,
      interval_seconds integer not null,
      enabled boolean not null default true,
      status text not null default 'Unknown' check (status in ('Unknown', 'Healthy', 'Failing')),
      failing_since timestamptz,
      last_run_at timestamptz,
      next_run_at timestamptz not null,
      requested_at timestamptz,
      claimed_by uuid,
      claimed_until timestamptz,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index health_checks_game on health_checks (game_id)`.execute(db);
  await sql`create index health_checks_due on health_checks (next_run_at)`.execute(db);
  await sql`
    create table health_check_runs (
      id serial primary key,
      challenge_id integer not null references challenges (id) on delete cascade,
      trigger text not null check (trigger in ('Schedule', 'Manual')),
      started_at timestamptz not null,
      duration_ms integer not null,
      outcome text not null check (outcome in ('Passed', 'Failed', 'TimedOut', 'Error')),
      exit_code integer,
      output text not null
    )`.execute(db);
  await sql`create index health_check_runs_challenge on health_check_runs (challenge_id, id)`.execute(db);
  await sql`alter table container_instances add column health_check boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table container_instances drop column health_check`.execute(db);
  await sql`drop table health_check_runs`.execute(db);
  await sql`drop table health_checks`.execute(db);
}
