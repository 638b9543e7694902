/**
 * Several processes against one (issue 31, last point): the game-load game (game-load-seed.ts) served by ONE server
 * process and by THREE processes sharing PostgreSQL and Redis, each behind the fault suite's nginx set-up
 * (e2e/src/faults/nginx.ts: round robin, no keep-alive to the upstreams), at the same offered load. Set-ups
 * alternate in rounds (one, three, one, three…), each on a fresh copy of the seeded database and a Redis prefix of
 * its own, so every phase starts from the same game. Measured per phase, after a warm-up: total server CPU (every
 * server process, /proc) per submission, nginx's, PostgreSQL's and Redis's apart, the achieved rates and p50/p99 of
 * submissions (POST + status calls until the verdict), the board's staleness through nginx after a correct verdict,
 * each process's peak RSS, and the processes' CPU when idle.
 *
 *   flock /tmp/flagpole-bench.lock node --import tsx bench/scenarios/multi-process.ts [--write] [--rounds=2]
 *     [--seconds=20] [--warmup=5] [--rate=600] [--correct-rate=20] [--samples=5] [--direct] [--counts=1,3]
 *
 * --direct adds, in every round, the two set-ups without nginx: the load generator's connections go straight to
 * the processes, each pinned to one (as a sticky balancer would route), so a player's status calls reach the process
 * that stored its submission and holds its verdict in memory; the staleness probe then reads the first process.
 * --server-dir=DIR runs another checkout's built server (apps/server of a worktree at an earlier commit), so that runs
 * of two builds can alternate (before/after a change); the seed server runs it too.
 * --counts changes the set-ups (e.g. `--counts=1 --rate=200` for one process at a third of the load); the summary
 * compares 1 and 3.
 *
 * Load (offered, paced: each connection sends at fixed slots, at once when behind): wrong flags at --rate per second
 * from 50 players on 50 connections, and correct flags (each a new solve) at --correct-rate per second on 5
 * connections from 149 other players. 600/s because the three-process set-up saturates the 2 shared cores above
 * ~700/s (a smoke run at 1,500/s: one process kept up, three reached 822/s), and a comparison needs both set-ups
 * to carry the offered load. Build the server first (`npm run build -w @flagpole/server`).
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startNginx } from '../../e2e/src/faults/nginx';
import { databaseUrl, recreateDatabase } from './bench-database';
import { benchServerNodeArgs, repoRoot, serverNodeVersion, startBenchServer } from './bench-server';
import { calibrate, describeCalibration } from './calibration';
import { openLoadClient } from './game-load-client';
import { CHALLENGES, PASSWORD, seed, TEAMS } from './game-load-seed';
import { correctFlagQueue, type Player, signIn, wrongFlagOf } from './game-load-submissions';
import { calibrateHttpExchange, describeHttpCalibration } from './http-calibration';
import { boardStaleness, pinnedClient, type Staleness, startPacedLoad } from './multi-process-load';
import { describePhase, type Phase, summarise, writeMultiProcessSection } from './multi-process-report';
import { contextSwitches, cpuOfCommand, cpuSeconds, cpuSplit, parentPid, residentMb } from './process-stats';

const SEED_DB = 'flagpole_bench_multi';
const RUN_DB = 'flagpole_bench_multi_run';
const SEED_PORT = 18_190;
const FIRST_PORT = 18_191;
const DATA_DIR = '/tmp/flagpole-bench-multi';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const WRONG_CONNECTIONS = 50;
const CORRECT_CONNECTIONS = 5;
/** Players signed in: 0–49 send wrong flags, 50–198 correct ones, 199 is the staleness probe. */
const PLAYERS = 200;
const PROBE = PLAYERS - 1;

function option(name: string, fallback: number): number {
  const value = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const parsed = value === undefined ? fallback : Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`--${name} must be a positive number`);
  return parsed;
}

