// @ts-check
// Reads the server's Prometheus text (/metrics) into the few figures a rehearsal watches for saturation.

/**
 * @typedef {{ t: number, teams: number, cpu: number | null, eventLoopP99: number | null, dbPoolWaiting: number | null,
 *   judgeBacklog: number | null, instanceQueue: number | null, liveConnections: number | null,
 *   liveRefused: number | null, startsPerMinute?: number | null }} Sample
 * `cpu` is the server process's CPU use since the previous sample, in cores (1 = one core busy).
 * `startsPerMinute` is the rate of instance starts the players got since the previous sample (counted by the
 * command: the server exports the queue, not a start counter).
 */

/**
 * Sums every series of each metric (labels dropped), e.g. the live connections of all games.
 * @param {string} text @returns {Map<string, number>}
 */
export function parsePrometheus(text) {
  /** @type {Map<string, number>} */
  const totals = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const value = Number(match[3]);
    if (!Number.isFinite(value)) continue;
    const name = /** @type {string} */ (match[1]);
    totals.set(name, (totals.get(name) ?? 0) + value);
  }
  return totals;
}

/** @param {Map<string, number>} figures @param {string} name */
const figure = (figures, name) => figures.get(name) ?? null;

/**
 * One sample from a scrape, with CPU derived from the previous scrape's counter.
 * @param {Map<string, number>} figures @param {{ t: number, teams: number, starts?: number }} at
 * @param {{ t: number, cpuSeconds: number | null, starts?: number } | null} previous
 * @returns {{ sample: Sample, cpuSeconds: number | null }}
 */
export function sampleFrom(figures, at, previous) {
  const cpuSeconds = figure(figures, 'process_cpu_seconds_total');
  const elapsed = previous ? at.t - previous.t : 0;
  const cpu =
    previous && previous.cpuSeconds !== null && cpuSeconds !== null && elapsed > 0
      ? Math.max(0, (cpuSeconds - previous.cpuSeconds) / elapsed)
      : null;
  const startsPerMinute =
    previous?.starts !== undefined && at.starts !== undefined && elapsed > 0
      ? ((at.starts - previous.starts) / elapsed) * 60
      : null;
  return {
    cpuSeconds,
    sample: {
      t: at.t,
      teams: at.teams,
      cpu,
      eventLoopP99: figure(figures, 'nodejs_eventloop_lag_p99_seconds'),
      dbPoolWaiting: figure(figures, 'flagpole_db_pool_waiting_requests'),
      judgeBacklog: figure(figures, 'flagpole_judge_queue_depth'),
      instanceQueue: figure(figures, 'flagpole_instance_start_queue_length'),
      liveConnections: figure(figures, 'flagpole_live_connections'),
      liveRefused: figure(figures, 'flagpole_live_connections_refused_total'),
      startsPerMinute,
    },
  };
}
