import { describe, expect, it } from 'vitest';
import { matchTypeOf } from './flag-match';

describe('flag kind choice', () => {
  it('maps the form choice to the match type sent', () => {
    expect(matchTypeOf('Exact', true)).toBe('Exact');
    expect(matchTypeOf('IgnoreCase', false)).toBe('IgnoreCase');
    expect(matchTypeOf('Regex', false)).toBe('Regex');
    expect(matchTypeOf('Regex', true)).toBe('RegexIgnoreCase');
  });
});
