import type { ScoreboardSolveInput } from './types';

const keyOf = (solve: ScoreboardSolveInput) => `${solve.participationId}:${solve.challengeId}`;

/**
 * The solves of a board plus solves recorded since it was loaded, still in time order, one per team and
 * challenge: a known pair keeps its earlier time (the database keeps the earliest correct submission), so
 * merging the same solve twice changes nothing. New solves are nearly always the latest, so each is placed by
 * a binary search from the end instead of sorting the whole list again; equal times go after the old ones,
 * as the repository's order by submission id would put them.
 */
export function mergeSolves(
  solves: readonly ScoreboardSolveInput[],
  added: readonly ScoreboardSolveInput[],
): ScoreboardSolveInput[] {
  return mergeSolvesInto([...solves], added);
}

/**
 * `mergeSolves` in place, for a list only its caller holds: the scoreboard service merges each burst of solves
 * into the 200,000 rows it keeps, and a copy per rebuild would be 1.6 MB of garbage in V8's old space.
 */
export function mergeSolvesInto(
  merged: ScoreboardSolveInput[],
  added: readonly ScoreboardSolveInput[],
): ScoreboardSolveInput[] {
  const positionByKey = new Map<string, number>();
  // The scan of every held solve looks the pair up without making a key (a string per solve, 200,000 per
  // rebuild of a large board, would be garbage); keys are made only for the few pairs that were added.
  const addedChallenges = new Map<number, Set<number>>();
  for (const solve of added) {
    positionByKey.set(keyOf(solve), -1);
    const challenges = addedChallenges.get(solve.participationId) ?? new Set<number>();
    challenges.add(solve.challengeId);
    addedChallenges.set(solve.participationId, challenges);
  }
  for (let index = 0; index < merged.length; index++) {
    const solve = merged[index] as ScoreboardSolveInput;
    if (addedChallenges.get(solve.participationId)?.has(solve.challengeId)) positionByKey.set(keyOf(solve), index);
  }
  const superseded = new Set<number>();
  const fresh = new Map<string, ScoreboardSolveInput>();
  for (const solve of added) {
    const key = keyOf(solve);
    const known = positionByKey.get(key) ?? -1;
    const current = fresh.get(key) ?? (known >= 0 ? merged[known] : undefined);
    if (current && current.time <= solve.time) continue;
    if (known >= 0) superseded.add(known);
    fresh.set(key, solve);
  }
  if (superseded.size > 0) {
    let kept = 0;
    for (let index = 0; index < merged.length; index++) {
      if (!superseded.has(index)) merged[kept++] = merged[index] as ScoreboardSolveInput;
    }
    merged.length = kept;
  }
  for (const solve of [...fresh.values()].sort((a, b) => a.time - b.time)) {
    merged.splice(insertionPoint(merged, solve.time), 0, solve);
  }
  return merged;
}

/** The first position whose time is later than `time`. */
function insertionPoint(solves: readonly ScoreboardSolveInput[], time: number): number {
  let low = 0;
  let high = solves.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((solves[middle] as ScoreboardSolveInput).time <= time) low = middle + 1;
    else high = middle;
  }
  return low;
}
