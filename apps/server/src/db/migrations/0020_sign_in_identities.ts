import { type Kysely, sql } from 'kysely';

/**
 * Single sign-on (docs/integrations.md, "Sign-in with OpenID Connect" and "Sign-in with CTFtime"): the identities
 * a provider vouches for, each linked to one account; one row per (provider, subject), so a person at a provider
 * reaches exactly one account. Teams remember the CTFtime team they stand for, so its members land together.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_identities (
      provider text not null check (provider in ('oidc', 'ctftime')),
      subject text not null,
      user_id uuid not null references users (id) on delete cascade,
      display_name text not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz not null,
      primary key (provider, subject)
    )`.execute(db);
  // One identity per provider and account: unlinking names the provider.
  await sql`create unique index user_identities_user on user_identities (user_id, provider)`.execute(db);
  await sql`alter table teams add column ctftime_team_id integer, add column ctftime_country text`.execute(db);
  await sql`create unique index teams_ctftime_team on teams (ctftime_team_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index teams_ctftime_team`.execute(db);
  await sql`alter table teams drop column ctftime_country, drop column ctftime_team_id`.execute(db);
  await sql`drop table user_identities`.execute(db);
}
