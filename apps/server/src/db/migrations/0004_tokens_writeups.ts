import { type Kysely, sql } from 'kysely';

/**
 * API tokens and the platform's signing keys. Writeups need no table of their own: a participation
 * already holds its team's writeup file and upload time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Key pairs the platform signs with, by purpose; created on first use by whichever process gets there first.
  await sql`
    create table signing_keys (
      purpose text primary key,
      public_key text not null,
      private_key text not null,
      created_at timestamptz not null default now()
    )`.execute(db);

  // The token string itself is never stored: it is the signed id, checked against this row on use.
  await sql`
    create table api_tokens (
      id uuid primary key,
      name text not null check (char_length(name) between 1 and 128),
      creator_id uuid not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz,
      last_used_at timestamptz,
      is_revoked boolean not null default false
    )`.execute(db);
  await sql`create index api_tokens_created_idx on api_tokens (created_at desc)`.execute(db);
}
