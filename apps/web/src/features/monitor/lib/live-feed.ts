/** Live items kept in memory at most; older ones are still reachable through the paged history. */
export const LIVE_LIMIT = 200;

/** Items pushed while the page is open: `shown` are on screen, `held` arrived while live updates were paused. */
export interface LiveFeedState<T> {
  shown: readonly T[];
  held: readonly T[];
}

export function emptyFeed<T>(): LiveFeedState<T> {
  return { shown: [], held: [] };
}

/** Adds a pushed item at the front: on screen, or held back while paused. */
export function receive<T>(state: LiveFeedState<T>, item: T, paused: boolean): LiveFeedState<T> {
  if (paused) return { shown: state.shown, held: [item, ...state.held].slice(0, LIVE_LIMIT) };
  return { shown: [item, ...state.shown].slice(0, LIVE_LIMIT), held: state.held };
}

/** Resuming puts everything held back on screen, newest first. */
export function release<T>(state: LiveFeedState<T>): LiveFeedState<T> {
  if (state.held.length === 0) return state;
  return { shown: [...state.held, ...state.shown].slice(0, LIVE_LIMIT), held: [] };
}

/**
 * The first page as shown: live items the fetched history does not have yet, then the history, newest first.
 * An item in both (same identity) appears once, in its live form, which carries the latest verdict.
 */
export function mergeFeed<T>(
  live: readonly T[],
  history: readonly T[],
  identity: (item: T) => string,
  time: (item: T) => number,
): T[] {
  const liveByKey = new Map<string, T>();
  for (const item of live) if (!liveByKey.has(identity(item))) liveByKey.set(identity(item), item);
  const historyKeys = new Set(history.map(identity));
  const fresh = [...liveByKey.entries()].filter(([key]) => !historyKeys.has(key)).map(([, item]) => item);
  const merged = [...fresh, ...history.map((item) => liveByKey.get(identity(item)) ?? item)];
  // Stable sort: equal times keep their order (live first, then the server's order).
  return merged.sort((a, b) => time(b) - time(a));
}
