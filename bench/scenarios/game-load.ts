/**
 * Load scenario for the game loop: a game of 500 teams, 50 challenges and about 6,500 solves on the
 * local PostgreSQL server, the platform started as its own process with the container image's Node options
 * (bench-server.ts: BENCH_SERVER_AS=start for `npm start`'s).
 * Measures the full scoreboard under load, flag submissions (POST + first status call that returns a
 * verdict) for wrong and for correct flags, how fast a new solve reaches the scoreboard, and the
 * server's memory. Every loop is bounded in time and count; all traffic stays on loopback.
 *
 *   node --import tsx bench/scenarios/game-load.ts [--write] [--submissions-only] [--server-dir=<apps/server>]
 *
 * --server-dir runs another checkout's server (e.g. a worktree of main for a before run) under this same
 * load generator. BENCH_DB_NAME names the database (default flagpole_bench).
 * --write records the results in bench/results/game-load.md. BENCH_PHASES_FILE=<path> writes each phase's start
 * and end on the monotonic clock (µs, the clock of V8's CPU profiles), so a server profile taken with
 * BENCH_SERVER_NODE_ARGS="--cpu-prof …" can be sliced by phase. BENCH_CORRECT_PLAYERS sets how many players send correct
 * flags at once (default 150; issue 16 states its p99 target at 50).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import autocannon from 'autocannon';
import pg from 'pg';
import { Pool } from 'undici';
import { databaseUrl, recreateDatabase } from './bench-database';
import { benchServerNodeArgs, repoRoot, startBenchServer } from './bench-server';
import { calibrate, describeCalibration } from './calibration';
import { writeGameLoadSection } from './game-load-report';
import { cpuShares, cpuSnapshot, residentMb } from './process-stats';

const TEAMS = 500;
const CHALLENGES = 50;
const TARGET_SOLVES = 6_500;
const PASSWORD = 'Bench-pass1';
const PORT = 18_180;
const BASE = `http://127.0.0.1:${PORT}`;
const DB_NAME = process.env.BENCH_DB_NAME ?? 'flagpole_bench';
/** Players sending correct flags at once (one connection each): 150 by default, 50 for issue 16's p99 measure. */
const correctPlayers = Math.min(180, Math.max(1, Number(process.env.BENCH_CORRECT_PLAYERS ?? 150)));

/** Deterministic pseudo-random numbers so every run seeds the same game. */
function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Seeded {
  gameId: number;
  challengeIds: number[];
  /** Per team: user name and the challenges it has not solved yet. */
  teams: Array<{ userName: string; unsolved: number[] }>;
  solves: number;
}

/** Bulk data goes straight into the database; the measured operations go through the API. */
async function seed(): Promise<Seeded> {
  const db = new pg.Client({ connectionString: databaseUrl(DB_NAME) });
  await db.connect();
  const random = mulberry32(0x5eed);
  const passwordHash = await hash(PASSWORD, { algorithm: 2 });
  const now = Date.now();
  const start = new Date(now - 6 * 3_600_000);
  const end = new Date(now + 24 * 3_600_000);
  await db.query('begin');
  const game = await db.query<{ id: number }>(
    `insert into games (title, start_at, end_at, writeup_deadline, public_key, private_key, practice_mode)
     values ('Bench game', $1, $2, $2, 'unused', 'unused', false) returning id`,
    [start, end],
  );
  const gameId = game.rows[0]?.id ?? 0;
  const challenges = await db.query<{ id: number }>(
    `insert into challenges (game_id, title, category, type, is_enabled, original_score)
     select $1, 'Challenge ' || n, (array['Web','Pwn','Crypto','Misc','Reverse'])[1 + n % 5], 'StaticAttachment', true, 500
     from generate_series(1, $2) n returning id`,
    [gameId, CHALLENGES],
  );
  const challengeIds = challenges.rows.map((row) => row.id);
  await db.query(
    `insert into flags (challenge_id, flag) select id, 'flag{bench-' || id || '}' from unnest($1::int[]) id`,
    [challengeIds],
  );
  const users = await db.query<{ id: string; user_name: string }>(
    `insert into users (user_name, email, email_confirmed, password_hash)
     select 'bench' || n, 'bench' || n || '@bench.invalid', true, $1 from generate_series(1, $2) n
     returning id, user_name`,
    [passwordHash, TEAMS],
  );
  const teams: Seeded['teams'] = [];
  const solveRows: Array<[number, number, Date]> = [];
  for (const [index, user] of users.rows.entries()) {
    const team = await db.query<{ id: number }>(
      `insert into teams (name, invite_token, captain_id) values ($1, md5(random()::text), $2) returning id`,
      [`Team ${index + 1}`, user.id],
    );
    const teamId = team.rows[0]?.id ?? 0;
    await db.query('insert into team_members (team_id, user_id) values ($1, $2)', [teamId, user.id]);
    const participation = await db.query<{ id: number }>(
      `insert into participations (game_id, team_id, status) values ($1, $2, 'Accepted') returning id`,
      [gameId, teamId],
    );
    const participationId = participation.rows[0]?.id ?? 0;
    await db.query('insert into participation_members (participation_id, game_id, user_id) values ($1, $2, $3)', [
      participationId,
      gameId,
      user.id,
    ]);
    // Stronger teams solve more: a skewed share of the target solve count.
    const share = Math.min(CHALLENGES, Math.round((TARGET_SOLVES / TEAMS) * 2 * (1 - index / TEAMS) + random()));
    const order = [...challengeIds].sort(() => random() - 0.5);
    for (const challengeId of order.slice(0, share)) {
      solveRows.push([participationId, challengeId, new Date(start.getTime() + random() * (now - start.getTime()))]);
    }
    teams.push({ userName: user.user_name, unsolved: order.slice(share) });
  }
  solveRows.sort((a, b) => a[2].getTime() - b[2].getTime());
  for (const [participationId, challengeId, at] of solveRows) {
    const submission = await db.query<{ id: string }>(
      `insert into submissions (game_id, challenge_id, participation_id, answer, status, submitted_at, checked_at)
       values ($1, $2, $3, $4, 'Accepted', $5, $5) returning id`,
      [gameId, challengeId, participationId, `flag{bench-${challengeId}}`, at],
    );
    await db.query(
      'insert into solves (participation_id, challenge_id, game_id, submission_id, solved_at) values ($1, $2, $3, $4, $5)',
      [participationId, challengeId, gameId, submission.rows[0]?.id, at],
    );
  }
  await db.query('commit');
  await db.end();
  return { gameId, challengeIds, teams, solves: solveRows.length };
}

