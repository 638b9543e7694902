import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, screenshot } from '../src/browser';
import { text } from '../src/locale';
import { type BrowserSession, openSession, uniqueUserName } from '../src/session';

/**
 * The site administration in the browser: settings apply at once, a ban signs the user out of their open
 * session, and the log page receives new entries live.
 */
let session: BrowserSession;
let admin: Page;
const password = 'Secret-pass1';
const label = (key: string) => text('en-US', key);

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

describe('site settings', () => {
  it('change the title and theme colour for the open page without a reload', async () => {
    await admin.goto('/admin/settings');
    const form = admin.getByRole('main');
    await form.getByLabel(label('adminSite.settings.title')).fill('Harbour CTF');
    const [, , blueBefore] = await backgroundOf(admin, label('common.save'));
    expect(blueBefore).toBeGreaterThan(200);

    await form.getByLabel(label('adminSite.settings.useCustomTheme')).check({ force: true });
    await form.getByLabel(label('adminSite.settings.themeColor'), { exact: true }).fill('#e8590c');
    await screenshot(admin, 'admin-settings-filled');
    // A reload would drop this marker: it proves the change reached the open page by itself.
    await admin.evaluate(() => Object.assign(window, { stillOpen: true }));
    await form.getByRole('button', { name: label('common.save'), exact: true }).click();
    await admin.getByText(label('adminSite.settings.saved')).waitFor();

    await admin.getByRole('banner').getByText('Harbour CTF').first().waitFor();
    await expect.poll(() => admin.title()).toContain('Harbour CTF');
    // The primary colour is now the orange one: a filled primary button has far more red than blue.
    await admin
      .getByRole('navigation', { name: label('pages.adminPrefix') })
      .getByRole('link', { name: label('pages.adminUsers') })
      .click();
    await expect
      .poll(async () => {
        const [red, , blue] = await backgroundOf(admin, label('adminSite.bulk.open'));
        return red > blue + 80;
      })
      .toBe(true);
    expect(await admin.evaluate(() => (window as unknown as { stillOpen?: boolean }).stillOpen)).toBe(true);
    await screenshot(admin, 'admin-users-themed');

    // A visitor who opens the site now gets the new title too.
    const visitor = await session.freshPage();
    await visitor.goto('/');
    await visitor.getByRole('banner').getByText('Harbour CTF').first().waitFor();
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
    await admin.getByText(label('adminSite.settings.logoUploaded')).waitFor();
    await header.locator('img[src*="/logo"]').first().waitFor();

    await admin.getByRole('tab', { name: label('adminSite.tabs.files') }).click();
    const files = admin.getByRole('table', { name: label('adminSite.tabs.files') });
    await files.getByRole('row').nth(1).waitFor();
    const sizes = await files.locator('tbody tr td:nth-child(4)').allTextContents();
    expect(sizes.length).toBeGreaterThan(0);
    for (const size of sizes) expect(size.trim()).toMatch(/^(\d+ B|\d+\.\d{2} (KiB|MiB|GiB))$/);

    await admin.getByRole('tab', { name: label('adminSite.tabs.platform') }).click();
    await admin.getByRole('button', { name: label('adminSite.settings.logoResetButton') }).click();
    await admin.getByText(label('adminSite.settings.logoReset')).waitFor();
    await expect.poll(() => header.locator('img[src*="/logo"]').count()).toBe(0);
  });
});

