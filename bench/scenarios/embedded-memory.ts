/**
 * Resident memory of the platform on its embedded database, started as `npm start` does with no
 * configuration (the bundled build, DATA_DIR ./data in a fresh folder, no DATABASE_URL): RSS of the server
 * process once it answers /readyz (the first start creates and migrates the database), idle a few seconds
 * later, after a few hundred ordinary requests (pages, game list, sign-up and sign-in), and the same again
 * after a restart on the database the first run left (the start an operator sees every day). Reads
 * VmRSS / VmHWM of the process from /proc, so Linux only. Loopback only.
 *
 *   node --import tsx bench/scenarios/embedded-memory.ts [--entry apps/server/dist/main.js] [--runs 3]
 *     [--node-args "--flag …"] [--database-url postgres://…] [--write]
 *
 * --entry runs another build (another worktree's apps/server/dist/main.js, or a copy of the previous build's
 * dist folder inside apps/server, so its packages resolve). The server gets the Node options of the `start`
 * script in the package.json beside that build (what `npm start` passes), or those of --node-args instead;
 * --database-url runs the same starts on a PostgreSQL server instead (the platform's own baseline, without the
 * embedded database; the caller provides the database, empty or migrated); --write records the results in
 * bench/results/embedded-memory.md.
 */

import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startScriptNodeArgs } from '../../e2e/src/start-script';
import { calibrate, describeSpeed } from './calibration';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const entry = path.resolve(repoRoot, arg('--entry') ?? 'apps/server/dist/main.js');
const RUNS = Number(arg('--runs') ?? 3);
const databaseUrl = arg('--database-url');
const nodeArgs = arg('--node-args')?.split(/\s+/).filter(Boolean) ?? startScriptNodeArgs(entry);
const IDLE_MS = 5_000;
const REQUESTS = 300;

const mb = (kb: number) => Math.round(kb / 1024);

function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: mb(field('VmRSS')), peak: mb(field('VmHWM')) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitReady(base: string, child: ChildProcess): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('server not ready within 60 s');
}

/** Ordinary traffic of a visitor and a new player: the page, the game list, sign-up, sign-in, own profile. */
async function someRequests(base: string, run: number): Promise<void> {
  for (let i = 0; i < REQUESTS / 3; i++) {
    await (await fetch(`${base}/`)).arrayBuffer();
    await (await fetch(`${base}/api/game?count=20&skip=0`)).arrayBuffer();
    await (await fetch(`${base}/api/config`)).arrayBuffer();
  }
  const name = `mem${run}x${Date.now() % 100_000}`;
  const password = 'Bench-password-1';
  await fetch(`${base}/api/account/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: name, password, email: `${name}@bench.invalid` }),
  });
  const login = await fetch(`${base}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: name, password }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  await (await fetch(`${base}/api/account/profile`, { headers: { cookie } })).arrayBuffer();
}

interface StartFigures {
  readyMs: number;
  ready: number;
  idle: number;
  afterRequests: number;
  peak: number;
}

async function start(dataRoot: string, port: number, run: number): Promise<StartFigures> {
  const base = `http://127.0.0.1:${port}`;
  // `npm start` with no configuration: only where to listen is set, so runs do not collide.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const child = spawn(process.execPath, [...nodeArgs, entry], { cwd: dataRoot, env, stdio: 'ignore' });
  try {
    const readyMs = await waitReady(base, child);
    const pid = child.pid ?? 0;
    const ready = memoryOf(pid).rss;
    await sleep(IDLE_MS);
    const idle = memoryOf(pid).rss;
    await someRequests(base, run);
    await sleep(1_000);
    const after = memoryOf(pid);
    return { readyMs, ready, idle, afterRequests: after.rss, peak: after.peak };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  const calibration = calibrate();
  const first: StartFigures[] = [];
  const again: StartFigures[] = [];
  for (let run = 0; run < RUNS; run++) {
    const dataRoot = mkdtempSync(path.join(tmpdir(), 'flagpole-mem-'));
    try {
      first.push(await start(dataRoot, 18_400 + run, run));
      again.push(await start(dataRoot, 18_500 + run, run + 100));
    } finally {
      rmSync(dataRoot, { recursive: true, force: true });
    }
  }
  const row = (label: string, figures: StartFigures[]) => {
    const cell = (pick: (f: StartFigures) => number) =>
      `${median(figures.map(pick))} MB (${figures.map(pick).join(' · ')})`;
    return `| ${label} | ${cell((f) => f.ready)} | ${cell((f) => f.idle)} | ${cell((f) => f.afterRequests)} | ${cell((f) => f.peak)} | ${Math.round(median(figures.map((f) => f.readyMs)))} ms |`;
  };
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: repoRoot }).toString().trim();
  } catch {}
  const lines = [
    `Run ${new Date().toISOString()} on ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, commit ${commit}, build ${path.relative(repoRoot, entry)}, ${databaseUrl ? 'PostgreSQL server' : 'embedded database'}, node ${nodeArgs.join(' ')}; ${describeSpeed(calibration)}; load average at the end ${loadavg()[0]?.toFixed(1)}.`,
    '',
    `RSS of the server process (median of ${RUNS} runs, each run in brackets); "requests" are ${REQUESTS} page, game-list and config reads plus a sign-up, a sign-in and a profile read.`,
    '',
    '| start | at /readyz | idle 5 s | after requests | peak (VmHWM) | time to ready |',
    '|---|---|---|---|---|---|',
    row('first start (creates and migrates the database)', first),
    row('restart on the existing database', again),
  ];
  console.log(lines.join('\n'));
  if (process.argv.includes('--write')) {
    const file = path.join(repoRoot, 'bench/results/embedded-memory.md');
    writeFileSync(file, `${lines.join('\n')}\n`);
    console.log(`written to ${file}`);
  }
}

await main();