/** A signed-in player: session and XSRF cookies plus the matching header. */
interface Player {
  headers: Record<string, string>;
  unsolved: number[];
}

async function signIn(userName: string, unsolved: number[]): Promise<Player> {
  const response = await fetch(`${BASE}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${userName} failed: ${response.status}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
  const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  return {
    headers: {
      cookie: cookies.join('; '),
      'x-xsrf-token': decodeURIComponent(xsrf),
      'content-type': 'application/json',
    },
    unsolved: [...unsolved],
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Latency in ms from a wrk figure such as "812.00us", "4.27ms" or "1.02s". */
function wrkMs(figure: string): number {
  const value = Number.parseFloat(figure);
  if (figure.endsWith('us')) return value / 1000;
  if (figure.endsWith('ms')) return value;
  if (figure.endsWith('s')) return value * 1000;
  return value;
}

/**
 * The scoreboard moves ~80 kB per response, more than a JavaScript load generator can parse on a
 * shared 2-core machine, so Debian's wrk (C) drives it when installed; autocannon otherwise.
 */
async function scoreboardLoad(gameId: number) {
  const url = `${BASE}/api/game/${gameId}/scoreboard`;
  const wrk = spawnSync('wrk', ['-t1', '-c32', '-d15s', '--latency', '-H', 'Accept-Encoding: gzip, br', url], {
    encoding: 'utf8',
  });
  if (wrk.status === 0) {
    const out = wrk.stdout;
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
    const p50 = wrkMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? '0');
    const p99 = wrkMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? '0');
    const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
    const errors = /Socket errors: (.*)/.exec(out)?.[1] ?? '0';
    return { tool: 'wrk', requestsPerSecond: rps, p50, p99, non2xx, errors };
  }
  const result = await autocannon({ url, headers: { 'accept-encoding': 'gzip, br' }, connections: 32, duration: 15 });
  return {
    tool: 'autocannon',
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: String(result.errors),
  };
}

/**
 * Each worker submits and then asks for the verdict until it has one; a submission counts when its
 * verdict arrives. Bounded by the duration and by the work available.
 */
async function submissionLoad(
  serverPid: number,
  pool: Pool,
  gameId: number,
  players: Player[],
  kind: 'wrong' | 'correct',
  durationMs: number,
) {
  const deadline = Date.now() + durationMs;
  const latencies: number[] = [];
  let failures = 0;
  let unexpected = 0;
  const worker = async (player: Player, index: number) => {
    let round = 0;
    while (Date.now() < deadline) {
      const challengeId =
        kind === 'correct' ? player.unsolved.shift() : player.unsolved[round % player.unsolved.length];
      if (challengeId === undefined) return;
      round += 1;
      const flag = kind === 'correct' ? `flag{bench-${challengeId}}` : `flag{wrong-${index}-${round}}`;
      const began = performance.now();
      const posted = await pool.request({
        method: 'POST',
        path: `/api/game/${gameId}/challenges/${challengeId}`,
        headers: player.headers,
        body: JSON.stringify({ flag }),
      });
      const postedBody = await posted.body.text();
      if (posted.statusCode !== 200) {
        failures += 1;
        continue;
      }
      const submissionId = Number(postedBody);
      let verdict = 'FlagSubmitted';
      for (let poll = 0; poll < 200 && verdict === 'FlagSubmitted'; poll++) {
        const status = await pool.request({
          method: 'GET',
          path: `/api/game/${gameId}/challenges/${challengeId}/status/${submissionId}`,
          headers: player.headers,
        });
        verdict = JSON.parse(await status.body.text()) as string;
        if (verdict === 'FlagSubmitted') await new Promise((resolve) => setTimeout(resolve, 5));
      }
      latencies.push(performance.now() - began);
      const expected = kind === 'correct' ? 'Accepted' : 'WrongAnswer';
      if (verdict !== expected) unexpected += 1;
    }
  };
  const began = performance.now();
  const cpuBefore = cpuSnapshot(serverPid);
  await Promise.all(players.map((player, index) => worker(player, index)));
  const seconds = (performance.now() - began) / 1000;
  const cpuAfter = cpuSnapshot(serverPid);
  const cpu = cpuShares(cpuBefore, cpuAfter, seconds);
  latencies.sort((a, b) => a - b);
  return {
    completed: latencies.length,
    // The server's own CPU time per submission (POST plus status calls until the verdict), the measure;
    // /proc counts in 10 ms ticks, so a 15 s phase of thousands of submissions is exact to a few µs.
    serverCpuMicros: latencies.length ? ((cpuAfter.server - cpuBefore.server) * 1e6) / latencies.length : 0,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
    unexpected,
    cpu,
  };
}

/** Time from a correct verdict until the public scoreboard shows the new score. */
async function visibilityDelay(gameId: number, player: Player, teamName: string): Promise<number> {
  const challengeId = player.unsolved.shift();
  if (challengeId === undefined) return Number.NaN;
  const scoreOf = async () => {
    const board = (await (await fetch(`${BASE}/api/game/${gameId}/scoreboard`)).json()) as {
      items: Array<{ name: string; score: number }>;
    };
    return board.items.find((item) => item.name === teamName)?.score ?? 0;
  };
  const before = await scoreOf();
  const posted = await fetch(`${BASE}/api/game/${gameId}/challenges/${challengeId}`, {
    method: 'POST',
    headers: player.headers,
    body: JSON.stringify({ flag: `flag{bench-${challengeId}}` }),
  });
  const submissionId = Number(await posted.text());
  for (let poll = 0; poll < 400; poll++) {
    const verdict = (await (
      await fetch(`${BASE}/api/game/${gameId}/challenges/${challengeId}/status/${submissionId}`, {
        headers: player.headers,
      })
    ).json()) as string;
    if (verdict !== 'FlagSubmitted') break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const accepted = performance.now();
  while (performance.now() - accepted < 5_000) {
    if ((await scoreOf()) !== before) return performance.now() - accepted;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Number.POSITIVE_INFINITY;
}

async function main() {
  // Before the server starts, so the figures tell the machine's speed and not the server's load.
  const calibration = calibrate();
  console.log(describeCalibration(calibration));
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
    const seeded = await seed();
    console.log(`seeded game ${seeded.gameId}: ${TEAMS} teams, ${CHALLENGES} challenges, ${seeded.solves} solves`);
    // The first read builds the scoreboard (the seed bypassed the API).
    await fetch(`${BASE}/api/game/${seeded.gameId}/scoreboard`);
    const idleRss = residentMb(pid);

    const submissionsOnly = process.argv.includes('--submissions-only');
    const scoreboard = submissionsOnly
      ? { tool: 'skipped', requestsPerSecond: 0, p50: 0, p99: 0, non2xx: 0, errors: '0' }
      : await scoreboardLoad(seeded.gameId);
    console.log('scoreboard', scoreboard);
    endPhase('seeding and scoreboard');

    const players = await Promise.all(seeded.teams.slice(0, 200).map((team) => signIn(team.userName, team.unsolved)));
    // One connection per player, as each player's browser would hold its own.
    endPhase('sign-in of 200 players');
    const pool = new Pool(BASE, { connections: 150, pipelining: 1 });
    const wrong = await submissionLoad(pid, pool, seeded.gameId, players.slice(0, 64), 'wrong', 15_000);
    console.log('wrong flags', wrong);
    endPhase('wrong flags');
    const correct = await submissionLoad(pid, pool, seeded.gameId, players.slice(0, correctPlayers), 'correct', 15_000);
    console.log('correct flags', correct);
    endPhase('correct flags');
    await pool.close();

    const probe = players[180];
    const delays: number[] = [];
    if (probe) {
      for (let i = 0; i < 5; i++) delays.push(await visibilityDelay(seeded.gameId, probe, `Team ${181}`));
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
        nodeArgs: benchServerNodeArgs(serverDir),
        game: { teams: TEAMS, challenges: CHALLENGES, solves: seeded.solves },
        scoreboard,
        wrong,
        correct: { ...correct, players: correctPlayers },
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
