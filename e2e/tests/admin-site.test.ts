import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../src/api';
import { newContext, screenshot } from '../src/browser';
import { en, serverEn } from '../src/locale';
import { type BrowserSession, newUser, openSession, uniqueUserName } from '../src/session';

/**
 * The site administration in the browser: settings apply at once, a ban signs the user out of their open
 * session, and the log page receives new entries live.
 */
let session: BrowserSession;
let admin: Page;
const password = 'Secret-pass1';
/** Entries on one page of the log page (apps/web: LOGS_PAGE_SIZE). */
const LOGS_PAGE_SIZE = 50;

beforeAll(async () => {
  // Information-level entries are what the log page shows; the default e2e level would hide them.
  session = await openSession({ LOG_LEVEL: 'info' });
  admin = session.page;
  await admin.goto('/account/login');
  await admin.getByLabel('User name or e-mail').fill('admin');
  await admin.getByLabel('Password', { exact: true }).fill(session.platform.adminPassword);
  await admin.getByRole('button', { name: 'Sign in' }).click();
  await admin.getByRole('button', { name: 'Account menu' }).waitFor();
});
afterAll(async () => {
  await session?.close();
});

/** The computed background of an element as [r, g, b]. */
async function backgroundOf(page: Page, name: string): Promise<[number, number, number]> {
  const css = await page
    .getByRole('button', { name, exact: true })
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);
  const [r = 0, g = 0, b = 0] = (css.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return [r, g, b];
}

const SLOGAN = 'Sail out, bring flags home';
const FOOTER = 'Run by the **Quay crew** · [Rules](https://harbour.example.org/rules)';

/** The footer shows the Markdown of the setting rendered: bold text and a working link. */
async function expectFooter(page: Page) {
  const footer = page.locator('footer');
  await footer.locator('strong', { hasText: 'Quay crew' }).waitFor();
  expect(await footer.getByRole('link', { name: 'Rules', exact: true }).getAttribute('href')).toBe(
    'https://harbour.example.org/rules',
  );
}

describe('site settings', () => {
  it('change the title and theme colour for the open page without a reload', async () => {
    await admin.goto('/admin/settings');
    const form = admin.getByRole('main');
    await form.getByLabel(en('adminSite.settings.title')).fill('Harbour CTF');
    await form.getByLabel(en('adminSite.settings.slogan'), { exact: true }).fill(SLOGAN);
    await form.getByLabel(en('adminSite.settings.footer'), { exact: true }).fill(FOOTER);
    const [, , blueBefore] = await backgroundOf(admin, en('common.save'));
    expect(blueBefore).toBeGreaterThan(200);

    await form.getByLabel(en('adminSite.settings.useCustomTheme')).check({ force: true });
    await form.getByLabel(en('adminSite.settings.themeColor'), { exact: true }).fill('#e8590c');
    await screenshot(admin, 'admin-settings-filled');
    // A reload would drop this marker: it proves the change reached the open page by itself.
    await admin.evaluate(() => Object.assign(window, { stillOpen: true }));
    await form.getByRole('button', { name: en('common.save'), exact: true }).click();
    await admin.getByText(en('adminSite.settings.saved')).waitFor();

    await admin.getByRole('banner').getByText('Harbour CTF').first().waitFor();
    await expect.poll(() => admin.title()).toContain('Harbour CTF');
    await expectFooter(admin);
    // The primary colour is now the orange one: a filled primary button has far more red than blue.
    await admin
      .getByRole('navigation', { name: en('pages.adminPrefix') })
      .getByRole('link', { name: en('pages.adminUsers') })
      .click();
    await expect
      .poll(async () => {
        const [red, , blue] = await backgroundOf(admin, en('adminSite.bulk.open'));
        return red > blue + 80;
      })
      .toBe(true);
    expect(await admin.evaluate(() => (window as unknown as { stillOpen?: boolean }).stillOpen)).toBe(true);
    await screenshot(admin, 'admin-users-themed');

    // A visitor who opens the site now gets the new title, the slogan under it and the footer on every page.
    const visitor = await session.freshPage();
    await visitor.goto('/');
    await visitor.getByRole('banner').getByText('Harbour CTF').first().waitFor();
    await visitor.getByRole('heading', { level: 1, name: 'Harbour CTF' }).waitFor();
    await visitor.getByText(SLOGAN, { exact: true }).waitFor();
    await expectFooter(visitor);
    await visitor.goto('/games');
    await expectFooter(visitor);
    await screenshot(visitor, 'site-footer');
    await visitor.context().close();
  });
});

