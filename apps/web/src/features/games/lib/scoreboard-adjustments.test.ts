import { describe, expect, it } from 'vitest';
import { adjustmentSummary, signedPoints } from './scoreboard-adjustments';

describe('adjustment summary', () => {
  it('is null for a row without adjustments', () => {
    expect(adjustmentSummary({})).toBeNull();
    expect(adjustmentSummary({ adjustments: [] })).toBeNull();
  });

  it('sums awards and hint deductions and keeps one line each, in order', () => {
    const summary = adjustmentSummary({
      adjustments: [
        { kind: 'HintShare', points: -300, reason: null, challengeId: 1, time: 1 },
        { kind: 'Award', points: 50, reason: 'writeup', challengeId: null, time: 2 },
      ],
    });
    expect(summary?.total).toBe(-250);
    expect(summary?.lines).toEqual([
      { kind: 'HintShare', points: -300, reason: null },
      { kind: 'Award', points: 50, reason: 'writeup' },
    ]);
  });

  it('always shows the sign', () => {
    expect([signedPoints(5), signedPoints(-5), signedPoints(0)]).toEqual(['+5', '\u22125', '\u00b10']);
  });
});
