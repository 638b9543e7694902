import type { FlagMatchType } from '@flagpole/contract';
import { RE2JS } from 're2js';
import { digestListed, sha256Digests } from '../lib/crypto';

/** One stored flag as the judge needs it. */
export interface StoredFlag {
  flag: string;
  matchType: FlagMatchType;
}

/**
 * The flags of one challenge (or a team's own flag) ready for judging, built once when the flag cache loads
 * them: the SHA-256 digests of the exact flags and of the case-insensitive ones folded (compared in constant
 * time, so judging hashes only the answer, once, rather than the answer and each flag: ~1.6 % of the server's
 * CPU on wrong flags), patterns already compiled. Regular expressions run on RE2 (re2js), whose time is linear
 * in the answer's length, so no pattern an organiser or an imported export brings can stall the judge with
 * backtracking.
 */
export interface FlagMatcher {
  /** SHA-256 digests of the exact flags, end to end (`sha256Digests`). */
  readonly exact: Buffer;
  /** SHA-256 digests of the case-insensitive flags, folded. */
  readonly folded: Buffer;
  readonly patterns: readonly RE2JS[];
  /** How many flags the matcher holds (0: the challenge has none). */
  readonly size: number;
}

export const EMPTY_MATCHER: FlagMatcher = { exact: Buffer.alloc(0), folded: Buffer.alloc(0), patterns: [], size: 0 };

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
  return { exact: sha256Digests(exact), folded: sha256Digests(folded), patterns, size: flags.length };
}

/** True when the answer is one of the flags: exact, then case-folded, then a pattern matching all of it. */
export function matchesFlag(answer: string, matcher: FlagMatcher): boolean {
  if (digestListed(answer, matcher.exact)) return true;
  if (matcher.folded.length > 0 && digestListed(fold(answer), matcher.folded)) return true;
  for (const pattern of matcher.patterns) if (pattern.testExact(answer)) return true;
  return false;
}
