// @ts-check
// What the rehearsal measured: every call's endpoint (the route pattern, never the raw path), latency and outcome,
// and the resource samples read from the server's /metrics. Pure: the clock is passed in.

/**
 * @typedef {{ endpoint: string, at: number, ms: number, status: number, expected?: boolean }} Call
 * `expected`: a refusal the rehearsal asked for (the signed-out profile read that fetches the XSRF cookie).
 * @typedef {{ endpoint: string, count: number, errors: number, perSecond: number, p50: number, p95: number,
 *   p99: number, max: number }} EndpointSummary
 */

/** The q-quantile (0..1) of sorted numbers, nearest rank; 0 for none. @param {number[]} sorted @param {number} q */
export function quantile(sorted, q) {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return /** @type {number} */ (sorted[rank]);
}

/** A failed call: no answer (status 0), a server error, or a refusal the rehearsal did not expect. @param {Call} call */
export const isError = (call) => !call.expected && (call.status === 0 || call.status >= 400);

export function createRecorder() {
  /** @type {Call[]} */
  const calls = [];
  return {
    calls,
    /** @param {string} endpoint @param {number} at @param {number} ms @param {number} status @param {boolean} [expected] */
    record(endpoint, at, ms, status, expected = false) {
      calls.push(expected ? { endpoint, at, ms, status, expected } : { endpoint, at, ms, status });
    },
  };
}
/** @typedef {ReturnType<typeof createRecorder>} Recorder */

/** Per endpoint, busiest first. @param {Call[]} calls @param {number} seconds the run's length */
export function summarizeEndpoints(calls, seconds) {
  /** @type {Map<string, Call[]>} */
  const groups = new Map();
  for (const call of calls) {
    const group = groups.get(call.endpoint) ?? [];
    group.push(call);
    groups.set(call.endpoint, group);
  }
  /** @type {EndpointSummary[]} */
  const rows = [];
  for (const [endpoint, group] of groups) {
    const sorted = group.map((call) => call.ms).sort((a, b) => a - b);
    rows.push({
      endpoint,
      count: group.length,
      errors: group.filter(isError).length,
      perSecond: group.length / Math.max(1, seconds),
      p50: quantile(sorted, 0.5),
      p95: quantile(sorted, 0.95),
      p99: quantile(sorted, 0.99),
      max: sorted[sorted.length - 1] ?? 0,
    });
  }
  return rows.sort((a, b) => b.count - a.count || a.endpoint.localeCompare(b.endpoint));
}

/**
 * Calls per time bucket: requests per second, errors and the 95th percentile latency, from `start` on.
 * @param {Call[]} calls @param {number} start @param {number} bucketMs
 * @returns {{ t: number, perSecond: number, errors: number, p95: number }[]}
 */
export function timeline(calls, start, bucketMs) {
  /** @type {Call[][]} */
  const buckets = [];
  for (const call of calls) {
    const index = Math.max(0, Math.floor((call.at - start) / bucketMs));
    for (let i = buckets.length; i <= index; i++) buckets.push([]);
    /** @type {Call[]} */ (buckets[index]).push(call);
  }
  return buckets.map((bucket, index) => ({
    t: (index * bucketMs) / 1000,
    perSecond: bucket.length / (bucketMs / 1000),
    errors: bucket.filter(isError).length,
    p95: quantile(
      bucket.map((call) => call.ms).sort((a, b) => a - b),
      0.95,
    ),
  }));
}
