/**
 * Load scenario for the game loop: a game of 500 teams, 50 challenges and about 6,500 solves on the
 * local PostgreSQL server (game-load-seed.ts), the platform started as its own process with the container image's
 * Node options (bench-server.ts: BENCH_SERVER_AS=start for `npm start`'s).
 * Measures the full scoreboard under load, flag submissions (POST + status calls until the verdict) for wrong and
 * for correct flags, how fast a new solve reaches the scoreboard, and the server's memory. Every loop is bounded in
 * time and count; all traffic stays on loopback.
 *
 *   node --import tsx bench/scenarios/game-load.ts [--write] [--submissions-only] [--server-dir=<apps/server>]
 *     [--statements]  (PostgreSQL's statement statistics per submission of each phase: statement-stats.ts)
 *     [--client=raw|undici]
 *
 * --client chooses the HTTP client of the submission phases and of the bare-exchange calibration (game-load-client.ts):
 * raw (default) is a lean node:net client that leaves the server more of the machine; undici is the client used
 * until 2026-11-25, for comparing with earlier figures.
 * --server-dir runs another checkout's server (e.g. a worktree of main for a before run) under this same
 * load generator. BENCH_DB_NAME names the database (default flagpole_bench).
 * --write records the results in bench/results/game-load.md. BENCH_PHASES_FILE=<path> writes each phase's start
 * and end on the monotonic clock (µs, the clock of V8's CPU profiles), so a server profile taken with
 * BENCH_SERVER_NODE_ARGS="--cpu-prof …" can be sliced by phase.
 * Correct flags go over 50 connections (issue 16 states its p99 and throughput at 50; BENCH_CORRECT_CONNECTIONS
 * changes it), 50 workers draining one queue of every signed-in player's unsolved challenges (~5,700 new solves
 * from 199 teams), so the phase lasts seconds at a steady load; each of those players has first opened one of its
 * challenges, untimed. Until 2026-11-24 each of 150 players sent its own
 * flags (~4,100 in about 1.4 s, so up to 150 connections and a p99 set by the first wave).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { recreateDatabase } from './bench-database';
import { benchServerNodeArgs, repoRoot, serverNodeVersion, startBenchServer } from './bench-server';
import { calibrate, describeCalibration } from './calibration';
import { clientKindFromArgs, type LoadClient, openLoadClient } from './game-load-client';
import { writeGameLoadSection } from './game-load-report';
import { scoreboardLoad } from './game-load-scoreboard';
import { CHALLENGES, PASSWORD, seed, TEAMS } from './game-load-seed';
import {
  correctFlagQueue,
  type Player,
  signIn,
  submissionLoad,
  visibilityDelay,
  wrongFlagOf,
} from './game-load-submissions';
import { calibrateHttpExchange, describeHttpCalibration } from './http-calibration';
import { residentMb } from './process-stats';
import { describeStatements, openStatementStats } from './statement-stats';

const PORT = 18_180;
const BASE = `http://127.0.0.1:${PORT}`;
const DB_NAME = process.env.BENCH_DB_NAME ?? 'flagpole_bench';
/** Connections (one worker each) sending correct flags: issue 16 states its targets at 50. */
const correctConnections = Math.min(180, Math.max(1, Number(process.env.BENCH_CORRECT_CONNECTIONS ?? 50)));
/** The player whose solves the visibility probe times; its flags stay out of the correct-flag phase. */
const PROBE = 180;
/**
 * Players sending wrong flags, one connection and one request in flight each: 50 as in issue 31's side-by-side
 * shape (BENCH_WRONG_CONNECTIONS=100 for its second figure; 64 until 2026-11-29).
 */
const WRONG_WORKERS = Math.min(180, Math.max(1, Number(process.env.BENCH_WRONG_CONNECTIONS ?? 50)));
/**
 * Length of the wrong-flag phase (BENCH_WRONG_SECONDS, default 15 s). A phase past a minute also meets the
 * once-a-minute work that reads submissions (flag-sharing evidence), as a long event does.
 */
const WRONG_SECONDS = Math.min(600, Math.max(1, Number(process.env.BENCH_WRONG_SECONDS ?? 15)));
/** Connections reading the full board (issue 31: 50). */
const BOARD_CONNECTIONS = Math.max(1, Number(process.env.BENCH_BOARD_CONNECTIONS ?? 50));

/**
 * A player sends a flag from the challenge's page, which has just read the challenge: so each sender's session and
 * team are looked up once, untimed, as they would be, and not all at once by the correct-flag phase's first second
 * (their cached lookups from the sign-ins have expired during the 15 s of wrong flags). `workers` connections read
 * the senders' first unsolved challenges, one at a time each.
 */
async function readChallenges(client: LoadClient, gameId: number, senders: Player[], workers: number) {
  let next = 0;
  const worker = async (index: number) => {
    const send = client.sender(index);
    for (let player = senders[next++]; player !== undefined; player = senders[next++]) {
      const read = await send('GET', `/api/game/${gameId}/challenges/${player.unsolved[0]}`, player);
      if (read.statusCode !== 200) throw new Error(`reading a challenge failed: ${read.statusCode}`);
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, index) => worker(index)));
}

