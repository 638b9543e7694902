import { type Kysely, sql } from 'kysely';

/**
 * Webhooks (docs/integrations.md, "Webhooks"): endpoints organisers register, and a durable delivery queue in the
 * database, so a delivery survives a restart and exactly one process sends each attempt (a conditional update
 * claims it). `event_key` names the event a delivery carries: the unique index makes a second enqueue of the same
 * event for the same endpoint a no-op. `held` deliveries wait for a scoreboard reveal (solves made during a freeze).
 * Every attempt is logged with its status, latency and the start of the answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webhooks (
      id serial primary key,
      url text not null,
      format text not null check (format in ('generic', 'discord', 'slack')),
      events jsonb not null,
      game_id integer references games (id) on delete cascade,
      language text not null default 'en-US',
      secret text not null,
      enabled boolean not null default true,
      disabled_reason text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table webhook_deliveries (
      id serial primary key,
      webhook_id integer not null references webhooks (id) on delete cascade,
      message_id text not null,
      event_type text not null,
      event_key text not null,
      game_id integer references games (id) on delete cascade,
      event_at timestamptz not null,
      payload jsonb not null,
      status text not null check (status in ('held', 'pending', 'delivered', 'failed', 'abandoned')),
      attempts integer not null default 0,
      queued_at timestamptz not null,
      next_attempt_at timestamptz not null,
      claimed_until timestamptz,
      last_status_code integer,
      last_latency_ms integer,
      last_response_excerpt text,
      last_error text,
      created_at timestamptz not null,
      delivered_at timestamptz
    )`.execute(db);
  await sql`create unique index webhook_deliveries_event on webhook_deliveries (webhook_id, event_key)`.execute(db);
  await sql`create index webhook_deliveries_open on webhook_deliveries (webhook_id, id)
    where status in ('pending', 'held')`.execute(db);
  await sql`
    create table webhook_attempts (
      id serial primary key,
      delivery_id integer not null references webhook_deliveries (id) on delete cascade,
      attempted_at timestamptz not null,
      status_code integer,
      latency_ms integer not null,
      response_excerpt text,
      error text
    )`.execute(db);
  await sql`create index webhook_attempts_delivery on webhook_attempts (delivery_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table webhook_attempts`.execute(db);
  await sql`drop table webhook_deliveries`.execute(db);
  await sql`drop table webhooks`.execute(db);
}
