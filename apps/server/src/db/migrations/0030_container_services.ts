import { type Kysely, sql } from 'kysely';

/**
 * Multi-service container challenges (docs/containers.md, "Several services"): the services as one JSON list on
 * the challenge, written and read whole by the editor, the package import and the engines; null: a single image.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table challenges add column container_services jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table challenges drop column container_services`.execute(db);
}
