import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../src/api';
import { newContext, screenshot } from '../src/browser';
import { en, serverEn } from '../src/locale';
import { type BrowserSession, newUser, uniqueUserName, withAdminSession } from '../src/session';

/** The site administration of accounts in the browser: users in bulk, teams, passwords, API tokens, deletion. */
let session: BrowserSession;
let admin: Page;
const password = 'Secret-pass1';

withAdminSession((opened) => {
  session = opened;
  admin = opened.page;
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
