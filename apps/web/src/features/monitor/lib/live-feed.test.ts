import { describe, expect, it } from 'vitest';
import { emptyFeed, LIVE_LIMIT, mergeFeed, receive, release } from './live-feed';

interface Row {
  id: string;
  time: number;
  status?: string;
}
const identity = (row: Row) => row.id;
const time = (row: Row) => row.time;

describe('live feed', () => {
  it('shows pushed items newest first', () => {
    let state = emptyFeed<number>();
    state = receive(state, 1, false);
    state = receive(state, 2, false);
    expect(state).toEqual({ shown: [2, 1], held: [] });
  });

  it('holds items back while paused and releases them on resume', () => {
    let state = receive(emptyFeed<number>(), 1, false);
    state = receive(state, 2, true);
    state = receive(state, 3, true);
    expect(state).toEqual({ shown: [1], held: [3, 2] });
    expect(release(state)).toEqual({ shown: [3, 2, 1], held: [] });
  });

  it('keeps at most LIVE_LIMIT items', () => {
    let state = emptyFeed<number>();
    for (let i = 0; i < LIVE_LIMIT + 10; i++) state = receive(state, i, i % 2 === 0);
    state = release(state);
    expect(state.shown).toHaveLength(LIVE_LIMIT);
    expect(state.shown[0]).toBe(LIVE_LIMIT + 8);
  });
});

describe('mergeFeed', () => {
  it('puts live items the history lacks on top', () => {
    const history = [
      { id: 'b', time: 2 },
      { id: 'a', time: 1 },
    ];
    expect(mergeFeed([{ id: 'c', time: 3 }], history, identity, time).map(identity)).toEqual(['c', 'b', 'a']);
  });

  it('shows an item known to both once, in its live form', () => {
    const history = [{ id: 'a', time: 1, status: 'FlagSubmitted' }];
    const live = [{ id: 'a', time: 1, status: 'Accepted' }];
    expect(mergeFeed(live, history, identity, time)).toEqual([{ id: 'a', time: 1, status: 'Accepted' }]);
  });

  it('orders by time when a verdict arrives for an older submission', () => {
    const history = [
      { id: 'b', time: 5 },
      { id: 'a', time: 1 },
    ];
    expect(mergeFeed([{ id: 'x', time: 3 }], history, identity, time).map(identity)).toEqual(['b', 'x', 'a']);
  });
});