describe('the logo and stored files', () => {
  // A 2×2 opaque PNG, enough for the server to decode and re-encode.
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4ESACRAwQCgAjrgSx+rlkpQAAAABJRU5ErkJggg==',
    'base64',
  );

  it('uploads a logo that the header shows at once, lists it among the files, and resets it', async () => {
    await admin.goto('/admin/settings');
    const header = admin.getByRole('banner');
    await expect.poll(() => header.locator('img[src*="/logo"]').count()).toBe(0);
    await admin
      .getByRole('main')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await admin.getByText(en('adminSite.settings.logoUploaded')).waitFor();
    await header.locator('img[src*="/logo"]').first().waitFor();

    await admin.getByRole('tab', { name: en('adminSite.tabs.files') }).click();
    const files = admin.getByRole('table', { name: en('adminSite.tabs.files') });
    await files.getByRole('row').nth(1).waitFor();
    const sizes = await files.locator('tbody tr td:nth-child(4)').allTextContents();
    expect(sizes.length).toBeGreaterThan(0);
    for (const size of sizes) expect(size.trim()).toMatch(/^(\d+ B|\d+\.\d{2} (KiB|MiB|GiB))$/);

    await admin.getByRole('tab', { name: en('adminSite.tabs.platform') }).click();
    await admin.getByRole('button', { name: en('adminSite.settings.logoResetButton') }).click();
    await admin.getByText(en('adminSite.settings.logoReset')).waitFor();
    await expect.poll(() => header.locator('img[src*="/logo"]').count()).toBe(0);
  });
});

