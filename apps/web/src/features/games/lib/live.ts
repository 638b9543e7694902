import { LIVE_LIMIT_CLOSE_CODES, LiveMessage } from '@flagpole/contract';

/** The websocket address of a game's live channel, built from the page's own origin. */
export function liveUrl(gameId: number, location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/game/${gameId}/live`;
}

/** A frame from the server, or null when it is not JSON or not a message we know (never throws). */
export function parseLiveMessage(raw: unknown): LiveMessage | null {
  if (typeof raw !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = LiveMessage.safeParse(json);
  return parsed.success ? parsed.data : null;
}

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;

/**
 * How long to wait before reconnect attempt `attempt` (0 for the first retry): 1 s, 2 s, 4 s … capped at
 * 30 s, with up to ±20 % jitter so a restarted server is not hit by every browser at once.
 * `random` returns a number in [0, 1); 0.5 means no jitter.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  const jitter = 1 + (random() - 0.5) * 0.4;
  return Math.round(Math.min(BACKOFF_MAX_MS, exponential * jitter));
}

/**
 * Why the server turned the socket away for lack of room (its close code): too many live connections of this
 * browser's address or account, or the server holds all it may. Not an ended session: the page keeps working
 * (it refreshes periodically) and the socket is tried again after a long back-off.
 */
export type LiveLimit = 'tooMany' | 'serverFull';
/** What a page shows about its live channel. */
export type LiveState = 'connected' | 'offline' | LiveLimit;

export function liveLimitOf(closeCode: number | undefined): LiveLimit | null {
  if (closeCode === LIVE_LIMIT_CLOSE_CODES.tooManyConnections) return 'tooMany';
  if (closeCode === LIVE_LIMIT_CLOSE_CODES.serverFull) return 'serverFull';
  return null;
}

export const liveStateOf = (connected: boolean, limit: LiveLimit | null): LiveState =>
  connected ? 'connected' : (limit ?? 'offline');

export const LIMITED_BACKOFF_BASE_MS = 30_000;
export const LIMITED_BACKOFF_MAX_MS = 300_000;

/**
 * How long to wait after the server refused the socket for lack of room, `attempt` refusals in a row (0 for the
 * first): 30 s, 60 s, 120 s … capped at 5 minutes, with ±20 % jitter, so that a full server is not hit again
 * by every browser at once.
 */
export function limitedDelay(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(LIMITED_BACKOFF_MAX_MS, LIMITED_BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  const jitter = 1 + (random() - 0.5) * 0.4;
  return Math.round(Math.min(LIMITED_BACKOFF_MAX_MS, exponential * jitter));
}

/** The minimal socket surface the connection logic needs; the browser WebSocket fits it. */
export interface LiveSocket {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface SocketConnectionDeps<T> {
  url: string;
  createSocket: (url: string) => LiveSocket;
  /** Turns a frame into a message, or null to drop it (never throws). */
  parse: (raw: unknown) => T | null;
  onMessage: (message: T) => void;
  onStateChange?: (connected: boolean) => void;
  /**
   * The server refused the socket for lack of room (with why), or a socket was served again (null): the page
   * says so instead of showing a plain disconnection.
   */
  onLimit?: (limit: LiveLimit | null) => void;
  /**
   * A socket opened again after the previous one closed (the server restarted, or told clients to reload
   * after it may have missed messages): whatever was pushed meanwhile is lost, so read again what the page
   * shows.
   */
  onReconnect?: () => void;
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  random?: () => number;
}

/** The game channel's connection: frames are parsed as `LiveMessage`. */
export type LiveConnectionDeps = Omit<SocketConnectionDeps<LiveMessage>, 'parse'>;

export function connectLive(deps: LiveConnectionDeps): () => void {
  return connectSocket({ ...deps, parse: parseLiveMessage });
}

/**
 * Keeps one socket open: on close or failure it waits `reconnectDelay(attempt)` and tries again; a socket
 * that opened resets the schedule, and one that opens after an earlier one calls `onReconnect`. A socket the
 * server closes for lack of room (`LIVE_LIMIT_CLOSE_CODES`) is tried again only after `limitedDelay`, growing
 * with each refusal in a row, so that refused browsers do not reconnect in a storm. Returns a function that
 * stops everything.
 */
export function connectSocket<T>(deps: SocketConnectionDeps<T>): () => void {
  let attempt = 0;
  /** Refusals for lack of room in a row; the next socket that is served resets it. */
  let refusals = 0;
  let stopped = false;
  let openedBefore = false;
  let socket: LiveSocket | null = null;
  let timer: unknown = null;

  const open = () => {
    timer = null;
    if (stopped) return;
    let current: LiveSocket;
    try {
      current = deps.createSocket(deps.url);
    } catch {
      schedule();
      return;
    }
    socket = current;
    let wasOpen = false;
    current.onopen = () => {
      wasOpen = true;
      attempt = 0;
      deps.onStateChange?.(true);
      if (openedBefore) deps.onReconnect?.();
      openedBefore = true;
    };
    current.onmessage = (event) => {
      served();
      const message = deps.parse(event.data);
      if (message) deps.onMessage(message);
    };
    current.onerror = () => {
      // A close event follows; reconnecting happens there.
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      deps.onStateChange?.(false);
      const limit = liveLimitOf(event?.code);
      if (limit !== null) {
        deps.onLimit?.(limit);
        refusals++;
      } else if (wasOpen) {
        // Only a socket the server kept ends the long back-off; one that never opened (server down) does not.
        served();
      }
      if (refusals > 0) retryAfter(limitedDelay(refusals - 1, deps.random));
      else schedule();
    };
  };

  const retryAfter = (delay: number) => {
    if (!stopped) timer = deps.setTimer(open, delay);
  };

  /** The server kept (or no longer refuses) the socket: the long back-off and the notice end. */
  const served = () => {
    if (refusals === 0) return;
    refusals = 0;
    deps.onLimit?.(null);
  };

  const schedule = () => {
    retryAfter(reconnectDelay(attempt, deps.random));
    attempt++;
  };

  open();

  return () => {
    stopped = true;
    if (timer !== null) deps.clearTimer(timer);
    const current = socket;
    socket = null;
    if (current) {
      current.onclose = null;
      current.onmessage = null;
      current.close();
    }
  };
}
