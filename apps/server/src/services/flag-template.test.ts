import { describe, expect, it } from 'vitest';
import { parseFlagTemplate } from '../containers/dynamic-flag';
import { estimatedFlagLength, flagTemplateProblem, leetEntropyBits, MIN_FLAG_TEMPLATE_BITS } from './flag-template';

const LOG2_3 = Math.log2(3);

describe('leet entropy', () => {
  it('adds log2 of each character’s choices inside the braces (a, e, l, o have 3, other letters 2)', () => {
    // h: 2, e: 3, l: 3, l: 3, o: 3
    expect(leetEntropyBits('flag{hello}', 'basic')).toBeCloseTo(1 + 4 * LOG2_3, 10);
    // Outside the braces nothing changes, so "flag" counts for nothing.
    expect(leetEntropyBits('flag{}', 'basic')).toBe(0);
  });

  it('counts digits, spaces and symbols as fixed', () => {
    expect(leetEntropyBits('flag{2024_ !-}', 'basic')).toBe(0);
  });

  it('reads the whole text when there are no braces, and the outermost pair when nested', () => {
    expect(leetEntropyBits('hello', 'basic')).toBeCloseTo(1 + 4 * LOG2_3, 10);
    // Inside "a{b{c}d}e" is "b{c}d": b 3, c 2, d 2, braces fixed.
    expect(leetEntropyBits('a{b{c}d}e', 'basic')).toBeCloseTo(LOG2_3 + 2, 10);
  });

  it('gives the complex table one more symbol for some letters', () => {
    // a: 3 + @ = 4, b: 3, c: 2 + ( = 3
    expect(leetEntropyBits('flag{abc}', 'complex')).toBeCloseTo(2 + 2 * LOG2_3, 10);
    expect(leetEntropyBits('flag{abc}', 'basic')).toBeCloseTo(2 * LOG2_3 + 1, 10);
  });

  it('leaves placeholders out', () => {
    expect(leetEntropyBits('flag{[GUID]ab}', 'basic')).toBeCloseTo(2 * LOG2_3, 10);
  });
});

describe('flag template parsing', () => {
  it('applies the basic table by default, none with a placeholder, and the one a prefix names', () => {
    expect(parseFlagTemplate('flag{x}')).toEqual({ text: 'flag{x}', leet: 'basic', hasPlaceholder: false });
    expect(parseFlagTemplate('flag{[TEAM_HASH]}')).toEqual({
      text: 'flag{[TEAM_HASH]}',
      leet: null,
      hasPlaceholder: true,
    });
    expect(parseFlagTemplate('[LEET]flag{[GUID]}')).toMatchObject({ text: 'flag{[GUID]}', leet: 'basic' });
    expect(parseFlagTemplate('[CLEET]flag{x}')).toMatchObject({ text: 'flag{x}', leet: 'complex' });
  });

  it('estimates the length with placeholders expanded (GUID 36, TEAM_HASH 12) and the prefix dropped', () => {
    expect(estimatedFlagLength(parseFlagTemplate('[LEET]flag{[GUID]_[TEAM_HASH]}'))).toBe(5 + 36 + 1 + 12 + 1);
  });
});

describe('flag template validation', () => {
  it('accepts exactly 32 bits and refuses 31 (x has 2 choices: 1 bit each)', () => {
    expect(MIN_FLAG_TEMPLATE_BITS).toBe(32);
    expect(flagTemplateProblem(`flag{${'x'.repeat(32)}}`)).toBeNull();
    expect(flagTemplateProblem(`flag{${'x'.repeat(31)}}`)).toBe('tooGuessable');
  });

  it('lets the table decide: 16 a are 25.4 bits basic but 32 bits complex', () => {
    const text = `flag{${'a'.repeat(16)}}`;
    expect(flagTemplateProblem(text)).toBe('tooGuessable');
    expect(flagTemplateProblem(`[LEET]${text}`)).toBe('tooGuessable');
    expect(flagTemplateProblem(`[CLEET]${text}`)).toBeNull();
  });

  it('accepts any placeholder template whose flags fit, and refuses ones longer than 127 characters', () => {
    expect(flagTemplateProblem('flag{[TEAM_HASH]}')).toBeNull();
    expect(flagTemplateProblem('[GUID]')).toBeNull();
    expect(flagTemplateProblem('flag{2024}')).toBe('tooGuessable');
    // 3 GUIDs and 19 letters: 108 + 19 = 127 fits; one more letter does not.
    expect(flagTemplateProblem(`[GUID][GUID][GUID]${'x'.repeat(19)}`)).toBeNull();
    expect(flagTemplateProblem(`[GUID][GUID][GUID]${'x'.repeat(20)}`)).toBe('tooLong');
  });
});
