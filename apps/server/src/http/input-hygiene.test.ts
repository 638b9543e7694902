import { describe, expect, it } from 'vitest';
import { nulField } from './input-hygiene';

describe('NUL characters in input', () => {
  it('name the first field holding one by its path, `body` for a body that is one string', () => {
    expect(nulField({ flag: 'flag{\u0000}' })).toBe('flag');
    expect(nulField({ a: { b: ['ok', 'x\u0000'] } })).toBe('a.b.1');
    expect(nulField({ ok: 'fine', later: { deep: '\u0000' } })).toBe('later.deep');
    expect(nulField('text\u0000')).toBe('body');
  });

  it('find nothing in clean input of any shape', () => {
    for (const value of [{ flag: 'flag{x}' }, { a: [1, true, null, { b: 'c' }] }, 'text', 7, null, undefined, []]) {
      expect(nulField(value)).toBeNull();
    }
  });

  it('refuse nesting deeper than the walk goes, naming where it stopped', () => {
    let deep: unknown = 'end';
    for (let i = 0; i < 40; i++) deep = { k: deep };
    expect(nulField(deep)).toBe(Array(33).fill('k').join('.'));
  });

  it('ignore inherited properties, as Object.entries did', () => {
    const value = Object.create({ inherited: '\u0000' }) as Record<string, unknown>;
    value.own = 'ok';
    expect(nulField(value)).toBeNull();
  });
});
