import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrate } from '../src/db/database';
import type { Database } from '../src/db/schema';
import { adminUrl, databaseUrl, TEMPLATE_DATABASE } from './postgres';

/** Builds a migrated template database once; each test file clones it. */
export default async function setup(): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl(TEMPLATE_DATABASE), max: 1 }) }),
  });
  await migrate(db);
  await db.destroy();
}
