import { describe, expect, it } from 'vitest';
import {
  cleanHints,
  isHttpUrl,
  maxLength,
  parseFlagLines,
  requiredText,
  validateDateTime,
  validateEnd,
  validateNumber,
} from './validation';

const t = (key: string) => key;

describe('text validators', () => {
  it('requiredText', () => {
    const validate = requiredText(t, 5);
    expect(validate('abc')).toBeNull();
    expect(validate('  ')).toBe('adminGames.validation.required');
    expect(validate('abcdef')).toBe('adminGames.validation.tooLong');
  });

  it('maxLength allows empty and null', () => {
    const validate = maxLength(t, 3);
    expect(validate('')).toBeNull();
    expect(validate(null)).toBeNull();
    expect(validate('abcd')).toBe('adminGames.validation.tooLong');
  });
});

describe('time validators', () => {
  it('needs a valid date-time', () => {
    expect(validateDateTime(t)('2026-01-01T10:00')).toBeNull();
    expect(validateDateTime(t)('')).toBe('adminGames.validation.dateTime');
  });

  it('end must come after start', () => {
    const validate = validateEnd(t);
    expect(validate('2026-01-02T10:00', { start: '2026-01-01T10:00' })).toBeNull();
    expect(validate('2026-01-01T10:00', { start: '2026-01-01T10:00' })).toBe('adminGames.validation.endBeforeStart');
    expect(validate('2025-12-31T10:00', { start: '2026-01-01T10:00' })).toBe('adminGames.validation.endBeforeStart');
    expect(validate('nope', { start: '2026-01-01T10:00' })).toBe('adminGames.validation.dateTime');
  });
});

describe('validateNumber', () => {
  it('checks range, integers and emptiness', () => {
    const rate = validateNumber(t, { min: 0, max: 1 });
    expect(rate(0.25)).toBeNull();
    expect(rate(1.5)).toBe('adminGames.validation.range');
    expect(rate('')).toBe('adminGames.validation.required');
    const port = validateNumber(t, { min: 1, max: 65535, integer: true, optional: true });
    expect(port('')).toBeNull();
    expect(port(80)).toBeNull();
    expect(port(80.5)).toBe('adminGames.validation.integer');
    expect(port(0)).toBe('adminGames.validation.range');
  });
});

describe('parseFlagLines', () => {
  it('splits, trims, skips blanks and duplicates', () => {
    expect(parseFlagLines('flag{a}\n\n  flag{b}  \r\nflag{a}\n')).toEqual({
      flags: ['flag{a}', 'flag{b}'],
      tooLong: [],
    });
  });

  it('reports flags over 127 characters', () => {
    const long = `flag{${'x'.repeat(130)}}`;
    expect(parseFlagLines(`flag{ok}\n${long}`)).toEqual({ flags: ['flag{ok}'], tooLong: [long] });
  });
});

describe('misc', () => {
  it('isHttpUrl', () => {
    expect(isHttpUrl('https://example.com/file.zip')).toBe(true);
    expect(isHttpUrl('ftp://example.com/file.zip')).toBe(false);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('not a url')).toBe(false);
  });

  it('cleanHints', () => {
    expect(cleanHints([' a ', '', '  ', 'b'])).toEqual(['a', 'b']);
  });
});
