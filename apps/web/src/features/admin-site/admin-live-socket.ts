import { connectSocket, type LiveLimit, type LiveSocket, type SocketConnectionDeps } from '@/features/games/lib/live';
import { logsLiveUrl } from './live-logs';

/** One listener of the admin live channel: the raw frames, and the socket's state as the log page shows it. */
export interface AdminLiveListener {
  onFrame: (raw: unknown) => void;
  onStateChange?: (connected: boolean) => void;
  onLimit?: (limit: LiveLimit | null) => void;
  onReconnect?: () => void;
}

/** What the shared channel hands to the socket connection. */
type AdminLiveHandlers = Pick<
  SocketConnectionDeps<unknown>,
  'parse' | 'onMessage' | 'onStateChange' | 'onLimit' | 'onReconnect'
>;

/**
 * The admin live channel's ONE socket per tab, shared by its listeners (the health alerts on every admin page, the
 * live log): a socket each would count twice against the server's per-user cap (LIVE_MAX_PER_USER). Opened with the
 * first listener, closed with the last; a listener joining late is told the current state at once.
 */
export function createAdminLiveChannel(connect: (handlers: AdminLiveHandlers) => () => void) {
  const listeners = new Set<AdminLiveListener>();
  let close: (() => void) | null = null;
  let connected = false;
  let limit: LiveLimit | null = null;

  return (listener: AdminLiveListener): (() => void) => {
    listeners.add(listener);
    listener.onStateChange?.(connected);
    listener.onLimit?.(limit);
    close ??= connect({
      parse: (raw) => raw,
      onMessage: (raw) => {
        for (const each of listeners) each.onFrame(raw);
      },
      onStateChange: (next) => {
        connected = next;
        for (const each of listeners) each.onStateChange?.(next);
      },
      onLimit: (next) => {
        limit = next;
        for (const each of listeners) each.onLimit?.(next);
      },
      onReconnect: () => {
        for (const each of listeners) each.onReconnect?.();
      },
    });
    return () => {
      listeners.delete(listener);
      if (listeners.size > 0 || !close) return;
      close();
      close = null;
      connected = false;
      limit = null;
    };
  };
}

/** The browser's admin live channel. */
export const listenAdminLive = createAdminLiveChannel((handlers) =>
  connectSocket({
    ...handlers,
    url: logsLiveUrl(window.location),
    createSocket: (url): LiveSocket => new WebSocket(url),
    setTimer: (callback, ms) => window.setTimeout(callback, ms),
    clearTimer: (handle) => window.clearTimeout(handle as number),
  }),
);
