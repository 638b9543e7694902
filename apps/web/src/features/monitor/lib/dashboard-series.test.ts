import { describe, expect, it } from 'vitest';
import { solveSeries } from './dashboard-series';

describe('solveSeries', () => {
  it('counts each challenge’s solves up to every time, most solved first, leaving unsolved ones out', () => {
    const { shown, data } = solveSeries(
      [
        { id: 1, title: 'One', category: 'Web', solves: [20] },
        { id: 2, title: 'Two', category: 'Pwn', solves: [10, 30] },
        { id: 3, title: 'None', category: 'Misc', solves: [] },
      ],
      40,
    );
    expect(shown.map((challenge) => challenge.id)).toEqual([2, 1]);
    expect(data).toEqual([
      [10, 20, 30, 40],
      [1, 1, 2, 2],
      [0, 1, 1, 1],
    ]);
  });
});
