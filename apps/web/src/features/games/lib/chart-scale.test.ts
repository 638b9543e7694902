import { describe, expect, it } from 'vitest';
import { niceTicks, stepPoints } from './chart-scale';

describe('niceTicks', () => {
  it('covers the maximum with round steps', () => {
    expect(niceTicks(1000)).toEqual([0, 250, 500, 750, 1000]);
    expect(niceTicks(930)).toEqual([0, 250, 500, 750, 1000]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0)).toEqual([0]);
  });
});

describe('stepPoints', () => {
  it('draws steps from zero at the start to the last score at the end', () => {
    const team = {
      id: 1,
      name: 'A',
      items: [
        { time: 30, score: 500 },
        { time: 10, score: 100 },
      ],
    };
    expect(stepPoints(team, 0, 50)).toEqual([
      { time: 0, score: 0 },
      { time: 10, score: 0 },
      { time: 10, score: 100 },
      { time: 30, score: 100 },
      { time: 30, score: 500 },
      { time: 50, score: 500 },
    ]);
  });

  it('clamps solves outside the window', () => {
    const team = { id: 1, name: 'A', items: [{ time: 90, score: 100 }] };
    expect(stepPoints(team, 0, 50).at(-1)).toEqual({ time: 50, score: 100 });
  });
});
