import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
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

const execFileAsync = promisify(execFile);

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
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`];
  let embedded: PGlite;
  if (options.embeddedDir) {
    await mkdir(path.dirname(options.embeddedDir), { recursive: true });
    if (!existsSync(path.join(options.embeddedDir, 'PG_VERSION')))
      await createEmbeddedDatabase(options.embeddedDir, startParams);
    embedded = await PGlite.create(options.embeddedDir, { startParams });
  } else {
    embedded = await PGlite.create({ startParams });
  }
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PGlitePool(embedded) }) });
}

/**
 * The embedded database's buffer cache, added to PGlite's own start parameters (single-user mode, no
 * parallel workers, synchronous I/O). The cluster initdb writes asks for 128 MB of shared buffers, and the
 * embedded server touches all of it at start: that alone was a quarter of the process's resident memory. The embedded database is
 * for small events; its pages stay in the operating system's file cache beyond these 16 MB, so a miss costs
 * a read from memory, not from disk. Durability does not depend on it: commits are written through as before.
 */
export const EMBEDDED_SHARED_BUFFERS = '16MB';

/**
 * Creating a cluster (initdb) runs a second PGlite instance and the initdb program beside the first: several
 * hundred MB, much of which a process keeps once it has touched it (a worker thread gave back only part).
 * A short-lived child process does it instead and takes all of it along when it exits; the caller then
 * opens the finished cluster as on any later start.
 */
async function createEmbeddedDatabase(dir: string, startParams: string[]): Promise<void> {
  // The ES module entry (the `import` export), the one this process loads: the image keeps no CommonJS twin.
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `const [pglite, dir, params] = process.argv.slice(1);
const { PGlite } = await import(pglite);
await (await PGlite.create(dir, { startParams: JSON.parse(params) })).close();`;
  try {
    await execFileAsync(
      process.execPath,
      ['--input-type=module', '-e', script, pglite, dir, JSON.stringify(startParams)],
      {
        maxBuffer: 16 * 2 ** 20,
      },
    );
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`creating the embedded database in ${dir} failed: ${stderr.trim() || String(error)}`);
  }
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
