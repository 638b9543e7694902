import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, type MigrationProvider, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createGuardedPool, type GuardedPool } from './guarded-pool';
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
  /** Longest wait for a new connection (and for the answer of a reachability probe). */
  connectTimeoutMs?: number;
  /** PostgreSQL's statement_timeout for every session. */
  statementTimeoutMs?: number;
  /** Told when the database server becomes unreachable and reachable again (once per outage). */
  onStateChange?: (up: boolean, error?: Error) => void;
}

/** The connection pools of server-backed handles, for the metrics (the embedded database has none). */
const pools = new WeakMap<Db, GuardedPool>();

/** Connections of a handle's pool: open, idle, and queries waiting for one. */
export function databasePoolStats(db: Db): { total: number; idle: number; waiting: number } | undefined {
  return pools.get(db)?.stats();
}

export async function openDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.url) {
    // Requests fail fast with a 503 while the server is unreachable, and work again as soon as it answers.
    const pool = createGuardedPool({
      connectionString: options.url,
      max: options.maxConnections ?? 20,
      connectTimeoutMs: options.connectTimeoutMs ?? 1_000,
      statementTimeoutMs: options.statementTimeoutMs ?? 60_000,
      onStateChange: options.onStateChange,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return db;
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
  // On one connection without the statement timeout: building an index on a large table may take long.
  const { error, results } = await db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    const migrator = new Migrator({
      db: connection,
      provider,
      migrationTableName: 'flagpole_migrations',
      migrationLockTableName: 'flagpole_migrations_lock',
    });
    try {
      return await migrator.migrateToLatest();
    } finally {
      await sql`set statement_timeout to default`.execute(connection);
    }
  });
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
