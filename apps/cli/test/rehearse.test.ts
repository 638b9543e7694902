import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoardDatabase } from '../../../e2e/src/big-board';
import { buildFlagImage, containersWithLabel, FLAG_IMAGE, FLAG_PORT } from '../../../e2e/src/challenge-image';
import { type Platform, startPlatform } from '../../../e2e/src/platform';
import { Session } from './support/server';

/*
 * `flagpole rehearse` against the built server started with REHEARSAL=true, a short lease grace and a fast sweep:
 * a small run whose accounts exist while it plays and are gone after, and a killed run the server sweeps. (The
 * refusal without REHEARSAL is in cli.test.ts, whose server runs without it.) The game holds a container challenge on real Docker, so the
 * teams' instances are started and destroyed as part of the run, and a killed run's instances go with its teams.
 */

const cliBin = path.resolve(import.meta.dirname, '../bin/flagpole.js');
const METRICS_TOKEN = 'rehearsal-metrics-token-1';
/** The platform's container owner label: only this server's instances are counted. */
const OWNER = 'cli-rehearse';
const runningInstances = () => containersWithLabel(`flagpole.platform=${OWNER}`);

let platform: Platform;
let admin: Session;
let token: string;
let game: number;
let work: string;
let database: Awaited<ReturnType<typeof createBoardDatabase>>;

function start(args: string[]): { child: ChildProcess; done: Promise<{ code: number | null; out: string }> } {
  const child = spawn(process.execPath, [cliBin, 'rehearse', ...args], {
    env: { ...process.env, NO_COLOR: '1', FLAGPOLE_URL: platform.url, FLAGPOLE_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const done = new Promise<{ code: number | null; out: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, out })),
  );
  return { child, done };
}

/** The rehearsal accounts that exist now (their names start with "rh-"). */
async function rehearsalUsers(): Promise<string[]> {
  const found = await admin.call<{ data: { userName: string }[] }>('POST', '/api/admin/users/search?hint=rh-');
  return found.data.map((user) => user.userName).filter((name) => name.startsWith('rh-'));
}

async function waitFor(check: () => Promise<boolean>, seconds: number): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  // PostgreSQL rather than the embedded database: the sweep's row locks are PostgreSQL's, and it starts faster.
  database = await createBoardDatabase('flagpole_cli_rehearse');
  await buildFlagImage();
  platform = await startPlatform({
    // Real Docker: the rehearsal's teams start and destroy instances of a container challenge.
    CONTAINER_ENGINE: 'docker',
    CONTAINER_OWNER: OWNER,
    CONTAINER_HOST_GUARD: 'false',
    // No periodic reconciliation: a swept run's containers must go because its teams went.
    CONTAINER_REAP_INTERVAL_SECONDS: '3600',
    DATABASE_URL: database.url,
    REHEARSAL: 'true',
    REHEARSAL_GRACE_SECONDS: '15',
    REHEARSAL_SWEEP_SECONDS: '1',
    METRICS_TOKEN,
    RATE_LIMIT_USER_PER_MINUTE: '100000',
  });
  admin = new Session(platform.url);
  await admin.signIn('admin', platform.adminPassword);
  ({ token } = await admin.call<{ token: string }>('POST', '/api/tokens', { name: 'rehearsal', expiresIn: 0 }));
  const now = Date.now();
  game = (
    await admin.call<{ id: number }>('POST', '/api/edit/games', {
      title: 'Rehearsal Cup',
      start: now - 3_600_000,
      end: now + 86_400_000,
    })
  ).id;
  const challenge = await admin.call<{ id: number }>('POST', `/api/edit/games/${game}/challenges`, {
    title: 'Warm-up',
    category: 'Misc',
    type: 'StaticAttachment',
  });
  await admin.call('POST', `/api/edit/games/${game}/challenges/${challenge.id}/flags`, [{ flag: 'flag{warm-up}' }]);
  await admin.call('PUT', `/api/edit/games/${game}/challenges/${challenge.id}`, { isEnabled: true });
  const box = await admin.call<{ id: number }>('POST', `/api/edit/games/${game}/challenges`, {
    title: 'Box',
    category: 'Pwn',
    type: 'DynamicContainer',
  });
  await admin.call('PUT', `/api/edit/games/${game}/challenges/${box.id}`, {
    flagTemplate: 'flag{[GUID]}',
    containerImage: FLAG_IMAGE,
    exposePort: FLAG_PORT,
    memoryLimit: 64,
    cpuCount: 5,
    isEnabled: true,
  });
  const edited = await admin.call<Record<string, unknown>>('GET', `/api/edit/games/${game}`);
  await admin.call('PUT', `/api/edit/games/${game}`, { ...edited, hidden: false, acceptWithoutReview: true });
  // A real player, whose account and team the rehearsal must leave alone.
  const player = new Session(platform.url);
  await player.register('real-player', 'Player-real-1');
  const team = await player.call<{ id: number }>('POST', '/api/team', { name: 'Real Team' });
  await player.call('POST', `/api/game/${game}`, { teamId: team.id });
  work = mkdtempSync(path.join(tmpdir(), 'flagpole-rehearse-'));
}, 120_000);

