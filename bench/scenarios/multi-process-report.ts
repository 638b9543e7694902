/**
 * The multi-process scenario's figures (multi-process.ts): each phase's line, the summary against issue 31's targets
 * (three processes spend at most 10 % more server CPU per submission than one at the same load; the board's
 * staleness stays ≤ 300 ms) and the dated section put at the top of bench/results/multi-process.md.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Calibration, describeSpeed } from './calibration';
import { percentile } from './game-load-submissions';
import { describeHttpCalibration, type HttpCalibration } from './http-calibration';
import type { Staleness, WindowFigures } from './multi-process-load';

/** One set-up's measured window. CPU figures are seconds over the window. */
export interface Phase {
  round: number;
  processes: number;
  /** Behind nginx, or straight to the processes with each connection pinned to one (`--direct`). */
  route: 'nginx' | 'direct';
  seconds: number;
  wrong: WindowFigures;
  correct: WindowFigures;
  cpu: {
    servers: number[];
    /** The servers' system (kernel) part of `servers`, summed. */
    serversSystem: number;
    /** The servers' context switches, summed: voluntary (waiting) and involuntary (preempted). */
    voluntarySwitches: number;
    involuntarySwitches: number;
    nginx: number;
    postgres: number;
    redis: number;
    generator: number;
  };
  /** The server processes' CPU when idle, before the load, as a share of one core (all processes together). */
  idleServerShare: number;
  /** Transactions committed in the run database and commands Redis processed, over the window. */
  commits: number;
  redisCommands: number;
  staleness: Staleness[];
  peakRssMb: number[];
}

const OVERHEAD_TARGET = 0.1;
const STALENESS_TARGET_MS = 300;

const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
const mean = (values: number[]) => (values.length ? total(values) / values.length : Number.NaN);

function submissions(phase: Phase): number {
  return phase.wrong.completed + phase.correct.completed;
}

/** CPU seconds over the window as µs per submission. */
function perSubmission(phase: Phase, seconds: number): number {
  return (seconds * 1e6) / submissions(phase);
}

