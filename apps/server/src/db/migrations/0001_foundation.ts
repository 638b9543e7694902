import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table users (
      id uuid primary key default gen_random_uuid(),
      user_name text not null,
      email text not null,
      email_confirmed boolean not null default false,
      password_hash text not null,
      role text not null default 'User' check (role in ('Banned', 'User', 'Monitor', 'Admin')),
      bio text not null default '',
      phone text,
      real_name text not null default '',
      std_number text not null default '',
      avatar_hash text,
      created_at timestamptz not null default now(),
      last_visited_at timestamptz,
      last_ip text
    )`.execute(db);
  // Names and addresses are unique regardless of case.
  await sql`create unique index users_user_name_key on users (lower(user_name))`.execute(db);
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);

  await sql`
    create table sessions (
      token_hash text primary key,
      user_id uuid not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      ip text,
      user_agent text
    )`.execute(db);
  await sql`create index sessions_user_id_idx on sessions (user_id)`.execute(db);

  await sql`
    create table account_tokens (
      token_hash text primary key,
      user_id uuid not null references users(id) on delete cascade,
      purpose text not null check (purpose in ('verify', 'reset', 'change-email')),
      new_email text,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index account_tokens_user_idx on account_tokens (user_id, purpose)`.execute(db);

  await sql`
    create table files (
      hash char(64) primary key,
      size bigint not null check (size >= 0),
      content_type text not null,
      reference_count integer not null default 0 check (reference_count >= 0),
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table settings (
      key text primary key,
      value jsonb not null,
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table posts (
      id char(8) primary key check (id ~ '^[0-9a-f]{8}$'),
      title text not null,
      summary text not null,
      content text not null,
      is_pinned boolean not null default false,
      tags text[] not null default '{}',
      author_id uuid references users(id) on delete set null,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index posts_order_idx on posts (is_pinned desc, updated_at desc)`.execute(db);
}