/** The server build under test: this checkout's, or `--server-dir`'s. */
const serverDirOption = process.argv.find((arg) => arg.startsWith('--server-dir='))?.slice('--server-dir='.length);
const serverDir = path.resolve(serverDirOption ?? path.join(repoRoot, 'apps/server'));

const settings = {
  rounds: option('rounds', 2),
  seconds: option('seconds', 20),
  warmup: option('warmup', 5),
  rate: option('rate', 600),
  correctRate: option('correct-rate', 20),
  samples: option('samples', 5),
  idleSeconds: 3,
};

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl('postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** SIGTERM to a server this scenario started (it drains and gives up its lease), SIGKILL after 35 s. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 35_000);
  await exited;
  clearTimeout(timer);
}

/** The nginx master this process started and its worker. */
function ourNginx(pid: number): boolean {
  const parent = parentPid(pid);
  return parent === process.pid || parentPid(parent) === process.pid;
}

/** CPU seconds so far: each server process, our nginx, every PostgreSQL process, Redis, this load generator. */
function snapshot(serverPids: number[]) {
  return {
    servers: serverPids.map(cpuSeconds),
    serversSystem: sum(serverPids.map((pid) => cpuSplit(pid).system)),
    switches: serverPids.map(contextSwitches).reduce(
      (total, count) => ({
        voluntary: total.voluntary + count.voluntary,
        involuntary: total.involuntary + count.involuntary,
      }),
      { voluntary: 0, involuntary: 0 },
    ),
    nginx: cpuOfCommand('nginx', ourNginx),
    postgres: cpuOfCommand('postgres'),
    redis: cpuOfCommand('redis-server'),
    generator: cpuSeconds(process.pid),
  };
}
type Snapshot = ReturnType<typeof snapshot>;

/**
 * Transactions committed in the run database (pg_stat_database: a backend reports at most once a second, so over a
 * 20 s window this is a few per cent) and commands Redis has processed (all its clients: the local Redis is shared).
 */
async function counters() {
  const commits = await admin(async (client) => {
    const row = await client.query<{ commits: string }>(
      'select xact_commit as commits from pg_stat_database where datname = $1',
      [RUN_DB],
    );
    return Number(row.rows[0]?.commits ?? 0);
  });
  const info = spawnSync('redis-cli', ['-u', REDIS_URL, 'info', 'stats'], { encoding: 'utf8' }).stdout ?? '';
  return { commits, redisCommands: Number(/total_commands_processed:(\d+)/.exec(info)?.[1] ?? Number.NaN) };
}

/** The set-ups' process counts, in the order each round runs them (`--counts=1,3`). */
const counts = (process.argv.find((arg) => arg.startsWith('--counts='))?.slice('--counts='.length) ?? '1,3')
  .split(',')
  .map(Number);
if (counts.some((count) => !Number.isInteger(count) || count < 1 || count > 9)) throw new Error('--counts: 1 to 9');

type Route = Phase['route'];
/** nginx always; `--direct` adds phases without it, each connection pinned to one process. */
const routes: Route[] = process.argv.includes('--direct') ? ['nginx', 'direct'] : ['nginx'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Starts `count` server processes on the run database and Redis, as the docs' several-process set-up has them. */
async function startServers(count: number, redisPrefix: string): Promise<ChildProcess[]> {
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      startBenchServer({
        serverDir,
        port: FIRST_PORT + index,
        database: RUN_DB,
        // One DATA_DIR for all, as docs/deploy.md asks of processes on one machine with local storage.
        dataDir: DATA_DIR,
        adminPassword: PASSWORD,
        env: { REDIS_URL, REDIS_PREFIX: redisPrefix, TRUST_PROXY: 'true' },
      }),
    ),
  );
}

/**
 * One phase: `count` processes behind nginx (or reached directly, each connection pinned to one process: `--direct`),
 * idle for a moment, then the paced load with staleness probes.
 */
