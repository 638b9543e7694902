import { type Kysely, sql } from 'kysely';

/**
 * Container instances: one row per started instance (team or admin test). Destroyed rows are kept a while
 * so that the cool-down between operations on a team's instance survives a destroy.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table container_instances (
      id uuid primary key,
      game_id integer not null references games(id) on delete cascade,
      challenge_id integer not null references challenges(id) on delete cascade,
      participation_id integer references participations(id) on delete cascade,
      status text not null default 'Pending' check (status in ('Pending', 'Running', 'Destroyed')),
      image text not null,
      engine_id text,
      ip text,
      port integer,
      public_port integer,
      started_at timestamptz not null,
      expect_stop_at timestamptz not null,
      last_operation_at timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  // At most one live instance per team and challenge, and one live test container per challenge.
  await sql`create unique index container_instances_team_live_idx on container_instances (challenge_id, participation_id)
    where status <> 'Destroyed' and participation_id is not null`.execute(db);
  await sql`create unique index container_instances_test_live_idx on container_instances (challenge_id)
    where status <> 'Destroyed' and participation_id is null`.execute(db);
  await sql`create index container_instances_expiry_idx on container_instances (expect_stop_at) where status <> 'Destroyed'`.execute(
    db,
  );
  await sql`create index container_instances_participation_idx on container_instances (participation_id, challenge_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table container_instances`.execute(db);
}
