import { type Kysely, sql } from 'kysely';

/**
 * Earlier versions wrote the generated first-start administrator password into a log line, which the stored
 * log kept and the admin Logs page showed. Such entries are removed; the password now goes to standard output
 * only (services/startup.service.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from logs
    where message like 'Created the administrator account % with the generated password %'`.execute(db);
}
