import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, type MigrationProvider, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index';
import { PGlitePool } from './pglite-pool';
import type { Database } from './schema';

// Bigint columns (file sizes, counts) fit in a JS number for our ranges.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** A PostgreSQL server; when absent an embedded database is used. */
  url?: string | undefined;
  /** Folder of the embedded database; in memory when absent. */
  embeddedDir?: string | undefined;
  maxConnections?: number;
  /** Told about idle connections the server dropped. */
  onIdleError?: (error: Error) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 20 });
    // An idle connection the server closed (restart, failover) must not take the process down;
    // the pool replaces it on the next checkout.
    pool.on('error', (error) => options.onIdleError?.(error));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  // Loaded only when no server is configured, so a server-backed process does not carry it.
  const { PGlite } = await import('@electric-sql/pglite');
  let embedded: PGlite;
  if (options.embeddedDir) {
    await mkdir(path.dirname(options.embeddedDir), { recursive: true });
    embedded = await PGlite.create(options.embeddedDir);
  } else {
    embedded = await PGlite.create();
  }
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PGlitePool(embedded) }) });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Applies pending migrations. Kysely's migrator takes a row lock on its lock table,
 * so several processes starting together apply each migration once.
 */
export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'flagpole_migrations',
    migrationLockTableName: 'flagpole_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
