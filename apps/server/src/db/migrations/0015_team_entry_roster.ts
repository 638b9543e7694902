import { type Kysely, sql } from 'kysely';

/**
 * A roster row remembers whether the team brought the member in (the team's entry, a late member following it,
 * or the captain's choice) rather than the member's own join call. GZCTF clients have each member join by
 * themselves; a member the team already brought in gets the answer the reference gives to that first join
 * (200) once, and the row becomes their own (docs/teams-and-game-entry.md, "Team entry").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table participation_members add column enrolled_by_team boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table participation_members drop column enrolled_by_team`.execute(db);
}
