import type { KeyValueStore } from '../lib/kv-store';
import type { SharedSlots } from './start-queue';

/**
 * Start slots shared by every server process through the key-value store (Redis when REDIS_URL is set), so
 * `limit` bounds the engine starts in flight across all processes, not in each. Slot i is a counter: whoever
 * counts 1 on it holds it, and the holder releases it by deleting the counter. A held slot is a lease: the
 * counter expires `ttlMs` after its last renewal and the holder renews it every third of that, so a slot
 * outlives any start of a live process, and the slots of a process that died come free within `ttlMs`.
 */
export function createSharedSlots(
  store: KeyValueStore,
  options: { name: string; limit: number; ttlMs: number },
): SharedSlots {
  return {
    async acquire() {
      for (let slot = 0; slot < options.limit; slot++) {
        const key = `${options.name}:${slot}`;
        if ((await store.increment(key, options.ttlMs)).count === 1) {
          const renewal = setInterval(
            () => void store.renew(key, options.ttlMs).catch(() => undefined),
            Math.max(1, Math.floor(options.ttlMs / 3)),
          );
          renewal.unref();
          return async () => {
            clearInterval(renewal);
            await store.take(key);
          };
        }
      }
      return null;
    },
  };
}
