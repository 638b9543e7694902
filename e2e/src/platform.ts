import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startScriptNodeArgs } from './start-script';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Platform {
  url: string;
  adminPassword: string;
  /** Output of the server process so far, for diagnosing failures. */
  output: () => string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const serverDir = path.join(repoRoot, 'apps/server');
const builtServer = path.join(serverDir, 'dist/main.js');

/** The newest modification time of the files under a folder that go into the build (not tests). */
function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name.endsWith('.test.ts')) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * The tests run the built server, the artefact `npm start` runs, so that a packaging fault (a file the
 * bundle lacks) fails them. A missing or stale build is refused with the command that makes it.
 */
function assertServerBuilt(): void {
  if (!existsSync(builtServer)) throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
  const sources = Math.max(
    newestChange(path.join(serverDir, 'src')),
    newestChange(path.join(repoRoot, 'packages/contract/src')),
  );
  if (sources > statSync(builtServer).mtimeMs) {
    throw new Error('apps/server/dist is older than its sources: run `npm run build` first');
  }
}

/**
 * Starts the built server (apps/server/dist/main.js) as its own process on a free port with a fresh
 * embedded database, serving the built web application, exactly as `npm start` does.
 */
export async function startPlatform(env: Record<string, string> = {}): Promise<Platform> {
  assertServerBuilt();
  // A test may choose the port, when something started before the platform must know its address.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'flagpole-e2e-'));
  const adminPassword = 'Admin-e2e-1';
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [...startScriptNodeArgs(builtServer), builtServer], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: adminPassword,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WEB_DIST: path.join(repoRoot, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      // Test files run side by side on one Docker engine: each platform reconciles only its own instances.
      CONTAINER_OWNER: `e2e-${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return { url, adminPassword, output: () => output, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`server did not become healthy:\n${output}`);
}
