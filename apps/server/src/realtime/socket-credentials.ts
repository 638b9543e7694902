import type { Identity } from '../http/access';
import type { Clock } from '../lib/clock';
import type { EventBus } from '../lib/event-bus';
import { API_TOKEN_WITHDRAWN } from '../services/api-token.service';
import { SESSIONS_CHANGED } from '../services/session.service';

/** Close code of a socket whose credentials stopped being valid; clients reconnect and are checked again. */
export const CREDENTIALS_CHANGED_CLOSE_CODE = 4401;
/** Node's timers fire at once beyond this delay; longer waits are taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A long-lived connection to watch: a websocket, or a live hub connection over either of its transports. */
export interface WatchedConnection {
  close(code?: number, reason?: string): void;
  once(event: 'close', listener: () => void): unknown;
}

interface Watched {
  identity: Identity;
  timer?: NodeJS.Timeout;
}

/**
 * Watches what authenticated each privileged websocket and closes the socket as soon as that is no longer
 * true: its session ends, its user's role, name or ban changes, is signed out everywhere or deleted (all
 * announced on `SESSIONS_CHANGED`), its API token is revoked or deleted (`API_TOKEN_WITHDRAWN`) or expires.
 * The events come through the event bus, so a change made on one process closes sockets on every process.
 */
export function createSocketCredentials(deps: { events: EventBus; clock: Clock }) {
  const watched = new Map<WatchedConnection, Watched>();

  function closeWhere(matches: (identity: Identity) => boolean, reason: string): void {
    for (const [socket, entry] of watched) {
      if (matches(entry.identity)) socket.close(CREDENTIALS_CHANGED_CLOSE_CODE, reason);
    }
  }

  const stopSessions = deps.events.subscribe(SESSIONS_CHANGED, (payload) => {
    const { userId, tokenHash } = (payload ?? {}) as { userId?: unknown; tokenHash?: unknown };
    if (typeof userId === 'string') closeWhere((identity) => identity.userId === userId, 'user changed');
    if (typeof tokenHash === 'string') closeWhere((identity) => identity.sessionHash === tokenHash, 'signed out');
  });
  const stopTokens = deps.events.subscribe(API_TOKEN_WITHDRAWN, (payload) => {
    const tokenId = (payload as { tokenId?: unknown } | null)?.tokenId;
    if (typeof tokenId === 'string') closeWhere((identity) => identity.tokenId === tokenId, 'token withdrawn');
  });

  function closeAtExpiry(socket: WatchedConnection, entry: Watched, expiresAt: number): void {
    const remaining = expiresAt - deps.clock.now().getTime();
    if (remaining <= 0) {
      socket.close(CREDENTIALS_CHANGED_CLOSE_CODE, 'token expired');
      return;
    }
    entry.timer = setTimeout(() => closeAtExpiry(socket, entry, expiresAt), Math.min(remaining, MAX_TIMER_MS));
    entry.timer.unref();
  }

  function forget(socket: WatchedConnection): void {
    clearTimeout(watched.get(socket)?.timer);
    watched.delete(socket);
  }

  return {
    /** Closes `socket` when `identity` stops being valid; stops watching when the socket closes. */
    watch(socket: WatchedConnection, identity: Identity): void {
      const entry: Watched = { identity };
      watched.set(socket, entry);
      socket.once('close', () => forget(socket));
      if (identity.tokenExpiresAt !== undefined) closeAtExpiry(socket, entry, identity.tokenExpiresAt);
    },
    close(): void {
      stopSessions();
      stopTokens();
      for (const socket of [...watched.keys()]) forget(socket);
    },
  };
}
export type SocketCredentials = ReturnType<typeof createSocketCredentials>;
