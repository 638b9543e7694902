/**
 * The soak run's figures and verdicts: least-squares trends after warm-up (growth per simulated hour as a share of
 * the window's mean; the issue's bound is 1 %), event-loop p99 by quarter, log bytes per 1,000 players, database
 * bytes per submission, and the nothing-lost check; written as a section at the top of bench/results/soak.md, with
 * the plot (soak.png) and the samples (soak-samples.csv) beside it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Calibration, describeCalibration } from './calibration';
import { describeHttpCalibration, type HttpCalibration } from './http-calibration';
import type { LostCheck } from './soak-check';
import type { InstanceCounts } from './soak-instances';
import { writeSoakPlot } from './soak-plot';
import type { PopulationCounts } from './soak-population';
import { fitLine, type SoakSample, samplesCsv } from './soak-sampler';
import type { SoakSchedule } from './soak-schedule';
import { SOAK_PLAYERS, SOAK_TEAMS } from './soak-seed';
import type { TrafficCounts } from './soak-traffic';

export interface SoakRun {
  outDir: string;
  write: boolean;
  calibration: Calibration;
  httpExchange: HttpCalibration;
  nodeArgs: string[];
  serverEnv: Record<string, string>;
  schedule: SoakSchedule;
  docker: boolean;
  /** Container instance counts; null without Docker. */
  instances: InstanceCounts | null;
  samples: SoakSample[];
  population: PopulationCounts;
  traffic: TrafficCounts;
  lost: LostCheck;
  dbAfterSeedMb: number;
  dbEndMb: number;
  /** Server stdout bytes once it answered /healthz, and at the end. */
  logAfterStart: number;
  logEnd: number;
}

/** Growth bound of the trend criteria: % of the window's mean per simulated hour. */
const GROWTH_BOUND = 1;

export interface Trend {
  name: string;
  unit: string;
  mean: number;
  slope: number;
  intercept: number;
  /** Slope as a share of the mean, % per simulated hour. */
  growth: number;
  first: number;
  last: number;
}

function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export function trend(name: string, unit: string, window: SoakSample[], value: (s: SoakSample) => number): Trend {
  const points = window.map((s) => [s.hour, value(s)] as [number, number]).filter(([, y]) => Number.isFinite(y));
  const { slope, intercept } = fitLine(points);
  const mean = points.reduce((sum, [, y]) => sum + y, 0) / Math.max(1, points.length);
  const quarter = Math.max(1, Math.floor(points.length / 4));
  return {
    name,
    unit,
    mean,
    slope,
    intercept,
    growth: mean === 0 ? 0 : (100 * slope) / mean,
    first: median(points.slice(0, quarter).map(([, y]) => y)),
    last: median(points.slice(-quarter).map(([, y]) => y)),
  };
}

const pass = (ok: boolean) => (ok ? '**pass**' : '**miss**');
const n = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function mapText(map: Map<string | number, number> | Record<string, number>): string {
  const entries = map instanceof Map ? [...map.entries()] : Object.entries(map);
  return entries.length ? entries.map(([key, count]) => `${key} ${n(count)}`).join(', ') : 'none';
}

/** Log lines by message, most bytes first: what the server writes at LOG_LEVEL=info. */
function logMessages(file: string): string {
  if (!existsSync(file)) return 'no log file';
  const byMessage = new Map<string, { lines: number; bytes: number }>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    let message = 'unparsed';
    try {
      const parsed = JSON.parse(line) as { msg?: string; level?: number | string };
      message = `${parsed.level ?? '?'} "${(parsed.msg ?? '').slice(0, 60)}"`;
    } catch {
      // not JSON: counted as unparsed
    }
    const entry = byMessage.get(message) ?? { lines: 0, bytes: 0 };
    entry.lines += 1;
    entry.bytes += line.length + 1;
    byMessage.set(message, entry);
  }
  return [...byMessage.entries()]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, 6)
    .map(([message, { lines, bytes }]) => `${message}: ${n(lines)} lines, ${n(bytes)} B`)
    .join('; ');
}

function instanceRows(counts: InstanceCounts | null): string {
  if (!counts) return '';
  return `| instance starts asked / started / refused (status) | ${n(counts.startsAsked)} / ${n(counts.started)} / ${mapText(counts.refused)} |
| started instances that answered with their flag / did not | ${n(counts.reached)} / ${n(counts.unreachable)} |
| instances destroyed by players / failed destroys (status; 0: signed out meanwhile); slowest start | ${n(counts.destroyed)} / ${mapText(counts.destroyFailures)}; ${n(counts.slowestStartMs)} ms |
| platform containers left at the end / after the last lifetime and 3 reaper rounds | ${n(counts.leftAtEnd)} / ${n(counts.leftAfterExpiry)} |
`;
}

