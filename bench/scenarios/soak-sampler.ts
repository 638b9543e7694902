/**
 * The soak scenario's samples: what the server process holds and costs, read every few real seconds (several
 * simulated minutes) from its Prometheus port (prom-client's default Node.js metrics, whose event-loop delay
 * percentiles cover the time since the previous scrape), from /proc, from PostgreSQL and from the server's log.
 */
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { databaseUrl } from './bench-database';
import { cpuSeconds, residentMb } from './process-stats';

export interface SoakSample {
  /** Real seconds since the run started. */
  realS: number;
  /** Simulated hours since the event started. */
  hour: number;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  fds: number;
  /** Event-loop delay since the previous sample (prom-client's monitorEventLoopDelay), ms. */
  loopP99Ms: number;
  loopMaxMs: number;
  dbMb: number;
  logBytes: number;
  load1: number;
  /** Server CPU since the previous sample, share of one core (%). */
  serverCpu: number;
  signedIn: number;
  sockets: number;
  acknowledged: number;
  /** Submissions (POST to verdict) completed since the previous sample: how many and their p99, ms. */
  done: number;
  submitP99Ms: number;
}

export type SampleCounters = Pick<SoakSample, 'signedIn' | 'sockets' | 'acknowledged'> & {
  logBytes: number;
  window: number[];
};

/** One gauge's value from a Prometheus text exposition (first series of that name). */
export function gauge(text: string, name: string): number {
  const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+|NaN)$`, 'm').exec(text);
  return match ? Number(match[1]) : Number.NaN;
}

function percentile99(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? 0;
}

export class SoakSampler {
  readonly samples: SoakSample[] = [];
  private readonly db: pg.Client;
  private lastCpu: { at: number; seconds: number } | undefined;

  constructor(
    private readonly pid: number,
    private readonly metricsUrl: string,
    dbName: string,
    private readonly database: string,
  ) {
    this.db = new pg.Client({ connectionString: databaseUrl(dbName) });
  }

  async open(): Promise<void> {
    await this.db.connect();
  }

  async close(): Promise<void> {
    await this.db.end();
  }

  async databaseMb(): Promise<number> {
    const size = await this.db.query<{ bytes: string }>('select pg_database_size($1) as bytes', [this.database]);
    return Number(size.rows[0]?.bytes ?? 0) / 2 ** 20;
  }

  async sample(realS: number, hour: number, counters: SampleCounters): Promise<SoakSample> {
    const metrics = await fetch(this.metricsUrl).then(
      (response) => response.text(),
      () => '',
    );
    const now = performance.now();
    const cpu = cpuSeconds(this.pid);
    const serverCpu = this.lastCpu ? (100 * (cpu - this.lastCpu.seconds)) / ((now - this.lastCpu.at) / 1000) : 0;
    this.lastCpu = { at: now, seconds: cpu };
    const mb = (name: string) => gauge(metrics, name) / 2 ** 20;
    const sample: SoakSample = {
      realS,
      hour,
      // /proc's figure: the same as process_resident_memory_bytes, and there even if a scrape fails.
      rssMb: residentMb(this.pid),
      heapUsedMb: mb('nodejs_heap_size_used_bytes'),
      heapTotalMb: mb('nodejs_heap_size_total_bytes'),
      externalMb: mb('nodejs_external_memory_bytes'),
      fds: readdirSync(`/proc/${this.pid}/fd`).length,
      loopP99Ms: gauge(metrics, 'nodejs_eventloop_lag_p99_seconds') * 1000,
      loopMaxMs: gauge(metrics, 'nodejs_eventloop_lag_max_seconds') * 1000,
      dbMb: await this.databaseMb(),
      logBytes: counters.logBytes,
      load1: loadavg()[0] ?? 0,
      serverCpu,
      signedIn: counters.signedIn,
      sockets: counters.sockets,
      acknowledged: counters.acknowledged,
      done: counters.window.length,
      submitP99Ms: percentile99(counters.window),
    };
    this.samples.push(sample);
    return sample;
  }
}

/** Least-squares line through (x, y): slope and intercept. */
export function fitLine(points: Array<[number, number]>): { slope: number; intercept: number } {
  const n = points.length;
  if (n < 2) return { slope: 0, intercept: points[0]?.[1] ?? 0 };
  let sx = 0;
  let sy = 0;
  for (const [x, y] of points) {
    sx += x;
    sy += y;
  }
  const mx = sx / n;
  const my = sy / n;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  }
  const slope = sxx === 0 ? 0 : sxy / sxx;
  return { slope, intercept: my - slope * mx };
}

/** The samples as CSV, one line each, for the results folder. */
export function samplesCsv(samples: SoakSample[]): string {
  const first = samples[0];
  if (!first) return '';
  const keys = Object.keys(first) as Array<keyof SoakSample>;
  const lines = samples.map((sample) =>
    keys.map((key) => (Number.isInteger(sample[key]) ? sample[key] : sample[key].toFixed(3))).join(','),
  );
  return `${keys.join(',')}\n${lines.join('\n')}\n`;
}
