/**
 * Indices (into `sequence`) of one longest strictly increasing subsequence, in order: the entries that can stay
 * where they are while the others move around them.
 */
export function longestIncreasingRun(sequence: readonly number[]): number[] {
  // tails[k]: index of the smallest last value of an increasing run of length k + 1; before[i]: i's predecessor.
  const tails: number[] = [];
  const before: number[] = new Array(sequence.length).fill(-1);
  sequence.forEach((value, i) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((sequence[tails[mid] ?? 0] ?? 0) < value) low = mid + 1;
      else high = mid;
    }
    if (low > 0) before[i] = tails[low - 1] ?? -1;
    tails[low] = i;
  });
  const run: number[] = [];
  for (let i = tails[tails.length - 1] ?? -1; i >= 0; i = before[i] ?? -1) run.push(i);
  return run.reverse();
}

/**
 * Puts the children of `parent` in the order of `rank` (ties keep their order) with the fewest moves: the
 * children already in order (the longest increasing run) stay, the others are moved next to them. The board's
 * pooled rows are rendered in a fixed order so that React never moves them; this puts them in the board's order
 * for the keyboard and screen readers, moving only the rows a scroll recycled, whichever way it goes.
 */
export function orderChildren(parent: Element, rank: (child: Element) => number): number {
  const children = [...parent.children];
  const desired = children
    .map((child, position) => ({ child, position, rank: rank(child) }))
    .sort((a, b) => a.rank - b.rank || a.position - b.position);
  const stay = new Set(longestIncreasingRun(desired.map((entry) => entry.position)));
  let next: Element | null = null;
  let moves = 0;
  for (let i = desired.length - 1; i >= 0; i--) {
    const entry = desired[i];
    if (!entry) continue;
    if (!stay.has(i)) {
      parent.insertBefore(entry.child, next);
      moves++;
    }
    next = entry.child;
  }
  return moves;
}
