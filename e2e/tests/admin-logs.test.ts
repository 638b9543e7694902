import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser';
import { en } from '../src/locale';
import { type BrowserSession, newUser, withAdminSession } from '../src/session';

/** The site's log page: new entries arrive live, and the filters and pages work on the server's entries. */
let session: BrowserSession;
let admin: Page;
const password = 'Secret-pass1';

// Information-level entries are what the log page shows; the default e2e level would hide them.
withAdminSession(
  (opened) => {
    session = opened;
    admin = opened.page;
  },
  { LOG_LEVEL: 'info' },
);

/** Entries on one page of the log page (apps/web: LOGS_PAGE_SIZE). */
const LOGS_PAGE_SIZE = 50;

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

    // The entry written now is one more row of that kind than the page showed, pushed well before the page's
    // slow background refresh would fetch it.
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