function serverMicros(phase: Phase): number {
  return perSubmission(phase, total(phase.cpu.servers));
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)}` : 'never');

function stalenessCell(phase: Phase): string {
  return phase.staleness.map((s) => `${ms(s.firstMs)}/${ms(s.settledMs)}`).join(', ');
}

function rateCell(figures: WindowFigures): string {
  const late = figures.late ? `, ${figures.late} late` : '';
  const failed = figures.failures + figures.unexpected;
  return `${figures.perSecond.toFixed(0)}/s, ${figures.statusCalls.toFixed(2)} status calls each${late}${failed ? `, ${figures.failures} failed, ${figures.unexpected} unexpected` : ''}`;
}

/** PostgreSQL commits, Redis commands and the servers' context switches per submission. */
function counts(phase: Phase): string {
  const each = (count: number) => (count / submissions(phase)).toFixed(2);
  return (
    `${each(phase.commits)} commits, ${each(phase.redisCommands)} Redis commands, ` +
    `${each(phase.cpu.voluntarySwitches)} + ${each(phase.cpu.involuntarySwitches)} server context switches ` +
    '(voluntary + involuntary) per submission'
  );
}

/** The kernel's share of the servers' CPU. */
function systemShare(phase: Phase): string {
  return `${Math.round((100 * phase.cpu.serversSystem) / total(phase.cpu.servers))} % in the kernel`;
}

/** One phase on one line, for the console. */
export function describePhase(phase: Phase): string {
  const shares = phase.cpu.servers.map((seconds) => `${Math.round((100 * seconds) / phase.seconds)} %`).join(' + ');
  return (
    `round ${phase.round}, ${setUpName(phase)}: wrong ${rateCell(phase.wrong)} ` +
    `(p50 ${phase.wrong.p50.toFixed(1)} ms, p99 ${phase.wrong.p99.toFixed(1)} ms), correct ${rateCell(phase.correct)} ` +
    `(p50 ${phase.correct.p50.toFixed(1)} ms, p99 ${phase.correct.p99.toFixed(1)} ms); server CPU ` +
    `${serverMicros(phase).toFixed(0)} µs per submission (${shares} of a core, ${systemShare(phase)}), nginx ` +
    `${perSubmission(phase, phase.cpu.nginx).toFixed(0)} µs, PostgreSQL ${perSubmission(phase, phase.cpu.postgres).toFixed(0)} µs, ` +
    `Redis ${perSubmission(phase, phase.cpu.redis).toFixed(0)} µs; ${counts(phase)}; load generator ` +
    `${Math.round((100 * phase.cpu.generator) / phase.seconds)} % of a core; idle servers ` +
    `${(100 * phase.idleServerShare).toFixed(1)} % of a core; staleness first/settled ${stalenessCell(phase)} ms; ` +
    `peak RSS ${phase.peakRssMb.map((mb) => mb.toFixed(0)).join(', ')} MB`
  );
}

function setUpName(phase: Phase): string {
  const route = phase.route === 'nginx' ? 'behind nginx' : phase.processes > 1 ? 'direct, pinned' : 'direct';
  return `${phase.processes} process${phase.processes > 1 ? 'es' : ''} (${route})`;
}

/** Means of one set-up's phases. */
function setUp(phases: Phase[]) {
  const settled = phases.flatMap((phase) => phase.staleness.map((s) => s.settledMs)).sort((a, b) => a - b);
  const first = phases.flatMap((phase) => phase.staleness.map((s) => s.firstMs)).sort((a, b) => a - b);
  const perSecond = mean(phases.map((phase) => submissions(phase) / phase.seconds));
  return {
    server: mean(phases.map(serverMicros)),
    nginx: mean(phases.map((phase) => perSubmission(phase, phase.cpu.nginx))),
    postgres: mean(phases.map((phase) => perSubmission(phase, phase.cpu.postgres))),
    redis: mean(phases.map((phase) => perSubmission(phase, phase.cpu.redis))),
    commits: mean(phases.map((phase) => phase.commits / submissions(phase))),
    user: mean(phases.map((phase) => perSubmission(phase, total(phase.cpu.servers) - phase.cpu.serversSystem))),
    system: mean(phases.map((phase) => perSubmission(phase, phase.cpu.serversSystem))),
    switches: mean(
      phases.map((phase) => (phase.cpu.voluntarySwitches + phase.cpu.involuntarySwitches) / submissions(phase)),
    ),
    involuntary: mean(phases.map((phase) => phase.cpu.involuntarySwitches / submissions(phase))),
    redisCommands: mean(phases.map((phase) => phase.redisCommands / submissions(phase))),
    idleShare: mean(phases.map((phase) => phase.idleServerShare)),
    perSecond,
    settled: { p50: percentile(settled, 50), max: settled.at(-1) ?? Number.NaN },
    first: { p50: percentile(first, 50), max: first.at(-1) ?? Number.NaN },
    peakRss: Math.max(...phases.flatMap((phase) => phase.peakRssMb)),
  };
}

/** The two set-ups compared: overhead, staleness, and what the difference is made of. */
export function summarise(all: Phase[]) {
  const phases = all.filter((phase) => phase.route === 'nginx');
  const direct = all.filter((phase) => phase.route === 'direct');
  const one = setUp(phases.filter((phase) => phase.processes === 1));
  const three = setUp(phases.filter((phase) => phase.processes === 3));
  const overhead = three.server / one.server - 1;
  const rounds = [...new Set(phases.map((phase) => phase.round))];
  const byRound = rounds.map((round) => {
    const pair = [1, 3].map((count) => phases.find((p) => p.round === round && p.processes === count));
    return pair[0] && pair[1] ? serverMicros(pair[1]) / serverMicros(pair[0]) - 1 : Number.NaN;
  });
  const percent = (value: number) => `${value >= 0 ? '+' : ''}${(100 * value).toFixed(1)} %`;
  const difference = three.server - one.server;
  // The background the two extra processes add when idle (leases, Redis pings, timers), per submission of the load.
  const idleMicros = ((three.idleShare - one.idleShare) * 1e6) / three.perSecond;
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const text = [
    `server CPU per submission: one process ${one.server.toFixed(0)} µs, three ${three.server.toFixed(0)} µs: ` +
      `overhead **${percent(overhead)}** (by round: ${byRound.map(percent).join(', ')}); target ≤ +10 %: ` +
      `${verdict(overhead <= OVERHEAD_TARGET)}`,
    `board staleness through nginx (until ${'9'} reads in a row show the solve): one process p50 ${ms(one.settled.p50)} ms, ` +
      `max ${ms(one.settled.max)} ms; three processes p50 **${ms(three.settled.p50)} ms**, max **${ms(three.settled.max)} ms** ` +
      `(first read showing it: p50 ${ms(three.first.p50)} ms, max ${ms(three.first.max)} ms); target ≤ ${STALENESS_TARGET_MS} ms: ` +
      `${verdict(three.settled.max <= STALENESS_TARGET_MS && one.settled.max <= STALENESS_TARGET_MS)}`,
    `beside the servers, per submission (one → three): nginx ${one.nginx.toFixed(0)} → ${three.nginx.toFixed(0)} µs, ` +
      `PostgreSQL ${one.postgres.toFixed(0)} → ${three.postgres.toFixed(0)} µs, Redis ${one.redis.toFixed(0)} → ` +
      `${three.redis.toFixed(0)} µs; PostgreSQL commits ${one.commits.toFixed(2)} → ${three.commits.toFixed(2)} and Redis ` +
      `commands ${one.redisCommands.toFixed(2)} → ${three.redisCommands.toFixed(2)} per submission; peak RSS of a process ${one.peakRss.toFixed(0)} / ${three.peakRss.toFixed(0)} MB`,
    `the difference, ${difference >= 0 ? '+' : ''}${difference.toFixed(0)} µs of server CPU per submission: ` +
      `the processes' idle background ${(100 * one.idleShare).toFixed(1)} → ${(100 * three.idleShare).toFixed(1)} % of a core ` +
      `accounts for ${idleMicros.toFixed(1)} µs of it; the rest (${(difference - idleMicros).toFixed(0)} µs) comes with the load. ` +
      `User space ${one.user.toFixed(0)} → ${three.user.toFixed(0)} µs, kernel ${one.system.toFixed(0)} → ` +
      `${three.system.toFixed(0)} µs per submission; the servers' context switches ${one.switches.toFixed(2)} → ` +
      `${three.switches.toFixed(2)} per submission (involuntary ${one.involuntary.toFixed(2)} → ${three.involuntary.toFixed(2)})`,
  ];
  if (direct.length > 0) {
    const oneDirect = setUp(direct.filter((phase) => phase.processes === 1));
    const threeDirect = setUp(direct.filter((phase) => phase.processes === 3));
    text.push(
      `without nginx, each connection pinned to one process (status calls reach the process holding the verdict): ` +
        `one ${oneDirect.server.toFixed(0)} µs, three ${threeDirect.server.toFixed(0)} µs per submission: ` +
        `overhead ${percent(threeDirect.server / oneDirect.server - 1)}; PostgreSQL ${oneDirect.postgres.toFixed(0)} → ` +
        `${threeDirect.postgres.toFixed(0)} µs, commits ${oneDirect.commits.toFixed(2)} → ${threeDirect.commits.toFixed(2)} per submission`,
    );
  }
  return { text: text.join('\n'), lines: text };
}

