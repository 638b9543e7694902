import { createHash, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Config } from './config';
import { type Db, databasePoolStats } from './db/database';
import { listenerOptions, listenerTimeouts } from './http/connection-guard';
import { AppError } from './http/errors';
import type { Clock } from './lib/clock';
import type { MetricSources, Metrics, PlatformFigures } from './lib/metrics';
import { singleFlight, withinTime } from './lib/time-limit';

/** Open connections of the metrics listener (a scraper or two, and an operator's curl). */
const METRICS_LISTENER_CONNECTIONS = 64;

/** A scrape waits at most this long for the database figures; it then reports the others. */
const PLATFORM_READ_MS = 1000;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${token}`));
}

/** Unjudged submissions and live instances of the whole platform, in one short read. */
function platformReader(db: Db, clock: Clock): () => Promise<PlatformFigures | null> {
  const read = singleFlight(async (): Promise<PlatformFigures> => {
    const [queue, instances] = await Promise.all([
      sql<{ depth: number; oldest: Date | null }>`
        select count(*)::int as depth, min(submitted_at) as oldest from submissions where status = 'FlagSubmitted'
      `.execute(db),
      sql<{ status: 'Pending' | 'Running'; count: number }>`
        select status, count(*)::int as count from container_instances where status <> 'Destroyed' group by status
      `.execute(db),
    ]);
    const row = queue.rows[0];
    const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
    const byStatus = { Pending: 0, Running: 0 };
    for (const item of instances.rows) byStatus[item.status] = Number(item.count);
    return {
      unjudged: Number(row?.depth ?? 0),
      oldestUnjudgedSeconds: oldest === null ? 0 : Math.max(0, (clock.now().getTime() - oldest) / 1000),
      instances: byStatus,
    };
  });
  return () => withinTime(read(), PLATFORM_READ_MS).catch(() => null);
}

/**
 * Prometheus metrics (`/metrics`, text exposition format), served when configured: on their own port
 * (METRICS_PORT, no authentication, for a port kept off the public network) and/or on the main port for
 * `Authorization: Bearer <METRICS_TOKEN>`. Request durations are recorded by route pattern (never the raw
 * path, so the number of series stays bounded).
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    clock: Clock;
    metrics: Metrics;
    sources: Omit<MetricSources, 'platform' | 'databasePool'>;
  },
): void {
  const { config, metrics } = deps;
  if (!metrics.enabled) return;
  let metricsListenerRefused = 0;
  metrics.setSources({
    ...deps.sources,
    connections: () => ({ ...deps.sources.connections(), metricsListenerRefused }),
    databasePool: () => databasePoolStats(deps.db),
    platform: platformReader(deps.db, deps.clock),
  });

  app.addHook('onResponse', async (request, reply) => {
    metrics.requestFinished(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime,
    );
  });

  const token = config.METRICS_TOKEN;
  if (token) {
    // No declared access: this route has its own credential, which is not an API token.
    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        throw new AppError(401, 'error.invalidApiToken', undefined, 401, {
          'www-authenticate': 'Bearer realm="metrics"',
        });
      }
      const { body, contentType } = await metrics.scrape();
      return reply.type(contentType).header('cache-control', 'no-store').send(body);
    });
  }

  const port = config.METRICS_PORT;
  if (port !== undefined) {
    let server: Server | undefined;
    app.addHook('onListen', async () => {
      // The same timeouts as the API listener, and a small cap of its own: a private port still meets strays.
      const { http: timeouts, keepAliveTimeout } = listenerOptions(listenerTimeouts(config));
      server = createServer(timeouts, (request, response) => {
        if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
          response
            .writeHead(404, { 'content-type': 'text/plain' })
            .end('Not found: only GET /metrics is served here\n');
          return;
        }
        metrics.scrape().then(
          ({ body, contentType }) => response.writeHead(200, { 'content-type': contentType }).end(body),
          (error: unknown) => {
            app.log.error({ err: error }, 'metrics scrape failed');
            response.writeHead(500, { 'content-type': 'text/plain' }).end('scrape failed\n');
          },
        );
      });
      server.keepAliveTimeout = keepAliveTimeout;
      server.maxConnections = METRICS_LISTENER_CONNECTIONS;
      server.on('drop', () => {
        metricsListenerRefused++;
      });
      server.listen(port, config.HOST);
      await once(server, 'listening');
      app.log.info({ port }, 'metrics served on their own port');
    });
    app.addHook('onClose', async () => {
      if (!server?.listening) return;
      server.close();
      server.closeAllConnections();
      await once(server, 'close');
    });
  }
}
