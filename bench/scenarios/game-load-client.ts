/**
 * The HTTP client game-load's submission phases drive the server with, chosen by `--client=undici|raw`:
 * - `raw` (the default since 2026-11-25): raw-http.ts, one node:net socket per worker with each player's header lines
 *   prebuilt; it leaves more of the 2-core machine to the server and PostgreSQL, whose CPU the phases measure;
 * - `undici`: a Pool as before, one request at a time per connection, kept so old and new figures can be compared.
 * Both send the same header lines (host, keep-alive, the player's cookies, XSRF header and JSON content type on every
 * request, as undici did), so the server does the same work under either.
 */
import { Pool } from 'undici';
import { headerLines, type RawAnswer, RawConnection, rawRequest } from './raw-http';

export type ClientKind = 'undici' | 'raw';

export const CLIENT_KINDS: readonly ClientKind[] = ['undici', 'raw'];

/** The headers one caller sends on each request (game-load-submissions.ts's signed-in player). */
export interface Caller {
  headers: Record<string, string>;
}

/** One request and its whole answer. A worker sends one at a time. */
export type Send = (method: 'GET' | 'POST', path: string, caller: Caller, body?: string) => Promise<RawAnswer>;

export interface LoadClient {
  kind: ClientKind;
  /** The sender worker `worker` (from 0, below the connection count) uses for all its requests. */
  sender(worker: number): Send;
  close(): Promise<void>;
}

/** `--client=…` of the command line; raw when absent. */
export function clientKindFromArgs(argv: string[]): ClientKind {
  const value = argv.find((arg) => arg.startsWith('--client='))?.slice('--client='.length) ?? 'raw';
  if (!CLIENT_KINDS.includes(value as ClientKind)) throw new Error(`--client must be undici or raw, not ${value}`);
  return value as ClientKind;
}

/** A client of `connections` connections to `base` (http://host:port), opened as they are first used. */
export function openLoadClient(kind: ClientKind, base: string, connections: number): LoadClient {
  return kind === 'raw' ? rawClient(new URL(base), connections) : undiciClient(base, connections);
}

function undiciClient(base: string, connections: number): LoadClient {
  const pool = new Pool(base, { connections, pipelining: 1 });
  const send: Send = async (method, path, caller, body) => {
    const answer = await pool.request({ method, path, headers: caller.headers, body });
    return { statusCode: answer.statusCode, body: await answer.body.text() };
  };
  return { kind: 'undici', sender: () => send, close: () => pool.close() };
}

function rawClient(url: URL, connections: number): LoadClient {
  const sockets = Array.from({ length: connections }, () => new RawConnection(url.hostname, Number(url.port)));
  const common = `host: ${url.host}\r\nconnection: keep-alive\r\n`;
  /** Each caller's header lines, built on its first request. */
  const linesOf = new WeakMap<Caller, string>();
  const lines = (caller: Caller) => {
    let built = linesOf.get(caller);
    if (built === undefined) {
      built = common + headerLines(caller.headers);
      linesOf.set(caller, built);
    }
    return built;
  };
  return {
    kind: 'raw',
    sender: (worker) => {
      const socket = sockets[worker];
      if (socket === undefined) throw new Error(`worker ${worker} has no connection of its own (${connections})`);
      return (method, path, caller, body) => socket.request(rawRequest(method, path, lines(caller), body));
    },
    close: async () => {
      for (const socket of sockets) socket.close();
    },
  };
}
