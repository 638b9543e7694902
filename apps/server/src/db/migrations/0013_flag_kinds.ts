import { type Kysely, sql } from 'kysely';

/**
 * Static flags get a match type: `Exact` (every flag so far, and the only type dynamic flags may have),
 * `IgnoreCase`, or a regular expression that must match the whole answer (`Regex`, `RegexIgnoreCase`).
 * A team's own flag (`participation_id` set) is always exact; which challenge types may hold the other
 * types is the service's rule (static types only).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table flags
      add column match_type text not null default 'Exact'
        constraint flags_match_type_check check (match_type in ('Exact', 'IgnoreCase', 'Regex', 'RegexIgnoreCase')),
      add constraint flags_team_flag_exact_check check (participation_id is null or match_type = 'Exact')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flags drop constraint flags_team_flag_exact_check, drop column match_type`.execute(db);
}
