// @ts-check
// `flagpole rehearse`: option checking, the run, and the report written to disk.
import { writeFileSync } from 'node:fs';
import { resolveCredentials } from '../credentials.js';
import { ApiError, createClient } from '../remote.js';
import { renderReport } from './report.js';
import { rehearse } from './run.js';
import { summarizeEndpoints, timeline } from './stats.js';
import { decideFor } from './verdict.js';

/** @param {unknown} value @param {string} name @param {{ min: number, max: number, integer?: boolean }} range */
function numberOption(value, name, range) {
  const n = Number(value);
  if (
    value === undefined ||
    !Number.isFinite(n) ||
    n < range.min ||
    n > range.max ||
    (range.integer && !Number.isInteger(n))
  ) {
    throw new Error(`--${name} must be a ${range.integer ? 'whole ' : ''}number from ${range.min} to ${range.max}`);
  }
  return n;
}

/** @param {Record<string, any>} values @param {(line: string) => void} log @returns {Promise<number>} */
export async function runRehearse(values, log) {
  const credentials = resolveCredentials(values);
  if (!values.report) throw new Error('--report FILE.html is required');
  const teams = numberOption(values.teams, 'teams', { min: 1, max: 10000, integer: true });
  const options = {
    ...credentials,
    game: numberOption(values.game, 'game', { min: 1, max: 2 ** 31 - 1, integer: true }),
    teams,
    minutes: numberOption(values.minutes, 'minutes', { min: 0, max: 600 }),
    rampSeconds: numberOption(values.ramp ?? 60, 'ramp', { min: 0, max: 3600 }),
    thinkSeconds: numberOption(values.think ?? 2, 'think', { min: 0.1, max: 60 }),
    metricsToken: values['metrics-token'] ?? process.env.FLAGPOLE_METRICS_TOKEN ?? null,
    log,
  };
  const planned = numberOption(values.planned ?? teams, 'planned', { min: 1, max: 1000000, integer: true });
  const interrupted = new AbortController();
  const onSignal = () => {
    log('interrupted: stopping the players and removing the run');
    interrupted.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const startedAt = new Date().toISOString();
  let result;
  try {
    result = await rehearse(options, createClient(credentials), interrupted.signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 403 && error.title) throw new Error(`refused: ${error.title}`);
    throw error;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  const endpoints = summarizeEndpoints(result.recorder.calls, result.seconds);
  const calls = result.recorder.calls.length;
  const slowest = endpoints.filter((e) => !e.endpoint.startsWith('WS ')).sort((a, b) => b.p95 - a.p95)[0];
  const verdict = decideFor(
    {
      teamsPlanned: teams,
      teamsReached: result.joinedTeams,
      rampSeconds: options.rampSeconds,
      calls,
      errors: endpoints.reduce((sum, e) => sum + e.errors, 0),
      slowestP95Ms: slowest?.p95 ?? 0,
      slowestEndpoint: slowest?.endpoint ?? null,
      samples: result.samples,
    },
    planned,
  );
  const html = renderReport({
    url: credentials.url,
    game: options.game,
    teams,
    planned,
    minutes: options.minutes,
    rampSeconds: options.rampSeconds,
    runId: result.run.id,
    startedAt,
    seconds: result.seconds,
    joinedTeams: result.joinedTeams,
    failures: result.failures,
    notes: result.notes,
    endpoints,
    timeline: timeline(result.recorder.calls, result.start, Math.max(1000, Math.round(result.seconds * 25))),
    samples: result.samples,
    verdict,
  });
  writeFileSync(values.report, html);
  for (const failure of result.failures.slice(0, 5)) log(`failed: ${failure}`);
  log(`${calls} requests, ${result.joinedTeams}/${teams} teams in; report written to ${values.report}`);
  if (values.json)
    process.stdout.write(`${JSON.stringify({ runId: result.run.id, report: values.report, verdict })}\n`);
  else process.stdout.write(`${verdict.sentence}\n`);
  return result.interrupted ? 1 : 0;
}
