import type { LogMessageModel } from '@flagpole/contract';
import { useEffect, useRef, useState } from 'react';
import { type LiveLimit, type LiveState, liveStateOf } from '@/features/games/lib/live';
import { listenAdminLive } from '../admin-live-socket';
import { parseLogFrame } from '../live-logs';

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
    return listenAdminLive({
      onFrame: (raw) => {
        const entry = parseLogFrame(raw);
        if (entry) onEntryRef.current(entry);
      },
      onStateChange: setConnected,
      onLimit: setLimit,
      onReconnect: () => onReconnectRef.current?.(),
    });
  }, [enabled]);

  return liveStateOf(connected, limit);
}
