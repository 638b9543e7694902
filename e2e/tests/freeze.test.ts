import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../src/api';
import { newContext, screenshot } from '../src/browser';
import { en, text, textPattern } from '../src/locale';
import { seedChallenge, seedFreezeNow, seedGame, seedPlayerTeams, seedSolve } from '../src/seed';
import { type BrowserSession, openAdminSession } from '../src/session';

/**
 * The scoreboard freeze in the browser (docs/game-play.md, "Freeze and reveal"): the organiser's game page shows the
 * freeze time with its help; on the scoreboard the organiser sees the live board under a "frozen for players"
 * banner and can switch to what players see; a player (and the public, here in Japanese) sees the board as it stood
 * at the freeze, with a banner saying so.
 */
let session: BrowserSession;
let admin: Page;
let gameId = 0;
let redTeam = '';
let blueTeam = '';
let bluePage: Page;
const password = 'Secret-pass1';

beforeAll(async () => {
  session = await openAdminSession();
  admin = session.page;
  gameId = await seedGame(admin, 'Frozen Finals CTF', { acceptWithoutReview: true });
  const challengeId = await seedChallenge(admin, gameId, { title: 'Icebreaker', category: 'Web', flag: 'flag{ice}' });
  const [red, blue] = await seedPlayerTeams(session, gameId, ['red', 'blue'], password);
  if (!red || !blue) throw new Error('two teams expected');
  redTeam = red.team;
  blueTeam = blue.team;
  bluePage = blue.page;
  // Red solves before the freeze (1000 + 5 % first blood); blue solves after it.
  expect(await seedSolve(red.page, gameId, challengeId, 'flag{ice}')).toBe('Accepted');
  await seedFreezeNow(admin, gameId);
  expect(await seedSolve(blue.page, gameId, challengeId, 'flag{ice}')).toBe('Accepted');
});
afterAll(async () => {
  await session?.close();
});

describe('the scoreboard freeze', () => {
  it('is set on the organiser’s game page, with its help text', async () => {
    await admin.goto(`/admin/games/${gameId}/info`);
    const field = admin.getByLabel(en('adminGames.freeze.at'));
    await expect.poll(async () => field.inputValue()).not.toBe('');
    const section = admin.getByText(en('adminGames.freeze.atHint'));
    await section.scrollIntoViewIfNeeded();
    expect(await admin.getByText(en('adminGames.freeze.notRevealed')).isVisible()).toBe(true);
    await screenshot(admin, 'freeze-admin-game-page');
  });

  it('gives the organiser the CTFtime feed URL and its download, the feed frozen like the public board', async () => {
    await admin.goto(`/admin/games/${gameId}/info`);
    const url = admin.getByLabel(en('adminGames.ctftime.url'));
    await url.waitFor();
    expect(await url.inputValue()).toBe(`${session.platform.url}/api/game/${gameId}/ctftime`);
    const download = admin.getByRole('link', { name: en('adminGames.ctftime.download') });
    expect(await download.getAttribute('download')).toBe(`ctftime-${gameId}.json`);
    await download.scrollIntoViewIfNeeded();
    await screenshot(admin, 'ctftime-feed-card');
    // The organiser's own fetch of the feed is the public, frozen board: blue's solve after the freeze is absent.
    const feed = await api<{ standings: { team: string; taskStats: Record<string, unknown> }[] }>(
      admin,
      'GET',
      `/api/game/${gameId}/ctftime`,
    );
    expect(feed.standings.find((s) => s.team === blueTeam)?.taskStats).toEqual({});
    expect(Object.keys(feed.standings.find((s) => s.team === redTeam)?.taskStats ?? {})).toEqual(['Icebreaker']);
    // The same card in French, for the same organiser.
    const context = await newContext(session.browser, session.platform.url, { locale: 'fr-FR' });
    await context.addCookies(await admin.context().cookies());
    const page = await context.newPage();
    await page.goto(`/admin/games/${gameId}/info`);
    await page.getByText(text('fr-FR', 'adminGames.ctftime.download')).waitFor();
    await page.getByText(text('fr-FR', 'adminGames.ctftime.download')).scrollIntoViewIfNeeded();
    await screenshot(page, 'ctftime-feed-card-fr');
    await context.close();
  });

  it('shows the organiser the live board under a banner, and what players see on request', async () => {
    await admin.goto(`/games/${gameId}/scoreboard`);
    const banner = admin.getByTestId('freeze-banner');
    await banner.waitFor();
    await banner.getByText(textPattern('en-US', 'scoreboard.freeze.organiserTitle')).waitFor();
    const ranking = admin.getByRole('region', { name: en('scoreboard.table.heading') });
    // Live: two solvers, red's first blood 907, blue's second blood 890.
    await expect.poll(async () => ranking.textContent()).toMatch(/890/);
    expect(await ranking.textContent()).toContain(blueTeam);
    await screenshot(admin, 'freeze-organiser-live');

    await admin.getByRole('switch', { name: en('scoreboard.freeze.toggle') }).click({ force: true });
    await expect.poll(async () => banner.textContent()).toContain(en('scoreboard.freeze.showingPlayers'));
    await expect.poll(async () => ranking.textContent()).toMatch(/1,?050/);
    expect(await ranking.textContent()).not.toMatch(/890/);
    await screenshot(admin, 'freeze-organiser-players-view');
  });

  it('shows a player the board as it stood at the freeze, their own solve kept out of it', async () => {
    await bluePage.goto(`/games/${gameId}/scoreboard`);
    const ranking = bluePage.getByRole('region', { name: en('scoreboard.table.heading') });
    await expect.poll(async () => ranking.textContent()).toMatch(/1,?050/);
    const title = bluePage.getByText(textPattern('en-US', 'scoreboard.freeze.playerTitle'));
    await title.waitFor();
    expect(await bluePage.getByText(en('scoreboard.freeze.playerText')).isVisible()).toBe(true);
    expect(await ranking.textContent()).not.toMatch(/890|907/);
    expect(await ranking.textContent()).toContain(redTeam);
    expect(await bluePage.getByTestId('freeze-banner').count()).toBe(0);
    await screenshot(bluePage, 'freeze-player-board');
  });

  it('tells the public in their language', async () => {
    const page = await (await newContext(session.browser, session.platform.url, { locale: 'ja-JP' })).newPage();
    await page.goto(`/games/${gameId}/scoreboard`);
    await page.getByText(textPattern('ja-JP', 'scoreboard.freeze.playerTitle')).waitFor();
    expect(await page.getByText(text('ja-JP', 'scoreboard.freeze.playerText')).isVisible()).toBe(true);
    const body = (await page.locator('body').textContent()) ?? '';
    expect(body).not.toMatch(/890|907/);
    await screenshot(page, 'freeze-public-board-ja');
    await page.context().close();
  });
});
