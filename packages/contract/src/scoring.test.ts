import { describe, expect, it } from 'vitest';
import {
  bloodBonusScore,
  bloodMultiplier,
  DEFAULT_BLOOD_BONUS,
  dynamicScore,
  NO_BLOOD_BONUS,
  packBloodBonus,
  unpackBloodBonus,
} from './scoring';

describe('packBloodBonus / unpackBloodBonus', () => {
  it('packs 50/30/10 per mille into the documented default', () => {
    // (50 << 20) + (30 << 10) + 10 = 52,428,800 + 30,720 + 10
    expect(packBloodBonus({ first: 50, second: 30, third: 10 })).toBe(52_459_530);
    expect(DEFAULT_BLOOD_BONUS).toBe(52_459_530);
  });

  it('unpacks the first blood from the top bits', () => {
    expect(unpackBloodBonus(DEFAULT_BLOOD_BONUS)).toEqual({ first: 50, second: 30, third: 10 });
    // (100 << 20) + (0 << 10) + 1000 = 104,857,600 + 1,000
    expect(unpackBloodBonus(104_858_600)).toEqual({ first: 100, second: 0, third: 1000 });
    expect(unpackBloodBonus(NO_BLOOD_BONUS)).toEqual({ first: 0, second: 0, third: 0 });
  });

  it('round-trips every field at its limits', () => {
    for (const bonus of [
      { first: 0, second: 0, third: 0 },
      { first: 1000, second: 1000, third: 1000 },
      { first: 1, second: 999, third: 500 },
    ]) {
      expect(unpackBloodBonus(packBloodBonus(bonus))).toEqual(bonus);
    }
  });

  it('refuses to pack a field outside 0..1000 or a fraction', () => {
    expect(() => packBloodBonus({ first: 1001, second: 0, third: 0 })).toThrow(RangeError);
    expect(() => packBloodBonus({ first: 0, second: -1, third: 0 })).toThrow(RangeError);
    expect(() => packBloodBonus({ first: 0, second: 0, third: 2.5 })).toThrow(/third/);
  });

  it('falls back to the default for a field over 1000 or a value that cannot have been packed', () => {
    const defaults = { first: 50, second: 30, third: 10 };
    expect(unpackBloodBonus(1023 << 20)).toEqual(defaults); // first = 1023
    expect(unpackBloodBonus(1001)).toEqual(defaults); // third = 1001
    expect(unpackBloodBonus(-1)).toEqual(defaults);
    expect(unpackBloodBonus(2 ** 30)).toEqual(defaults);
    expect(unpackBloodBonus(1.5)).toEqual(defaults);
  });
});

describe('bloodMultiplier', () => {
  it('is 1 + per mille / 1000 for bloods, 1 for Normal and 0 for Unaccepted', () => {
    expect(bloodMultiplier(DEFAULT_BLOOD_BONUS, 'FirstBlood')).toBeCloseTo(1.05, 12);
    expect(bloodMultiplier(DEFAULT_BLOOD_BONUS, 'SecondBlood')).toBeCloseTo(1.03, 12);
    expect(bloodMultiplier(DEFAULT_BLOOD_BONUS, 'ThirdBlood')).toBeCloseTo(1.01, 12);
    expect(bloodMultiplier(DEFAULT_BLOOD_BONUS, 'Normal')).toBe(1);
    expect(bloodMultiplier(DEFAULT_BLOOD_BONUS, 'Unaccepted')).toBe(0);
    expect(bloodMultiplier(NO_BLOOD_BONUS, 'FirstBlood')).toBe(1);
  });
});

describe('bloodBonusScore', () => {
  it('rounds to the nearest integer', () => {
    expect(bloodBonusScore(586, 50)).toBe(615); // 615.3
    expect(bloodBonusScore(586, 30)).toBe(604); // 603.58
    expect(bloodBonusScore(1000, 50)).toBe(1050);
    expect(bloodBonusScore(376, 1000)).toBe(752);
  });

  it('rounds exact halves to the even neighbour', () => {
    expect(bloodBonusScore(750, 50)).toBe(788); // 787.5 -> 788 (even)
    expect(bloodBonusScore(250, 50)).toBe(262); // 262.5 -> 262 (even)
    expect(bloodBonusScore(1, 500)).toBe(2); // 1.5 -> 2
    expect(bloodBonusScore(5, 100)).toBe(6); // 5.5 -> 6
    expect(bloodBonusScore(3, 500)).toBe(4); // 4.5 -> 4
  });

  it('leaves the score alone without a bonus', () => {
    expect(bloodBonusScore(864, 0)).toBe(864);
  });
});

describe('dynamicScore', () => {
  it('keeps the original score for no solve and one solve', () => {
    expect(dynamicScore(1000, 0.25, 5, 0)).toBe(1000);
    expect(dynamicScore(1000, 0.25, 5, 1)).toBe(1000);
  });

  it('decays exponentially towards the minimum rate (reference examples, O=1000 r=0.25 d=5)', () => {
    // n=2: 1000 * (0.25 + 0.75 * e^-0.2) = 1000 * (0.25 + 0.75 * 0.818731) = 864.05
    expect(dynamicScore(1000, 0.25, 5, 2)).toBe(864);
    // n=3: e^-0.4 = 0.670320 -> 752.74
    expect(dynamicScore(1000, 0.25, 5, 3)).toBe(752);
    // n=5: e^-0.8 = 0.449329 -> 586.997
    expect(dynamicScore(1000, 0.25, 5, 5)).toBe(586);
    // n=10: e^-1.8 = 0.165299 -> 373.97
    expect(dynamicScore(1000, 0.25, 5, 10)).toBe(373);
    // n=20: e^-3.8 = 0.022371 -> 266.78
    expect(dynamicScore(1000, 0.25, 5, 20)).toBe(266);
    expect(dynamicScore(1000, 0.25, 5, 10_000)).toBe(250);
  });

  it('decays more slowly with a larger difficulty (O=1000 r=0.2 d=10)', () => {
    expect(dynamicScore(1000, 0.2, 10, 2)).toBe(923); // 0.2 + 0.8 * e^-0.1 = 0.923870
    expect(dynamicScore(1000, 0.2, 10, 5)).toBe(736); // 0.2 + 0.8 * e^-0.4 = 0.736256
    expect(dynamicScore(1000, 0.2, 10, 10)).toBe(525); // 0.2 + 0.8 * e^-0.9 = 0.525247
  });

  it('drops straight to the minimum with a non-positive difficulty', () => {
    expect(dynamicScore(1000, 0.25, 0, 2)).toBe(250);
    expect(dynamicScore(1000, 0.25, 0, 1)).toBe(1000);
  });
});
