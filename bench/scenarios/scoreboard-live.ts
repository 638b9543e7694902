/**
 * The live channel of a large game: 10,000 teams, 100 challenges and 200,000 solves seeded set-wise into a fresh
 * database (`flagpole_bench_live`) of the local PostgreSQL server, the platform started as its own process (the
 * production build, with the container image's Node options: bench-server.ts), 2,000 websocket clients on the game's live channel, and a steady
 * stream of correct flags submitted through the API. Half the challenges decay slowly (difficulty in the
 * thousands), so most solves change a value held by ~2,000 solvers and re-rank the board.
 *
 * Measured:
 * - time from the submission (POST sent) and from its verdict (the status call that returns Accepted) until the
 *   scoreboard message showing the solve reached each client: p50 / p99 / max over every (solve, client) pair,
 *   and the same for the last client of each solve;
 * - bytes per solve per client: the live messages a client received over the stream divided by the solves,
 *   against what the previous protocol cost (its short `scoreboard` message plus a refetch of the whole board,
 *   measured here with `Accept-Encoding: gzip, br` as a browser sends it);
 * - server CPU per rebuild from the process's own CPU time over the stream (the idle rate of 2,000 open sockets
 *   subtracted), and the server's peak RSS over the whole run;
 * - the machine's calibration: a JavaScript loop of 3·10⁸ additions and SHA-256 throughput.
 *
 *   node --import tsx bench/scenarios/scoreboard-live.ts [--write] [--clients 2000] [--solves 60] [--interval 300]
 *
 * Needs `ulimit -n` above clients + a few hundred (both ends of every socket are on this machine, the server's
 * in its own process). --write records the results in bench/results/scoreboard-live.md.
 */
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { Pool } from 'undici';
import WebSocket from 'ws';
import { insertBigBoard } from '../../e2e/src/big-board';
import { databaseUrl, recreateDatabase } from './bench-database';
import { benchServerNodeArgs, repoRoot, startBenchServer } from './bench-server';
import { calibrate, describeCalibration } from './calibration';
import { pollVerdict } from './game-load-submissions';
import { cpuSeconds, residentMb } from './process-stats';

const TEAMS = 10_000;
const CHALLENGES = 100;
const SOLVES = 200_000;
const STREAM_PLAYERS = 40;
const PASSWORD = 'Bench-pass1';
const PORT = 18_190;
const BASE = `http://127.0.0.1:${PORT}`;
const DB_NAME = 'flagpole_bench_live';
/**
 * `--server-root <dir>`: build and start the server of another checkout (the previous code, for a before run).
 * Its `scoreboard` messages carry no delta, so a solve counts as delivered by the first message a client gets
 * after the solve's verdict: a lower bound, since each browser then downloaded the whole board.
 */
const serverRootIndex = process.argv.indexOf('--server-root');
const serverRoot = serverRootIndex >= 0 ? path.resolve(process.argv[serverRootIndex + 1] ?? repoRoot) : repoRoot;

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
const CLIENTS = option('clients', 2_000);
const STREAM_SOLVES = option('solves', 60);
const INTERVAL_MS = option('interval', 300);

/** The game of scoreboard-rebuild.ts, with flags, one password for everyone and slowly decaying challenges. */
async function seed(client: pg.Client): Promise<number> {
  const start = new Date(Date.now() - 24 * 3_600_000);
  const end = new Date(Date.now() + 24 * 3_600_000);
  const passwordHash = await hash(PASSWORD, { algorithm: 2 });
  await client.query('begin');
  const game = await client.query<{ id: number }>(
    `insert into games (title, start_at, end_at, writeup_deadline, public_key, private_key, practice_mode)
     values ('Live bench', $1, $2, $2, 'unused', 'unused', false) returning id`,
    [start, end],
  );
  const gameId = game.rows[0]?.id ?? 0;
  await insertBigBoard(client, gameId, start, {
    teams: TEAMS,
    challenges: CHALLENGES,
    solves: SOLVES,
    userPrefix: 'rb',
    wordedNames: false,
    solveSpanMs: 24 * 3_600_000,
    noBloodEvery: 20,
    passwordHash,
    slowDecay: true,
    flags: true,
  });
  await client.query('commit');
  await client.query('analyze');
  return gameId;
}

interface StreamPlayer {
  teamId: number;
  headers: Record<string, string>;
  unsolved: number[];
}

