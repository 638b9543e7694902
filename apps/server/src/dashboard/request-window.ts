import type { RequestFigures } from '@flagpole/contract';

/** The request-duration histogram's bucket bounds (seconds), shared with the Prometheus histogram (lib/metrics.ts). */
export const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/**
 * Requests of this process since the last `take()`, counted in the Prometheus histogram's buckets, so the
 * dashboard's percentiles read like a `histogram_quantile` over the same series (an upper bucket bound, not an
 * exact value). Constant memory whatever the traffic.
 */
export function createRequestWindow() {
  let counts = new Array<number>(REQUEST_BUCKETS.length + 1).fill(0);
  let errors = 0;

  return {
    record(statusCode: number, milliseconds: number): void {
      const seconds = milliseconds / 1000;
      let index = REQUEST_BUCKETS.findIndex((bound) => seconds <= bound);
      if (index < 0) index = REQUEST_BUCKETS.length;
      counts[index] = (counts[index] ?? 0) + 1;
      if (statusCode >= 500) errors++;
    },
    /** The figures since the previous call; starts a new window. */
    take(): { buckets: number[]; errors: number } {
      const taken = { buckets: counts, errors };
      counts = new Array<number>(REQUEST_BUCKETS.length + 1).fill(0);
      errors = 0;
      return taken;
    },
  };
}
export type RequestWindow = ReturnType<typeof createRequestWindow>;

/** Read for the overflow bucket: twice the last bound. */
const OVERFLOW_SECONDS = 20;

/** The upper bound (ms) of the bucket holding quantile `q`; the overflow bucket reads as twice the last bound. */
function quantile(buckets: readonly number[], total: number, q: number): number | null {
  if (total === 0) return null;
  const rank = Math.ceil(q * total);
  let seen = 0;
  for (let i = 0; i < buckets.length; i++) {
    seen += buckets[i] ?? 0;
    if (seen >= rank) return (REQUEST_BUCKETS[i] ?? OVERFLOW_SECONDS) * 1000;
  }
  return null;
}

/** Error rate and percentiles of bucket counts (one process's, or several added together). */
export function requestFigures(buckets: readonly number[], errors: number): RequestFigures {
  const requests = buckets.reduce((sum, count) => sum + count, 0);
  return {
    requests,
    errors,
    errorRate: requests === 0 ? 0 : errors / requests,
    p50: quantile(buckets, requests, 0.5),
    p95: quantile(buckets, requests, 0.95),
    p99: quantile(buckets, requests, 0.99),
  };
}

/** Bucket counts of several processes added together. */
export function addBuckets(lists: readonly (readonly number[])[]): number[] {
  const sum = new Array<number>(REQUEST_BUCKETS.length + 1).fill(0);
  for (const list of lists) for (let i = 0; i < sum.length; i++) sum[i] = (sum[i] ?? 0) + (list[i] ?? 0);
  return sum;
}
