import { describe, expect, it } from 'vitest';
import { FLAG_FORMAT_PATTERN, flagPlaceholder, matchesFlagFormat } from './flag-format';

describe('flag format', () => {
  it('shows the game prefix in the placeholder, flag{…} without one', () => {
    expect(flagPlaceholder('cc')).toBe('cc{…}');
    expect(flagPlaceholder(null)).toBe('flag{…}');
    expect(flagPlaceholder('')).toBe('flag{…}');
  });

  it('accepts answers with the prefix, braces and content', () => {
    expect(matchesFlagFormat('cc{hello}', 'cc')).toBe(true);
    expect(matchesFlagFormat('cc{a}', 'cc')).toBe(true);
    expect(matchesFlagFormat('cc{with {nested} braces}', 'cc')).toBe(true);
  });

  it('refuses another prefix, another case, empty braces or a missing brace', () => {
    expect(matchesFlagFormat('flag{hello}', 'cc')).toBe(false);
    expect(matchesFlagFormat('CC{hello}', 'cc')).toBe(false);
    expect(matchesFlagFormat('cc{}', 'cc')).toBe(false);
    expect(matchesFlagFormat('cc{hello', 'cc')).toBe(false);
    expect(matchesFlagFormat('hello}', 'cc')).toBe(false);
    expect(matchesFlagFormat('xcc{hello}', 'cc')).toBe(false);
    expect(matchesFlagFormat('cc{hello} ', 'cc')).toBe(false);
  });

  it('lets every answer through when the game names no format', () => {
    expect(matchesFlagFormat('anything', null)).toBe(true);
    expect(matchesFlagFormat('anything', undefined)).toBe(true);
    expect(matchesFlagFormat('anything', '')).toBe(true);
  });

  it('allows letters, digits, underscore and hyphen in a prefix of at most 32', () => {
    expect(FLAG_FORMAT_PATTERN.test('picoCTF_2024-x')).toBe(true);
    expect(FLAG_FORMAT_PATTERN.test('a'.repeat(32))).toBe(true);
    expect(FLAG_FORMAT_PATTERN.test('a'.repeat(33))).toBe(false);
    expect(FLAG_FORMAT_PATTERN.test('cc{')).toBe(false);
    expect(FLAG_FORMAT_PATTERN.test('c c')).toBe(false);
    expect(FLAG_FORMAT_PATTERN.test('')).toBe(false);
  });
});