export async function writeSoakResults(run: SoakRun): Promise<string[]> {
  const { schedule, samples, lost, traffic, population } = run;
  const window = samples.filter((s) => s.hour >= schedule.warmUpHours);
  const rss = trend('RSS', 'MB', window, (s) => s.rssMb);
  const heap = trend('heap used', 'MB', window, (s) => s.heapUsedMb);
  const fds = trend('open descriptors', '', window, (s) => s.fds);
  const otherFds = trend('descriptors other than live sockets', '', window, (s) => s.fds - s.sockets);
  const loop = trend('event-loop delay p99', 'ms', window, (s) => s.loopP99Ms);
  const trendRows = [rss, heap, fds, otherFds].map(
    (t) =>
      `| ${t.name} | ${n(t.first, 1)} → ${n(t.last, 1)} ${t.unit} | ${n(t.slope, 3)} ${t.unit}/h | ${n(t.growth, 3)} % | ${pass(t.growth < GROWTH_BOUND)} |`,
  );
  const loopFlat = loop.growth < GROWTH_BOUND && loop.last <= loop.first * 1.25 + 2;
  const logRun = run.logEnd - run.logAfterStart;
  const logTrend = trend('log', 'B', window, (s) => s.logBytes);
  const logPerKiloPlayerHour = logTrend.slope / (SOAK_PLAYERS / 1000);
  // Bounded: the second half of the window writes no faster than the first (log volume follows the load, which
  // the schedule makes symmetric about the window's middle).
  const half = Math.floor(window.length / 2);
  const rate = (part: SoakSample[]) =>
    part.length < 2
      ? 0
      : ((part.at(-1)?.logBytes ?? 0) - (part[0]?.logBytes ?? 0)) /
        ((part.at(-1)?.hour ?? 0) - (part[0]?.hour ?? 0) || 1);
  const [firstLogRate, secondLogRate] = [rate(window.slice(0, half + 1)), rate(window.slice(half))];
  const logBounded = secondLogRate <= firstLogRate * 1.25 + 1000;
  const dbBytes = (run.dbEndMb - run.dbAfterSeedMb) * 2 ** 20;
  const dbPerSubmission = lost.acknowledged ? dbBytes / lost.acknowledged : 0;
  const dbFit = fitLine(window.map((s) => [s.acknowledged, s.dbMb * 2 ** 20]));
  const nothingLost =
    lost.missing === 0 &&
    lost.unjudged === 0 &&
    lost.acceptedTold === lost.solves &&
    (lost.storedVerdicts.Accepted ?? 0) === lost.solves;
  const loads = samples.map((s) => s.load1);
  const realMinutes = schedule.realMs / 60_000;
  const at = run.calibration.at;

  const section = `## Run of ${at} (written by \`soak.ts --write\`)

${describeCalibration(run.calibration)}; ${describeHttpCalibration(run.httpExchange)}.
Machine load while it ran (1-minute load average, sampled with the figures): median ${n(median(loads), 1)}, max ${n(Math.max(...loads), 1)} on 2 cores.
Server: the built \`apps/server/dist/main.js\`, \`node ${run.nodeArgs.join(' ')}\`, local PostgreSQL and Redis, rate limits off, environment ${Object.entries(
    run.serverEnv,
  )
    .map(([k, v]) => `\`${k}=${v}\``)
    .join(', ')}; the load generator beside it on loopback.

**Schedule**: ${schedule.eventHours} simulated hours in ${n(realMinutes, 1)} min real (1 simulated hour = ${n(schedule.realMs / 1000 / schedule.eventHours, 1)} s), ${SOAK_PLAYERS} players in ${SOAK_TEAMS} teams, 50 challenges (half decaying), sampled every ${schedule.sampleMs / 1000} s real (${n((schedule.sampleMs / schedule.realMs) * schedule.eventHours * 60, 1)} simulated minutes), ${samples.length} samples; warm-up ${schedule.warmUpHours} h left out of the fits. Players signed in follow the day (45–85 %; 5 %/h of them sign out and others in, 20 %/h of tabs reload); reconnect storms (every live socket dropped, all reconnecting at once) at ${schedule.stormHours.join(', ')} h. Container instances: ${run.instances ? "one start asked every 3 s by a signed-in player (the team's instance of one dynamic-container challenge: a busybox image answering with the team's flag on its published port), a third destroyed by the player 11–31 s later, the rest left to expire (policy lifetime 1 min, reaper every 5 s)" : 'not run: no Docker daemon on this machine (`/var/run/docker.sock` absent)'}.

| what happened | count |
|---|---|
| submissions sent / acknowledged (target ${n(schedule.submissions)}) | ${n(traffic.sent)} / ${n(traffic.acknowledged)} (correct flags sent ${n(traffic.correctSent)}) |
| verdicts told | ${mapText(traffic.verdicts)} |
| refused submissions (status) / no answer | ${mapText(traffic.refused)} / ${n(traffic.errors)} |
| reads (board, challenge, details, notices) / failed | ${n(traffic.reads)} / ${n(traffic.readFailures)} |
| sign-ins / sign-outs / failed sign-ins | ${n(population.signIns)} / ${n(population.signOuts)} / ${n(population.signInFailures)} |
| live sockets opened / failed to open / closed by the server (code) | ${n(population.socketsOpened)} / ${n(population.socketOpenFailures)} / ${mapText(population.serverCloses)} |
| live messages received / bytes | ${n(population.liveMessages)} / ${n(population.liveBytes)} |
| storms / slowest full reconnect | ${population.storms} / ${n(population.slowestStormMs)} ms |
${instanceRows(run.instances)}| admin rounds / failed admin calls / notices posted | ${traffic.adminRounds} / ${traffic.adminFailures} / ${traffic.notices} |

