import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { api } from '../src/api';
import { newContext, screenshot } from '../src/browser';
import { en, serverEn } from '../src/locale';
import { type BrowserSession, openSession } from '../src/session';

/**
 * Flag match types in the challenge editor: an organiser adds an exact flag, a case-insensitive one and a
 * case-insensitive regular expression to a static challenge, sees each type in the flag list, and is told
 * why a pattern RE2 cannot run is refused.
 */
let session: BrowserSession;
let admin: Page;
let flagsPage = '';
const HOUR = 3_600_000;

beforeAll(async () => {
  session = await openSession();
  admin = session.page;
  await admin.goto('/account/login');
  await admin.getByLabel('User name or e-mail').fill('admin');
  await admin.getByLabel('Password', { exact: true }).fill(session.platform.adminPassword);
  await admin.getByRole('button', { name: 'Sign in' }).click();
  await admin.getByRole('button', { name: 'Account menu' }).waitFor();
  const now = Date.now();
  const game = await api<{ id: number }>(admin, 'POST', '/api/edit/games', {
    title: 'Kinds Cup',
    start: now - HOUR,
    end: now + 24 * HOUR,
  });
  const challenge = await api<{ id: number }>(admin, 'POST', `/api/edit/games/${game.id}/challenges`, {
    title: 'Patterns',
    category: 'Misc',
    type: 'StaticAttachment',
  });
  flagsPage = `/admin/games/${game.id}/challenges/${challenge.id}/flags`;
});
afterAll(async () => {
  await session?.close();
});

async function addFlags(page: Page, kind: string, text: string, ignoreCase = false) {
  await page.getByText(kind, { exact: true }).click();
  if (ignoreCase) await page.getByRole('checkbox', { name: en('adminGames.flags.regexIgnoreCase') }).check();
  const label =
    kind === en('adminGames.flags.matchRegex')
      ? en('adminGames.flags.patternsTextarea')
      : en('adminGames.flags.textarea');
  await page.getByLabel(label).fill(text);
  await page.getByRole('button', { name: en('adminGames.flags.add'), exact: true }).click();
}

describe('flag match types in the editor', () => {
  it('adds flags of each type and lists their types', async () => {
    await admin.goto(flagsPage);
    await addFlags(admin, en('adminGames.flags.matchExact'), 'flag{exact}');
    await admin.getByRole('button', { name: en('adminGames.flags.deleteFor', { flag: 'flag{exact}' }) }).waitFor();
    await addFlags(admin, en('adminGames.flags.matchIgnoreCase'), 'flag{AnyCase}');
    await admin.getByRole('button', { name: en('adminGames.flags.deleteFor', { flag: 'flag{AnyCase}' }) }).waitFor();
    await addFlags(admin, en('adminGames.flags.matchRegex'), 'flag\\{[0-9a-f]{8}\\}', true);
    const row = admin.getByRole('row').filter({ hasText: 'flag\\{[0-9a-f]{8}\\}' });
    await row.getByText(en('adminGames.flags.matchTypes.RegexIgnoreCase'), { exact: true }).waitFor();
    await admin
      .getByRole('row')
      .filter({ hasText: 'flag{AnyCase}' })
      .getByText(en('adminGames.flags.matchTypes.IgnoreCase'), { exact: true })
      .waitFor();
    await screenshot(admin, 'flag-kinds-editor');
  });

  it('tells why a pattern RE2 cannot run is refused', async () => {
    await admin.goto(flagsPage);
    await addFlags(admin, en('adminGames.flags.matchRegex'), '(a)\\1');
    await admin.getByText(serverEn('error.flagPatternInvalid')).first().waitFor();
  });

  it('offers the choice on a phone', async () => {
    const phone = await (await newContext(session.browser, session.platform.url, { mobile: true })).newPage();
    await phone.context().addCookies(await admin.context().cookies());
    await phone.goto(flagsPage);
    await phone.getByText(en('adminGames.flags.matchRegex'), { exact: true }).click();
    await phone.getByRole('checkbox', { name: en('adminGames.flags.regexIgnoreCase') }).waitFor();
    // Let the control's indicator finish moving before the picture.
    await phone.waitForTimeout(400);
    await screenshot(phone, 'flag-kinds-editor-phone');
    await phone.context().close();
  });
});
