import { describe, expect, it } from 'vitest';
import { MemoryStore } from './kv-store';

describe('MemoryStore', () => {
  it('expires values and counters by the given clock', async () => {
    let now = 0;
    const store = new MemoryStore(() => now);
    await store.set('a', 'x', 1000);
    expect(await store.increment('c', 1000)).toEqual({ count: 1, ttlMs: 1000 });
    now = 400;
    expect(await store.get('a')).toBe('x');
    expect(await store.increment('c', 1000)).toEqual({ count: 2, ttlMs: 600 });
    now = 1000;
    expect(await store.get('a')).toBeNull();
    expect((await store.increment('c', 1000)).count).toBe(1);
    await store.close();
  });

  it('lets a value be taken exactly once', async () => {
    const store = new MemoryStore();
    await store.set('k', 'v', 60_000);
    expect(await store.take('k')).toBe(true);
    expect(await store.take('k')).toBe(false);
    await store.close();
  });
});
