import { describe, expect, it } from 'vitest';
import { curvePolyline, previewSolveCount, scoreCurve } from './score-curve';

describe('scoreCurve', () => {
  it('starts at the original score and decays to the minimum', () => {
    const curve = scoreCurve(1000, 0.25, 5, 30);
    expect(curve).toHaveLength(30);
    expect(curve[0]).toEqual({ solves: 1, score: 1000 });
    // floor(1000 * (0.25 + 0.75 * e^(-1/5))) = 864
    expect(curve[1]).toEqual({ solves: 2, score: 864 });
    expect(curve[29]?.score).toBeGreaterThanOrEqual(250);
    for (let index = 1; index < curve.length; index++) {
      expect(curve[index]?.score).toBeLessThanOrEqual(curve[index - 1]?.score ?? 0);
    }
  });

  it('stays flat with a minimum rate of 1', () => {
    expect(new Set(scoreCurve(500, 1, 5, 10).map((point) => point.score))).toEqual(new Set([500]));
  });

  it('always has at least one point', () => {
    expect(scoreCurve(100, 0.5, 3, 0)).toEqual([{ solves: 1, score: 100 }]);
  });
});

describe('previewSolveCount', () => {
  it('grows with difficulty within 20..200', () => {
    expect(previewSolveCount(1)).toBe(20);
    expect(previewSolveCount(5)).toBe(26);
    expect(previewSolveCount(100)).toBe(200);
    expect(previewSolveCount(Number.NaN)).toBe(20);
  });
});

describe('curvePolyline', () => {
  it('maps the first point to the top left and scales the rest', () => {
    expect(
      curvePolyline(
        [
          { solves: 1, score: 100 },
          { solves: 2, score: 50 },
          { solves: 3, score: 0 },
        ],
        200,
        100,
      ),
    ).toBe('0,0 100,50 200,100');
  });

  it('is empty without points', () => {
    expect(curvePolyline([], 10, 10)).toBe('');
  });
});
