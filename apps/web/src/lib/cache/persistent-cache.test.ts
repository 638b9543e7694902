import { describe, expect, it, vi } from 'vitest';
import { PersistentCache, parsePersisted } from './persistent-cache';

describe('PersistentCache', () => {
  it('reports every change', () => {
    const onChange = vi.fn();
    const cache = new PersistentCache(onChange);
    cache.set('/api/config', { data: 1 });
    cache.delete('/api/config');
    cache.delete('/api/missing');
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('hydrates without overwriting fresher entries', () => {
    const cache = new PersistentCache(() => {});
    cache.set('/api/config', { data: 'fresh' });
    const added = cache.hydrate([
      ['/api/config', 'stale'],
      ['/api/posts/latest', ['post']],
    ]);
    expect(added).toBe(1);
    expect(cache.get('/api/config')?.data).toBe('fresh');
    expect(cache.get('/api/posts/latest')?.data).toEqual(['post']);
  });

  it('snapshots only settled data', () => {
    const cache = new PersistentCache(() => {});
    cache.set('/api/config', { data: { title: 'x' }, isValidating: true });
    cache.set('/api/account/profile', { error: new Error('401') });
    cache.set('$inf$/api/x', { data: 1 });
    expect(cache.snapshot()).toEqual([['/api/config', { title: 'x' }]]);
  });

  it('round-trips through JSON and ignores garbage', () => {
    const cache = new PersistentCache(() => {});
    cache.set('/a', { data: [1, 2] });
    expect(parsePersisted(JSON.stringify(cache.snapshot()))).toEqual([['/a', [1, 2]]]);
    expect(parsePersisted('not json')).toEqual([]);
    expect(parsePersisted('{"a":1}')).toEqual([]);
    expect(parsePersisted('[["ok",1],[2,3],"x"]')).toEqual([['ok', 1]]);
    expect(parsePersisted(null)).toEqual([]);
  });
});
