import { type Kysely, sql } from 'kysely';

/**
 * A game may name its flag format: a prefix such as `cc` meaning answers look like `cc{...}` (null: none), and
 * whether the player's page warns before sending an answer without it. The prefix's characters are the
 * contract's rule (FLAG_FORMAT_PATTERN); the check here keeps the column to that shape whatever writes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table games
      add column flag_format text
        constraint games_flag_format_check check (flag_format ~ '^[A-Za-z0-9_-]{1,32}$'),
      add column flag_format_check boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table games drop column flag_format_check, drop column flag_format`.execute(db);
}
