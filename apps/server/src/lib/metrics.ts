import { REQUEST_BUCKETS } from '../dashboard/request-window';
/** Values read when Prometheus scrapes, from the modules that own them. */
export interface MetricSources {
  /** Submissions this process has queued or is judging. */
  judgeQueueLocal(): number;
  /**
   * Open live connections of this process by kind: live game channels, the admin live log, proxy sessions,
   * and the SignalR hubs' connections (websockets and event streams).
   */
  liveConnections(): { game: number; adminLog: number; proxy: number; hub: number };
  /** Instance starts of this process waiting for a slot, and running. */
  startQueue(): { waiting: number; starting: number };
  /**
   * HTTP connections of the API listener now open, and connections refused so far by reason (over the per-address
   * cap, over the total cap, the forwarded address's requests over its cap behind a proxy; the metrics listener's own).
   */
  connections(): { open: number; refused: Record<string, number>; metricsListenerRefused?: number };
  /** Database connections of this process (absent for the embedded database). */
  databasePool(): { total: number; idle: number; waiting: number } | undefined;
  /**
   * Figures of the whole platform read from the database: unjudged submissions and the age of the oldest,
   * live instances by status. Null when the database did not answer in time (the gauges keep their values).
   */
  platform(): Promise<PlatformFigures | null>;
}

export interface PlatformFigures {
  unjudged: number;
  oldestUnjudgedSeconds: number;
  instances: { Pending: number; Running: number };
}

/** Where the playing side reports what it did (no-ops when metrics are off). */
export interface PlayObserver {
  verdict(status: string): void;
  scoreboardBuilt(milliseconds: number): void;
}

/** Live-connection refusals and timeouts, by channel (the live channels' observer: live-admission.ts). */
export interface LiveMetrics {
  refused(channel: string, reason: string): void;
  timedOut(channel: string, reason: string): void;
}

/**
 * The Prometheus instruments of one app. Off (no registry, no-op observers) unless metrics are served, so
 * apps that are not scraped (tests, most development runs, `npm start`) carry no cost: the Prometheus client
 * is not even loaded.
 */
