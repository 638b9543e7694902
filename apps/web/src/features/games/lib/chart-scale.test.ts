import { describe, expect, it } from 'vitest';
import { chartUntil, niceTicks, stepPoints } from './chart-scale';

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

describe('chartUntil', () => {
  const H = 3_600_000;
  const team = (times: number[]) => ({ id: 1, name: 'A', items: times.map((time, i) => ({ time, score: i + 1 })) });

  it('follows the played time of a long game, not its whole schedule', () => {
    // A 48-hour game two hours in: the axis ends now, not at the end two days away.
    expect(chartUntil([team([H, 1.5 * H])], 0, 48 * H, 2 * H)).toBe(2 * H);
  });

  it('ends at the end once the game is over', () => {
    expect(chartUntil([team([H])], 0, 48 * H, 60 * H)).toBe(48 * H);
  });

  it('reaches the latest solve when the browser clock lags the server', () => {
    expect(chartUntil([team([H, 3 * H])], 0, 48 * H, 2 * H)).toBe(3 * H);
    expect(chartUntil([team([50 * H])], 0, 48 * H, 2 * H)).toBe(48 * H);
  });

  it('never ends at or before the start', () => {
    expect(chartUntil([], 10, 20, 0)).toBe(11);
  });
});
