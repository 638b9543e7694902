import { type Kysely, sql } from 'kysely';

/**
 * Work a process owns, and who may take it over. Every server process holds a lease it renews every
 * fraction of a second; the submissions it stored and the container starts it queued name it as their
 * owner, so once its lease runs out (the process died) any live process takes them over. Flag submissions
 * also keep the client's idempotency key: a retried POST answers the first submission's id again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table server_processes (
      id uuid primary key,
      started_at timestamptz not null default now(),
      lease_until timestamptz not null
    )`.execute(db);
  // No foreign keys: an owner's row goes when its process stops, the work it names stays.
  await sql`alter table submissions add column owner_process uuid`.execute(db);
  await sql`alter table submissions add column idempotency_key text`.execute(db);
  await sql`create unique index submissions_idempotency_idx on submissions (user_id, idempotency_key)
    where idempotency_key is not null`.execute(db);
  await sql`alter table container_instances add column owner_process uuid`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table container_instances drop column owner_process`.execute(db);
  await sql`drop index submissions_idempotency_idx`.execute(db);
  await sql`alter table submissions drop column idempotency_key`.execute(db);
  await sql`alter table submissions drop column owner_process`.execute(db);
  await sql`drop table server_processes`.execute(db);
}