export interface MultiProcessRun {
  calibration: Calibration;
  httpExchange: HttpCalibration;
  nodeArgs: string[];
  serverNode: string;
  /** The build the processes ran, when not this checkout's (`--server-dir`). */
  build?: string;
  game: { teams: number; challenges: number; solves: number };
  settings: { rounds: number; seconds: number; warmup: number; rate: number; correctRate: number; samples: number };
  load: { wrongConnections: number; correctConnections: number };
  phases: Phase[];
}

const RESULTS_TITLE = '# Several server processes (bench/scenarios/multi-process.ts)';

function tableRow(phase: Phase): string {
  const shares = phase.cpu.servers.map((seconds) => `${Math.round((100 * seconds) / phase.seconds)}`).join(' + ');
  return `| ${phase.round} | ${setUpName(phase)} | ${rateCell(phase.wrong)}; p50 ${phase.wrong.p50.toFixed(1)}, p99 ${phase.wrong.p99.toFixed(1)} ms | ${rateCell(phase.correct)}; p50 ${phase.correct.p50.toFixed(1)}, p99 ${phase.correct.p99.toFixed(1)} ms | **${serverMicros(phase).toFixed(0)}** (${shares} % of a core, ${systemShare(phase)}) | ${perSubmission(phase, phase.cpu.nginx).toFixed(0)} | ${perSubmission(phase, phase.cpu.postgres).toFixed(0)} | ${perSubmission(phase, phase.cpu.redis).toFixed(0)} | ${counts(phase).replace(' per submission', '')} | ${Math.round((100 * phase.cpu.generator) / phase.seconds)} % | ${(100 * phase.idleServerShare).toFixed(1)} % | ${stalenessCell(phase)} | ${phase.peakRssMb.map((mb) => mb.toFixed(0)).join(', ')} |`;
}

