import type { ReadinessResponse } from '@flagpole/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/database';
import { migrations } from '../src/db/migrations/index';
import type { Database } from '../src/db/schema';
import { FakeClock } from '../src/lib/clock';
import { MemoryEventBus } from '../src/lib/event-bus';
import { RedisStore } from '../src/lib/kv-store';
import { createReadinessService } from '../src/services/readiness.service';
import { createTestContext, json, type TestContext } from './harness';
import { createTestDatabase } from './postgres';
import { type StallProxy, startStallProxy } from './stall-proxy';

const onPostgres = process.env.TEST_DB === 'postgres';
const migrationNames = Object.keys(migrations);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/**
 * A database handle whose connections may be cut by the stall proxy at the end of a test: a connection
 * dropped under a running query must not surface as an uncaught error in the test process.
 */
function stallableDatabase(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Runs `action` and returns its result with how long it took. */
async function timed<T>(action: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await action();
  return { result, ms: performance.now() - started };
}

describe('GET /healthz', () => {
  it('answers 200 {status: ok}, never cached', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: 'ok' });
    expect(response.body).toBe('{"status":"ok"}');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /readyz', () => {
  it('answers 200 when the database answers and every migration is applied (no Redis configured)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', redis: 'off' },
    });
  });

  it('answers 503 while a migration of this build is not applied', async () => {
    const fresh = await createTestContext();
    try {
      const last = migrationNames[migrationNames.length - 1] as string;
      await sql`delete from flagpole_migrations where name = ${last}`.execute(fresh.db);
      const response = await fresh.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(json<ReadinessResponse>(response).checks).toEqual({
        database: 'ok',
        migrations: 'pending',
        redis: 'off',
      });
    } finally {
      await fresh.close();
    }
  });

  it('checks Redis when the app shares state through it: 200 while it answers, 503 when it stalls', async () => {
    const hole = await startStallProxy();
    const apps: FastifyInstance[] = [];
    try {
      const redisApp = async (url: string) => {
        const redis = new Redis(url);
        const store = new RedisStore(redis);
        const events = new MemoryEventBus();
        const app = await buildApp({ config: ctx.config, db: ctx.db, clock: new FakeClock(new Date()), store, events });
        app.addHook('onClose', async () => {
          redis.disconnect();
          await events.close();
        });
        apps.push(app);
        return app;
      };
      const live = await redisApp('redis://127.0.0.1:6379');
      const ready = await live.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(json<ReadinessResponse>(ready).checks.redis).toBe('ok');

      const stalled = await redisApp(`redis://127.0.0.1:${hole.port}`);
      const { result, ms } = await timed(() => stalled.inject({ method: 'GET', url: '/readyz' }));
      expect(result.statusCode).toBe(503);
      expect(json<ReadinessResponse>(result)).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', migrations: 'ok', redis: 'timeout' },
      });
      // Bounded by the one-second limit, not by Redis (which never answers).
      expect(ms).toBeLessThan(5000);
    } finally {
      for (const app of apps) await app.close();
      await hole.close();
    }
  });
});

describe('readiness against a database that accepts connections and never answers', () => {
  let hole: StallProxy;
  let db: Db;
  beforeAll(async () => {
    hole = await startStallProxy();
    db = stallableDatabase(`postgres://postgres@127.0.0.1:${hole.port}/flagpole`);
  });
  afterAll(async () => {
    await hole.close();
    await db.destroy().catch(() => undefined);
  });

  it('reports the database as timed out within the limit, however many checks ask at once', async () => {
    const readiness = createReadinessService({ db, migrationNames, timeoutMs: 300 });
    const { result, ms } = await timed(() => Promise.all(Array.from({ length: 10 }, () => readiness.check())));
    for (const answer of result) {
      expect(answer).toEqual({
        status: 'unavailable',
        checks: { database: 'timeout', migrations: 'unknown', redis: 'off' },
      });
    }
    expect(ms).toBeLessThan(3000);
    // The stalled check is shared, not repeated: one connection attempt, not ten.
    expect(hole.connections()).toBe(1);
  });
});

describe.runIf(onPostgres)('a running app whose database stalls', () => {
  let proxy: StallProxy;
  let app: FastifyInstance;
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    const url = new URL(database.url);
    proxy = await startStallProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.port = String(proxy.port);
    db = stallableDatabase(url.toString());
    app = await buildApp({
      config: ctx.config,
      db,
      clock: new FakeClock(new Date()),
      store: ctx.store,
      events: new MemoryEventBus(),
    });
  });
  afterAll(async () => {
    await proxy.close();
    await app.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    await drop();
  });

  it('keeps /healthz at 200 and answers /readyz 503 within the limit, never hanging', async () => {
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    proxy.stall();
    const health = await timed(() => app.inject({ method: 'GET', url: '/healthz' }));
    expect(health.result.statusCode).toBe(200);
    expect(health.ms).toBeLessThan(1000);
    const ready = await timed(() => Promise.all([1, 2, 3].map(() => app.inject({ method: 'GET', url: '/readyz' }))));
    for (const response of ready.result) {
      expect(response.statusCode).toBe(503);
      expect(json<ReadinessResponse>(response).checks.database).toBe('timeout');
    }
    expect(ready.ms).toBeLessThan(5000);
    // Still answering after the stall went on (the stalled check is not waited on again and again).
    const again = await timed(() => app.inject({ method: 'GET', url: '/readyz' }));
    expect(again.result.statusCode).toBe(503);
    expect(again.ms).toBeLessThan(5000);
  });
});
