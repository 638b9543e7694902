import { type Kysely, sql } from 'kysely';

/** The stored server log the admin Logs page reads (entries at level Information and above). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table logs (
      id bigserial primary key,
      logged_at timestamptz not null,
      level text not null check (level in ('Information', 'Warning', 'Error', 'Critical')),
      user_name text,
      ip text,
      message text not null,
      status text
    )`.execute(db);
  // Newest first, with or without a level filter; also serves pruning by age.
  await sql`create index logs_time_idx on logs (logged_at desc, id desc)`.execute(db);
  await sql`create index logs_level_time_idx on logs (level, logged_at desc, id desc)`.execute(db);
}
