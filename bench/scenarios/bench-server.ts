import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { imageMallocEnvironment, imageNodeArgs, startScriptNodeArgs } from '../../e2e/src/start-script';
import { databaseUrl } from './bench-database';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BenchServerOptions {
  port: number;
  /** Database of the local PostgreSQL server (bench-database.ts) the server runs on. */
  database: string;
  dataDir: string;
  adminPassword: string;
  /** The `apps/server` folder to run; another checkout's for a before run. Defaults to this one's. */
  serverDir?: string;
  /** Build it first with its own build script (what `npm start` runs). */
  build?: boolean;
  /** Where the server's output goes: shown beside the scenario's, or dropped; `onOutput` reads it instead. */
  output?: 'inherit' | 'ignore';
  /** Receives every chunk the server writes to its standard output, from its first line on. */
  onOutput?: (chunk: Buffer) => void;
  /** Variables set last, over the defaults below (e.g. `LOG_LEVEL`, `METRICS_PORT`). */
  env?: Record<string, string>;
}

/**
 * The Node options the benchmark server runs with: by default the container image's (`CMD` of the Dockerfile),
 * since events run the image on a PostgreSQL server as these scenarios do; BENCH_SERVER_AS=start takes `npm
 * start`'s instead (the script beside the build that runs), BENCH_SERVER_AS=none none. BENCH_SERVER_NODE_ARGS
 * adds options after them, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
 */
export function benchServerNodeArgs(serverDir = path.join(repoRoot, 'apps/server')): string[] {
  const as = process.env.BENCH_SERVER_AS ?? 'image';
  const base =
    as === 'image'
      ? imageNodeArgs(path.join(repoRoot, 'Dockerfile'))
      : as === 'start'
        ? startScriptNodeArgs(path.join(serverDir, 'dist/main.js'))
        : as === 'none'
          ? []
          : (() => {
              throw new Error(`BENCH_SERVER_AS must be image, start or none, not ${as}`);
            })();
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return [...base, ...extra];
}

/**
 * The image's allocator settings (`MALLOC_ARENA_MAX`) when the server runs as the image does; a variable set in the
 * benchmark's own environment wins.
 */
function benchServerMallocEnvironment(): Record<string, string> {
  return (process.env.BENCH_SERVER_AS ?? 'image') === 'image'
    ? imageMallocEnvironment(path.join(repoRoot, 'Dockerfile'))
    : {};
}

/**
 * Starts a built server as its own process with `benchServerNodeArgs`, rate limits and the per-address live-connection
 * cap off (LIVE_MAX_PER_ADDRESS=100000 unless the environment says otherwise) and warnings only,
 * and resolves once `/healthz` answers.
 */
export async function startBenchServer(options: BenchServerOptions): Promise<ChildProcess> {
  const cwd = options.serverDir ?? path.join(repoRoot, 'apps/server');
  if (options.build) {
    const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd });
    if (built.status !== 0) throw new Error(`server build failed: ${built.stderr}`);
  }
  const nodeArgs = benchServerNodeArgs(cwd);
  const output = options.output ?? 'inherit';
  // BENCH_SERVER_NODE runs the server on another Node.js binary (Node 20 against 24, issue 31); the build and the
  // load generator stay on this one.
  const child = spawn(process.env.BENCH_SERVER_NODE ?? process.execPath, [...nodeArgs, 'dist/main.js'], {
    cwd,
    env: {
      ...benchServerMallocEnvironment(),
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl(options.database),
      DATA_DIR: options.dataDir,
      RATE_LIMIT: 'false',
      // Thousands of anonymous live sockets come from this one loopback address (the default cap is 256).
      LIVE_MAX_PER_ADDRESS: process.env.LIVE_MAX_PER_ADDRESS ?? '100000',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: options.adminPassword,
      ...options.env,
    },
    stdio: ['ignore', options.onOutput ? 'pipe' : output, 'inherit'],
  });
  if (options.onOutput) child.stdout?.on('data', options.onOutput);
  for (let attempt = 0; attempt < 300; attempt++) {
    const up = await fetch(`http://127.0.0.1:${options.port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error('server did not start');
}

/** The version of the Node.js binary the server runs on (`BENCH_SERVER_NODE` or this one). */
export function serverNodeVersion(): string {
  const binary = process.env.BENCH_SERVER_NODE;
  if (!binary) return process.version;
  return spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim();
}
