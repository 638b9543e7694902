import { useCallback, useEffect, useRef, useState } from 'react';
import { emptyFeed, type LiveFeedState, receive, release } from '../lib/live-feed';

/** Items pushed over the live channel, held back while `paused` and shown again on resume. */
export function useLiveFeed<T>(paused: boolean) {
  const [state, setState] = useState<LiveFeedState<T>>(emptyFeed);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;

  useEffect(() => {
    if (!paused) setState(release);
  }, [paused]);

  const push = useCallback((item: T) => setState((current) => receive(current, item, pausedRef.current)), []);
  return { shown: state.shown, heldCount: state.held.length, push };
}
