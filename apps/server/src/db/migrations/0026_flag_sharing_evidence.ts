import { type Kysely, sql } from 'kysely';

/**
 * Flag-sharing evidence (docs/operations.md, "Flag-sharing evidence"): the cases computed per game off the
 * submission path (one row per pair of teams or single team, kept across computations so a dismissal stays),
 * the per-game computation claim that lets one process at a time compute, each team's first attachment
 * downloads, and the browser language of a session (with the user agent, its fingerprint).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table evidence_runs (
      game_id integer primary key references games (id) on delete cascade,
      computed_at timestamptz,
      claimed_by uuid,
      claimed_until timestamptz
    )`.execute(db);
  await sql`
    create table evidence_cases (
      game_id integer not null references games (id) on delete cascade,
      case_key text not null,
      participation_ids jsonb not null,
      strength double precision not null,
      signals jsonb not null,
      updated_at timestamptz not null,
      dismissed_at timestamptz,
      dismissed_by uuid,
      primary key (game_id, case_key)
    )`.execute(db);
  await sql`
    create table attachment_downloads (
      participation_id integer not null references participations (id) on delete cascade,
      challenge_id integer not null references challenges (id) on delete cascade,
      first_at timestamptz not null,
      primary key (participation_id, challenge_id)
    )`.execute(db);
  await sql`alter table sessions add column language text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions drop column language`.execute(db);
  await sql`drop table attachment_downloads`.execute(db);
  await sql`drop table evidence_cases`.execute(db);
  await sql`drop table evidence_runs`.execute(db);
}