async function signIn(userName: string): Promise<Record<string, string>> {
  const response = await fetch(`${BASE}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${userName} failed: ${response.status}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
  const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  return { cookie: cookies.join('; '), 'x-xsrf-token': decodeURIComponent(xsrf), 'content-type': 'application/json' };
}

/** The weakest teams (most unsolved challenges) submit the stream, one challenge each at a time. */
async function streamPlayers(client: pg.Client, gameId: number): Promise<StreamPlayer[]> {
  const rows = await client.query<{ user_name: string; team_id: number; unsolved: number[] }>(
    `select u.user_name, t.id as team_id,
            array(select c.id from challenges c where c.game_id = $1 and not exists
                  (select 1 from solves s where s.participation_id = p.id and s.challenge_id = c.id) order by c.id) as unsolved
     from participations p join teams t on t.id = p.team_id join users u on u.id = t.captain_id
     where p.game_id = $1 order by p.id desc limit $2`,
    [gameId, STREAM_PLAYERS],
  );
  const players: StreamPlayer[] = [];
  for (const row of rows.rows) {
    players.push({ teamId: row.team_id, headers: await signIn(row.user_name), unsolved: row.unsolved });
  }
  return players;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

interface LiveClient {
  socket: WebSocket;
  /** Arrival time (performance.now()) of each scoreboard message, in the order received. */
  arrivals: number[];
  bytes: number;
  closed: boolean;
}

/** What each scoreboard message (by its place in the sequence every socket receives) holds. */
interface Heard {
  text: string;
  pairs: Set<string>;
  hasDelta: boolean;
}

async function connectClients(gameId: number, heard: Heard[]): Promise<LiveClient[]> {
  const clients: LiveClient[] = [];
  const url = `ws://127.0.0.1:${PORT}/api/game/${gameId}/live`;
  for (let batch = 0; batch < CLIENTS; batch += 100) {
    const opened: Promise<void>[] = [];
    for (let index = batch; index < Math.min(CLIENTS, batch + 100); index++) {
      const socket = new WebSocket(url, { perMessageDeflate: false });
      const client: LiveClient = { socket, arrivals: [], bytes: 0, closed: false };
      socket.on('message', (data: Buffer) => {
        const arrived = performance.now();
        client.bytes += data.length;
        if (data.length < 20 || data.toString('utf8', 0, 20) !== '{"type":"scoreboard"') return;
        const place = client.arrivals.length;
        client.arrivals.push(arrived);
        // The first client to hear a message reads it; the others only time it.
        if (heard[place] === undefined) {
          const text = data.toString('utf8');
          const message = JSON.parse(text) as {
            data: { delta?: { rows: { id: number; solvedChallenges: { id: number }[] }[] } };
          };
          const pairs = new Set<string>();
          for (const row of message.data.delta?.rows ?? []) {
            for (const solve of row.solvedChallenges) pairs.add(`${row.id}:${solve.id}`);
          }
          heard[place] = { text, pairs, hasDelta: message.data.delta !== undefined };
        }
      });
      socket.on('close', () => {
        client.closed = true;
      });
      opened.push(
        new Promise((resolve, reject) => {
          socket.once('open', () => resolve());
          socket.once('error', reject);
        }),
      );
      clients.push(client);
    }
    await Promise.all(opened);
  }
  return clients;
}

interface StreamSolve {
  key: string;
  posted: number;
  verdict: number;
  accepted: boolean;
}

async function submit(pool: Pool, gameId: number, player: StreamPlayer): Promise<StreamSolve | null> {
  const challengeId = player.unsolved.shift();
  if (challengeId === undefined) return null;
  const posted = performance.now();
  const response = await pool.request({
    method: 'POST',
    path: `/api/game/${gameId}/challenges/${challengeId}`,
    headers: player.headers,
    body: JSON.stringify({ flag: `flag{live-${challengeId}}` }),
  });
  const submissionId = Number(await response.body.text());
  const verdict = await pollVerdict(
    pool,
    `/api/game/${gameId}/challenges/${challengeId}/status/${submissionId}`,
    player.headers,
    400,
  );
  return {
    key: `${player.teamId}:${challengeId}`,
    posted,
    verdict: performance.now(),
    accepted: verdict === 'Accepted',
  };
}

/** Bytes of the whole board as a browser gets it (gzip, br accepted) and raw. */
async function boardBytes(gameId: number): Promise<{ wire: number; raw: number; encoding: string }> {
  const pool = new Pool(BASE, { connections: 1 });
  const compressed = await pool.request({
    method: 'GET',
    path: `/api/game/${gameId}/scoreboard`,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  });
  const wire = (await compressed.body.arrayBuffer()).byteLength;
  const encoding = String(compressed.headers['content-encoding'] ?? 'identity');
  const plain = await pool.request({ method: 'GET', path: `/api/game/${gameId}/scoreboard` });
  const raw = (await plain.body.arrayBuffer()).byteLength;
  await pool.close();
  return { wire, raw, encoding };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

async function main() {
  const write = process.argv.includes('--write');
  const calibration = calibrate();
  console.log(describeCalibration(calibration));
  await recreateDatabase(DB_NAME);
  const server = await startBenchServer({
    port: PORT,
    database: DB_NAME,
    dataDir: '/tmp/flagpole-bench-live',
    adminPassword: PASSWORD,
    serverDir: path.join(serverRoot, 'apps/server'),
    build: true,
  });
  const pid = server.pid ?? 0;
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, residentMb(pid));
  }, 100);
  const client = new pg.Client({ connectionString: databaseUrl(DB_NAME) });
  try {
    await client.connect();
    const seeded = performance.now();
    const gameId = await seed(client);
    console.log(`seeded in ${Math.round(performance.now() - seeded)} ms`);
    const players = await streamPlayers(client, gameId);
    const board = await boardBytes(gameId);
    console.log(`board: ${board.raw} bytes raw, ${board.wire} bytes ${board.encoding}`);
    const heard: Heard[] = [];
    const clients = await connectClients(gameId, heard);
    console.log(`${clients.length} live clients connected`);
    await sleep(3_000);
    const idleStart = cpuSeconds(pid);
    await sleep(5_000);
    const idleRate = (cpuSeconds(pid) - idleStart) / 5;
    const rssBeforeStream = residentMb(pid);
    const peakBeforeStream = peakRss;
    peakRss = rssBeforeStream;

    const pool = new Pool(BASE, { connections: 16 });
    const heardBefore = heard.length;
    const bytesBefore = clients.map((c) => c.bytes);
    const cpuStart = cpuSeconds(pid);
    const streamStart = performance.now();
    const pending: Promise<StreamSolve | null>[] = [];
    for (let index = 0; index < STREAM_SOLVES; index++) {
      pending.push(submit(pool, gameId, players[index % players.length] as StreamPlayer));
      await sleep(INTERVAL_MS);
    }
    const solves = (await Promise.all(pending)).filter((solve): solve is StreamSolve => solve !== null);
    // The last solves' rebuild: wait until every solve was heard (or 20 s).
    const deadline = performance.now() + 20_000;
    const first = clients[0]?.arrivals ?? [];
    const heardAll = () =>
      solves.every((solve) =>
        heard.some(
          (h, index) =>
            h.pairs.has(solve.key) || (!h.hasDelta && index >= heardBefore && (first[index] ?? 0) > solve.verdict),
        ),
      );
    while (!heardAll() && performance.now() < deadline) await sleep(50);
    await sleep(2_000);
    const streamSeconds = (performance.now() - streamStart) / 1000;
    const cpuStream = cpuSeconds(pid) - cpuStart;
    const rebuilds = heard.length - heardBefore;
    const cpuPerRebuild = ((cpuStream - idleRate * streamSeconds) / Math.max(1, rebuilds)) * 1000;
    const cpuPerRebuildRaw = (cpuStream / Math.max(1, rebuilds)) * 1000;

    const pairLatencyPost: number[] = [];
    const pairLatencyVerdict: number[] = [];
    const lastClientPost: number[] = [];
    const lastClientVerdict: number[] = [];
    let missed = 0;
    for (const solve of solves) {
      const place = heard.findIndex((h, index) =>
        h.hasDelta
          ? index >= heardBefore && h.pairs.has(solve.key)
          : index >= heardBefore && (first[index] ?? 0) > solve.verdict,
      );
      if (place < 0) {
        missed++;
        continue;
      }
      let last = 0;
      for (const c of clients) {
        const arrived = c.arrivals[place];
        if (arrived === undefined) continue;
        pairLatencyPost.push(arrived - solve.posted);
        pairLatencyVerdict.push(arrived - solve.verdict);
        last = Math.max(last, arrived);
      }
      lastClientPost.push(last - solve.posted);
      lastClientVerdict.push(last - solve.verdict);
    }
    for (const list of [pairLatencyPost, pairLatencyVerdict, lastClientPost, lastClientVerdict])
      list.sort((a, b) => a - b);
    const received = clients.map((c, index) => c.bytes - (bytesBefore[index] ?? 0));
    const bytesPerSolve = received.reduce((sum, value) => sum + value, 0) / clients.length / Math.max(1, solves.length);
    const messageSizes = heard.slice(heardBefore).map((h) => Buffer.byteLength(h.text));
    messageSizes.sort((a, b) => a - b);
    const withoutDelta = heard.slice(heardBefore).filter((h) => !h.hasDelta).length;
    const oldMessage = Buffer.byteLength(JSON.stringify({ type: 'scoreboard', data: { gameId } }));
    const rebuildsPerSolve = rebuilds / Math.max(1, solves.length);
    const beforePerSolve = rebuildsPerSolve * (oldMessage + board.wire);
    const accepted = solves.filter((solve) => solve.accepted).length;
    const dropped = clients.filter((c) => c.closed).length;
    await pool.close();
    for (const c of clients) c.socket.terminate();

    const cpu = cpus()[0]?.model ?? 'unknown CPU';
    const commit =
      serverRoot === repoRoot
        ? execSync('git rev-parse --short HEAD', { cwd: repoRoot, encoding: 'utf8' }).trim()
        : `server from ${serverRoot}`;
    const dist = (list: number[]) =>
      `| ${fmt(percentile(list, 50))} | ${fmt(percentile(list, 99))} | ${fmt(list[list.length - 1] ?? Number.NaN)} |`;
    const lines = [
      '# Scoreboard live channel (bench/scenarios/scoreboard-live.ts)',
      '',
      `Run ${new Date().toISOString()} on ${cpus().length} cores (${cpu.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, commit ${commit}, server \`node ${benchServerNodeArgs().join(' ')}\`; load average at the end ${loadavg()[0]?.toFixed(1)}.`,
      `Calibration (${describeCalibration(calibration)}); targets scale with the loop time: 150 ms of CPU per rebuild on a ~150 ms day is ${fmt(calibration.loopMs)} ms today.`,
      `Game: ${TEAMS} teams, ${CHALLENGES} challenges, ${SOLVES} seeded solves on the local PostgreSQL server; the board is ${fmt(board.raw / 2 ** 20, 1)} MiB raw, ${fmt(board.wire / 2 ** 20, 2)} MiB as ${board.encoding}.`,
      `${clients.length} websocket clients on the live channel in the load generator's process (${dropped} closed during the run); ${solves.length} correct flags, one every ${INTERVAL_MS} ms from ${players.length} signed-in teams (${accepted} Accepted), ${rebuilds} rebuilds heard (${withoutDelta} without a delta), ${missed} solves never seen in a delta.`,
      '',
      '| time until the solve reaches clients, ms | p50 | p99 | max |',
      '|---|---|---|---|',
      `| every (solve, client), from the POST ${dist(pairLatencyPost)}`,
      `| every (solve, client), from the verdict ${dist(pairLatencyVerdict)}`,
      `| last client of each solve, from the POST ${dist(lastClientPost)}`,
      `| last client of each solve, from the verdict ${dist(lastClientVerdict)}`,
      '',
      '| measure | value |',
      '|---|---|',
      `| live message size, bytes (min / median / max) | ${messageSizes[0] ?? 0} / ${fmt(percentile(messageSizes, 50))} / ${messageSizes[messageSizes.length - 1] ?? 0} |`,
      `| bytes per solve per client, after (live messages received / solves) | ${fmt(bytesPerSolve)} |`,
      `| bytes per solve per client, before (${fmt(rebuildsPerSolve, 2)} rebuilds per solve × (${oldMessage} B message + ${board.wire} B ${board.encoding} board refetch)) | ${fmt(beforePerSolve)} |`,
      `| server CPU per rebuild, ms (stream CPU minus the idle rate, over rebuilds) | ${fmt(cpuPerRebuild)} |`,
      `| server CPU per rebuild, ms (all stream CPU, over rebuilds) | ${fmt(cpuPerRebuildRaw)} |`,
      `| server CPU, idle with ${clients.length} sockets open, % of one core | ${fmt(idleRate * 100, 1)} |`,
      `| server RSS peak while seeding, building and fetching the first board, MB | ${fmt(peakBeforeStream)} |`,
      `| server RSS at the start of the stream / peak during the stream, MB | ${fmt(rssBeforeStream)} / ${fmt(peakRss)} |`,
    ];
    const report = `${lines.join('\n')}\n`;
    console.log(report);
    const out = process.env.BENCH_LIVE_OUT ?? path.join(repoRoot, 'bench/results/scoreboard-live.md');
    if (write) writeFileSync(out, report);
  } finally {
    clearInterval(sampler);
    await client.end().catch(() => undefined);
    server.kill('SIGTERM');
  }
}

await main();
