import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signIn } from '../src/api';
import { screenshot } from '../src/browser';
import { en } from '../src/locale';
import { seedChallenge, seedGame } from '../src/seed';
import { type BrowserSession, newUser, openSession } from '../src/session';

/**
 * A solo game (docs/game-play.md, "Solo games"): a player joins alone with one button, solves a challenge, and the
 * scoreboard lists them by their user name under a "Player" column; the organiser's monitor says "Player" too.
 */
let session: BrowserSession;
let admin: Page;
let gameId: number;
const TITLE = 'Solo Sprint';

beforeAll(async () => {
  session = await openSession();
  admin = session.page;
  await signIn(admin, 'admin', session.platform.adminPassword);
  gameId = await seedGame(admin, TITLE, { acceptWithoutReview: true });
  const start = Date.now() - 3_600_000;
  await api(admin, 'PUT', `/api/edit/games/${gameId}`, {
    title: TITLE,
    start,
    end: start + 86_400_000 + 3_600_000,
    individual: true,
  });
  await seedChallenge(admin, gameId, { title: 'Lonely', category: 'Misc', flag: 'flag{alone}' });
});
afterAll(async () => {
  await session?.close();
});

describe('a solo game', () => {
  it('a player joins alone, solves, and the board shows them as a player', async () => {
    const { page, userName } = await newUser(session, 'solo', 'Secret-pass1');
    await page.goto(`/games/${gameId}`);
    await page.getByRole('button', { name: 'Join game' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(en('games.join.soloNote')).waitFor();
    // No team to pick: the player enters on their own.
    expect(await dialog.getByRole('textbox', { name: 'Team' }).count()).toBe(0);
    await screenshot(page, 'solo-join');
    await dialog.getByRole('button', { name: 'Join', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.goto(`/games/${gameId}/challenges`);
    await page.getByRole('button', { name: 'Open challenge Lonely' }).click();
    const challenge = page.getByRole('dialog');
    await challenge.getByLabel('Flag', { exact: true }).fill('flag{alone}');
    await challenge.getByRole('button', { name: 'Submit flag' }).click();
    await challenge.getByText(en('challenges.modal.alreadySolvedSolo')).waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`/games/${gameId}/scoreboard`);
    await page.getByRole('columnheader', { name: 'Player' }).waitFor();
    await page.getByText(userName, { exact: true }).first().waitFor();
    expect(await page.getByRole('columnheader', { name: 'Team', exact: true }).count()).toBe(0);
    await screenshot(page, 'solo-scoreboard');
    // A search speaks of players too.
    await page.getByRole('searchbox', { name: en('scoreboard.table.searchPlayers') }).fill('nobody-at-all');
    await page.getByText(en('scoreboard.table.noMatchPlayers')).first().waitFor();

    await admin.goto(`/games/${gameId}/monitor/submissions`);
    await admin.getByRole('columnheader', { name: 'Player' }).waitFor();
    await admin.getByRole('cell', { name: userName }).first().waitFor();
    await screenshot(admin, 'solo-monitor');
    await admin.goto(`/games/${gameId}/monitor/cheatinfo`);
    await admin.getByText(en('monitor.cheat.emptyPlayers')).waitFor();
    expect(await admin.getByRole('textbox', { name: en('monitor.cheat.searchPlayers') }).count()).toBe(1);

    await admin.goto(`/admin/games/${gameId}/info`);
    await admin.getByRole('switch', { name: 'Solo game' }).waitFor();
    expect(await admin.getByRole('switch', { name: 'Solo game' }).isChecked()).toBe(true);
    await screenshot(admin, 'solo-admin-form');
    // Awards go to players, and the awards page says so.
    await admin.goto(`/admin/games/${gameId}/awards`);
    await admin.getByText(en('adminGames.awards.introPlayers')).waitFor();
    expect(await admin.getByLabel(en('adminGames.awards.team')).count()).toBe(0);
    expect(await admin.getByLabel(en('adminGames.awards.player')).count()).toBeGreaterThan(0);
  });
});
