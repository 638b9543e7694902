import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { api, signIn } from '../src/api';
import { newContext, screenshot } from '../src/browser';
import { addChallenge, createRunningGame, joinAcceptedTeams, type Player } from '../src/game-setup';
import { en } from '../src/locale';
import { type BrowserSession, withAdminSession } from '../src/session';

/**
 * The organisers' event dashboard follows a game live: a player comes online and solves, and the figures on
 * an open dashboard change without a reload (they arrive on the live channel every few seconds). Looked at
 * dark and light, on a desktop and a phone.
 */
const password = 'Secret-pass1';
let session: BrowserSession;
let admin: Page;
let gameId = 0;
let challengeIds: number[] = [];
let players: Player[] = [];

withAdminSession((opened) => {
  session = opened;
  admin = opened.page;
});

const figure = (page: Page, key: string) => page.locator(`[data-figure="${en(key)}"]`);

describe('event dashboard', () => {
  it('shows players, solves and unsolved challenges moving live, dark and light, desktop and phone', async () => {
    gameId = await createRunningGame(admin, 'Dashboard Night');
    challengeIds = [
      await addChallenge(admin, gameId, {
        title: 'Lantern',
        type: 'StaticAttachment',
        flags: [{ flag: 'flag{lantern}' }],
      }),
      await addChallenge(admin, gameId, {
        title: 'Compass',
        type: 'StaticAttachment',
        flags: [{ flag: 'flag{compass}' }],
      }),
    ];
    players = await joinAcceptedTeams(session, admin, gameId, ['Owl'], password);

    await admin.setViewportSize({ width: 1440, height: 900 });
    await admin.goto(`/games/${gameId}/monitor/dashboard`);
    await admin.getByRole('heading', { name: en('monitor.dashboard.unsolvedTitle', { count: 2 }) }).waitFor();
    await figure(admin, 'monitor.dashboard.playersOnline').getByText('0', { exact: true }).waitFor();

    // The player opens the game (its live channel) and submits a wrong and a right flag.
    const owl = players[0]?.page;
    if (!owl) throw new Error('player expected');
    await owl.goto(`/games/${gameId}/challenges`);
    const lantern = `/api/game/${gameId}/challenges/${challengeIds[0]}`;
    await api(owl, 'POST', lantern, { flag: 'flag{not-it}' });
    await api(owl, 'POST', lantern, { flag: 'flag{lantern}' });

    // No reload: the next pushed snapshot changes the figures.
    await admin
      .getByRole('heading', { name: en('monitor.dashboard.unsolvedTitle', { count: 1 }) })
      .waitFor({ timeout: 15_000 });
    await figure(admin, 'monitor.dashboard.playersOnline').getByText('1', { exact: true }).waitFor({ timeout: 15_000 });
    await admin
      .getByRole('img', { name: en('monitor.dashboard.solvesTitle') })
      .locator('canvas')
      .waitFor();
    await screenshot(admin, 'dashboard-dark');

    await admin.evaluate(() => localStorage.setItem('mantine-color-scheme-value', 'light'));
    await admin.reload();
    await admin.getByRole('heading', { name: en('monitor.dashboard.unsolvedTitle', { count: 1 }) }).waitFor();
    await admin
      .getByRole('img', { name: en('monitor.dashboard.submissionsTitle') })
      .locator('canvas')
      .waitFor();
    await screenshot(admin, 'dashboard-light');
    await admin.evaluate(() => localStorage.removeItem('mantine-color-scheme-value'));

    const phone = await (await newContext(session.browser, session.platform.url, { mobile: true })).newPage();
    await signIn(phone, 'admin', session.platform.adminPassword);
    await phone.goto(`/games/${gameId}/monitor/dashboard`);
    await phone.getByRole('heading', { name: en('monitor.dashboard.unsolvedTitle', { count: 1 }) }).waitFor();
    await phone
      .getByRole('img', { name: en('monitor.dashboard.solvesTitle') })
      .locator('canvas')
      .waitFor();
    await screenshot(phone, 'dashboard-phone');
    await phone.context().close();
  });
});
