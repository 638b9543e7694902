/** Maps database ids to positions 0..n-1 in a list; -1 for an id not in the list. */
export interface IdIndex {
  get(id: number): number;
}

/** Ids this far apart or closer get a flat lookup table (at most 4 MB); wider ranges use a Map. */
const MAX_TABLE_SPAN = 1 << 20;

/**
 * Database ids of one game's rows are usually a dense range, so a typed-array table indexed by `id - min`
 * answers each of the hundreds of thousands of look-ups the scoreboard needs faster than a Map does.
 * The first occurrence of a repeated id wins.
 */
export function createIdIndex(ids: readonly number[]): IdIndex {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let allIntegers = true;
  for (const id of ids) {
    if (!Number.isSafeInteger(id)) allIntegers = false;
    if (id < min) min = id;
    if (id > max) max = id;
  }
  const span = max - min + 1;
  if (allIntegers && span <= Math.max(MAX_TABLE_SPAN, 4 * ids.length)) return tableIndex(ids, min, span);
  return mapIndex(ids);
}

function tableIndex(ids: readonly number[], min: number, span: number): IdIndex {
  const table = new Int32Array(Math.max(span, 0)).fill(-1);
  ids.forEach((id, index) => {
    if (table[id - min] === -1) table[id - min] = index;
  });
  return {
    get(id: number): number {
      const offset = id - min;
      // Out of range (or not an integer) reads as undefined from a typed array.
      return table[offset] ?? -1;
    },
  };
}

function mapIndex(ids: readonly number[]): IdIndex {
  const map = new Map<number, number>();
  ids.forEach((id, index) => {
    if (!map.has(id)) map.set(id, index);
  });
  return {
    get(id: number): number {
      return map.get(id) ?? -1;
    },
  };
}