![soak samples](soak.png)

| trend after warm-up (least squares, per simulated hour) | first → last quarter (median) | slope | growth | < ${GROWTH_BOUND} %/h |
|---|---|---|---|---|
${trendRows.join('\n')}
| event-loop delay p99 (flat: growth < 1 %/h, last quarter ≤ 1.25 × first + 2 ms) | ${n(loop.first, 1)} → ${n(loop.last, 1)} ms | ${n(loop.slope, 3)} ms/h | ${n(loop.growth, 3)} % | ${pass(loopFlat)} |

- **Nothing lost**: ${pass(nothingLost)} — ${n(lost.acknowledged)} acknowledged ids, ${n(lost.missing)} without a row; ${n(lost.stored)} rows stored (${mapText(lost.storedVerdicts)}), ${n(lost.unjudged)} left unjudged; Accepted told ${n(lost.acceptedTold)}, solves stored ${n(lost.solves)}.
- **Log volume** (stdout at \`LOG_LEVEL=info\`): ${n(logRun)} B over the run after start-up; ${n(logTrend.slope)} B per simulated hour after warm-up, **${n(logPerKiloPlayerHour)} B per 1,000 players per simulated hour** (${n((logPerKiloPlayerHour * schedule.eventHours) / 1024, 1)} KiB per 1,000 players over 48 h); first half of the window ${n(firstLogRate)} B/h, second half ${n(secondLogRate)} B/h: bounded ${pass(logBounded)}. Largest messages: ${logMessages('/tmp/flagpole-soak/server.log')}.
- **Database growth**: ${n(run.dbAfterSeedMb, 1)} MB after seeding → ${n(run.dbEndMb, 1)} MB at the end, **${n(dbPerSubmission)} B per acknowledged submission** overall (${n(dbFit.slope)} B per submission by least squares after warm-up; rows, indexes, solves, notices and stored logs together).
`;
  const files: string[] = [];
  const plot = path.join(run.outDir, 'soak.png');
  await writeSoakPlot(
    plot,
    `Soak: ${schedule.eventHours} simulated hours in ${n(realMinutes, 1)} min, ${SOAK_PLAYERS} players, ${n(traffic.acknowledged)} submissions (${at})`,
    [
      { title: 'Server RSS (MB)', series: [{ label: 'RSS', color: '#1f77b4', values: (s) => s.rssMb }], fit: rss },
      {
        title: 'V8 heap (MB)',
        series: [
          { label: 'used', color: '#2ca02c', values: (s) => s.heapUsedMb },
          { label: 'total', color: '#98df8a', values: (s) => s.heapTotalMb },
        ],
        fit: heap,
      },
      {
        title: 'Open descriptors',
        series: [
          { label: 'all', color: '#9467bd', values: (s) => s.fds },
          { label: 'minus live sockets', color: '#8c564b', values: (s) => s.fds - s.sockets },
        ],
        fit: fds,
      },
      {
        title: 'Event-loop delay p99 (ms)',
        series: [
          { label: 'loop p99', color: '#ff7f0e', values: (s) => s.loopP99Ms },
          { label: 'submission p99 (client)', color: '#bcbd22', values: (s) => s.submitP99Ms },
        ],
        fit: loop,
      },
      { title: 'Database size (MB)', series: [{ label: 'pg_database_size', color: '#17becf', values: (s) => s.dbMb }] },
      {
        title: 'Server log, stdout (KiB)',
        series: [{ label: 'LOG_LEVEL=info', color: '#7f7f7f', values: (s) => s.logBytes / 1024 }],
      },
      {
        title: 'Players signed in, live sockets',
        series: [
          { label: 'signed in', color: '#e377c2', values: (s) => s.signedIn },
          { label: 'sockets', color: '#1f77b4', values: (s) => s.sockets },
        ],
      },
      {
        title: 'Machine load (1-min avg) and server CPU (cores)',
        series: [
          { label: 'load avg', color: '#d62728', values: (s) => s.load1 },
          { label: 'server CPU', color: '#2ca02c', values: (s) => s.serverCpu / 100 },
        ],
      },
    ],
    samples,
    { hours: schedule.eventHours, warmUpHours: schedule.warmUpHours, stormHours: schedule.stormHours },
  );
  files.push(plot);
  const csv = path.join(run.outDir, 'soak-samples.csv');
  writeFileSync(csv, samplesCsv(samples));
  files.push(csv);
  const results = path.join(run.outDir, 'soak.md');
  const header = '# Soak: a 48-hour event, compressed (bench/scenarios/soak.ts)\n\n';
  const earlier = existsSync(results) ? readFileSync(results, 'utf8').replace(header, '') : '';
  writeFileSync(results, `${header}${section}\n${earlier}`);
  files.push(results);
  console.log(section);
  return files;
}
