import { type ChallengeTable, present, type SolveTable, type TeamTable } from './board-tables';
import type { ScoreboardInput, ScoreboardSolveInput } from './types';

/*
 * Step 1 of the computation: the solves of known teams and enabled challenges copied into columns, ordered by
 * time (stable, so solves at the same millisecond keep the repository's order by submission id).
 */

export function collectSolvesInTimeOrder(
  input: ScoreboardInput,
  challenges: ChallengeTable,
  teams: TeamTable,
): SolveTable {
  const capacity = input.solves.length;
  const team = new Int32Array(capacity);
  const challenge = new Int32Array(capacity);
  const time = new Float64Array(capacity);
  // Where each solve came from, to read its user name at the end: an off-heap column rather than a copy of
  // 200,000 names in a JS array, which (too large for the young generation) would be garbage in the old space.
  const source = new Int32Array(capacity);
  let count = 0;
  for (let index = 0; index < capacity; index++) {
    const solve = present(input.solves[index]);
    const teamIndex = teams.indexByParticipation.get(solve.participationId);
    const challengeIndex = challenges.indexById.get(solve.challengeId);
    if (teamIndex < 0 || challengeIndex < 0) continue;
    team[count] = teamIndex;
    challenge[count] = challengeIndex;
    time[count] = solve.time;
    source[count] = index;
    count++;
  }
  const order = timeOrder(time, count);
  const rows = input.solves;
  if (order === null) return { count, team, challenge, time, source, rows, names: null };
  const sorted = permute(source, order);
  return {
    count,
    team: permute(team, order),
    challenge: permute(challenge, order),
    time: permute(time, order),
    source: sorted,
    rows,
    // Input out of time order (not what the repository gives): its rows lie scattered in memory, so the names
    // are gathered once in time order rather than read through `source` on every comparison.
    names: namesInTimeOrder(rows, source, count, order),
  };
}

/** Read in input order (rows adjacent in memory), then gathered by `order` from the compact list of names. */
function namesInTimeOrder(
  rows: readonly ScoreboardSolveInput[],
  source: Int32Array,
  count: number,
  order: Int32Array,
): (string | null)[] {
  const inInputOrder: (string | null)[] = new Array(count);
  for (let index = 0; index < count; index++) inInputOrder[index] = present(rows[present(source[index])]).userName;
  const names: (string | null)[] = new Array(count);
  for (let position = 0; position < count; position++) {
    names[position] = present(inInputOrder[present(order[position])]);
  }
  return names;
}

function permute<T extends Int32Array | Float64Array>(values: T, order: Int32Array): T {
  const result = values.slice(0, order.length) as T;
  for (let position = 0; position < order.length; position++) {
    result[position] = present(values[present(order[position])]);
  }
  return result;
}

/**
 * A stable ascending order of the first `count` times, or null when they already are in order (the
 * repository sorts by time, so this is the common case and costs one scan). Integer times — Unix
 * milliseconds — are ordered by a radix sort; anything else falls back to a comparator sort.
 */
function timeOrder(time: Float64Array, count: number): Int32Array | null {
  let earliest = Number.POSITIVE_INFINITY;
  let latest = Number.NEGATIVE_INFINITY;
  let sorted = true;
  let allIntegers = true;
  for (let index = 0; index < count; index++) {
    const value = present(time[index]);
    if (value < latest) sorted = false;
    else latest = value;
    if (value < earliest) earliest = value;
    if (!Number.isSafeInteger(value)) allIntegers = false;
  }
  if (sorted) return null;
  if (allIntegers && latest - earliest < 2 ** 32) return radixOrder(time, count, earliest, latest - earliest);
  const order = Int32Array.from({ length: count }, (_, index) => index);
  return order.sort((a, b) => present(time[a]) - present(time[b]) || a - b);
}

const RADIX_BITS = 11;
const RADIX_MASK = (1 << RADIX_BITS) - 1;

/**
 * Least-significant-digit radix sort of indices by `time - earliest` (below 2^32: 49 days of milliseconds),
 * 11 bits per pass: a two-day game needs 3 linear passes where a comparison sort needs ~18 rounds. Each
 * pass is stable, so equal times keep their input order.
 */
function radixOrder(time: Float64Array, count: number, earliest: number, span: number): Int32Array {
  const offsets = new Uint32Array(count);
  for (let index = 0; index < count; index++) offsets[index] = present(time[index]) - earliest;
  let order = Int32Array.from({ length: count }, (_, index) => index);
  let spare = new Int32Array(count);
  const bucketStart = new Int32Array(RADIX_MASK + 1);
  for (let shift = 0; shift < 32 && span >>> shift > 0; shift += RADIX_BITS) {
    bucketStart.fill(0);
    for (let index = 0; index < count; index++) {
      const digit = (present(offsets[index]) >>> shift) & RADIX_MASK;
      bucketStart[digit] = present(bucketStart[digit]) + 1;
    }
    let running = 0;
    for (let digit = 0; digit <= RADIX_MASK; digit++) {
      const size = present(bucketStart[digit]);
      bucketStart[digit] = running;
      running += size;
    }
    for (let slot = 0; slot < count; slot++) {
      const index = present(order[slot]);
      const digit = (present(offsets[index]) >>> shift) & RADIX_MASK;
      const target = present(bucketStart[digit]);
      spare[target] = index;
      bucketStart[digit] = target + 1;
    }
    const sortedSoFar = spare;
    spare = order;
    order = sortedSoFar;
  }
  return order;
}
