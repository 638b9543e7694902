import { DEFAULT_BLOOD_BONUS } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import {
  formatPercent,
  isValidPerMille,
  packedToPercent,
  percentToPacked,
  percentToPerMille,
  perMilleToPercent,
} from './blood-bonus';

describe('blood bonus percentages', () => {
  it('shows per mille as percent', () => {
    expect(perMilleToPercent(50)).toBe(5);
    expect(perMilleToPercent(5)).toBe(0.5);
    expect(formatPercent(50, 'en-US')).toBe('5.0 %');
    expect(formatPercent(1000, 'en-US')).toBe('100.0 %');
  });

  it('rounds percent to the nearest per mille', () => {
    expect(percentToPerMille(5)).toBe(50);
    expect(percentToPerMille(0.1)).toBe(1);
    expect(percentToPerMille(3.04)).toBe(30);
    expect(percentToPerMille(3.06)).toBe(31);
  });

  it('unpacks the default as 5 %, 3 %, 1 %', () => {
    expect(packedToPercent(DEFAULT_BLOOD_BONUS)).toEqual({ first: 5, second: 3, third: 1 });
  });

  it('packs percentages back into the same integer', () => {
    expect(percentToPacked({ first: 5, second: 3, third: 1 })).toBe(DEFAULT_BLOOD_BONUS);
    expect(percentToPacked({ first: 0, second: 0, third: 0 })).toBe(0);
    expect(percentToPacked({ first: 100, second: 100, third: 100 })).toBe((1000 << 20) | (1000 << 10) | 1000);
  });

  it('round-trips every one-decimal percentage', () => {
    for (let perMille = 0; perMille <= 1000; perMille += 7) {
      const packed = percentToPacked({ first: perMille / 10, second: 0, third: perMille / 10 });
      expect(packed).not.toBeNull();
      expect(packedToPercent(packed ?? -1)).toEqual({ first: perMille / 10, second: 0, third: perMille / 10 });
    }
  });

  it('refuses values outside 0..1000 per mille', () => {
    expect(isValidPerMille(1000)).toBe(true);
    expect(isValidPerMille(1001)).toBe(false);
    expect(isValidPerMille(1023)).toBe(false);
    expect(isValidPerMille(-1)).toBe(false);
    expect(percentToPacked({ first: 100.1, second: 0, third: 0 })).toBeNull();
    expect(percentToPacked({ first: -0.1, second: 0, third: 0 })).toBeNull();
  });
});
