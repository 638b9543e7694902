import type { FlagMatchType } from '@flagpole/contract';
import { RE2JS } from 're2js';
import { constantTimeEqual } from '../lib/crypto';

/** One stored flag as the judge needs it. */
export interface StoredFlag {
  flag: string;
  matchType: FlagMatchType;
}

/**
 * The flags of one challenge (or a team's own flag) ready for judging, built once when the flag cache loads
 * them: exact flags as they are, case-insensitive ones already folded, patterns already compiled. Regular
 * expressions run on RE2 (re2js), whose time is linear in the answer's length, so no pattern an organiser or
 * an imported export brings can stall the judge with backtracking.
 */
export interface FlagMatcher {
  readonly exact: readonly string[];
  readonly folded: readonly string[];
  readonly patterns: readonly RE2JS[];
  /** How many flags the matcher holds (0: the challenge has none). */
  readonly size: number;
}

export const EMPTY_MATCHER: FlagMatcher = { exact: [], folded: [], patterns: [], size: 0 };

/** Case folding of both sides of a case-insensitive comparison. */
const fold = (text: string) => text.toLowerCase();

/** The compiled form of a pattern; throws (RE2JSException) when RE2 cannot compile it. */
export function compilePattern(pattern: string, matchType: FlagMatchType): RE2JS {
  return RE2JS.compile(pattern, matchType === 'RegexIgnoreCase' ? RE2JS.CASE_INSENSITIVE : 0);
}

/** True when RE2 compiles the pattern (look-arounds and back-references, for instance, it does not). */
export function isUsablePattern(pattern: string): boolean {
  try {
    compilePattern(pattern, 'Regex');
    return true;
  } catch {
    return false;
  }
}

/** Builds the matcher of a list of flags. A stored pattern that no longer compiles matches nothing. */
export function buildMatcher(flags: readonly StoredFlag[]): FlagMatcher {
  if (flags.length === 0) return EMPTY_MATCHER;
  const exact: string[] = [];
  const folded: string[] = [];
  const patterns: RE2JS[] = [];
  for (const { flag, matchType } of flags) {
    if (matchType === 'Exact') exact.push(flag);
    else if (matchType === 'IgnoreCase') folded.push(fold(flag));
    else {
      try {
        patterns.push(compilePattern(flag, matchType));
      } catch {
        // Checked when the flag was added; kept out of the judge rather than failing every answer.
      }
    }
  }
  return { exact, folded, patterns, size: flags.length };
}

/** True when every compared candidate is equal in constant time (no early exit on the first hit). */
function anyEqual(answer: string, candidates: readonly string[]): boolean {
  let found = false;
  for (const flag of candidates) if (constantTimeEqual(answer, flag)) found = true;
  return found;
}

/** True when the answer is one of the flags: exact, then case-folded, then a pattern matching all of it. */
export function matchesFlag(answer: string, matcher: FlagMatcher): boolean {
  if (anyEqual(answer, matcher.exact)) return true;
  if (matcher.folded.length > 0 && anyEqual(fold(answer), matcher.folded)) return true;
  for (const pattern of matcher.patterns) if (pattern.testExact(answer)) return true;
  return false;
}