export async function createMetrics(options: { enabled: boolean }) {
  if (!options.enabled) {
    const noop: PlayObserver = { verdict: () => undefined, scoreboardBuilt: () => undefined };
    const live: LiveMetrics = { refused: () => undefined, timedOut: () => undefined };
    return { enabled: false as const, play: noop, live };
  }
  const { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } = await import('prom-client');
  const registry = new Registry();
  // Process figures, event-loop lag and delay percentiles among them (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  let sources: MetricSources | undefined;

  const requestDuration = new Histogram({
    name: 'flagpole_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status, from arrival to the last byte handed to the socket.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [...REQUEST_BUCKETS],
    registers: [registry],
  });
  const submissions = new Counter({
    name: 'flagpole_submissions_total',
    help: 'Flag submissions judged by this process, by verdict.',
    labelNames: ['verdict'],
    registers: [registry],
  });
  const scoreboardBuild = new Histogram({
    name: 'flagpole_scoreboard_rebuild_seconds',
    help: 'Time to rebuild one game scoreboard (read or merge, compute, serialise, compress) in this process.',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  new Gauge({
    name: 'flagpole_judge_queue_depth',
    help: 'Submissions this process has queued for judging or is judging.',
    registers: [registry],
    collect() {
      if (sources) this.set(sources.judgeQueueLocal());
    },
  });
  new Gauge({
    name: 'flagpole_live_connections',
    help: 'Open live connections of this process (websockets, hub event streams), by kind.',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      if (!sources) return;
      const open = sources.liveConnections();
      this.set({ kind: 'game' }, open.game);
      this.set({ kind: 'admin_log' }, open.adminLog);
      this.set({ kind: 'proxy' }, open.proxy);
      this.set({ kind: 'hub' }, open.hub);
    },
  });
  const liveRefused = new Counter({
    name: 'flagpole_live_connections_refused_total',
    help: 'Live connections refused because a cap was reached, by channel and cap (address, user, total).',
    labelNames: ['channel', 'cap'],
    registers: [registry],
  });
  const liveTimedOut = new Counter({
    name: 'flagpole_live_connections_timed_out_total',
    help: 'Live connections the server closed for silence (idle) or a SignalR handshake that never came.',
    labelNames: ['channel', 'reason'],
    registers: [registry],
  });
  new Gauge({
    name: 'flagpole_http_connections_open',
    help: 'HTTP connections open on the API listener of this process (websockets included).',
    registers: [registry],
    collect() {
      if (sources) this.set(sources.connections().open);
    },
  });
  new Counter({
    name: 'flagpole_http_connections_refused_total',
    help: 'Connections closed as they arrived (or requests refused behind a proxy) because a connection cap was reached, by listener and reason.',
    labelNames: ['listener', 'reason'],
    registers: [registry],
    collect() {
      if (!sources) return;
      const { refused, metricsListenerRefused } = sources.connections();
      this.reset();
      for (const [reason, count] of Object.entries(refused)) this.inc({ listener: 'api', reason }, count);
      if (metricsListenerRefused !== undefined)
        this.inc({ listener: 'metrics', reason: 'total' }, metricsListenerRefused);
    },
  });
  new Gauge({
    name: 'flagpole_instance_start_queue_length',
    help: 'Container instance starts of this process waiting for a start slot.',
    registers: [registry],
    collect() {
      if (sources) this.set(sources.startQueue().waiting);
    },
  });
  new Gauge({
    name: 'flagpole_instance_starts_in_progress',
    help: 'Container instance starts of this process running on the engine now.',
    registers: [registry],
    collect() {
      if (sources) this.set(sources.startQueue().starting);
    },
  });
  new Gauge({
    name: 'flagpole_db_pool_connections',
    help: 'Database connections of this process: open (total) and idle.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = sources?.databasePool();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
    },
  });
  new Gauge({
    name: 'flagpole_db_pool_waiting_requests',
    help: 'Queries of this process waiting for a free database connection.',
    registers: [registry],
    collect() {
      const pool = sources?.databasePool();
      if (pool) this.set(pool.waiting);
    },
  });

  // The figures of the whole platform come from one read per scrape, shared by their gauges.
  const unjudged = new Gauge({
    name: 'flagpole_submissions_unjudged',
    help: 'Submissions of the whole platform still waiting for a verdict.',
    registers: [registry],
  });
  const oldestUnjudged = new Gauge({
    name: 'flagpole_judge_queue_oldest_seconds',
    help: 'Age of the oldest submission of the whole platform still waiting for a verdict (0 when none).',
    registers: [registry],
  });
  const instances = new Gauge({
    name: 'flagpole_instances',
    help: 'Live container instances of the whole platform, by status.',
    labelNames: ['status'],
    registers: [registry],
  });

  return {
    enabled: true as const,
    registry,
    play: {
      verdict: (status: string) => submissions.inc({ verdict: status }),
      scoreboardBuilt: (milliseconds: number) => scoreboardBuild.observe(milliseconds / 1000),
    } satisfies PlayObserver,
    live: {
      refused: (channel: string, cap: string) => liveRefused.inc({ channel, cap }),
      timedOut: (channel: string, reason: string) => liveTimedOut.inc({ channel, reason }),
    } satisfies LiveMetrics,
    requestFinished(method: string, route: string, statusCode: number, milliseconds: number): void {
      requestDuration.observe({ method, route, status_code: String(statusCode) }, milliseconds / 1000);
    },
    setSources(value: MetricSources): void {
      sources = value;
    },
    /** The exposition text (and its content type) for one scrape. */
    async scrape(): Promise<{ body: string; contentType: string }> {
      const figures = await sources?.platform();
      if (figures) {
        unjudged.set(figures.unjudged);
        oldestUnjudged.set(figures.oldestUnjudgedSeconds);
        instances.set({ status: 'Pending' }, figures.instances.Pending);
        instances.set({ status: 'Running' }, figures.instances.Running);
      }
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}
export type Metrics = Awaited<ReturnType<typeof createMetrics>>;
