import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomHex } from '../src/lib/crypto';
import { BUS_RESYNC, RedisEventBus } from '../src/lib/event-bus';
import { RedisStore } from '../src/lib/kv-store';
import { createRedisConnections, type RedisOutageLog } from '../src/lib/redis-connections';
import { isServiceUnavailable } from '../src/lib/unavailable';
import { type FaultProxy, startFaultProxy } from './fault-proxy';

/*
 * Redis going away under the event bus and the key-value store, through a TCP proxy the test controls:
 * nothing waits for it, nothing is lost without every process being told to resync, and the outage is
 * logged once. (No database here: run once, not for each database project.)
 */
const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function proxy(): Promise<FaultProxy> {
  const started = await startFaultProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
  cleanups.push(() => started.close());
  return started;
}

function quietLog(): RedisOutageLog & { lines: string[] } {
  const lines: string[] = [];
  return { lines, warn: (_fields, message) => lines.push(`warn ${message}`), info: (_f, m) => lines.push(`info ${m}`) };
}

/** A process's bus and store; through `via` (a proxy) or straight to Redis. */
function processOn(prefix: string, via?: FaultProxy, log = quietLog(), bufferLimit?: number) {
  const url = via ? `redis://127.0.0.1:${via.port}` : redisUrl.toString();
  const connections = createRedisConnections(url, () => log);
  const bus = new RedisEventBus(connections.publisher, connections.subscriber, `${prefix}events:`, {
    bufferLimit,
    heartbeatMs: 300,
  });
  const store = new RedisStore(connections.store, prefix);
  cleanups.push(
    () => bus.close(),
    () => store.close(),
  );
  return { bus, store, connections, log };
}

async function ready(...processes: ReturnType<typeof processOn>[]): Promise<void> {
  await vi.waitFor(() => {
    for (const p of processes) for (const c of Object.values(p.connections)) expect(c.status).toBe('ready');
  });
  // Subscriptions are confirmed asynchronously.
  await new Promise((resolve) => setTimeout(resolve, 100));
}

function collect(bus: RedisEventBus, channel: string): unknown[] {
  const seen: unknown[] = [];
  bus.subscribe(channel, (payload) => seen.push(payload));
  return seen;
}

describe.skipIf(process.env.TEST_DB === 'embedded')('Redis outages', () => {
  it('publishing never waits for an unreachable Redis: handlers here run at once, the others get it once Redis is back', async () => {
    const prefix = `flagpole-test-${randomHex(6)}:`;
    const link = await proxy();
    const cut = processOn(prefix, link);
    const other = processOn(prefix);
    const here = collect(cut.bus, 'game:1:live');
    const there = collect(other.bus, 'game:1:live');
    await ready(cut, other);

    await link.refuse();
    await vi.waitFor(() => expect(cut.connections.publisher.status).not.toBe('ready'));
    const started = performance.now();
    await cut.bus.publish('game:1:live', { n: 1 });
    expect(performance.now() - started).toBeLessThan(50);
    expect(here).toEqual([{ n: 1 }]);
    expect(cut.bus.buffered).toBe(1);

    await link.restore();
    await vi.waitFor(() => expect(there).toEqual([{ n: 1 }]), { timeout: 5_000 });
    // Its own message is not delivered twice here.
    expect(here).toEqual([{ n: 1 }]);
  });

  it('a process whose connection came back resyncs; when its messages were dropped, every process does', async () => {
    const prefix = `flagpole-test-${randomHex(6)}:`;
    const link = await proxy();
    const cut = processOn(prefix, link, quietLog(), 2);
    const other = processOn(prefix);
    const resyncHere = collect(cut.bus, BUS_RESYNC);
    const resyncThere = collect(other.bus, BUS_RESYNC);
    const there = collect(other.bus, 'scoreboard:invalidate');
    await ready(cut, other);
    // Each bus resynced once when it first became ready (it may have missed what came before).
    await vi.waitFor(() => expect([resyncHere.length, resyncThere.length]).toEqual([1, 1]));
    resyncHere.length = 0;
    resyncThere.length = 0;

    await link.refuse();
    await vi.waitFor(() => expect(cut.connections.publisher.status).not.toBe('ready'));
    for (let gameId = 1; gameId <= 5; gameId++) await cut.bus.publish('scoreboard:invalidate', { gameId });
    expect(cut.bus.buffered).toBe(2);
    await link.restore();
    await vi.waitFor(() => expect(resyncHere.length).toBe(1), { timeout: 5_000 });
    await vi.waitFor(() => expect(resyncThere.length).toBe(1), { timeout: 5_000 });
    // The two newest were kept and delivered; the rest is repaired by the resync.
    expect(there).toEqual([{ gameId: 4 }, { gameId: 5 }]);
  });

  it('notices a stalled connection by its heartbeat, and resyncs once the network moves again', async () => {
    const prefix = `flagpole-test-${randomHex(6)}:`;
    const link = await proxy();
    const cut = processOn(prefix, link);
    const resync = collect(cut.bus, BUS_RESYNC);
    await ready(cut);
    await vi.waitFor(() => expect(resync.length).toBe(1));
    resync.length = 0;

    link.stall();
    const started = performance.now();
    await cut.bus.publish('x', { n: 1 });
    expect(performance.now() - started).toBeLessThan(50);
    // The heartbeat (300 ms here) gives up on the stalled connections and makes new ones (held by the stall).
    await vi.waitFor(() => expect(cut.connections.subscriber.status).not.toBe('ready'), { timeout: 3_000 });
    await link.restore();
    await vi.waitFor(() => expect(resync.length).toBe(1), { timeout: 5_000 });
  });

  it('store commands fail at once while Redis is unreachable and within the command timeout when stalled', async () => {
    const prefix = `flagpole-test-${randomHex(6)}:`;
    const link = await proxy();
    const cut = processOn(prefix, link);
    await ready(cut);
    expect((await cut.store.increment('rl:x', 10_000)).count).toBe(1);

    await link.refuse();
    let started = performance.now();
    const refused = await cut.store.increment('rl:x', 10_000).catch((error: unknown) => error);
    expect(isServiceUnavailable(refused)).toBe(true);
    expect(performance.now() - started).toBeLessThan(100);

    await link.restore();
    await vi.waitFor(() => expect(cut.connections.store.status).toBe('ready'), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    link.stall();
    started = performance.now();
    const stalled = await cut.store.get('rl:x').catch((error: unknown) => error);
    expect(isServiceUnavailable(stalled)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000);
    // Further commands fail at once for a moment instead of waiting for the timeout again.
    started = performance.now();
    expect(isServiceUnavailable(await cut.store.get('rl:x').catch((error: unknown) => error))).toBe(true);
    expect(performance.now() - started).toBeLessThan(50);
    await link.restore();
  });

  it('logs an outage once, however many reconnection attempts fail, and once more when Redis is back', async () => {
    const prefix = `flagpole-test-${randomHex(6)}:`;
    const link = await proxy();
    const cut = processOn(prefix, link);
    await ready(cut);
    await link.refuse();
    // Attempts every 100 ms … 1 s: a dozen failures in three seconds.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await link.restore();
    await vi.waitFor(() => expect(cut.log.lines).toContain('info redis reachable again'), { timeout: 5_000 });
    expect(cut.log.lines).toEqual([
      'warn redis unreachable; retrying quietly until it is back',
      'info redis reachable again',
    ]);
  });
});
