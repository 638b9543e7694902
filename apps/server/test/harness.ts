import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Db, migrate, openDatabase } from '../src/db/database';
import { FakeClock } from '../src/lib/clock';
import { MemoryStore } from '../src/lib/kv-store';
import { createTestDatabase } from './postgres';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  clock: FakeClock;
  config: Config;
  store: MemoryStore;
  close: () => Promise<void>;
}

/**
 * A complete app on a database of its own: a clone of the migrated template on the PostgreSQL
 * server, or a fresh in-memory embedded database, as TEST_DB says.
 */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const usePostgres = process.env.TEST_DB === 'postgres';
  const database = usePostgres ? await createTestDatabase() : undefined;
  const db = await openDatabase({ url: database?.url, maxConnections: 5 });
  if (!usePostgres) await migrate(db);
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/tmp/flagpole-test', RATE_LIMIT: 'false', ...env });
  const clock = new FakeClock(new Date());
  const store = new MemoryStore(() => clock.now().getTime());
  const app = await buildApp({ config, db, clock, store });
  await app.ready();
  return {
    app,
    db,
    clock,
    config,
    store,
    close: async () => {
      await app.close();
      await store.close();
      await db.destroy();
      await database?.drop();
    },
  };
}

export function json<T = unknown>(response: LightMyRequestResponse): T {
  return JSON.parse(response.body) as T;
}
