import { describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../lib/clock';
import type { WebhookRepository } from './webhook.repository';
import { createWebhookQueue } from './webhook-queue';

const log = { error: vi.fn(), warn: vi.fn() } as never;

/** A repository with no endpoint at all, counting what the queue asks of it. */
function emptyRepository() {
  const calls = { list: 0, claimDue: 0 };
  const repository = {
    list: async () => {
      calls.list += 1;
      return [];
    },
    gamesCrossing: async () => [],
    releaseHeld: async () => undefined,
    claimDue: async () => {
      calls.claimDue += 1;
      return [];
    },
  } as unknown as WebhookRepository;
  return { repository, calls };
}

/** A queue on `repository` that trusts the endpoints it read for 15 s. */
function queueOn(repository: WebhookRepository, options: { tickMs?: number } = {}) {
  return createWebhookQueue({
    repository,
    clock: new FakeClock(),
    log,
    allowPrivate: false,
    defaultLanguage: () => 'en-US',
    cacheMs: 15_000,
    ...options,
  });
}

describe('the webhook queue on a platform without endpoints', () => {
  it('reads the endpoints once for many events and runs no delivery pass for them', async () => {
    const { repository, calls } = emptyRepository();
    const queue = queueOn(repository, { tickMs: 3_600_000 });
    queue.start();
    for (let i = 0; i < 50; i++) {
      void queue.emit({ type: 'solve', key: `solve:${i}`, gameId: 1, at: new Date(), data: {} });
    }
    await queue.drain();
    await queue.close();
    expect(calls).toEqual({ list: 1, claimDue: 0 });
  });

  it('reads them again after a change', async () => {
    const { repository, calls } = emptyRepository();
    const queue = queueOn(repository);
    await queue.emit({ type: 'solve', key: 'solve:a', gameId: 1, at: new Date(), data: {} });
    await queue.endpointsChanged();
    await queue.emit({ type: 'solve', key: 'solve:b', gameId: 1, at: new Date(), data: {} });
    expect(calls.list).toBe(2);
  });
});
