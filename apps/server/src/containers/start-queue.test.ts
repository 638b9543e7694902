import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { RedisStore } from '../lib/kv-store';
import { createStartQueue } from './start-queue';
import { createSharedSlots } from './start-slots';

const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

describe('start queue', () => {
  it('never runs more than the concurrency at once and starts jobs in arrival order', async () => {
    const queue = createStartQueue({ concurrency: 3 });
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const jobs = Array.from({ length: 20 }, (_, i) =>
      queue.enqueue(`job-${i}`, async () => {
        started.push(i);
        running += 1;
        peak = Math.max(peak, running);
        await tick();
        running -= 1;
      }),
    );
    await Promise.all(jobs);
    expect(peak).toBe(3);
    expect(started).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('drops the waiting jobs at shutdown and lets the running one finish', async () => {
    const queue = createStartQueue({ concurrency: 1 });
    let release = () => {};
    const ran: string[] = [];
    const running = queue.enqueue('a', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      ran.push('a');
    });
    const waiting = [
      queue.enqueue('b', async () => void ran.push('b')),
      queue.enqueue('c', async () => void ran.push('c')),
    ];
    await tick();
    expect(queue.abandonWaiting()).toBe(2);
    await Promise.all(waiting);
    release();
    await running;
    await queue.settle();
    expect(ran).toEqual(['a']);
  });

  it('reports the place in line of waiting jobs and null for running ones', async () => {
    const queue = createStartQueue({ concurrency: 1 });
    let release = () => {};
    const blocker = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = queue.enqueue('a', () => blocker);
    void queue.enqueue('b', async () => {});
    void queue.enqueue('c', async () => {});
    expect(queue.position('a')).toBeNull();
    expect(queue.position('b')).toBe(1);
    expect(queue.position('c')).toBe(2);
    expect(queue.cancel('b')).toBe(true);
    expect(queue.position('c')).toBe(1);
    release();
    await first;
    await queue.settle();
    expect(queue.position('c')).toBeNull();
  });

  it('keeps going when a job fails', async () => {
    const queue = createStartQueue({ concurrency: 1 });
    const ran: string[] = [];
    await Promise.all([
      queue.enqueue('x', async () => {
        throw new Error('engine down');
      }),
      queue.enqueue('y', async () => {
        ran.push('y');
      }),
    ]);
    expect(ran).toEqual(['y']);
  });
});

describe('start queues of several processes sharing Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const stores: RedisStore[] = [];
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
  });

  /** One process's view: its own Redis connection, the same key prefix as the others. */
  function processStore(prefix: string): RedisStore {
    const store = new RedisStore(new Redis(redisUrl), prefix);
    stores.push(store);
    return store;
  }

  it('never run more than the shared bound at once across processes, and run every job', async () => {
    const prefix = `flagpole-test-${randomBytes(4).toString('hex')}:`;
    const queues = [processStore(prefix), processStore(prefix)].map((store) =>
      createStartQueue({
        concurrency: 2,
        shared: createSharedSlots(store, { name: 'starts', limit: 2, ttlMs: 60_000 }),
        retryMs: 5,
      }),
    );
    let running = 0;
    let peak = 0;
    let ran = 0;
    const job = async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
      ran += 1;
    };
    await Promise.all(
      queues.flatMap((queue, q) => Array.from({ length: 6 }, (_, i) => queue.enqueue(`${q}-${i}`, job))),
    );
    // Each process alone would have allowed 2, together 4.
    expect(peak).toBe(2);
    expect(ran).toBe(12);
  });

  it('keeps a slot taken past its time to live while its holder lives', async () => {
    const prefix = `flagpole-test-${randomBytes(4).toString('hex')}:`;
    const options = { name: 'starts', limit: 1, ttlMs: 300 };
    const release = await createSharedSlots(processStore(prefix), options).acquire();
    expect(release).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const other = createSharedSlots(processStore(prefix), options);
    expect(await other.acquire()).toBeNull();
    await release?.();
    expect(await other.acquire()).not.toBeNull();
  });

  it('frees the slots of a process that died holding them once they expire', async () => {
    const prefix = `flagpole-test-${randomBytes(4).toString('hex')}:`;
    const options = { name: 'starts', limit: 1, ttlMs: 300 };
    // A process takes the only slot and dies without releasing it: its connection is gone, so are renewals.
    const dying = new RedisStore(new Redis(redisUrl), prefix);
    const takenAt = Date.now();
    expect(await createSharedSlots(dying, options).acquire()).not.toBeNull();
    await dying.close();
    const queue = createStartQueue({
      concurrency: 1,
      shared: createSharedSlots(processStore(prefix), options),
      retryMs: 20,
    });
    let ranAt = 0;
    await queue.enqueue('after-crash', async () => {
      ranAt = Date.now();
    });
    // Not before the slot expired (a little slack for rounding between the two clocks).
    expect(ranAt - takenAt).toBeGreaterThanOrEqual(290);
  });
});
