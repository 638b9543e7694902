/**
 * What one HTTP exchange costs the server, route by route, against a bare `node:http` server on the same machine
 * at the same minutes: where a flag submission's CPU goes before any profile. Seeds the game-load scenario's
 * game (game-load-seed.ts) into its own database, starts the built server as the benchmarks do (bench-server.ts,
 * the image's Node options), signs one player in, and drives each route with Debian's wrk (C, one thread, 50
 * connections, one request at a time on each) for a few seconds, in rounds that alternate the routes. The server's
 * CPU time per exchange comes from /proc (user + system, every thread).
 *
 *   node --import tsx bench/scenarios/exchange-cost.ts [--rounds=3] [--seconds=4] [--server-dir=<apps/server>]…
 *     [--routes=bare,healthz,status,post]
 *
 * Each `--server-dir` (repeatable; default this checkout's) is another checkout's built server, e.g. a worktree of
 * main for a before figure: each runs on its own port and database, and every round measures each server's routes
 * in turn, so before and after alternate at the same minutes. Only this checkout's server is built here; another
 * must be built already. `--routes` keeps some of the routes (a profile of the POST alone, say).
 *
 * Routes: the bare server; `/healthz` with the player's cookies (the global hooks, the request gate resolving the
 * session, and its one answer sent as text); a status call whose verdict the server holds in
 * memory (the same gate, path validation, the verdict memory, an answer written as text); a wrong flag's POST
 * (the same, plus the body, the stored row in a group commit and its audit entry).
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { recreateDatabase } from './bench-database';
import { repoRoot, startBenchServer } from './bench-server';
import { calibrate, describeCalibration } from './calibration';
import { PASSWORD, seed } from './game-load-seed';
import { signIn } from './game-load-submissions';
import { startBareServer } from './http-calibration';
import { cpuSeconds } from './process-stats';

const PORT = 18_182;
const DB_NAME = 'flagpole_bench_exchange';

const OWN_SERVER_DIR = path.join(repoRoot, 'apps/server');
const ROUTE_KEYS = ['bare', 'healthz', 'status', 'post'] as const;
type RouteKey = (typeof ROUTE_KEYS)[number];

/** Every value given to `--<name>=`. */
function optionValues(name: string): string[] {
  return process.argv.filter((arg) => arg.startsWith(`--${name}=`)).map((arg) => arg.slice(name.length + 3));
}

function option(name: string, fallback: number): number {
  const given = optionValues(name)[0];
  return given === undefined ? fallback : Math.max(1, Number(given));
}

