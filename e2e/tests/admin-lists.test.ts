import type { Language } from '@flagpole/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../src/api';
import { newContext, screenshot } from '../src/browser';
import { text } from '../src/locale';
import { type BrowserSession, uniqueUserName, withAdminSession } from '../src/session';

/**
 * Issue 24, points 5, 6, 8 and the bulk dynamic-attachment pairs, each in English on a desktop and in German on
 * a phone: the challenge list's switch says the state it shows; a refused flag list names the refused lines; the
 * users list has an order (newest registration first) and a search; many files and flags are added as pairs.
 */
let session: BrowserSession;
let admin: Page;
let gameId = 0;
let staticChallenge = 0;
let poolChallenge = 0;
const HOUR = 3_600_000;

withAdminSession((opened) => {
  session = opened;
  admin = opened.page;
});

beforeAll(async () => {
  const now = Date.now();
  const game = await api<{ id: number }>(admin, 'POST', '/api/edit/games', {
    title: 'Lists Cup',
    start: now - HOUR,
    end: now + 24 * HOUR,
  });
  gameId = game.id;
  const create = (title: string, type: string) =>
    api<{ id: number }>(admin, 'POST', `/api/edit/games/${gameId}/challenges`, { title, category: 'Misc', type });
  const on = await create('Switched On', 'StaticAttachment');
  await api(admin, 'POST', `/api/edit/games/${gameId}/challenges/${on.id}/flags`, [{ flag: 'flag{on}' }]);
  await api(admin, 'PUT', `/api/edit/games/${gameId}/challenges/${on.id}`, { isEnabled: true });
  staticChallenge = (await create('Switched Off', 'StaticAttachment')).id;
  poolChallenge = (await create('Pool Files', 'DynamicAttachment')).id;
});

const VIEWS: Array<{ language: Language; mobile: boolean; label: string }> = [
  { language: 'en-US', mobile: false, label: 'en-desktop' },
  { language: 'de-DE', mobile: true, label: 'de-phone' },
];

/** A page of the administrator's session in a browser context of the given language and width. */
async function adminPage(language: Language, mobile: boolean): Promise<Page> {
  const context = await newContext(session.browser, session.platform.url, { locale: language, mobile });
  await context.addCookies(await admin.context().cookies());
  return context.newPage();
}

