import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../src/locale';
import { seedChallenge, seedGame, seedJoin, seedSolve, seedTeam } from '../src/seed';
import { type BrowserSession, newUser, openSession } from '../src/session';

/**
 * An open scoreboard page follows a new solve through the live channel's delta: the scores change (the new solver
 * appears and the earlier solver's points fall with the challenge's value) without the page fetching the board.
 */
let session: BrowserSession;
let admin: Page;
let gameId = 0;
let challengeId = 0;
const password = 'Secret-pass1';

beforeAll(async () => {
  session = await openSession();
  admin = session.page;
});
afterAll(async () => {
  await session?.close();
});

describe('the live scoreboard', () => {
  it('applies a solve to the open board without fetching it again', async () => {
    await admin.goto('/account/login');
    await admin.getByLabel('User name or e-mail').fill('admin');
    await admin.getByLabel('Password', { exact: true }).fill(session.platform.adminPassword);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.getByRole('button', { name: 'Account menu' }).waitFor();
    gameId = await seedGame(admin, 'Live board CTF', { acceptWithoutReview: true });
    challengeId = await seedChallenge(admin, gameId, { title: 'Warmup', category: 'Web', flag: 'flag{warm}' });

    const teams: { page: Page; team: string }[] = [];
    for (const prefix of ['red', 'blue']) {
      const { page, userName } = await newUser(session, prefix, password);
      const team = `${prefix} ${userName.slice(-4)}`;
      await seedJoin(page, gameId, await seedTeam(page, team));
      teams.push({ page, team });
    }
    const [red, blue] = teams;
    if (!red || !blue) throw new Error('two teams expected');
    // One solver: 1000, +5 % first blood.
    expect(await seedSolve(red.page, gameId, challengeId, 'flag{warm}')).toBe('Accepted');

    const watcher = blue.page;
    const boardPath = `/api/game/${gameId}/scoreboard`;
    const boardFetches: number[] = [];
    watcher.on('request', (request) => {
      if (new URL(request.url()).pathname === boardPath) boardFetches.push(Date.now());
    });
    await watcher.goto(`/games/${gameId}/scoreboard`);
    const ranking = watcher.getByRole('region', { name: en('scoreboard.table.heading') });
    await expect.poll(async () => ranking.textContent()).toMatch(/1,?050/);
    expect(boardFetches.length).toBeGreaterThan(0);
    // Let the socket open and the first board settle before the solve.
    await watcher.waitForTimeout(1000);

    const solvedAt = Date.now();
    // Two solvers: floor(1000 × (0.25 + 0.75 × e^(−1/5))) = 864; red's first blood 907, blue's second blood 890.
    expect(await seedSolve(blue.page, gameId, challengeId, 'flag{warm}')).toBe('Accepted');
    await expect.poll(async () => ranking.textContent(), { timeout: 10_000 }).toMatch(/907/);
    await expect.poll(async () => ranking.textContent()).toMatch(/890/);
    expect((await ranking.textContent()) ?? '').toContain(blue.team);
    expect(boardFetches.filter((at) => at >= solvedAt)).toEqual([]);
  });
});
