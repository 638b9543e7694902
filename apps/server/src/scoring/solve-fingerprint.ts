import type { ScoreboardSolveInput } from './types';

/*
 * A summary of a game's set of solves (which team solved which challenge), computed the same way by the database
 * (ScoreboardRepository.solveFingerprint) and from rows held in memory. The periodic check of a cached board
 * compares the two and reads the 200,000 rows again only when they differ: a solve recorded or removed by another
 * process whose announcement was lost changes the count or the checksum. (A pair's time moving earlier is not
 * seen; the database keeps the earliest correct submission, so a pair's time does not change once recorded.)
 */

/** Each pair adds `(participationId × multiplier + challengeId) mod modulus`: below 2^53 for ids below 10^9. */
export const FINGERPRINT_MULTIPLIER = 7_919;
export const FINGERPRINT_MODULUS = 1_000_003;

export interface SolveFingerprint {
  count: number;
  checksum: number;
}

/**
 * The fingerprint of the solves before `solvedBefore` (Unix ms; all by default), already reduced to one per (team,
 * challenge) as `mergeSolves` keeps them.
 */
export function solveFingerprintOf(
  solves: readonly ScoreboardSolveInput[],
  solvedBefore = Number.POSITIVE_INFINITY,
): SolveFingerprint {
  let checksum = 0;
  let count = 0;
  for (const solve of solves) {
    if (solve.time >= solvedBefore) continue;
    count++;
    checksum += (solve.participationId * FINGERPRINT_MULTIPLIER + solve.challengeId) % FINGERPRINT_MODULUS;
  }
  return { count, checksum };
}

export function sameFingerprint(a: SolveFingerprint, b: SolveFingerprint): boolean {
  return a.count === b.count && a.checksum === b.checksum;
}