export function multiProcessSection(run: MultiProcessRun): string {
  const { calibration, settings, load } = run;
  return `## Run of ${calibration.at} (written by \`multi-process.ts --write\`)

${calibration.machine}; calibration: ${describeSpeed(calibration)}, ${describeHttpCalibration(run.httpExchange)}.
Server: the bundled build${run.build ? ` of ${run.build}` : ''} on Node ${run.serverNode}, \`node ${run.nodeArgs.join(' ')}\`, rate limits off,
\`REDIS_URL\` (local Redis, a prefix per phase) and \`TRUST_PROXY=true\` in both set-ups, one \`DATA_DIR\`; behind
Debian's nginx with the fault suite's configuration (\`e2e/src/faults/nginx.ts\`: one worker, round robin, no
keep-alive to the upstreams). Game: ${run.game.teams} teams, ${run.game.challenges} challenges, ${run.game.solves} solves
seeded once; every phase runs on a fresh copy of that database (\`create database … template\`), players signed in
once. Offered load, paced, the same in every phase: wrong flags at ${settings.rate}/s from ${load.wrongConnections}
players on ${load.wrongConnections} connections, correct flags (new solves) at ${settings.correctRate}/s on
${load.correctConnections} connections; a submission is the POST plus status calls until the verdict. Each phase:
${settings.warmup} s of warm-up, then ${settings.seconds} s measured; set-ups alternate (one, three, one, three…).
CPU from /proc over the measured window, per completed submission (wrong + correct); "late" counts submissions sent
more than one pacing interval after their slot. Staleness: ${settings.samples} probes per phase, each a correct flag
through nginx, then the full board read through nginx every 10 ms: first read showing the solve / first of 9 reads
in a row showing it (any process may answer a read).${
    run.phases.some((phase) => phase.route === 'direct')
      ? `
"direct" rows (\`--direct\`): no nginx, the load generator's connections go straight to the processes, each pinned
to one, so a player's status calls reach the process that stored the submission (a sticky balancer's routing); the
probe then posts to and reads the first process.`
      : ''
  }

| round | processes | wrong flags | correct flags | server CPU µs per submission (each process's share) | nginx µs | PostgreSQL µs | Redis µs | per submission | load generator | idle servers | staleness first/settled ms | peak RSS MB |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
${run.phases.map(tableRow).join('\n')}

${summarise(run.phases)
  .lines.map((line) => `- ${line}`)
  .join('\n')}
`;
}

/** Puts the run's section at the top of the results file, below its title; returns the file's path. */
export function writeMultiProcessSection(repoRoot: string, run: MultiProcessRun): string {
  const file = path.join(repoRoot, 'bench/results/multi-process.md');
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : RESULTS_TITLE;
  const body = existing.startsWith(RESULTS_TITLE) ? existing.slice(RESULTS_TITLE.length).replace(/^\n+/, '') : existing;
  writeFileSync(file, `${RESULTS_TITLE}\n\n${multiProcessSection(run)}\n${body}`);
  return file;
}
