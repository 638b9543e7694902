import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { isServiceUnavailable, ServiceUnavailableError } from '../lib/unavailable';
import { statementName } from './named-statements';

export interface GuardedPoolOptions {
  connectionString: string;
  max: number;
  /** Longest wait for a new connection (a probe's answer waits at most 0.9 s of it). */
  connectTimeoutMs: number;
  /** PostgreSQL's statement_timeout for every session; the client gives up on a query 5 s after it. */
  statementTimeoutMs: number;
  /** Told when the database becomes unreachable (with the error that showed it) and reachable again. */
  onStateChange?: (up: boolean, error?: Error) => void;
  /** How long a query may run before the database is probed on a connection of its own. */
  probeAfterMs?: number;
  /** How often an unreachable database is probed. */
  retryMs?: number;
}

class ProbeTimeout extends Error {}

/** How long a caller waits for a free connection of the pool before the request fails. */
const POOL_WAIT_MS = 10_000;

interface Running {
  fail: (error: Error) => void;
  startedAt: number;
}

/**
 * A PostgreSQL pool for Kysely that never lets a request hang on an unreachable database. A query running
 * longer than `probeAfterMs` makes it probe the database on a fresh connection; when the probe gets no
 * answer within `connectTimeoutMs` (the network is stalled) or fails (refused, reset), the database is
 * marked down: every running query and every waiting checkout fails at once with ServiceUnavailableError
 * (503 to the client), their connections are discarded, and further checkouts fail immediately. While
 * down it is probed every `retryMs`; the first answer marks it up again, so recovery needs no restart.
 * A probe that answers leaves a slow query alone: only reachability is judged, never query length.
 */
export type GuardedPool = PostgresPool & {
  readonly up: boolean;
  /** Connections: open, idle, and checkouts waiting for one (for the metrics). */
  stats(): { total: number; idle: number; waiting: number };
};

