import { describe, expect, it } from 'vitest';
import { solveSeries } from './dashboard-series';

describe('solveSeries', () => {
  it('counts each challenge’s solves up to every time, from zero a minute before the first, most solved first, leaving unsolved ones out', () => {
    const { shown, data } = solveSeries(
      [
        { id: 1, title: 'One', category: 'Web', solves: [70_020] },
        { id: 2, title: 'Two', category: 'Pwn', solves: [70_010, 70_030] },
        { id: 3, title: 'None', category: 'Misc', solves: [] },
      ],
      70_040,
    );
    expect(shown.map((challenge) => challenge.id)).toEqual([2, 1]);
    expect(data).toEqual([
      [10_010, 70_010, 70_020, 70_030, 70_040],
      [0, 1, 1, 2, 2],
      [0, 0, 1, 1, 1],
    ]);
  });
});
