import type { Language } from '@flagpole/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signIn } from '../src/api';
import { newContext, screenshot } from '../src/browser';
import { en, serverEn, text } from '../src/locale';
import { seedGame, seedTeam } from '../src/seed';
import { type BrowserSession, newUser, openSession } from '../src/session';

/**
 * Messages (issue 14): expected outcomes titled by what happened, a lost connection said as such with a way to
 * retry, no stale or doubled notices, and real plural forms.
 */
let session: BrowserSession;
let admin: Page;
let gameId = 0;
let challengeId = 0;
const password = 'Secret-pass1';
const SOMETHING_WRONG = en('errors.encountered');

beforeAll(async () => {
  session = await openSession();
  admin = session.page;
  await signIn(admin, 'admin', session.platform.adminPassword);
  gameId = await seedGame(admin, 'Message CTF');
  const created = await api<{ id: number }>(admin, 'POST', `/api/edit/games/${gameId}/challenges`, {
    title: 'Flagless',
    category: 'Misc',
    type: 'StaticAttachment',
  });
  challengeId = created.id;
});
afterAll(async () => {
  await session?.close();
});

const notifications = (page: Page) => page.locator('.mantine-Notification-root');

async function signInForm(page: Page, userName: string, secret: string) {
  await page.getByLabel('User name or e-mail').fill(userName);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('titles that say what happened', () => {
  it('a wrong password is "Sign-in failed", and the notice goes once the next attempt succeeds', async () => {
    const { page, userName } = await newUser(session, 'pw', password);
    await api(page, 'POST', '/api/account/logout');
    await page.goto('/account/login');
    await signInForm(page, userName, 'Wrong-pass1');
    const failed = notifications(page).filter({ hasText: en('account.login.failed') });
    await failed.waitFor();
    expect(await page.getByText(SOMETHING_WRONG).count()).toBe(0);
    await screenshot(page, 'sign-in-failed');

    await signInForm(page, userName, password);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await expect.poll(() => failed.count()).toBe(0);
  });

  it('enabling a challenge without a flag is titled by what did not happen, with the server’s reason', async () => {
    await admin.goto(`/admin/games/${gameId}/challenges`);
    await admin.getByRole('switch', { name: 'Enable Flagless' }).click();
    const notice = notifications(admin).filter({
      hasText: en('adminGames.challenges.notEnabled', { title: 'Flagless' }),
    });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(serverEn('error.challengeNeedsFlag'));
    expect(await admin.getByText(SOMETHING_WRONG).count()).toBe(0);
  });
});

describe('the same notice', () => {
  it('is shown once, however often it is given', async () => {
    await admin.goto(`/admin/games/${gameId}/challenges/${challengeId}/flags`);
    const field = admin.getByLabel('Flags, one per line');
    for (const flag of ['flag{one}', 'flag{two}']) {
      await field.fill(flag);
      await admin.getByRole('button', { name: 'Add flags' }).click();
      await admin.getByRole('button', { name: `Delete flag ${flag}` }).waitFor();
    }
    await expect.poll(() => admin.getByText(en('adminGames.flags.added', { count: 1 })).count()).toBe(1);
  });
});

describe('a lost connection', () => {
  it('says the server could not be reached and offers to try again (a form)', async () => {
    const { page, userName } = await newUser(session, 'off', password);
    await api(page, 'POST', '/api/account/logout');
    await page.goto('/account/login');
    await page.getByLabel('User name or e-mail').waitFor();
    await page.context().setOffline(true);
    await signInForm(page, userName, password);
    const notice = notifications(page).filter({ hasText: en('errors.offline') });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(en('errors.offlineText'));
    expect(await page.getByText('Failed to fetch').count()).toBe(0);
    await screenshot(page, 'offline-notice');

    await page.context().setOffline(false);
    await notice.getByRole('button', { name: en('errors.retry') }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
  });

  it('says so on a page that could not load, and loads it again on request', async () => {
    const { page } = await newUser(session, 'net', password);
    const teamId = await seedTeam(page, 'Cut Cable');
    // The network fails for this team's data only: the page itself is there.
    await page.route(`**/api/team/${teamId}`, (route) => route.abort('internetdisconnected'));
    await page.goto(`/teams/${teamId}`);
    const alert = page.getByRole('alert').filter({ hasText: en('errors.offline') });
    await alert.waitFor();
    expect(await page.getByText('Failed to fetch').count()).toBe(0);
    await page.unroute(`**/api/team/${teamId}`);
    await alert.getByRole('button', { name: en('errors.retry') }).click();
    await page.getByRole('heading', { name: 'Cut Cable' }).waitFor();
  });
});

describe('plural forms', () => {
  const lines = (count: number) => Array.from({ length: count }, (_, i) => `flag{p${i}}`).join('\n');

  async function pendingTexts(language: Language, counts: number[]): Promise<string[]> {
    const page = await (await newContext(session.browser, session.platform.url, { locale: language })).newPage();
    await signIn(page, 'admin', session.platform.adminPassword);
    await page.goto(`/admin/games/${gameId}/challenges/${challengeId}/flags`);
    const field = page.getByRole('textbox').first();
    await field.waitFor();
    const shown: string[] = [];
    for (const count of counts) {
      await field.fill(lines(count));
      const expected = text(language, 'adminGames.flags.pending', { count });
      await page.getByText(expected, { exact: true }).waitFor();
      shown.push(expected);
    }
    await page.close();
    return shown;
  }

  it('in English', async () => {
    expect(await pendingTexts('en-US', [1, 2])).toEqual(['1 flag to add', '2 flags to add']);
  });

  it('in Russian (one, few, many)', async () => {
    expect(await pendingTexts('ru-RU', [1, 2, 5, 21])).toEqual([
      '1 флаг к добавлению',
      '2 флага к добавлению',
      '5 флагов к добавлению',
      '21 флаг к добавлению',
    ]);
  });

  it('in Japanese (one form)', async () => {
    expect(await pendingTexts('ja-JP', [1, 3])).toEqual(['追加するフラグ：1 個', '追加するフラグ：3 個']);
  });
});