describe.each(VIEWS)('admin lists ($label)', ({ language, mobile, label }) => {
  const t = (key: string, values: Record<string, string | number> = {}) => text(language, key, values);

  it('point 5: the challenge switch is labelled with the state it shows, with no badge contradicting it', async () => {
    const page = await adminPage(language, mobile);
    await page.goto(`/admin/games/${gameId}/challenges`);
    const off = page.getByRole('article', { name: 'Switched Off' });
    const on = page.getByRole('article', { name: 'Switched On' });
    await off.waitFor();
    expect(await off.getByRole('switch').isChecked()).toBe(false);
    expect(await on.getByRole('switch').isChecked()).toBe(true);
    // Each row says its state once, and the state it says is the switch's.
    await off.getByText(t('adminGames.challenges.off'), { exact: true }).waitFor();
    expect(await off.getByText(t('adminGames.challenges.on'), { exact: true }).count()).toBe(0);
    expect(await off.getByText(t('adminGames.challenges.off'), { exact: true }).count()).toBe(1);
    await on.getByText(t('adminGames.challenges.on'), { exact: true }).waitFor();
    expect(await on.getByText(t('adminGames.challenges.off'), { exact: true }).count()).toBe(0);
    // The list can be searched.
    await page.getByLabel(t('adminGames.challenges.search')).fill('off');
    await on.waitFor({ state: 'detached' });
    await off.waitFor();
    await screenshot(page, `admin-lists-challenge-switch-${label}`);
    await page.context().close();
  });

  it('point 6: a flag list with a bad pattern is refused line by line, and nothing is added', async () => {
    const page = await adminPage(language, mobile);
    await page.goto(`/admin/games/${gameId}/challenges/${staticChallenge}/flags`);
    await page.getByText(t('adminGames.flags.matchRegex'), { exact: true }).click();
    await page
      .getByLabel(t('adminGames.flags.patternsTextarea'))
      .fill('flag\\{good[0-9]+\\}\n\n(a)\\1\nflag\\{fine\\}\nflag(?=x)');
    await page.getByRole('button', { name: t('adminGames.flags.add'), exact: true }).click();
    const report = page.getByRole('list', { name: t('adminGames.flags.refusedListLabel') });
    await report.waitFor();
    const items = report.getByRole('listitem');
    expect(await items.count()).toBe(2);
    await items
      .nth(0)
      .getByText(t('adminGames.flags.lineLabel', { line: 3 }), { exact: true })
      .waitFor();
    await items.nth(0).getByText('(a)\\1', { exact: true }).waitFor();
    await items
      .nth(1)
      .getByText(t('adminGames.flags.lineLabel', { line: 5 }), { exact: true })
      .waitFor();
    await page.getByText(t('adminGames.flags.refusedLines', { count: 2 })).waitFor();
    await screenshot(page, `admin-lists-flag-lines-${label}`);
    const detail = await api<{ flags: unknown[] }>(
      admin,
      'GET',
      `/api/edit/games/${gameId}/challenges/${staticChallenge}`,
    );
    expect(detail.flags).toEqual([]);
    // Correcting a line takes it out of the report.
    await page
      .getByLabel(t('adminGames.flags.patternsTextarea'))
      .fill('flag\\{good[0-9]+\\}\n\n(a)b\nflag\\{fine\\}\nflag(?=x)');
    await expect.poll(() => items.count()).toBe(1);
    await page.context().close();
  });

  it('point 8: users are listed newest registration first, with an order to choose and a search', async () => {
    const prefix = mobile ? 'lsp' : 'lsd';
    const names = [uniqueUserName(prefix), uniqueUserName(prefix)];
    const guest = await newContext(session.browser, session.platform.url);
    const guestPage = await guest.newPage();
    for (const userName of names) {
      await api(guestPage, 'GET', '/api/account/profile').catch(() => undefined);
      await api(guestPage, 'POST', '/api/account/register', {
        userName,
        email: `${userName}@example.org`,
        password: 'Secret-pass1',
      });
      await api(guestPage, 'POST', '/api/account/logout').catch(() => undefined);
    }
    await guest.close();
    const page = await adminPage(language, mobile);
    await page.goto('/admin/users');
    const order = page.getByRole('combobox', { name: t('adminSite.list.order'), exact: true });
    await order.waitFor();
    expect(await order.inputValue()).toBe(t('adminSite.users.order.newest'));
    // The newest registration comes first without any search.
    // The first visible identity (table row on a desktop, card on a phone): name and e-mail address.
    const firstName = page.locator('button').filter({ hasText: '@example.org', visible: true }).first();
    await expect.poll(async () => (await firstName.textContent()) ?? '').toContain(names[1]);
    await order.click();
    await page.getByRole('option', { name: t('adminSite.users.order.name'), exact: true }).click();
    await page.getByLabel(t('adminSite.users.search')).fill(prefix);
    await expect.poll(async () => (await firstName.textContent()) ?? '').toContain(names[0]);
    await screenshot(page, `admin-lists-users-${label}`);
    await page.context().close();
  });

  it('bulk pairs: many files and flags are added as pairs, refused pairs named', async () => {
    const page = await adminPage(language, mobile);
    await page.goto(`/admin/games/${gameId}/challenges/${poolChallenge}/flags`);
    const section = page.getByRole('region', { name: t('adminGames.flags.pairs.title') });
    await section.waitFor();
    const suffix = label;
    const files = ['team-2', 'team-10', 'team-1'].map((name) => ({
      name: `${name}-${suffix}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(`${name} ${suffix} ${Date.now()}`),
    }));
    await section.locator('input[type="file"]').setInputFiles(files);
    await section
      .getByLabel(t('adminGames.flags.pairs.flags'))
      .fill(`flag{one-${suffix}}\nflag{two-${suffix}}\nflag{ten-${suffix}}\nflag{extra-${suffix}}`);
    const table = section.getByRole('table', { name: t('adminGames.flags.pairs.table') });
    await table.getByText(t('adminGames.flags.pairs.missingFile')).waitFor();
    const submit = section.getByRole('button', { name: t('adminGames.flags.pairs.submit', { count: 4 }) });
    expect(await submit.isDisabled()).toBe(true);
    await section
      .getByLabel(t('adminGames.flags.pairs.flags'))
      .fill(`flag{one-${suffix}}\nflag{two-${suffix}}\nflag{ten-${suffix}}`);
    // Files pair in name order as a person reads it: team-1, team-2, team-10.
    const rows = table.getByRole('row');
    await expect.poll(async () => (await rows.nth(3).textContent()) ?? '').toContain(`team-10-${suffix}.txt`);
    expect(await rows.nth(3).textContent()).toContain(`flag{ten-${suffix}}`);
    await screenshot(page, `admin-lists-pairs-${label}`);
    await section.getByRole('button', { name: t('adminGames.flags.pairs.submit', { count: 3 }) }).click();
    await page.getByText(t('adminGames.flags.pairs.added', { count: 3 })).waitFor();
    const detail = await api<{ flags: Array<{ flag: string; attachment: { url: string | null } | null }> }>(
      admin,
      'GET',
      `/api/edit/games/${gameId}/challenges/${poolChallenge}`,
    );
    const mine = detail.flags.filter((flag) => flag.flag.endsWith(`-${suffix}}`));
    expect(mine.map((flag) => flag.flag).sort()).toEqual(
      [`flag{one-${suffix}}`, `flag{ten-${suffix}}`, `flag{two-${suffix}}`].sort(),
    );
    await page.context().close();
  });
});