function routeKeys(): Set<RouteKey> {
  const given = optionValues('routes').flatMap((value) => value.split(','));
  if (given.length === 0) return new Set(ROUTE_KEYS);
  const unknown = given.filter((key) => !(ROUTE_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) throw new Error(`unknown routes ${unknown.join(', ')}; known: ${ROUTE_KEYS.join(', ')}`);
  return new Set(given as RouteKey[]);
}

interface Route {
  key: RouteKey;
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

interface ServerUnderTest {
  label: string;
  process: ChildProcess;
  routes: Route[];
}

/** Starts one checkout's server on its own port and database, seeds the game, signs a player in: its routes. */
async function startServer(serverDir: string, index: number, wanted: Set<RouteKey>): Promise<ServerUnderTest> {
  const port = PORT + 1 + index;
  const base = `http://127.0.0.1:${port}`;
  const database = `${DB_NAME}_${index}`;
  await recreateDatabase(database);
  const own = path.resolve(serverDir) === OWN_SERVER_DIR;
  if (!own && !existsSync(path.join(serverDir, 'dist/main.js'))) throw new Error(`${serverDir} is not built`);
  const server = await startBenchServer({
    port,
    database,
    dataDir: `/tmp/flagpole-bench-exchange-${index}`,
    adminPassword: PASSWORD,
    serverDir,
    build: own,
    output: 'ignore',
  });
  const label = own ? 'this checkout' : serverDir;
  try {
    const seeded = await seed(database);
    const team = seeded.teams[0];
    const challengeId = team?.unsolved[0];
    if (!team || challengeId === undefined) throw new Error('the seed left no unsolved challenge');
    const player = await signIn(base, team.userName, PASSWORD, team.unsolved);
    const challengePath = `${base}/api/game/${seeded.gameId}/challenges/${challengeId}`;
    const posted = await fetch(challengePath, {
      method: 'POST',
      headers: player.headers,
      body: JSON.stringify({ flag: 'flag{exchange-cost}' }),
    });
    if (!posted.ok) throw new Error(`a wrong flag's POST failed: ${posted.status}`);
    const submissionId = await posted.text();
    const headers = Object.entries(player.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
    const pid = server.pid ?? 0;
    const routes: Route[] = [
      { key: 'healthz', name: '/healthz (cookies sent)', pid, args: [...headers, `${base}/healthz`] },
      {
        key: 'status',
        name: 'status call (verdict in memory)',
        pid,
        args: [...headers, `${challengePath}/status/${submissionId}`],
      },
      { key: 'post', name: 'wrong flag POST', pid, args: [...headers, '-s', wrongFlagScript(), challengePath] },
    ];
    return { label, process: server, routes: routes.filter((route) => wanted.has(route.key)) };
  } catch (error) {
    server.kill('SIGTERM');
    throw error;
  }
}

function wrongFlagScript(): string {
  const script = path.join(tmpdir(), 'flagpole-exchange-cost.lua');
  writeFileSync(script, `wrk.method = "POST"\nwrk.body = '{"flag":"flag{exchange-cost-wrong}"}'\n`);
  return script;
}

function report(label: string, routes: Route[], figures: Map<Route, Array<ReturnType<typeof measure>>>, bare: number) {
  console.log(`${label}:`);
  for (const route of routes) {
    const runs = figures.get(route) ?? [];
    const micros = runs.map((f) => f.micros);
    const errors = runs.reduce((sum, f) => sum + f.errors, 0);
    const inBare = bare > 0 ? `, ${(median(micros) / bare).toFixed(1)} bare exchanges` : '';
    console.log(
      `  ${route.name.padEnd(32)} ${median(micros).toFixed(1)} µs (${Math.min(...micros).toFixed(1)}–${Math.max(...micros).toFixed(1)})` +
        `${inBare}, ${Math.round(median(runs.map((f) => f.perSecond)))}/s, non-2xx ${errors}`,
    );
  }
}

async function main() {
  const rounds = option('rounds', 3);
  const seconds = option('seconds', 4);
  const wanted = routeKeys();
  const serverDirs = optionValues('server-dir');
  console.log(describeCalibration(calibrate()));
  const servers: ServerUnderTest[] = [];
  const bare = await startBareServer();
  try {
    for (const [index, dir] of (serverDirs.length > 0 ? serverDirs : [OWN_SERVER_DIR]).entries()) {
      servers.push(await startServer(dir, index, wanted));
    }
    const bareRoute: Route = {
      key: 'bare',
      name: 'bare node:http',
      pid: bare.child.pid ?? 0,
      args: [`http://127.0.0.1:${bare.port}/`],
    };
    const bareRoutes = wanted.has('bare') ? [bareRoute] : [];
    const figures = new Map<Route, Array<ReturnType<typeof measure>>>();
    const run = (route: Route) => figures.set(route, [...(figures.get(route) ?? []), measure(route, seconds)]);
    for (let round = 0; round < rounds; round++) {
      for (const route of bareRoutes) run(route);
      for (const server of servers) for (const route of server.routes) run(route);
    }
    const bareMicros = median(figures.get(bareRoute)?.map((f) => f.micros) ?? []);
    console.log(`${rounds} rounds of ${seconds} s per route, wrk -t1 -c50; server CPU per exchange (median, range):`);
    report('machine', bareRoutes, figures, bareMicros);
    for (const server of servers) report(server.label, server.routes, figures, bareMicros);
  } finally {
    bare.child.kill('SIGTERM');
    for (const server of servers) server.process.kill('SIGTERM');
  }
}

await main();