export function createGuardedPool(options: GuardedPoolOptions): GuardedPool {
  const probeAfterMs = options.probeAfterMs ?? 300;
  const retryMs = options.retryMs ?? 200;
  const connectTimeoutMs = options.connectTimeoutMs;
  // A probe that waits longer than this would make a stalled request outlast the 2 s the client is promised.
  const probeTimeoutMs = Math.min(connectTimeoutMs, 900);
  const sessionConfig = {
    connectionString: options.connectionString,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: options.statementTimeoutMs,
    query_timeout: options.statementTimeoutMs + 5_000,
    keepAlive: true,
  };
  // The pool's own connectionTimeoutMillis bounds the wait for a free connection; each new connection is
  // bounded by the (shorter) connect timeout through the client class.
  class BoundedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
    }
  }
  const pool = new pg.Pool({
    ...sessionConfig,
    max: options.max,
    connectionTimeoutMillis: POOL_WAIT_MS,
    Client: BoundedClient,
  });
  // A connection the server closed or the network broke must not take the process down, whether it sits
  // idle in the pool or is checked out between two queries; the pool replaces it.
  pool.on('error', (error) => suspect(error));
  pool.on('connect', (client) => client.on('error', (error: Error) => suspect(error)));

  let up = true;
  let probing: Promise<void> | undefined;
  let lastProbeAt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let ended = false;
  const running = new Set<Running>();

  function markDown(error: Error): void {
    if (!up) return;
    up = false;
    options.onStateChange?.(false, error);
    // One error per query: the query builder adds each failed query's stack to the error it gets, so a shared
    // one grew with every query in flight (a single logged line reached 21 KB in the soak run).
    for (const entry of [...running]) entry.fail(new ServiceUnavailableError('database', { cause: error }));
    scheduleRetry();
  }

  function markUp(): void {
    if (up) return;
    up = true;
    options.onStateChange?.(true);
  }

  function scheduleRetry(): void {
    if (ended || up || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void probe().finally(scheduleRetry);
    }, retryMs);
    retryTimer.unref();
  }

  /** The probe's own connection, kept open between probes: `select 1` on it costs a busy server little. */
  let probeClient: pg.Client | undefined;

  function discardProbeClient(): void {
    const client = probeClient;
    probeClient = undefined;
    void client?.end().catch(() => undefined);
  }

  /** `select 1` on the probe connection (made first if needed) within `budgetMs`; throws on failure. */
  async function ask(budgetMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // A frozen event loop fires this timer together with the answer: let the answer be read first.
        setImmediate(() => reject(new ProbeTimeout(`no answer from the database within ${probeTimeoutMs} ms`)));
      }, budgetMs);
    });
    try {
      await Promise.race([
        (async () => {
          if (!probeClient) {
            const client = new pg.Client({ ...sessionConfig, query_timeout: probeTimeoutMs });
            client.on('error', () => undefined);
            probeClient = client;
            await client.connect();
          }
          await probeClient.query('select 1');
        })(),
        deadline,
      ]);
    } catch (error) {
      discardProbeClient();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Asks the database on the probe connection and marks it up or down by the answer. No answer in time
   * means down; a broken probe connection is given one more try on a fresh one first (the server may have
   * dropped just that connection), within the same time budget.
   */
  function probe(): Promise<void> {
    probing ??= (async () => {
      lastProbeAt = performance.now();
      try {
        try {
          await ask(probeTimeoutMs);
        } catch (error) {
          const left = probeTimeoutMs - (performance.now() - lastProbeAt);
          if (error instanceof ProbeTimeout || left <= 0 || ended) throw error;
          await ask(left);
        }
        markUp();
      } catch (error) {
        markDown(error as Error);
      } finally {
        probing = undefined;
      }
    })();
    return probing;
  }

  /** A connection error or a slow query while up: probe now (one probe at a time, a few per second at most). */
  function suspect(_error: Error): void {
    if (!up || ended || probing) return;
    if (performance.now() - lastProbeAt < 250) return;
    void probe();
  }

  // Queries running too long make the database be probed: a stalled network gives no error of its own.
  const watchdog = setInterval(
    () => {
      if (!up || running.size === 0) return;
      const now = performance.now();
      for (const entry of running) {
        if (now - entry.startedAt >= probeAfterMs) {
          suspect(new Error('slow query'));
          return;
        }
      }
    },
    Math.max(20, Math.floor(probeAfterMs / 4)),
  );
  watchdog.unref();

  /** Runs `work`, failing at once if the database is marked down meanwhile. */
  function guarded<T>(work: Promise<T>): { promise: Promise<T>; entry: Running } {
    let fail: (error: Error) => void = () => undefined;
    const aborted = new Promise<never>((_, reject) => {
      fail = reject;
    });
    const entry: Running = { fail: (error) => fail(error), startedAt: performance.now() };
    running.add(entry);
    const promise = Promise.race([work, aborted]).finally(() => running.delete(entry));
    return { promise, entry };
  }

  function unavailable(error: unknown): Error {
    if (error instanceof ServiceUnavailableError) return error;
    if (!isServiceUnavailable(error)) return error as Error;
    suspect(error as Error);
    return new ServiceUnavailableError('database', { cause: error });
  }

  return {
    get up() {
      return up;
    },

    stats() {
      return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
    },

    async connect(): Promise<PostgresPoolClient> {
      if (!up) throw new ServiceUnavailableError('database');
      const checkout = pool.connect();
      let client: pg.PoolClient;
      try {
        client = await guarded(checkout).promise;
      } catch (error) {
        // Marked down while waiting: the connection, should it still come, goes straight back.
        checkout.then((late) => late.release(true)).catch(() => undefined);
        throw unavailable(error);
      }
      let broken: Error | undefined;
      return {
        async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
          if (broken) throw new ServiceUnavailableError('database', { cause: broken });
          try {
            const values = parameters as unknown[];
            // A registered hot statement runs under its name: parsed and planned once per connection.
            const name = statementName(sql);
            const query = name === undefined ? client.query(sql, values) : client.query({ name, text: sql, values });
            const result = await guarded(query).promise;
            return result as unknown as PostgresQueryResult<R>;
          } catch (error) {
            const mapped = unavailable(error);
            // The connection may still have this query on the wire: it is never used again.
            if (mapped instanceof ServiceUnavailableError) broken = mapped;
            throw mapped;
          }
        },
        release() {
          client.release(broken ?? undefined);
        },
      } as PostgresPoolClient;
    },

    async end(): Promise<void> {
      ended = true;
      clearInterval(watchdog);
      if (retryTimer) clearTimeout(retryTimer);
      await probing;
      discardProbeClient();
      await pool.end();
    },
  };
}
