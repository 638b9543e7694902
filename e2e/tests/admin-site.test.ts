import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, screenshot } from '../src/browser';
import { en } from '../src/locale';
import { type BrowserSession, uniqueUserName, withAdminSession } from '../src/session';

/**
 * The site administration in the browser: settings apply at once, and a ban signs the user out of their open
 * session. The log page is in admin-logs.test.ts; users, teams and tokens in admin-accounts.test.ts.
 */
let session: BrowserSession;
let admin: Page;
const password = 'Secret-pass1';

withAdminSession((opened) => {
  session = opened;
  admin = opened.page;
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
