import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { type EventBus, MemoryEventBus, RedisEventBus } from './event-bus';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const open: EventBus[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((bus) => bus.close()));
});

function nextEvent(bus: EventBus, channel: string): Promise<unknown> {
  return new Promise((resolve) => {
    const stop = bus.subscribe(channel, (payload) => {
      stop();
      resolve(payload);
    });
  });
}

describe('MemoryEventBus', () => {
  it('delivers to subscribers and stops after unsubscribe', async () => {
    const bus = new MemoryEventBus();
    open.push(bus);
    const received: unknown[] = [];
    const stop = bus.subscribe('game:1', (p) => received.push(p));
    await bus.publish('game:1', { n: 1 });
    stop();
    await bus.publish('game:1', { n: 2 });
    expect(received).toEqual([{ n: 1 }]);
  });
});

describe('RedisEventBus', () => {
  it('fans an event out to another process-like bus', async () => {
    const prefix = `flagpole-test-${randomBytes(4).toString('hex')}:`;
    const first = new RedisEventBus(new Redis(redisUrl), new Redis(redisUrl), prefix);
    const second = new RedisEventBus(new Redis(redisUrl), new Redis(redisUrl), prefix);
    open.push(first, second);
    const arrived = nextEvent(second, 'settings');
    // Give the subscription a moment to reach Redis before publishing.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await first.publish('settings', { changed: 'globalConfig' });
    await expect(arrived).resolves.toEqual({ changed: 'globalConfig' });
  });
});
