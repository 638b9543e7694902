import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { type AppDeps, buildApp } from '../src/app';
import { randomHex } from '../src/lib/crypto';
import { RedisEventBus } from '../src/lib/event-bus';
import type { TestContext } from './harness';

/**
 * Runs `test` with two listening apps on the context's database whose event buses meet in Redis (under a
 * prefix of their own), like two server processes behind a load balancer; closes both afterwards.
 */
export async function withTwoApps(
  ctx: TestContext,
  test: (first: FastifyInstance, second: FastifyInstance) => Promise<void>,
  extra: Pick<AppDeps, 'logStream'> = {},
): Promise<void> {
  const prefix = `flagpole-test-${randomHex(6)}:`;
  const redis = () => new Redis('redis://127.0.0.1:6379');
  const buses = [new RedisEventBus(redis(), redis(), prefix), new RedisEventBus(redis(), redis(), prefix)];
  const apps: FastifyInstance[] = [];
  try {
    for (const events of buses) {
      apps.push(
        await buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, store: ctx.store, events, ...extra }),
      );
    }
    for (const app of apps) await app.listen({ port: 0, host: '127.0.0.1' });
    // Both buses subscribed (and resynced, which would close sockets opened before) before the test starts.
    await Promise.all(buses.map((bus) => bus.firstSync));
    const [first, second] = apps;
    if (!first || !second) throw new Error('two apps');
    await test(first, second);
  } finally {
    for (const app of apps) await app.close();
    for (const bus of buses) await bus.close();
  }
}