async function main() {
  const clientKind = clientKindFromArgs(process.argv);
  console.log(`submission phases driven by the ${clientKind} client; server on Node ${serverNodeVersion()}`);
  // Before the server starts, so the figures tell the machine's speed and not the server's load.
  const calibration = calibrate();
  const httpExchange = await calibrateHttpExchange(clientKind);
  console.log(`${describeCalibration(calibration)}, ${describeHttpCalibration(httpExchange)}`);
  await recreateDatabase(DB_NAME);
  const serverDir = process.argv.find((arg) => arg.startsWith('--server-dir='))?.slice('--server-dir='.length);
  const server = await startBenchServer({
    port: PORT,
    database: DB_NAME,
    dataDir: '/tmp/flagpole-bench',
    adminPassword: PASSWORD,
    serverDir,
    build: true,
  });
  const pid = server.pid ?? 0;
  let peakRss = 0;
  /** Peak RSS of each phase, to tell which load the peak belongs to. */
  const phasePeaks: Array<[string, number]> = [];
  let phasePeak = 0;
  /** Each phase's span on the monotonic clock in µs (the timestamps of a V8 CPU profile). */
  const phaseSpans: Array<{ name: string; startUs: number; endUs: number }> = [];
  const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
  let phaseStart = monotonicUs();
  const endPhase = (name: string) => {
    phasePeaks.push([name, phasePeak]);
    phasePeak = 0;
    const now = monotonicUs();
    phaseSpans.push({ name, startUs: phaseStart, endUs: now });
    phaseStart = now;
  };
  const sampler = setInterval(() => {
    const rss = residentMb(pid);
    peakRss = Math.max(peakRss, rss);
    phasePeak = Math.max(phasePeak, rss);
  }, 250);
  try {
    const seeded = await seed(DB_NAME);
    console.log(`seeded game ${seeded.gameId}: ${TEAMS} teams, ${CHALLENGES} challenges, ${seeded.solves} solves`);
    // The first read builds the scoreboard (the seed bypassed the API).
    await fetch(`${BASE}/api/game/${seeded.gameId}/scoreboard`);
    const idleRss = residentMb(pid);

    const submissionsOnly = process.argv.includes('--submissions-only');
    const scoreboard = submissionsOnly
      ? { tool: 'skipped', requestsPerSecond: 0, p50: 0, p99: 0, non2xx: 0, errors: '0' }
      : await scoreboardLoad(BASE, seeded.gameId, BOARD_CONNECTIONS);
    console.log('scoreboard', scoreboard);
    endPhase('seeding and scoreboard');

    const players = await Promise.all(
      seeded.teams.slice(0, 200).map((team) => signIn(BASE, team.userName, PASSWORD, team.unsolved)),
    );
    endPhase('sign-in of 200 players');
    // One connection per sending player, as each player's browser would hold its own.
    const statements = process.argv.includes('--statements') ? await openStatementStats(DB_NAME) : null;
    await statements?.reset();
    const wrongClient = openLoadClient(clientKind, BASE, WRONG_WORKERS);
    const wrong = await submissionLoad(pid, wrongClient, seeded.gameId, {
      workers: WRONG_WORKERS,
      next: wrongFlagOf(players),
      expected: 'WrongAnswer',
      durationMs: WRONG_SECONDS * 1000,
    });
    console.log('wrong flags', wrong);
    if (statements) console.log(describeStatements('wrong flags', await statements.summary(wrong.completed)));
    endPhase('wrong flags');
    await wrongClient.close();

    // Its own connections, so the phase holds exactly this many.
    const correctClient = openLoadClient(clientKind, BASE, correctConnections);
    const senders = players.filter((_, index) => index !== PROBE);
    await readChallenges(correctClient, seeded.gameId, senders, correctConnections);
    const queue = correctFlagQueue(senders);
    let queued = 0;
    await statements?.reset();
    const correct = await submissionLoad(pid, correctClient, seeded.gameId, {
      workers: correctConnections,
      next: () => queue[queued++],
      expected: 'Accepted',
      durationMs: 15_000,
    });
    console.log('correct flags', correct);
    if (statements) {
      console.log(describeStatements('correct flags', await statements.summary(correct.completed)));
      await statements.close();
    }
    endPhase('correct flags');
    await correctClient.close();

    const probe = players[PROBE];
    const delays: number[] = [];
    if (probe) {
      for (let i = 0; i < 5; i++) delays.push(await visibilityDelay(BASE, seeded.gameId, probe, `Team ${PROBE + 1}`));
    }
    console.log(
      'solve visible on the scoreboard after (ms)',
      delays.map((d) => Math.round(d)),
    );
    endPhase('solve visibility');
    if (process.env.BENCH_PHASES_FILE) writeFileSync(process.env.BENCH_PHASES_FILE, JSON.stringify(phaseSpans));
    const phases = phasePeaks.map(([name, mb]) => `${name} ${mb.toFixed(0)} MB`).join(', ');
    console.log(`server memory: ${idleRss.toFixed(0)} MB after seeding, ${peakRss.toFixed(0)} MB at peak (${phases})`);

    if (process.argv.includes('--write')) {
      const file = writeGameLoadSection(repoRoot, {
        calibration,
        httpExchange,
        client: clientKind,
        nodeArgs: benchServerNodeArgs(serverDir),
        serverNode: serverNodeVersion(),
        game: { teams: TEAMS, challenges: CHALLENGES, solves: seeded.solves },
        scoreboard: { ...scoreboard, connections: BOARD_CONNECTIONS },
        wrong: { ...wrong, connections: WRONG_WORKERS },
        correct: { ...correct, connections: correctConnections, teams: players.length - 1 },
        visibleAfterMs: delays,
        memory: { idleMb: idleRss, peakMb: peakRss, phases },
      });
      console.log(`written at the top of ${path.relative(repoRoot, file)}`);
    }
  } finally {
    clearInterval(sampler);
    server.kill('SIGTERM');
  }
}

await main();
