import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/database';
import type { Database } from '../src/db/schema';
import { adminUrl, databaseUrl } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * Builds a migrated template database once per run; each test file clones it. The name is unique
 * to the run so that several runs on one PostgreSQL server do not drop each other's template.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = `flagpole_template_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database ${template}`);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl(template), max: 1 }) }),
  });
  await migrate(db);
  await db.destroy();
  project.provide('templateDatabase', template);
  return () => adminQuery(`drop database if exists ${template} with (force)`);
}
