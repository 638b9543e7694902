import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type AppDeps, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Db, migrate, openDatabase } from '../src/db/database';
import { FakeClock } from '../src/lib/clock';
import { MemoryEventBus } from '../src/lib/event-bus';
import { MemoryStore } from '../src/lib/kv-store';
import { OpenApiConformance } from './openapi-conformance';
import { createTestDatabase } from './postgres';
import { createTestBucket, onS3 } from './s3';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  clock: FakeClock;
  config: Config;
  store: MemoryStore;
  events: MemoryEventBus;
  /** Every answer is checked against /openapi.json; disagreements fail the test file at close. */
  conformance: OpenApiConformance;
  close: () => Promise<void>;
}

/**
 * A complete app on a database of its own: a clone of the migrated template on the PostgreSQL
 * server, or a fresh in-memory embedded database, as TEST_DB says. Files go to a fresh folder, or to a
 * fresh bucket of the run's S3 server when TEST_STORAGE is `s3` (`env` may still choose otherwise).
 */
export async function createTestContext(
  env: Record<string, string> = {},
  extra: Pick<AppDeps, 'mailer' | 'bearerTokens' | 'logStream' | 'onRoute' | 'instanceDirectory'> = {},
): Promise<TestContext> {
  const usePostgres = process.env.TEST_DB === 'postgres';
  const database = usePostgres ? await createTestDatabase() : undefined;
  const db = await openDatabase({ url: database?.url, maxConnections: 5 });
  if (!usePostgres) await migrate(db);
  const dataDir = `/tmp/flagpole-test-${randomBytes(6).toString('hex')}`;
  const storage = onS3 ? (await createTestBucket()).env : {};
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    RATE_LIMIT: 'false',
    // Tests edit rows directly (roles, statuses); caches are tested on their own with this turned on.
    LOOKUP_CACHE_SECONDS: '0',
    ...storage,
    ...env,
  });
  const clock = new FakeClock(new Date());
  const store = new MemoryStore(() => clock.now().getTime());
  const events = new MemoryEventBus();
  const conformance = new OpenApiConformance();
  const app = await buildApp({ config, db, clock, store, events, onSend: conformance.onSend, ...extra });
  await app.ready();
  conformance.attach(app);
  return {
    app,
    db,
    clock,
    config,
    store,
    events,
    conformance,
    close: async () => {
      await app.close();
      await store.close();
      await events.close();
      await db.destroy();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
      conformance.assertConforms();
    },
  };
}

export function json<T = unknown>(response: LightMyRequestResponse): T {
  return JSON.parse(response.body) as T;
}
