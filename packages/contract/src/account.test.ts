import { describe, expect, it } from 'vitest';
import { passwordProblems } from './schemas/account';
import { isHexColor } from './theme';

describe('passwordProblems', () => {
  it('accepts a mixed password', () => {
    expect(passwordProblems('Secret123')).toEqual([]);
  });

  it('names every missing class', () => {
    expect(passwordProblems('abc')).toEqual(['length', 'upper', 'digit']);
    expect(passwordProblems('ABCDEFG1')).toEqual(['lower']);
  });
});

describe('isHexColor', () => {
  it('accepts # and six hex digits only', () => {
    expect(isHexColor('#0a9f7C')).toBe(true);
    expect(isHexColor('0a9f7c')).toBe(false);
    expect(isHexColor('#fff')).toBe(false);
    expect(isHexColor('#0a9f7c0')).toBe(false);
    expect(isHexColor(null)).toBe(false);
  });
});