async function runPhase(round: number, count: number, route: Route, gameId: number, signedIn: Player[]) {
  await admin(async (client) => {
    await client.query(`drop database if exists ${RUN_DB} with (force)`);
    await client.query(`create database ${RUN_DB} template ${SEED_DB}`);
  });
  const servers = await startServers(count, `flagpole-bench-multi-${process.pid}-${round}-${count}-${route}:`);
  const pids = servers.map((server) => server.pid ?? 0);
  const peakRss = pids.map(() => 0);
  const sampler = setInterval(() => {
    for (const [index, pid] of pids.entries()) {
      try {
        peakRss[index] = Math.max(peakRss[index] ?? 0, residentMb(pid));
      } catch {
        // ended
      }
    }
  }, 250);
  const ports = pids.map((_, index) => FIRST_PORT + index);
  const nginx = route === 'nginx' ? await startNginx(ports) : undefined;
  const base = nginx?.url ?? `http://127.0.0.1:${FIRST_PORT}`;
  const client = (connections: number) =>
    nginx
      ? openLoadClient('raw', nginx.url, connections)
      : pinnedClient(
          ports.map((port) => `http://127.0.0.1:${port}`),
          connections,
        );
  try {
    // Every process builds its board on its first read (the seed bypassed the API): untimed.
    for (let index = 0; index < count; index++) {
      await fetch(`http://127.0.0.1:${FIRST_PORT + index}/api/game/${gameId}/scoreboard`).then((r) => r.arrayBuffer());
    }
    const idleBefore = snapshot(pids);
    await sleep(settings.idleSeconds * 1000);
    const idleAfter = snapshot(pids);
    const idleShare = (sum(idleAfter.servers) - sum(idleBefore.servers)) / settings.idleSeconds;

    // Fresh copies: every phase runs on a fresh copy of the seeded game, so each player's lists start over.
    const players = signedIn.map((player) => ({ headers: player.headers, unsolved: [...player.unsolved] }));
    const wrongClient = client(WRONG_CONNECTIONS);
    const correctClient = client(CORRECT_CONNECTIONS);
    const queue = correctFlagQueue(players.slice(WRONG_CONNECTIONS, PROBE));
    let queued = 0;
    const wrong = startPacedLoad(wrongClient, gameId, {
      workers: WRONG_CONNECTIONS,
      perSecond: settings.rate,
      next: wrongFlagOf(players),
      expected: 'WrongAnswer',
    });
    const correct = startPacedLoad(correctClient, gameId, {
      workers: CORRECT_CONNECTIONS,
      perSecond: settings.correctRate,
      next: () => queue[queued++],
      expected: 'Accepted',
    });
    await sleep(settings.warmup * 1000);
    const from = performance.now();
    const before = snapshot(pids);
    const countedBefore = await counters();
    const staleness: Staleness[] = [];
    const probe = players[PROBE];
    const spacing = (settings.seconds * 1000) / settings.samples;
    for (let sample = 0; sample < settings.samples && probe; sample++) {
      await sleep(from + sample * spacing + spacing / 4 - performance.now());
      staleness.push(await boardStaleness(base, gameId, probe, `Team ${PROBE + 1}`));
    }
    await sleep(from + settings.seconds * 1000 - performance.now());
    const to = performance.now();
    const after = snapshot(pids);
    const countedAfter = await counters();
    await Promise.all([wrong.stop(), correct.stop()]);
    await Promise.all([wrongClient.close(), correctClient.close()]);
    const phase: Phase = {
      round,
      processes: count,
      route,
      seconds: (to - from) / 1000,
      wrong: wrong.window(from, to),
      correct: correct.window(from, to),
      cpu: cpuSpent(before, after),
      idleServerShare: idleShare,
      commits: countedAfter.commits - countedBefore.commits,
      redisCommands: countedAfter.redisCommands - countedBefore.redisCommands,
      staleness,
      peakRssMb: peakRss,
    };
    if (nginx && phase.wrong.failures + phase.correct.failures > 0) console.log('nginx errors:', await nginx.errors());
    return phase;
  } finally {
    clearInterval(sampler);
    await nginx?.stop();
    await Promise.all(servers.map(stopServer));
  }
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function cpuSpent(before: Snapshot, after: Snapshot): Phase['cpu'] {
  return {
    servers: after.servers.map((seconds, index) => seconds - (before.servers[index] ?? 0)),
    serversSystem: after.serversSystem - before.serversSystem,
    voluntarySwitches: after.switches.voluntary - before.switches.voluntary,
    involuntarySwitches: after.switches.involuntary - before.switches.involuntary,
    nginx: after.nginx - before.nginx,
    postgres: after.postgres - before.postgres,
    redis: after.redis - before.redis,
    generator: after.generator - before.generator,
  };
}

/** Seeds the game into the seed database with a server of its own, signs the players in, and stops it. */
async function seedGame() {
  await recreateDatabase(SEED_DB);
  // The server migrates the empty database; the seed then writes the game straight into it.
  const server = await startBenchServer({
    serverDir,
    port: SEED_PORT,
    database: SEED_DB,
    dataDir: DATA_DIR,
    adminPassword: PASSWORD,
    env: { REDIS_URL, REDIS_PREFIX: `flagpole-bench-multi-${process.pid}-seed:` },
  });
  try {
    const seeded = await seed(SEED_DB);
    console.log(`seeded game ${seeded.gameId}: ${TEAMS} teams, ${CHALLENGES} challenges, ${seeded.solves} solves`);
    // Sessions live in the database, so every copy of it keeps these players signed in.
    const base = `http://127.0.0.1:${SEED_PORT}`;
    const players = await Promise.all(
      seeded.teams.slice(0, PLAYERS).map((team) => signIn(base, team.userName, PASSWORD, team.unsolved)),
    );
    return { seeded, players };
  } finally {
    await stopServer(server);
  }
}

/** The commit a `--server-dir` checkout is at, for the results. */
function buildLabel(dir: string): string {
  const head = spawnSync('git', ['-C', dir, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' }).stdout.trim();
  return head ? `\`${head.slice(0, 60)}…\`` : dir;
}

async function main() {
  if (!existsSync(path.join(serverDir, 'dist/main.js'))) {
    throw new Error(`build the server first (${serverDir}): npm run build -w @flagpole/server`);
  }
  if (serverDirOption) console.log(`server build: ${serverDir}`);
  // Before any server starts, so the figures tell the machine's speed and not the benchmark's load.
  const calibration = calibrate();
  const httpExchange = await calibrateHttpExchange('raw');
  console.log(`${describeCalibration(calibration)}, ${describeHttpCalibration(httpExchange)}`);
  const { seeded, players } = await seedGame();
  const phases: Phase[] = [];
  try {
    for (let round = 1; round <= settings.rounds; round++) {
      for (const route of routes) {
        for (const count of counts) {
          const phase = await runPhase(round, count, route, seeded.gameId, players);
          console.log(describePhase(phase));
          phases.push(phase);
        }
      }
    }
  } finally {
    await admin((client) => client.query(`drop database if exists ${RUN_DB} with (force)`));
  }
  // The summary and the results file compare one process with three.
  if (!(counts.includes(1) && counts.includes(3))) return;
  console.log(summarise(phases).text);
  if (process.argv.includes('--write')) {
    const file = writeMultiProcessSection(repoRoot, {
      calibration,
      httpExchange,
      nodeArgs: benchServerNodeArgs(serverDir),
      build: serverDirOption ? buildLabel(serverDir) : undefined,
      serverNode: serverNodeVersion(),
      game: { teams: TEAMS, challenges: CHALLENGES, solves: seeded.solves },
      settings,
      load: { wrongConnections: WRONG_CONNECTIONS, correctConnections: CORRECT_CONNECTIONS },
      phases,
    });
    console.log(`written at the top of ${path.relative(repoRoot, file)}`);
  }
}

await main();
