import type { LogMessageModel } from '@flagpole/contract';
import { useEffect, useRef, useState } from 'react';
import { connectSocket, type LiveLimit, type LiveState, liveStateOf } from '@/features/games/lib/live';
import { logsLiveUrl, parseLogFrame } from '../live-logs';

/**
 * Follows the live log socket while `enabled`, calling `onEntry` for each pushed entry; reconnects with back-off
 * and then calls `onReconnect` (entries logged meanwhile were not pushed: read the stored log again).
 * Returns the socket's state (connected, offline, or refused for lack of room).
 */
export function useLiveLogs(
  enabled: boolean,
  onEntry: (entry: LogMessageModel) => void,
  onReconnect?: () => void,
): LiveState {
  const [connected, setConnected] = useState(false);
  const [limit, setLimit] = useState<LiveLimit | null>(null);
  const onEntryRef = useRef(onEntry);
  onEntryRef.current = onEntry;
  const onReconnectRef = useRef(onReconnect);
  onReconnectRef.current = onReconnect;

  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') {
      setConnected(false);
      setLimit(null);
      return;
    }
    return connectSocket({
      url: logsLiveUrl(window.location),
      createSocket: (url) => new WebSocket(url),
      parse: parseLogFrame,
      onMessage: (entry) => onEntryRef.current(entry),
      onStateChange: setConnected,
      onLimit: setLimit,
      onReconnect: () => onReconnectRef.current?.(),
      setTimer: (callback, ms) => window.setTimeout(callback, ms),
      clearTimer: (handle) => window.clearTimeout(handle as number),
    });
  }, [enabled]);

  return liveStateOf(connected, limit);
}
