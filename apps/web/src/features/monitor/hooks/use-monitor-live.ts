import type { EventDashboard, GameEvent, LiveMessage, Submission } from '@flagpole/contract';
import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { connectLive, type LiveLimit, type LiveState, liveStateOf, liveUrl } from '@/features/games/lib/live';

export interface MonitorLiveHandlers {
  onEvent?: (event: GameEvent) => void;
  onSubmission?: (submission: Submission) => void;
  onDashboard?: (dashboard: EventDashboard) => void;
}

/**
 * Follows a game's live channel as a monitor: the server sends monitors its events and judged submissions
 * there. Reconnects with back-off, then reads the event and submission lists again (what was pushed while
 * the channel was down is lost); returns the channel's state (connected, offline, or refused for lack of room).
 */
export function useMonitorLive(gameId: number, handlers: MonitorLiveHandlers): LiveState {
  const { mutate } = useSWRConfig();
  const [connected, setConnected] = useState(false);
  const [limit, setLimit] = useState<LiveLimit | null>(null);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;
    const handle = (message: LiveMessage) => {
      if (message.type === 'event') handlersRef.current.onEvent?.(message.data);
      else if (message.type === 'submission') handlersRef.current.onSubmission?.(message.data);
      else if (message.type === 'dashboard') handlersRef.current.onDashboard?.(message.data);
    };
    return connectLive({
      url: liveUrl(gameId, window.location),
      createSocket: (url) => new WebSocket(url),
      onMessage: handle,
      onStateChange: setConnected,
      onLimit: setLimit,
      onReconnect: () => {
        const feeds = [
          `/api/game/${gameId}/events?`,
          `/api/game/${gameId}/submissions?`,
          `/api/game/${gameId}/dashboard`,
        ];
        void mutate((key) => typeof key === 'string' && feeds.some((feed) => key.startsWith(feed)));
      },
      setTimer: (callback, ms) => window.setTimeout(callback, ms),
      clearTimer: (timer) => window.clearTimeout(timer as number),
    });
  }, [gameId, mutate]);

  return liveStateOf(connected, limit);
}
