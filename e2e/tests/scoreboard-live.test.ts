import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../src/locale';
import { seedChallenge, seedGame, seedJoin, seedPlayerTeams, seedSolve, seedTeam } from '../src/seed';
import { type BrowserSession, newUser, openSession } from '../src/session';

/**
 * An open scoreboard page follows a new solve through the live channel's delta: the scores change (the new solver
 * appears and the earlier solver's points fall with the challenge's value) without the page fetching the board.
 * An open challenge page does the same with its cards: another team's solve is applied from the delta, and only
 * the team's own solve makes it fetch its board (`/details`) again.
 */
let session: BrowserSession;
let admin: Page;
let gameId = 0;
let challengeId = 0;
const teams: { page: Page; team: string }[] = [];
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

    teams.push(...(await seedPlayerTeams(session, gameId, ['red', 'blue'], password)));
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

  it('updates the challenge page from the delta, fetching its board only when the team itself solves', async () => {
    const red = teams[0];
    if (!red) throw new Error('the first test makes the teams');
    const { page: watcher, userName } = await newUser(session, 'green', password);
    await seedJoin(watcher, gameId, await seedTeam(watcher, `green ${userName.slice(-4)}`));
    const second = await seedChallenge(admin, gameId, { title: 'Second', category: 'Crypto', flag: 'flag{second}' });
    const detailsPath = `/api/game/${gameId}/details`;
    const isDetails = (url: string) => new URL(url).pathname === detailsPath;
    const fetches: number[] = [];
    watcher.on('request', (request) => {
      if (isDetails(request.url())) fetches.push(Date.now());
    });
    await watcher.goto(`/games/${gameId}/challenges`);
    // The card around the challenge's title button (the button is the title; the card shows the solves).
    const card = watcher
      .locator('.mantine-Card-root')
      .filter({ has: watcher.getByRole('button', { name: en('challenges.card.open', { title: 'Second' }) }) });
    const solves = (count: number) => en('challenges.card.solves', { count });
    await expect.poll(async () => card.textContent()).toContain(solves(0));
    await watcher.waitForTimeout(1000);
    // Start right after the page's regular poll (every 10 s), so that no poll falls into what is counted.
    await watcher.waitForRequest((request) => isDetails(request.url()), { timeout: 15_000 });
    const polledAt = Date.now();

    // Another team solves: the card follows from the delta, with no request for the board.
    expect(await seedSolve(red.page, gameId, second, 'flag{second}')).toBe('Accepted');
    await expect.poll(async () => card.textContent()).toContain(solves(1));
    expect(fetches.filter((at) => at > polledAt)).toEqual([]);

    // The team itself solves: its board is fetched at once, well before the next poll.
    const ownAt = Date.now();
    expect(await seedSolve(watcher, gameId, second, 'flag{second}')).toBe('Accepted');
    await expect.poll(async () => card.textContent()).toContain(solves(2));
    const fetched = fetches.filter((at) => at >= ownAt);
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched[0]).toBeLessThan(polledAt + 9_000);
  });
});