describe('banning a user', () => {
  it('signs them out of every browser they are signed in with', async () => {
    const userName = uniqueUserName('ban');
    const players: Page[] = [];
    for (const first of [true, false]) {
      const player = await (await newContext(session.browser, session.platform.url)).newPage();
      // The first browser registers (and is signed in by that); the second signs in on its own.
      const path = first ? '/api/account/register' : '/api/account/login';
      const signedIn = await player.request.post(path, {
        data: { userName, email: `${userName}@example.org`, password },
      });
      expect(signedIn.ok()).toBe(true);
      await player.goto('/teams');
      await player.getByRole('button', { name: en('nav.accountMenu') }).waitFor();
      players.push(player);
    }

    await admin.goto('/admin/users');
    await admin.getByLabel(en('adminSite.users.search')).fill(userName);
    const edit = admin.getByRole('button', { name: en('adminSite.users.editFor', { name: userName }), exact: true });
    await edit.first().click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(en('adminSite.users.role')).click();
    await admin.getByRole('option', { name: en('roles.Banned'), exact: true }).click();
    await screenshot(admin, 'admin-users-ban');
    await dialog.getByRole('button', { name: en('common.save'), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await admin
      .getByRole('row', { name: new RegExp(userName) })
      .getByText(en('roles.Banned'))
      .first()
      .waitFor();

    for (const player of players) {
      expect((await player.request.get('/api/account/profile')).status()).toBe(401);
      await player.goto('/teams');
      await player.waitForURL(/\/account\/login/);
      await player
        .getByRole('link', { name: en('nav.signIn') })
        .first()
        .waitFor();
      expect(await player.getByRole('button', { name: en('nav.accountMenu') }).count()).toBe(0);
      await player.context().close();
    }
  });
});

describe('the log page', () => {
  it('shows a new entry live, without a reload', async () => {
    await admin.goto('/admin/logs');
    await admin.getByText(en('adminSite.logs.state.live'), { exact: true }).waitFor();
    const rows = admin.getByRole('table').getByRole('row');
    await rows.first().waitFor();
    const before = await rows.count();
    const settingsRows = admin.getByRole('row', { name: /save the platform settings/ });
    const settingsSavesBefore = await settingsRows.count();
    let navigations = 0;
    admin.on('framenavigated', () => navigations++);

    // Another administrator, in another browser, changes a setting: the server logs it.
    const colleague = await session.freshPage();
    const signedIn = await colleague.request.post('/api/account/login', {
      data: { userName: 'admin', password: session.platform.adminPassword },
    });
    expect(signedIn.ok()).toBe(true);
    const xsrf = (await colleague.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const saved = await colleague.request.put('/api/admin/config', {
      data: { globalConfig: { slogan: 'Logged live' } },
      headers: { 'X-XSRF-TOKEN': xsrf },
    });
    expect(saved.ok()).toBe(true);
    await colleague.context().close();

    // The first test saved settings too: the entry written now is one more row of that kind, pushed
    // well before the page's slow background refresh would fetch it.
    await expect.poll(() => settingsRows.count(), { timeout: 15_000 }).toBeGreaterThan(settingsSavesBefore);
    expect(await rows.count()).toBeGreaterThan(before);
    expect(navigations).toBe(0);
    await screenshot(admin, 'admin-logs-live');
  });

  it('filters entries by level and pages back to older ones', async () => {
    // More sign-ins than one page holds (each is an Information entry), and two refused ones (Warnings naming
    // the account). Cookie-less calls, so every one is a new sign-in.
    const signIn = (userName: string, secret: string) =>
      fetch(`${session.platform.url}/api/account/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ userName, password: secret }),
      });
    const { page: ghostPage, userName: ghost } = await newUser(session, 'ghost', password);
    await ghostPage.context().close();
    for (let i = 0; i < LOGS_PAGE_SIZE + 5; i++) {
      expect((await signIn('admin', session.platform.adminPassword)).status).toBe(200);
    }
    for (let i = 0; i < 2; i++) expect((await signIn(ghost, 'Not-the-pass1')).status).toBe(401);

    await admin.goto('/admin/logs');
    const table = admin.getByRole('table', { name: en('pages.adminLogs') });
    const times = () => table.locator('tbody tr td:first-child').allTextContents();
    const levels = () => table.locator('tbody tr td:nth-child(2)').allTextContents();
    const users = () => table.locator('tbody tr td:nth-child(3)').allTextContents();
    const ghostRows = table.getByRole('row', { name: new RegExp(ghost) });
    await ghostRows.first().waitFor();
    const firstPage = await times();
    expect(firstPage.length).toBeGreaterThanOrEqual(LOGS_PAGE_SIZE);

    const next = admin.getByRole('button', { name: en('adminSite.list.pager.next') });
    await next.click();
    // The second page holds older entries only: its newest is no newer than the first page's oldest.
    await expect.poll(async () => (await times()).join() !== firstPage.join()).toBe(true);
    const secondPage = await times();
    expect(secondPage.length).toBeGreaterThan(0);
    const stamps = (list: string[]) => list.map((time) => Date.parse(time.replace(' ', 'T')));
    expect(Math.max(...stamps(secondPage))).toBeLessThanOrEqual(Math.min(...stamps(firstPage)));
    await screenshot(admin, 'admin-logs-page-2');

    // Choosing a level goes back to the first page and shows that level only. The Warning page is held back
    // here, as a busy machine may hold it: meanwhile the rows fetched for "All" must not stand in for it.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const requested = new Promise<void>((resolve) => {
      void admin.route(
        /\/api\/admin\/logs\?level=Warning&/,
        async (route) => {
          resolve();
          await held;
          await route.continue();
        },
        { times: 1 },
      );
    });
    await admin
      .getByRole('radiogroup', { name: en('adminSite.logs.levelFilter') })
      .getByText(en('adminSite.logs.levels.Warning'), { exact: true })
      .click();
    await requested;
    expect(await levels()).toEqual([]);
    release();
    await expect.poll(async () => new Set(await levels())).toEqual(new Set(['Warning']));
    await expect.poll(() => ghostRows.count()).toBe(2);
    expect(await next.count()).toBe(0);
    await screenshot(admin, 'admin-logs-warnings');

    // Entries pushed live follow the chosen level too: a new sign-in (Information) stays off the page, the
    // refused one after it (Warning) shows up.
    expect((await signIn('admin', session.platform.adminPassword)).status).toBe(200);
    expect((await signIn(ghost, 'Not-the-pass1')).status).toBe(401);
    await expect.poll(() => ghostRows.count()).toBe(3);
    expect(new Set(await levels())).toEqual(new Set(['Warning']));

    // The other filters: one user's entries, of any level.
    await admin
      .getByRole('radiogroup', { name: en('adminSite.logs.levelFilter') })
      .getByText(en('adminSite.logs.levels.All'), { exact: true })
      .click();
    await admin.getByLabel(en('adminSite.logs.user'), { exact: true }).fill(ghost);
    await expect.poll(async () => new Set(await users())).toEqual(new Set([ghost]));
    // Three refused sign-ins and the registration.
    await expect.poll(() => ghostRows.count()).toBe(4);
    await screenshot(admin, 'admin-logs-user-filter');
    await admin.getByRole('button', { name: en('adminSite.logs.filters.clear') }).click();
    await expect.poll(async () => (await users()).some((name) => name === 'admin')).toBe(true);
  });
});

describe('managing users, teams and tokens', () => {
  it('adds users in bulk with a team, and the team can be locked', async () => {
    const [first, second] = [uniqueUserName('bulk'), uniqueUserName('bulk')];
    const team = `Crew ${first.slice(-4)}`;
    await admin.goto('/admin/users');
    await admin.getByRole('button', { name: en('adminSite.bulk.open') }).click();
    const dialog = admin.getByRole('dialog');
    await dialog
      .getByLabel(en('adminSite.bulk.input'))
      .fill(
        `${first}, ${password}, ${first}@example.org, , , , ${team}\n${second}\t${password}\t${second}@example.org\t\t\t\t${team}`,
      );
    await dialog.getByRole('button', { name: 'Add 2 users' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await admin.getByLabel(en('adminSite.users.search')).fill(first);
    await admin
      .getByRole('row', { name: new RegExp(first) })
      .first()
      .waitFor();

    await admin.goto('/admin/teams');
    await admin.getByLabel(en('adminSite.teams.search')).fill(team);
    await admin
      .getByRole('button', { name: `Edit ${team}`, exact: true })
      .first()
      .click();
    const edit = admin.getByRole('dialog');
    await edit.getByRole('switch', { name: en('adminSite.teams.locked') }).check({ force: true });
    await edit.getByRole('button', { name: en('common.save'), exact: true }).click();
    await edit.waitFor({ state: 'hidden' });
    await admin
      .getByRole('row', { name: new RegExp(team) })
      .getByLabel(en('adminSite.teams.lockedBadge'))
      .first()
      .waitFor();
  });

  it('resets a password and shows the new one once', async () => {
    const userName = uniqueUserName('reset');
    const context = await newContext(session.browser, session.platform.url);
    const registered = await context.request.post('/api/account/register', {
      data: { userName, email: `${userName}@example.org`, password },
    });
    expect(registered.ok()).toBe(true);
    await admin.goto('/admin/users');
    await admin.getByLabel(en('adminSite.users.search')).fill(userName);
    await admin
      .getByRole('button', { name: `More actions for ${userName}` })
      .first()
      .click();
    await admin.getByRole('menuitem', { name: en('adminSite.users.resetPassword') }).click();
    await admin
      .getByRole('dialog')
      .getByRole('button', { name: en('adminSite.users.resetPassword') })
      .click();
    const secret = (await admin.getByTestId('secret-value').textContent())?.trim() ?? '';
    expect(secret.length).toBeGreaterThanOrEqual(12);
    await admin.keyboard.press('Escape');

    const signIn = await context.request.post('/api/account/login', { data: { userName, password: secret } });
    expect(signIn.ok()).toBe(true);
    await context.close();
  });

  it('creates an API token that works until it is revoked', async () => {
    await admin.goto('/admin/settings?tab=tokens');
    await admin.getByRole('button', { name: en('adminSite.tokens.createTitle') }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(en('adminSite.tokens.name')).fill('Scoreboard bot');
    await dialog.getByRole('button', { name: en('adminSite.tokens.create') }).click();
    const token = (await admin.getByTestId('secret-value').textContent())?.trim() ?? '';
    await admin.getByRole('dialog', { name: en('adminSite.tokens.createdTitle') }).waitFor();
    await admin.waitForTimeout(300);
    await screenshot(admin, 'admin-token-created');
    await admin.keyboard.press('Escape');
    const call = () =>
      fetch(`${session.platform.url}/api/admin/users?count=1`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await call()).status).toBe(200);

    await admin.getByRole('button', { name: 'Revoke Scoreboard bot' }).click();
    await admin
      .getByRole('dialog')
      .getByRole('button', { name: en('adminSite.tokens.revoke') })
      .click();
    await admin.getByRole('button', { name: 'Restore Scoreboard bot' }).waitFor();
    expect((await call()).status).toBe(401);

    await admin.getByRole('button', { name: 'Restore Scoreboard bot' }).click();
    await admin.getByRole('button', { name: 'Revoke Scoreboard bot' }).waitFor();
    expect((await call()).status).toBe(200);
  });

  it('creates an API token that expires after the chosen number of days, as the form said', async () => {
    await admin.goto('/admin/settings?tab=tokens');
    await admin.getByRole('button', { name: en('adminSite.tokens.createTitle') }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(en('adminSite.tokens.name')).fill('Expiring bot');
    await dialog.getByLabel(en('adminSite.tokens.expiry')).fill('10');
    // The form says when the token will stop working before it is created.
    const preview = dialog.getByTestId('token-expiry-preview');
    await expect.poll(async () => (await preview.textContent()) ?? '').toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d/);
    const promised = /\d{4}-\d\d-\d\d \d\d:\d\d/.exec((await preview.textContent()) ?? '')?.[0] ?? '';
    const inTenDays = Date.now() + 10 * 86_400_000;
    expect(Math.abs(Date.parse(promised.replace(' ', 'T')) - inTenDays)).toBeLessThan(120_000);
    await dialog.getByRole('button', { name: en('adminSite.tokens.create') }).click();
    const token = (await admin.getByTestId('secret-value').textContent())?.trim() ?? '';
    expect(token.length).toBeGreaterThan(10);
    await admin.keyboard.press('Escape');
    await admin.getByRole('dialog', { name: en('adminSite.tokens.createdTitle') }).waitFor({ state: 'hidden' });

    const row = admin
      .getByRole('table', { name: en('adminSite.tabs.tokens') })
      .getByRole('row', { name: /Expiring bot/ });
    // The list shows the moment the form promised (to the minute it was created in).
    const expires = row.getByRole('cell').nth(4);
    await expect.poll(async () => (await expires.textContent()) ?? '').toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    const listed = Date.parse(((await expires.textContent()) ?? '').replace(' ', 'T'));
    expect(Math.abs(listed - Date.parse(promised.replace(' ', 'T')))).toBeLessThanOrEqual(60_000);
    await row.getByText(en('adminSite.tokens.state.active'), { exact: true }).waitFor();
    const answer = await fetch(`${session.platform.url}/api/admin/users?count=1`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    await screenshot(admin, 'admin-token-expiry');
  });

  it('deletes a user and a team, and keeps a team captain until their team is gone', async () => {
    const { page: captain, userName } = await newUser(session, 'cap', password);
    const team = `Wreck ${userName.slice(-4)}`;
    await api(captain, 'POST', '/api/team', { name: team });

    const deleteUser = async () => {
      await admin.goto('/admin/users');
      await admin.getByLabel(en('adminSite.users.search')).fill(userName);
      await admin.getByRole('button', { name: en('adminSite.users.moreFor', { name: userName }) }).click();
      await admin.getByRole('menuitem', { name: en('adminSite.users.delete') }).click();
      const confirm = admin.getByRole('dialog', { name: en('adminSite.users.deleteTitle') });
      await confirm.getByText(en('adminSite.users.deleteConfirm', { name: userName })).waitFor();
      await confirm.getByRole('button', { name: en('adminSite.users.delete') }).click();
    };
    await deleteUser();
    await admin.getByText(serverEn('error.userIsCaptain')).waitFor();
    await admin.getByRole('row', { name: new RegExp(userName) }).waitFor();

    await admin.goto('/admin/teams');
    await admin.getByLabel(en('adminSite.teams.search')).fill(team);
    await admin.getByRole('button', { name: en('adminSite.teams.deleteFor', { name: team }) }).click();
    await admin
      .getByRole('dialog', { name: en('adminSite.teams.deleteTitle') })
      .getByRole('button', { name: en('adminSite.teams.delete') })
      .click();
    await admin.getByText(en('adminSite.teams.deleted', { name: team })).waitFor();
    await admin.getByText(en('adminSite.list.noMatch')).waitFor();
    expect(await admin.getByRole('row', { name: new RegExp(team) }).count()).toBe(0);

    await deleteUser();
    await admin.getByText(en('adminSite.users.deleted', { name: userName })).waitFor();
    await admin.getByText(en('adminSite.list.noMatch')).waitFor();
    expect(await admin.getByRole('row', { name: new RegExp(userName) }).count()).toBe(0);
    // The deleted account's session ended with it.
    expect((await captain.request.get('/api/account/profile')).status()).toBe(401);
    await captain.context().close();
  });
});
