import { rm } from 'node:fs/promises';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Db, openDatabase } from '../src/db/database';
import { FakeClock } from '../src/lib/clock';
import { randomHex } from '../src/lib/crypto';
import { MemoryEventBus } from '../src/lib/event-bus';
import { MemoryStore } from '../src/lib/kv-store';
import { type FaultProxy, startFaultProxy } from './fault-proxy';
import { json } from './harness';
import { addFlag, createChallenge, createGame, createPlayer, type Player } from './play-fixtures';
import { createTestDatabase } from './postgres';

/*
 * The database going away under a running app, through a TCP proxy the test controls: refused and reset
 * connections, and a stalled network. Requests that need it answer 503 with Retry-After within 2 s, those
 * served from memory keep working, and everything works again as soon as it is back.
 */
const HOUR = 3_600_000;

describe.skipIf(process.env.TEST_DB !== 'postgres')('database outages', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let link: FaultProxy;
  let direct: Db;
  let proxied: Db;
  let app: FastifyInstance;
  let events: MemoryEventBus;
  const clock = new FakeClock(new Date());
  const dataDir = `/tmp/flagpole-test-${randomHex(6)}`;
  const states: boolean[] = [];
  let gameId: number;
  let challengeId: number;
  let player: Player;

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(database.url);
    link = await startFaultProxy({ host: url.hostname, port: Number(url.port || 5432) });
    direct = await openDatabase({ url: database.url, maxConnections: 2 });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(link.port);
    proxied = await openDatabase({
      url: viaProxy.toString(),
      maxConnections: 5,
      connectTimeoutMs: 1_000,
      onStateChange: (up) => states.push(up),
    });
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, RATE_LIMIT: 'false' });
    events = new MemoryEventBus();
    app = await buildApp({ config, db: proxied, clock, store: new MemoryStore(), events });
    await app.ready();
    const now = clock.now().getTime();
    gameId = await createGame(direct, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    challengeId = await createChallenge(direct, gameId, { title: 'Outage' });
    await addFlag(direct, challengeId, 'flag{outage}');
    player = await createPlayer(app, direct, gameId, 'outage');
  });

  afterAll(async () => {
    await link?.restore();
    await app?.close();
    await events?.close();
    await proxied?.destroy();
    await direct?.destroy();
    await link?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const submit = (flag: string) => player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag });

  /** The answer and how long it took. */
  async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
    const started = performance.now();
    const value = await work();
    return { value, ms: performance.now() - started };
  }

  async function expectUnavailable(work: () => Promise<LightMyRequestResponse>) {
    const { value: response, ms } = await timed(work);
    expect(response.statusCode, response.body).toBe(503);
    expect(json(response)).toEqual({ title: expect.any(String), status: 503 });
    expect(response.headers['retry-after']).toBe('2');
    expect(ms).toBeLessThan(2_000);
  }

  /** Waits for the app to work again; returns how long that took after the proxy passed traffic again. */
  async function recovery(): Promise<number> {
    const started = performance.now();
    await link.restore();
    await vi.waitFor(
      async () => {
        const response = await player.client.get(`/api/game/${gameId}/challenges/${challengeId}`);
        expect(response.statusCode).toBe(200);
      },
      { timeout: 5_000, interval: 20 },
    );
    return performance.now() - started;
  }

  it('refused connections: 503 with Retry-After at once, then working again without a restart', async () => {
    // Warm the caches served from memory while the database is there.
    expect((await player.client.get(`/api/game/${gameId}/details`)).statusCode).toBe(200);
    expect((await player.client.get(`/api/game/${gameId}/scoreboard`)).statusCode).toBe(200);
    expect((await submit('flag{wrong}')).statusCode).toBe(200);

    await link.refuse();
    await expectUnavailable(() => submit('flag{outage}'));
    await expectUnavailable(() => player.client.get(`/api/game/${gameId}/challenges/${challengeId}`));
    expect(states).toContain(false);
    expect(await recovery()).toBeLessThan(1_000);
    expect(states.at(-1)).toBe(true);
    expect((await submit('flag{outage}')).statusCode).toBe(200);
  });

  it('a stalled network: requests answer 503 within 2 s instead of waiting for it', async () => {
    // A connection in the pool, then nothing moves.
    expect((await player.client.get(`/api/game/${gameId}/challenges/${challengeId}`)).statusCode).toBe(200);
    link.stall();
    await expectUnavailable(() => player.client.get(`/api/game/${gameId}/challenges/${challengeId}`));
    await expectUnavailable(() => submit('flag{stalled}'));
    expect(await recovery()).toBeLessThan(1_000);
  });

  it('leaves a slow query on a reachable database alone (the probe answers)', async () => {
    const started = performance.now();
    await sql`select pg_sleep(1.5)`.execute(proxied);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_500);
    expect(states.at(-1)).toBe(true);
  });

  it('keeps serving the scoreboard, the game details and the notices from memory', async () => {
    for (const url of [
      `/api/game/${gameId}/details`,
      `/api/game/${gameId}/scoreboard`,
      `/api/game/${gameId}/notices`,
    ]) {
      expect((await player.client.get(url)).statusCode).toBe(200);
    }
    // Past the lookup caches' trust: the session and the player's context would be read again.
    clock.advance(60_000);
    link.reset();
    await link.refuse();
    for (const url of [
      `/api/game/${gameId}/details`,
      `/api/game/${gameId}/scoreboard`,
      `/api/game/${gameId}/notices`,
    ]) {
      const response = await player.client.get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    await recovery();
  });
});
