/**
 * Server memory while 200 players register and then sign in, all at once (the moment a CTF opens): the
 * built server (as `npm start` runs it) on a fresh database of the local PostgreSQL server, its resident
 * memory sampled every 20 ms. BENCH_SERVER_DIR runs another checkout's built server (`apps/server` of a
 * worktree at an older commit) to compare code on the same machine; runs alternate when given --rounds.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { recreateDatabase } from './bench-database';
import { repoRoot, startBenchServer } from './bench-server';
import { calibrate, describeCalibration } from './calibration';

const PORT = 18556;
const BASE = `http://127.0.0.1:${PORT}`;
const PLAYERS = 200;
const PASSWORD = 'Passw0rd!bench-sign-in';

interface Run {
  server: string;
  idleMb: number;
  peakMb: number;
  registerMs: number;
  signInMs: number;
}

async function runOnce(serverDir: string): Promise<Run> {
  const db = 'flagpole_bench_sign_in';
  await recreateDatabase(db);
  const child = await startBenchServer({
    port: PORT,
    database: db,
    dataDir: '/tmp/flagpole-bench-sign-in',
    adminPassword: PASSWORD,
    serverDir,
    output: 'ignore',
  });
  const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]) / 1024;
  try {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleMb = rssMb();
    let peakMb = idleMb;
    const sampler = setInterval(() => {
      peakMb = Math.max(peakMb, rssMb());
    }, 20);
    const names = Array.from({ length: PLAYERS }, (_, i) => `bench${i}`);
    const post = async (url: string, body: object) => {
      const response = await fetch(`${BASE}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
    };
    const started = performance.now();
    await Promise.all(
      names.map((userName) =>
        post('/api/account/register', { userName, password: PASSWORD, email: `${userName}@bench.test` }),
      ),
    );
    const registered = performance.now();
    await Promise.all(names.map((userName) => post('/api/account/login', { userName, password: PASSWORD })));
    const signedIn = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 300));
    clearInterval(sampler);
    return {
      server: path.relative(repoRoot, serverDir) || '.',
      idleMb,
      peakMb,
      registerMs: registered - started,
      signInMs: signedIn - registered,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const here = path.join(repoRoot, 'apps/server');
const other = process.env.BENCH_SERVER_DIR;
const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 1;
console.log(describeCalibration(calibrate()));
for (let round = 0; round < rounds; round++) {
  for (const dir of other ? [other, here] : [here]) {
    const run = await runOnce(dir);
    console.log(
      `${run.server}: idle ${run.idleMb.toFixed(0)} MB, peak ${run.peakMb.toFixed(0)} MB; ${PLAYERS} registrations ${run.registerMs.toFixed(0)} ms, ${PLAYERS} sign-ins ${run.signInMs.toFixed(0)} ms`,
    );
  }
}
