import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../platform';
import { startScriptNodeArgs } from '../start-script';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverDir = path.join(repoRoot, 'apps/server');
const builtServer = path.join(serverDir, 'dist/main.js');
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Newest modification time of the files under `dir`, in ms. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

/**
 * The built server (`npm run build -w @flagpole/server`), built now when it is missing or older than its
 * sources (`npm test` builds it before the suites run; a developer running this file alone may not have).
 * `FAULTS_SERVER_ENTRY` names another build to run the suite against instead.
 */
export function ensureServerBuilt(): string {
  // Another build to compare with (an older version, say): FAULTS_SERVER_ENTRY=/path/to/dist/main.js.
  if (process.env.FAULTS_SERVER_ENTRY) return process.env.FAULTS_SERVER_ENTRY;
  const sources = Math.max(newest(path.join(serverDir, 'src')), newest(path.join(repoRoot, 'packages/contract/src')));
  if (!existsSync(builtServer) || statSync(builtServer).mtimeMs < sources) {
    const result = spawnSync('npm', ['run', 'build', '-w', '@flagpole/server'], { cwd: repoRoot, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('could not build the server');
  }
  return builtServer;
}

/** A fresh, empty database on the local PostgreSQL server (the first server process migrates it). */
export async function createFaultDatabase() {
  const name = `flagpole_faults_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  // An idle connection the server drops is replaced on the next query; it must not fail the run.
  pool.on('error', () => undefined);
  return {
    url: url.toString(),
    /** Straight to the database, never through a fault proxy: fixtures and checks. */
    pool,
    /** The same database reached through a proxy on `port`. */
    urlThrough(port: number): string {
      const through = new URL(url.toString());
      through.hostname = '127.0.0.1';
      through.port = String(port);
      return through.toString();
    },
    async drop(): Promise<void> {
      await pool.end();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
export type FaultDatabase = Awaited<ReturnType<typeof createFaultDatabase>>;

export interface ServerProcess {
  readonly name: string;
  readonly port: number;
  readonly url: string;
  readonly pid: number;
  /** Everything the process wrote so far. */
  output(): string;
  /** SIGKILL by the process id this test started: no drain, no goodbye. */
  kill9(): Promise<void>;
  /** SIGTERM, then waits for the exit; resolves with the exit code. */
  terminate(): Promise<number | null>;
  readonly exited: boolean;
}

/**
 * Starts the built server as a child process and waits until it answers. `env` adds to (and overrides) the
 * defaults: a data folder of its own, warnings and errors logged, rate limits off.
 */
export async function startServer(
  name: string,
  env: Record<string, string>,
  options: { port?: number; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const entry = ensureServerBuilt();
  const port = options.port ?? (await freePort());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'flagpole-faults-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [...startScriptNodeArgs(entry), entry], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Admin-faults-1',
      LOG_LEVEL: 'info',
      RATE_LIMIT: 'false',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const append = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  let exited = false;
  const exit = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      exited = true;
      void rm(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const handle: ServerProcess = {
    name,
    port,
    url,
    pid: child.pid as number,
    output: () => output,
    async kill9() {
      if (!exited) process.kill(child.pid as number, 'SIGKILL');
      await exit;
    },
    async terminate() {
      if (!exited) process.kill(child.pid as number, 'SIGTERM');
      return exit;
    },
    get exited() {
      return exited;
    },
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${name} exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/config`);
      if (response.ok) return handle;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await handle.kill9();
  throw new Error(`${name} did not start:\n${output}`);
}