afterAll(async () => {
  await platform?.stop();
  await database?.drop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('flagpole rehearse against the built server', () => {
  it('brings teams in, plays, writes the report and removes its accounts', async () => {
    const report = path.join(work, 'report.html');
    const run = start([
      ...['--game', String(game), '--teams', '6', '--minutes', '0.3', '--ramp', '3', '--think', '0.5'],
      ...['--report', report, '--metrics-token', METRICS_TOKEN],
    ]);
    await waitFor(async () => (await rehearsalUsers()).length >= 3, 60);
    // The teams start real instances of the container challenge while they play…
    await waitFor(async () => (await runningInstances()).length >= 1, 60);
    const { code, out } = await run.done;
    expect(out).toContain('removed 6 rehearsal accounts and 6 teams');
    expect(code).toBe(0);
    expect(await rehearsalUsers()).toEqual([]);
    // …and destroy them before the run ends: no container outlives it.
    await waitFor(async () => (await runningInstances()).length === 0, 30);
    const html = readFileSync(report, 'utf8');
    for (const endpoint of ['POST /api/account/register', 'POST /api/account/login', 'GET /api/game/:id/details']) {
      expect(html).toContain(endpoint);
    }
    expect(html).toContain('POST /api/game/:id/challenges/:challengeId');
    expect(html).toContain('POST /api/game/:id/container/:challengeId');
    expect(html).toMatch(/(Ready|Not ready) for 6 teams/);
    expect(html).toContain('<svg');
    expect(html).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)/);
    // The real player and team are untouched, and the board holds only them.
    expect(
      (await admin.call<{ data: unknown[] }>('POST', '/api/admin/users/search?hint=real-player')).data,
    ).toHaveLength(1);
    // The board is rebuilt shortly after the removal (invalidations are coalesced), not within the request.
    const boardNames = async () =>
      (await admin.call<{ items: { name: string }[] }>('GET', `/api/game/${game}/scoreboard`)).items.map(
        (item) => item.name,
      );
    await expect.poll(boardNames, { timeout: 10_000 }).toEqual(['Real Team']);
  }, 120_000);

  it('leaves a killed run to the server, whose sweep removes its accounts when the lease ends', async () => {
    const run = start([
      ...['--game', String(game), '--teams', '3', '--minutes', '0.1', '--ramp', '1', '--think', '0.5'],
      ...['--report', path.join(work, 'killed.html')],
    ]);
    await waitFor(async () => (await rehearsalUsers()).length >= 2, 60);
    await waitFor(async () => (await runningInstances()).length >= 1, 60);
    run.child.kill('SIGKILL');
    await run.done;
    expect(existsSync(path.join(work, 'killed.html'))).toBe(false);
    expect((await rehearsalUsers()).length).toBeGreaterThanOrEqual(2);
    // Lease: 1 s ramp + 6 s play + 15 s grace; the sweep runs every second.
    await waitFor(async () => (await rehearsalUsers()).length === 0, 60);
    // Removing the killed run's teams removes their instances' containers too.
    await waitFor(async () => (await runningInstances()).length === 0, 30);
    expect(
      (await admin.call<{ data: unknown[] }>('POST', '/api/admin/users/search?hint=real-player')).data,
    ).toHaveLength(1);
  }, 120_000);
});
