// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { longestIncreasingRun, orderChildren } from './row-order';

function box(ranks: number[]): HTMLElement {
  const parent = document.createElement('div');
  for (const rank of ranks) {
    const child = document.createElement('div');
    child.dataset.rank = String(rank);
    parent.append(child);
  }
  return parent;
}
const rankOf = (child: Element) => Number((child as HTMLElement).dataset.rank);
const ranks = (parent: HTMLElement) => [...parent.children].map(rankOf);

describe('longestIncreasingRun', () => {
  it('finds the entries already in order', () => {
    expect(longestIncreasingRun([])).toEqual([]);
    expect(longestIncreasingRun([0, 1, 2])).toEqual([0, 1, 2]);
    expect(longestIncreasingRun([3, 4, 0, 1, 2])).toEqual([2, 3, 4]);
    expect(longestIncreasingRun([2, 0, 1])).toEqual([1, 2]);
  });
});

describe('orderChildren', () => {
  it('orders the children by rank, moving only those out of order', () => {
    // A scroll down: the first three were recycled for rows below the others.
    const down = box([13, 14, 15, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(orderChildren(down, rankOf)).toBe(3);
    expect(ranks(down)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    // A scroll up: the last three were recycled for rows above; they move, not the ten others.
    const up = box([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 1, 2]);
    expect(orderChildren(up, rankOf)).toBe(3);
    expect(ranks(up)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const shuffled = box([5, 1, 4, 2, 3, 0]);
    orderChildren(shuffled, rankOf);
    expect(ranks(shuffled)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(orderChildren(shuffled, rankOf)).toBe(0);
  });
});
