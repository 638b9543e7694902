import pg from 'pg';

/** The PostgreSQL server the load scenarios use; `BENCH_DATABASE_URL` points them elsewhere. */
const ADMIN_DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The address of database `name` on the benchmark server. */
export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_DB);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops database `name` (closing its connections) and creates it empty, so every run starts the same. */
export async function recreateDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_DB });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
}
