import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTargets, inputFiles, isFresh } from '../../scripts/build-inputs.mjs';
import { freePort, startPlatform } from '../src/platform';

/**
 * What `npm start` does around the server: it reuses a build whose inputs have not changed, and the server's
 * log is readable on a terminal (colours) and JSON when its output goes to a pipe or file.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** An SGR colour sequence: ESC, then `[32m` and the like. */
const ansiColour = new RegExp(`${String.fromCharCode(27)}\\[\\d+m`);
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

describe('npm start', () => {
  it('reuses the build when nothing it is made from changed', () => {
    // `npm test` built both parts just before the suites.
    for (const target of buildTargets) expect(isFresh(target), target.name).toBe(true);
    const builtAt = statSync(path.join(repoRoot, 'apps/server/dist/main.js')).mtimeMs;
    const result = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('web: up to date');
    expect(result.stdout).toContain('server: up to date');
    expect(statSync(path.join(repoRoot, 'apps/server/dist/main.js')).mtimeMs).toBe(builtAt);
  });

  it('builds from sources, dependencies and build settings, not from tests or outputs', () => {
    const [web = [], server = []] = buildTargets.map((target) => inputFiles(target.inputs));
    expect(web).toContain('apps/web/src/main.tsx');
    expect(web).toContain('apps/web/vite.config.ts');
    expect(server).toContain('apps/server/src/main.ts');
    expect(server).toContain('apps/server/scripts/build.mjs');
    for (const files of [web, server]) {
      expect(files).toContain('package-lock.json');
      expect(files.some((file) => file.startsWith('packages/contract/src/'))).toBe(true);
      expect(files.filter((file) => /\.test\.tsx?$|(^|\/)(dist|node_modules)\//.test(file))).toEqual([]);
    }
  });
});

describe('the server log', () => {
  it('is one JSON object per line when the output is not a terminal', async () => {
    const platform = await startPlatform({ LOG_LEVEL: 'info' });
    stops.push(platform.stop);
    const lines = platform
      .output()
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ level: 30 });
  });

  it('is readable lines when asked, with no JSON', async () => {
    const platform = await startPlatform({ LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' });
    stops.push(platform.stop);
    const output = platform.output();
    expect(output).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: /m);
    expect(output).not.toMatch(/^\{"level"/m);
    expect(output).not.toMatch(ansiColour);
  });

  it('is coloured readable lines on a terminal by default', async () => {
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'flagpole-tty-'));
    // util-linux `script` gives the server a pseudo-terminal as its standard output.
    const child: ChildProcess = spawn('script', ['-qfec', `"${process.execPath}" dist/main.js`, '/dev/null'], {
      cwd: path.join(repoRoot, 'apps/server'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: 'Admin-tty-1',
        LOG_LEVEL: 'info',
        LOG_FORMAT: '',
        DATABASE_URL: '',
        REDIS_URL: '',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    stops.push(async () => {
      if (child.exitCode === null && child.pid) {
        process.kill(-child.pid, 'SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      await rm(dataDir, { recursive: true, force: true });
    });
    const deadline = Date.now() + 90_000;
    while (!/listening/i.test(output) && Date.now() < deadline && child.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(output).toMatch(/listening/i);
    expect(output).toMatch(ansiColour);
    expect(output).not.toMatch(/\{"level"/);
  });
});
