import type { KeyValueStore } from '../lib/kv-store';
import type { SharedSlots } from './start-queue';

/**
 * Start slots shared by every server process through the key-value store (Redis when REDIS_URL is set), so
 * `limit` bounds the engine starts in flight across all processes, not in each. Slot i is a counter: whoever
 * counts 1 on it holds it, and the holder releases it by deleting the counter. Each counter expires after
 * `ttlMs`, so slots held by a process that died come free by themselves.
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
          return async () => {
            await store.take(key);
          };
        }
      }
      return null;
    },
  };
}
