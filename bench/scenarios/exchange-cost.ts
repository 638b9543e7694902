/**
 * What one HTTP exchange costs the server, route by route, against a bare `node:http` server on the same machine
 * at the same minutes: where a flag submission's CPU goes before any profile. Seeds the game-load scenario's
 * game (game-load-seed.ts) into its own database, starts the built server as the benchmarks do (bench-server.ts,
 * the image's Node options), signs one player in, and drives each route with Debian's wrk (C, one thread, 50
 * connections, one request at a time on each) for a few seconds, in rounds that alternate the routes. The server's
 * CPU time per exchange comes from /proc (user + system, every thread).
 *
 *   node --import tsx bench/scenarios/exchange-cost.ts [--rounds=3] [--seconds=4] [--server-dir=<apps/server>]
 *     [--routes=healthz,status]
 *
 * `--server-dir` runs another checkout's built server (for a before figure; it is not rebuilt). `--routes` keeps the
 * routes whose names contain one of the words (the bare server is always measured), e.g. for a profile of one route.
 *
 * Routes: the bare server; `/healthz` with the player's cookies (the global hooks, the request gate resolving the
 * session, and an answer through the zod response serializer); a status call whose verdict the server holds in
 * memory (the same gate, path validation, the verdict memory, an answer written as text); a wrong flag's POST
 * (the same, plus the body, the stored row in a group commit and its audit entry).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { recreateDatabase } from './bench-database';
import { startBenchServer } from './bench-server';
import { calibrate, describeCalibration } from './calibration';
import { PASSWORD, seed } from './game-load-seed';
import { signIn } from './game-load-submissions';
import { startBareServer } from './http-calibration';
import { cpuSeconds } from './process-stats';

const PORT = 18_182;
const BASE = `http://127.0.0.1:${PORT}`;
const DB_NAME = 'flagpole_bench_exchange';

function option(name: string, fallback: number): number {
  const given = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  return given === undefined ? fallback : Math.max(1, Number(given));
}

interface Route {
  name: string;
  pid: number;
  /** wrk's arguments after its own options: headers, script, address. */
  args: string[];
}

/** Runs wrk against one route; returns the server's CPU µs per exchange and the exchanges per second. */
function measure(route: Route, seconds: number): { micros: number; perSecond: number; errors: number } {
  const before = cpuSeconds(route.pid);
  const run = spawnSync('wrk', ['-t1', '-c50', `-d${seconds}s`, ...route.args], { encoding: 'utf8' });
  const after = cpuSeconds(route.pid);
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
  const answered = Number(/(\d+) requests in/.exec(run.stdout)?.[1] ?? 0);
  const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(run.stdout)?.[1] ?? 0);
  return { micros: ((after - before) * 1e6) / Math.max(1, answered), perSecond: answered / seconds, errors };
}

/** The `apps/server` folder given with `--server-dir=`, or undefined for this checkout's (built first). */
function serverDirOption(): string | undefined {
  return process.argv.find((arg) => arg.startsWith('--server-dir='))?.slice('--server-dir='.length);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function main() {
  const rounds = option('rounds', 3);
  const seconds = option('seconds', 4);
  console.log(describeCalibration(calibrate()));
  await recreateDatabase(DB_NAME);
  const serverDir = serverDirOption();
  console.log(`server: ${serverDir ?? 'this checkout (built now)'}`);
  const server = await startBenchServer({
    serverDir,
    port: PORT,
    database: DB_NAME,
    dataDir: '/tmp/flagpole-bench-exchange',
    adminPassword: PASSWORD,
    build: serverDir === undefined,
    output: 'ignore',
  });
  const bare = await startBareServer();
  try {
    const seeded = await seed(DB_NAME);
    const team = seeded.teams[0];
    const challengeId = team?.unsolved[0];
    if (!team || challengeId === undefined) throw new Error('the seed left no unsolved challenge');
    const player = await signIn(BASE, team.userName, PASSWORD, team.unsolved);
    const challengePath = `${BASE}/api/game/${seeded.gameId}/challenges/${challengeId}`;
    const posted = await fetch(challengePath, {
      method: 'POST',
      headers: player.headers,
      body: JSON.stringify({ flag: 'flag{exchange-cost}' }),
    });
    if (!posted.ok) throw new Error(`a wrong flag's POST failed: ${posted.status}`);
    const submissionId = await posted.text();
    const headers = Object.entries(player.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
    const script = path.join(tmpdir(), 'flagpole-exchange-cost.lua');
    writeFileSync(script, `wrk.method = "POST"\nwrk.body = '{"flag":"flag{exchange-cost-wrong}"}'\n`);
    const serverPid = server.pid ?? 0;
    const routes: Route[] = [
      { name: 'bare node:http', pid: bare.child.pid ?? 0, args: [`http://127.0.0.1:${bare.port}/`] },
      { name: '/healthz (cookies sent)', pid: serverPid, args: [...headers, `${BASE}/healthz`] },
      {
        name: 'status call (verdict in memory)',
        pid: serverPid,
        args: [...headers, `${challengePath}/status/${submissionId}`],
      },
      { name: 'wrong flag POST', pid: serverPid, args: [...headers, '-s', script, challengePath] },
    ];
    const wanted = process.argv
      .find((arg) => arg.startsWith('--routes='))
      ?.slice('--routes='.length)
      .split(',');
    if (wanted) {
      const kept = routes.filter((route, index) => index === 0 || wanted.some((word) => route.name.includes(word)));
      routes.splice(0, routes.length, ...kept);
    }
    const figures = new Map(routes.map((route) => [route.name, [] as Array<ReturnType<typeof measure>>]));
    for (let round = 0; round < rounds; round++) {
      for (const route of routes) figures.get(route.name)?.push(measure(route, seconds));
    }
    const bareMicros = median(figures.get('bare node:http')?.map((f) => f.micros) ?? []);
    console.log(`${rounds} rounds of ${seconds} s per route, wrk -t1 -c50; server CPU per exchange (median, range):`);
    for (const route of routes) {
      const runs = figures.get(route.name) ?? [];
      const micros = runs.map((f) => f.micros);
      const errors = runs.reduce((sum, f) => sum + f.errors, 0);
      console.log(
        `  ${route.name.padEnd(32)} ${median(micros).toFixed(1)} µs (${Math.min(...micros).toFixed(1)}–${Math.max(...micros).toFixed(1)}), ` +
          `${(median(micros) / bareMicros).toFixed(1)} bare exchanges, ${Math.round(median(runs.map((f) => f.perSecond)))}/s, non-2xx ${errors}`,
      );
    }
  } finally {
    bare.child.kill('SIGTERM');
    server.kill('SIGTERM');
  }
}

await main();
