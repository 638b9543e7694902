import type { ReadinessCheck, ReadinessResponse } from '@flagpole/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { singleFlight, TimedOut, withinTime } from '../lib/time-limit';

export interface ReadinessDeps {
  db: Db;
  /** Names of the migrations this build ships; all must be recorded as applied. */
  migrationNames: string[];
  /** Answers when Redis does; absent when no Redis is configured. */
  pingRedis?: () => Promise<unknown>;
  /** How long each dependency may take to answer (1 s). */
  timeoutMs?: number;
}

/** How a check went: `ok`, or why not. */
async function within(check: () => Promise<unknown>, ms: number): Promise<ReadinessCheck> {
  try {
    await withinTime(check(), ms);
    return 'ok';
  } catch (error) {
    return error instanceof TimedOut ? 'timeout' : 'unreachable';
  }
}

/**
 * What `/readyz` reports: the database answers within the time limit, every migration of this build is
 * applied, and Redis answers when it is configured. Liveness (`/healthz`) needs none of this.
 */
export function createReadinessService(deps: ReadinessDeps) {
  const timeoutMs = deps.timeoutMs ?? 1000;
  const expected = new Set(deps.migrationNames);
  // Migrations are never undone under a running process: once seen complete, that stays true.
  let migrationsComplete = false;

  const pingDatabase = singleFlight(() => sql`select 1`.execute(deps.db));
  const readMigrations = singleFlight(() =>
    sql<{ name: string }>`select name from flagpole_migrations`.execute(deps.db).then((result) => result.rows),
  );
  const pingRedis = deps.pingRedis && singleFlight(deps.pingRedis);

  async function checkMigrations(): Promise<ReadinessResponse['checks']['migrations']> {
    if (migrationsComplete) return 'ok';
    let applied: { name: string }[] = [];
    const reached = await within(async () => {
      applied = await readMigrations();
    }, timeoutMs);
    if (reached !== 'ok') return 'unknown';
    const names = new Set(applied.map((row) => row.name));
    migrationsComplete = [...expected].every((name) => names.has(name));
    return migrationsComplete ? 'ok' : 'pending';
  }

  return {
    async check(): Promise<ReadinessResponse> {
      const [database, redis] = await Promise.all([
        within(pingDatabase, timeoutMs),
        pingRedis ? within(pingRedis, timeoutMs) : Promise.resolve('off' as const),
      ]);
      const migrations = database === 'ok' ? await checkMigrations() : 'unknown';
      const ready = database === 'ok' && migrations === 'ok' && (redis === 'ok' || redis === 'off');
      return { status: ready ? 'ready' : 'unavailable', checks: { database, migrations, redis } };
    },
  };
}
export type ReadinessService = ReturnType<typeof createReadinessService>;
