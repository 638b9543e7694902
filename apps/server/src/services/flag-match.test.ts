import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../lib/crypto';
import { buildMatcher, isUsablePattern, matchesFlag } from './flag-match';

describe('flag matching', () => {
  it('compares exact, case-folded and whole-answer patterns', () => {
    const matcher = buildMatcher([
      { flag: 'flag{Exact}', matchType: 'Exact' },
      { flag: 'flag{MiXeD}', matchType: 'IgnoreCase' },
      { flag: 'num\\{[0-9]+\\}', matchType: 'Regex' },
      { flag: 'word\\{[a-z]+\\}', matchType: 'RegexIgnoreCase' },
    ]);
    const accepted = ['flag{Exact}', 'FLAG{mixed}', 'num{12}', 'WORD{Abc}'];
    const refused = ['flag{exact}', 'flag{mixed}!', 'NUM{12}', 'num{12}x', 'xnum{12}', 'word{ab1}', ''];
    expect(accepted.filter((a) => !matchesFlag(a, matcher))).toEqual([]);
    expect(refused.filter((a) => matchesFlag(a, matcher))).toEqual([]);
  });

  it('keeps the digests of exact and case-insensitive flags, not the flags, so judging hashes only the answer', () => {
    const matcher = buildMatcher([
      { flag: 'flag{A}', matchType: 'Exact' },
      { flag: 'flag{B}', matchType: 'Exact' },
      { flag: 'flag{C}', matchType: 'IgnoreCase' },
    ]);
    expect(matcher.exact.toString('hex')).toBe(sha256Hex('flag{A}') + sha256Hex('flag{B}'));
    expect(matcher.folded.toString('hex')).toBe(sha256Hex('flag{c}'));
    expect(['flag{B}', 'FLAG{c}'].every((answer) => matchesFlag(answer, matcher))).toBe(true);
    expect(['flag{b}', 'flag{A} '].some((answer) => matchesFlag(answer, matcher))).toBe(false);
  });

  it('runs a backtracking-hostile pattern in linear time on a long input', () => {
    const matcher = buildMatcher([{ flag: '(a+)+$', matchType: 'Regex' }]);
    const started = performance.now();
    expect(matchesFlag(`${'a'.repeat(100_000)}!`, matcher)).toBe(false);
    expect(matchesFlag('a'.repeat(100_000), matcher)).toBe(true);
    // A sanity bound only: a backtracking engine would not finish at all.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('knows which patterns RE2 compiles; a stored one that does not matches nothing', () => {
    expect(isUsablePattern('flag\\{\\w+\\}')).toBe(true);
    for (const pattern of ['(a)\\1', '(?=a)', '(?<!a)b', '[a-', '(']) expect(isUsablePattern(pattern)).toBe(false);
    const matcher = buildMatcher([{ flag: '(a)\\1', matchType: 'Regex' }]);
    expect(matcher.size).toBe(1);
    expect(matchesFlag('aa', matcher)).toBe(false);
  });
});
