import { describe, expect, it } from 'vitest';
import { scoreSeries } from './score-series';

describe('scoreSeries', () => {
  it('aligns every team on one time axis, stepping up at each solve and clamping onto the ends', () => {
    const teams = [
      {
        id: 1,
        name: 'A',
        items: [
          { time: 30, score: 100 },
          { time: 10, score: 50 },
        ],
      },
      { id: 2, name: 'B', items: [{ time: 500, score: 80 }] },
    ];
    expect(scoreSeries(teams, 0, 100)).toEqual([
      [0, 10, 30, 100],
      [0, 50, 100, 100],
      [0, 0, 0, 80],
    ]);
  });
});
