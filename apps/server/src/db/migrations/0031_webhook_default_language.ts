import { type Kysely, sql } from 'kysely';

/**
 * A webhook's language becomes optional (docs/integrations.md, "Webhooks"): null follows the platform's default
 * language (`globalConfig.defaultLanguage`). Stored webhooks keep the language they have, so their messages do not
 * change; only webhooks saved without one from now on follow the platform.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table webhooks alter column language drop not null`.execute(db);
  await sql`alter table webhooks alter column language drop default`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update webhooks set language = 'en-US' where language is null`.execute(db);
  await sql`alter table webhooks alter column language set default 'en-US'`.execute(db);
  await sql`alter table webhooks alter column language set not null`.execute(db);
}
