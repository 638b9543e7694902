import { LIVE_LIMIT_CLOSE_CODES } from '@flagpole/contract';
import type { WebSocket } from 'ws';

/** The live channels that share the process's connection budget. */
export type LiveChannelKind = 'game' | 'adminLog' | 'hub';
/** Which cap refused a connection. */
export type LiveRefusal = 'address' | 'user' | 'total';
/** Why the server itself ended a live connection: no pong or message in time, or no SignalR handshake. */
export type LiveTimeout = 'idle' | 'handshake';

export interface LiveLimits {
  /** Live connections of the whole process. */
  maxTotal: number;
  /** Anonymous live connections from one client address. */
  maxPerAddress: number;
  /** Live connections of one signed-in user (session or API token), whatever their addresses. */
  maxPerUser: number;
}

/** Where refusals and timeouts are counted (the metrics; no-ops when they are off). */
export interface LiveObserver {
  refused(channel: LiveChannelKind, reason: LiveRefusal): void;
  timedOut(channel: LiveChannelKind, reason: LiveTimeout): void;
}

export const NO_LIVE_OBSERVER: LiveObserver = { refused: () => undefined, timedOut: () => undefined };

/** Who opens a connection: the client address (as Fastify reads it, honouring TRUST_PROXY) and the user. */
export interface LiveCaller {
  address: string;
  userId: string | null;
}

export type LiveAdmissionResult = { ok: true; release: () => void } | { ok: false; reason: LiveRefusal };

/** Text of each refusal, sent as the websocket close reason or the SignalR close error. */
export const LIVE_REFUSAL_MESSAGES: Record<LiveRefusal, string> = {
  address: 'Too many live connections from this address.',
  user: 'Too many live connections for this account.',
  total: 'The server holds as many live connections as it may; try again later.',
};

/** A refused socket that does not answer the close frame is dropped after this, not ws's 30 s. */
const REFUSED_CLOSE_GRACE_MS = 2000;

/**
 * The connection budget of every live channel of this process (game websockets, the admin live log, the
 * SignalR hubs over either transport). A signed-in caller counts against their account's cap, wherever they
 * connect from, so players behind one NAT are not limited by each other; an anonymous one against their
 * address's cap; everyone against the process total. Counting is a few map updates per connection and close.
 */
export function createLiveAdmission(deps: { limits: LiveLimits; observer?: LiveObserver }) {
  const { limits } = deps;
  const observer = deps.observer ?? NO_LIVE_OBSERVER;
  const byAddress = new Map<string, number>();
  const byUser = new Map<string, number>();
  let total = 0;

  const decrement = (counts: Map<string, number>, key: string) => {
    const left = (counts.get(key) ?? 1) - 1;
    if (left > 0) counts.set(key, left);
    else counts.delete(key);
  };

  return {
    observer,

    /** Takes a place for a new connection, or says which cap is full; `release` gives the place back once. */
    admit(channel: LiveChannelKind, caller: LiveCaller): LiveAdmissionResult {
      const counts = caller.userId === null ? byAddress : byUser;
      const key = caller.userId ?? caller.address;
      const cap = caller.userId === null ? limits.maxPerAddress : limits.maxPerUser;
      let reason: LiveRefusal | null = null;
      if (total >= limits.maxTotal) reason = 'total';
      else if ((counts.get(key) ?? 0) >= cap) reason = caller.userId === null ? 'address' : 'user';
      if (reason) {
        observer.refused(channel, reason);
        return { ok: false, reason };
      }
      total++;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      let released = false;
      return {
        ok: true,
        release: () => {
          if (released) return;
          released = true;
          total--;
          decrement(counts, key);
        },
      };
    },

    /** Open connections counted (tests and diagnostics). */
    counts() {
      return { total, addresses: byAddress.size, users: byUser.size };
    },
  };
}
export type LiveAdmission = ReturnType<typeof createLiveAdmission>;

/** The close code a refused websocket gets: the caller's own cap, or the process's. */
export const closeCodeOf = (reason: LiveRefusal): number =>
  reason === 'total' ? LIVE_LIMIT_CLOSE_CODES.serverFull : LIVE_LIMIT_CLOSE_CODES.tooManyConnections;

/**
 * Ends a websocket that was upgraded but has no place: the close frame carries the code the web app acts on.
 * A client that does not answer the close frame is cut off shortly after rather than held for ws's timeout.
 */
export function refuseWebSocket(socket: WebSocket, reason: LiveRefusal): void {
  socket.close(closeCodeOf(reason), LIVE_REFUSAL_MESSAGES[reason]);
  const cutOff = setTimeout(() => socket.terminate(), REFUSED_CLOSE_GRACE_MS);
  cutOff.unref();
  socket.once('close', () => clearTimeout(cutOff));
}

/**
 * Admits a websocket to a live channel, or refuses it (closing it with the refusal's code). Returns whether it
 * was admitted; its place is given back when it closes.
 */
export function admitWebSocket(
  admission: LiveAdmission,
  channel: LiveChannelKind,
  socket: WebSocket,
  caller: LiveCaller,
): boolean {
  const result = admission.admit(channel, caller);
  if (!result.ok) {
    refuseWebSocket(socket, result.reason);
    return false;
  }
  socket.once('close', result.release);
  return true;
}

/** What every live channel module is given: the shared budget and the timeouts. */
export interface LiveChannelSettings {
  admission: LiveAdmission;
  /**
   * A connection from which nothing came for this long is closed: websockets are pinged every half of it
   * and dropped when a ping is still unanswered at the next one; SignalR clients (which ping every 15 s)
   * after the reference's 30 s or this, whichever is shorter.
   */
  idleMs: number;
  /** A SignalR connection whose handshake has not arrived after this is closed. */
  handshakeMs: number;
}

/** The websockets' ping interval for `idleMs` (see LiveChannelSettings). */
export const heartbeatMsOf = (settings: LiveChannelSettings) => Math.max(500, Math.floor(settings.idleMs / 2));
