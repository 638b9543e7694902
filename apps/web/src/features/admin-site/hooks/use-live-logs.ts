import type { LogMessageModel } from '@flagpole/contract';
import { useEffect, useRef, useState } from 'react';
import { connectSocket } from '@/features/games/lib/live';
import { logsLiveUrl, parseLogFrame } from '../live-logs';

/**
 * Follows the live log socket while `enabled`, calling `onEntry` for each pushed entry; reconnects with back-off
 * and then calls `onReconnect` (entries logged meanwhile were not pushed: read the stored log again).
 * Returns whether the socket is connected.
 */
export function useLiveLogs(
  enabled: boolean,
  onEntry: (entry: LogMessageModel) => void,
  onReconnect?: () => void,
): boolean {
  const [connected, setConnected] = useState(false);
  const onEntryRef = useRef(onEntry);
  onEntryRef.current = onEntry;
  const onReconnectRef = useRef(onReconnect);
  onReconnectRef.current = onReconnect;

  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') {
      setConnected(false);
      return;
    }
    return connectSocket({
      url: logsLiveUrl(window.location),
      createSocket: (url) => new WebSocket(url),
      parse: parseLogFrame,
      onMessage: (entry) => onEntryRef.current(entry),
      onStateChange: setConnected,
      onReconnect: () => onReconnectRef.current?.(),
      setTimer: (callback, ms) => window.setTimeout(callback, ms),
      clearTimer: (handle) => window.clearTimeout(handle as number),
    });
  }, [enabled]);

  return connected;
}
