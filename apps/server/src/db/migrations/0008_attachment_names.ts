import { type Kysely, sql } from 'kysely';

/**
 * Attachments keep the name their file was uploaded under. Files are stored once per content, so the file
 * row remembers the name of its latest upload and an attachment copies it when it is made. A challenge's
 * `file_name` becomes what the organiser set, or null: only a name set on purpose overrides the uploaded
 * one (the old default `attachment` was never chosen, so it is cleared).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table files add column name text`.execute(db);
  await sql`alter table attachments add column file_name text`.execute(db);
  await sql`alter table challenges alter column file_name drop not null, alter column file_name drop default`.execute(
    db,
  );
  await sql`update challenges set file_name = null where file_name = 'attachment'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update challenges set file_name = 'attachment' where file_name is null`.execute(db);
  await sql`alter table challenges alter column file_name set default 'attachment', alter column file_name set not null`.execute(
    db,
  );
  await sql`alter table attachments drop column file_name`.execute(db);
  await sql`alter table files drop column name`.execute(db);
}
