import { describe, expect, it } from 'vitest';
import { rowKeys } from './row-keys';

describe('rowKeys', () => {
  it('keeps the keys of existing rows when rows arrive on top', () => {
    const before = rowKeys(['a', 'b', 'a'], (row) => row);
    const after = rowKeys(['c', 'a', 'b', 'a'], (row) => row);
    expect(before).toEqual(['a#0', 'b#0', 'a#1']);
    expect(after.slice(1)).toEqual(before);
  });
});
