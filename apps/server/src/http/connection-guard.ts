import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { type CapLimits, ConnectionCaps, defaultCaps, parseOpenFilesLimit } from './connection-caps';
import { tooManyRequests } from './errors';

/** How long a listener waits for a silent or slow client. */
export interface ListenerTimeouts {
  /** From a connection's first byte (or its previous answer) to the end of the request's headers. */
  headersMs: number;
  /** Longest pause in a request body still arriving: measured on progress, never on the whole upload. */
  bodyIdleMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveMs: number;
}

/** The timeouts the configuration sets for every listener. */
export function listenerTimeouts(config: Config): ListenerTimeouts {
  return {
    headersMs: config.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
    bodyIdleMs: config.HTTP_BODY_IDLE_SECONDS * 1000,
    keepAliveMs: config.HTTP_KEEP_ALIVE_SECONDS * 1000,
  };
}

/**
 * Options of `http.createServer` (and Fastify's own) that bound how long a client may hold a connection
 * without sending a whole request. There is no limit on a request's total time (`requestTimeout` 0): a slow
 * phone uploading a 256 MiB attachment must finish; the body idle timeout stops a body that stalls instead.
 * Node's header timeout must be given outright, since with no request timeout it would default to none.
 * Node checks it every `connectionsCheckingInterval`, so a fifth of it keeps the timeout close to its value.
 */
export function listenerOptions(timeouts: ListenerTimeouts) {
  return {
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: 0,
      connectionsCheckingInterval: Math.max(100, Math.min(5000, Math.floor(timeouts.headersMs / 5))),
    },
    requestTimeout: 0,
    keepAliveTimeout: timeouts.keepAliveMs,
  };
}

/** Whether a request announces a body (a length above zero, or chunks). */
function announcesBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Closes a connection whose request body pauses longer than `bodyIdleMs` (the socket's inactivity timer runs
 * while the body arrives, and Node closes the socket when it fires). Once the body has arrived the timer stops,
 * unless the answer is already out, in which case Node's keep-alive timer has taken its place.
 */
export function watchBodyProgress(server: Server, bodyIdleMs: number): void {
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!announcesBody(request)) return;
    const socket = request.socket;
    socket.setTimeout(bodyIdleMs);
    request.once('end', () => {
      if (!response.writableEnded) socket.setTimeout(0);
    });
  });
}

/** The process's limit on open files: Node raises its soft limit to the hard one as it starts. */
export function openFilesLimit(): number {
  try {
    return parseOpenFilesLimit(readFileSync('/proc/self/limits', 'utf8')) ?? FALLBACK_DESCRIPTORS;
  } catch {
    return FALLBACK_DESCRIPTORS;
  }
}
/** Where the limit cannot be read (not Linux): a common default of other systems. */
const FALLBACK_DESCRIPTORS = 10_240;

/** Caps from the configuration, each one unset taking its default for this process's descriptor limit. */
export function connectionCaps(configured: { total?: number; perAddress?: number }, descriptors = openFilesLimit()) {
  const defaults = defaultCaps(descriptors);
  const total = configured.total ?? defaults.total;
  const perAddress = configured.perAddress ?? Math.min(defaults.perAddress, Math.max(1, Math.floor(total / 4)));
  return { limits: { total, perAddress } satisfies CapLimits, descriptors, defaults };
}

interface WarnLog {
  warn(fields: object, message: string): void;
}

export type ConnectionRefusal = 'per_address' | 'total' | 'forwarded_address';
/** A warning at most this often while a cap keeps refusing. */
const WARN_INTERVAL_MS = 60_000;

/**
 * Counts refusals and writes one warning line per interval while they go on (never one per connection).
 */
function refusalLedger(log: WarnLog, limits: CapLimits, now: () => number) {
  const refused: Record<ConnectionRefusal, number> = { per_address: 0, total: 0, forwarded_address: 0 };
  let lastWarnAt = Number.NEGATIVE_INFINITY;
  let sinceWarn = 0;
  return {
    refused,
    count(reason: ConnectionRefusal, address: string, open: number): void {
      refused[reason]++;
      sinceWarn++;
      const at = now();
      if (at - lastWarnAt < WARN_INTERVAL_MS) return;
      log.warn(
        { reason, address, open, refusedSinceLastWarning: sinceWarn, ...limits },
        'connection cap reached: refusing connections (counted in flagpole_http_connections_refused_total)',
      );
      lastWarnAt = at;
      sinceWarn = 0;
    },
  };
}

export interface ConnectionGuardOptions {
  limits: CapLimits;
  timeouts: ListenerTimeouts;
  /**
   * Behind trusted proxies every TCP connection comes from a proxy: the per-address cap then applies to the
   * forwarded client address, per request in progress, once its headers are read (see docs/deploy.md).
   */
  trustProxy: boolean;
  log: WarnLog;
  now?: () => number;
}

/**
 * Caps the open connections of the API listener per client address and in total: one connection over a cap
 * is closed as it arrives, before a byte of it is read, and counted. The connection listener Node's HTTP
 * server installs is wrapped, so a refused socket never reaches the HTTP parser.
 */
export function guardConnections(app: FastifyInstance, options: ConnectionGuardOptions) {
  const server = app.server;
  const now = options.now ?? Date.now;
  const caps = new ConnectionCaps(options.limits, options.trustProxy ? () => true : () => false);
  const ledger = refusalLedger(options.log, options.limits, now);
  const serve = server.listeners('connection') as Array<(socket: Socket) => void>;
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const refusal = caps.admit(address);
    if (refusal) {
      socket.destroy();
      ledger.count(refusal, address, caps.open);
      return;
    }
    socket.once('close', () => caps.release(address));
    for (const listener of serve) listener.call(server, socket);
  });
  watchBodyProgress(server, options.timeouts.bodyIdleMs);
  if (options.trustProxy) capForwardedAddresses(app, options.limits.perAddress, ledger.count);
  return {
    /** Open connections of the API listener and connections refused so far, by reason. */
    stats: () => ({ open: caps.open, refused: { ...ledger.refused } }),
  };
}
export type ConnectionGuard = ReturnType<typeof guardConnections>;

/**
 * With trusted proxies, requests in progress per forwarded client address, above `perAddress` → 429. Upgrades
 * to websockets are left to the live channels' own caps.
 */
function capForwardedAddresses(
  app: FastifyInstance,
  perAddress: number,
  count: (reason: ConnectionRefusal, address: string, open: number) => void,
): void {
  const inProgress = new ConnectionCaps({ total: Number.POSITIVE_INFINITY, perAddress });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.headers.upgrade !== undefined) return done();
    const address = request.ip;
    if (inProgress.admit(address)) {
      count('forwarded_address', address, inProgress.openFrom(address));
      return done(tooManyRequests(1));
    }
    reply.raw.once('close', () => inProgress.release(address));
    done();
  });
}