describe('banning a user', () => {
  it('signs their open browser session out', async () => {
    const context = await newContext(session.browser, session.platform.url);
    const player = await context.newPage();
    const userName = uniqueUserName('ban');
    const registered = await player.request.post('/api/account/register', {
      data: { userName, email: `${userName}@example.org`, password },
    });
    expect(registered.ok()).toBe(true);
    await player.goto('/teams');
    await player.getByRole('button', { name: 'Account menu' }).waitFor();

    await admin.goto('/admin/users');
    await admin.getByLabel(label('adminSite.users.search')).fill(userName);
    const edit = admin.getByRole('button', { name: `Edit ${userName}`, exact: true }).first();
    await edit.click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(label('adminSite.users.role')).click();
    await admin.getByRole('option', { name: label('roles.Banned'), exact: true }).click();
    await screenshot(admin, 'admin-users-ban');
    await dialog.getByRole('button', { name: label('common.save'), exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await admin
      .getByRole('row', { name: new RegExp(userName) })
      .getByText(label('roles.Banned'))
      .first()
      .waitFor();

    const profile = await player.request.get('/api/account/profile');
    expect(profile.status()).toBe(401);
    await player.goto('/teams');
    await player.waitForURL(/\/account\/login/);
    await context.close();
  });
});

describe('the log page', () => {
  it('shows a new entry live, without a reload', async () => {
    await admin.goto('/admin/logs');
    await admin.getByText(label('adminSite.logs.state.live'), { exact: true }).waitFor();
    const rows = admin.getByRole('table').getByRole('row');
    await rows.first().waitFor();
    const before = await rows.count();
    const settingsRows = admin.getByRole('row', { name: /saved the platform settings/ });
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
});

describe('managing users, teams and tokens', () => {
  it('adds users in bulk with a team, and the team can be locked', async () => {
    const [first, second] = [uniqueUserName('bulk'), uniqueUserName('bulk')];
    const team = `Crew ${first.slice(-4)}`;
    await admin.goto('/admin/users');
    await admin.getByRole('button', { name: label('adminSite.bulk.open') }).click();
    const dialog = admin.getByRole('dialog');
    await dialog
      .getByLabel(label('adminSite.bulk.input'))
      .fill(
        `${first}, ${password}, ${first}@example.org, , , , ${team}\n${second}\t${password}\t${second}@example.org\t\t\t\t${team}`,
      );
    await dialog.getByRole('button', { name: 'Add 2 users' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await admin.getByLabel(label('adminSite.users.search')).fill(first);
    await admin
      .getByRole('row', { name: new RegExp(first) })
      .first()
      .waitFor();

    await admin.goto('/admin/teams');
    await admin.getByLabel(label('adminSite.teams.search')).fill(team);
    await admin
      .getByRole('button', { name: `Edit ${team}`, exact: true })
      .first()
      .click();
    const edit = admin.getByRole('dialog');
    await edit.getByRole('switch', { name: label('adminSite.teams.locked') }).check({ force: true });
    await edit.getByRole('button', { name: label('common.save'), exact: true }).click();
    await edit.waitFor({ state: 'hidden' });
    await admin
      .getByRole('row', { name: new RegExp(team) })
      .getByLabel(label('adminSite.teams.lockedBadge'))
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
    await admin.getByLabel(label('adminSite.users.search')).fill(userName);
    await admin
      .getByRole('button', { name: `More actions for ${userName}` })
      .first()
      .click();
    await admin.getByRole('menuitem', { name: label('adminSite.users.resetPassword') }).click();
    await admin
      .getByRole('dialog')
      .getByRole('button', { name: label('adminSite.users.resetPassword') })
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
    await admin.getByRole('button', { name: label('adminSite.tokens.createTitle') }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(label('adminSite.tokens.name')).fill('Scoreboard bot');
    await dialog.getByRole('button', { name: label('adminSite.tokens.create') }).click();
    const token = (await admin.getByTestId('secret-value').textContent())?.trim() ?? '';
    await admin.getByRole('dialog', { name: label('adminSite.tokens.createdTitle') }).waitFor();
    await admin.waitForTimeout(300);
    await screenshot(admin, 'admin-token-created');
    await admin.keyboard.press('Escape');
    const call = () =>
      fetch(`${session.platform.url}/api/admin/users?count=1`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await call()).status).toBe(200);

    await admin.getByRole('button', { name: 'Revoke Scoreboard bot' }).click();
    await admin
      .getByRole('dialog')
      .getByRole('button', { name: label('adminSite.tokens.revoke') })
      .click();
    await admin.getByRole('button', { name: 'Restore Scoreboard bot' }).waitFor();
    expect((await call()).status).toBe(401);

    await admin.getByRole('button', { name: 'Restore Scoreboard bot' }).click();
    await admin.getByRole('button', { name: 'Revoke Scoreboard bot' }).waitFor();
    expect((await call()).status).toBe(200);
  });
});
