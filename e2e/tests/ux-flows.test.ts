import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signIn } from '../src/api';
import { newContext, screenshot } from '../src/browser';
import { en } from '../src/locale';
import { seedAcceptInvite, seedChallenge, seedGame, seedJoin, seedTeam } from '../src/seed';
import { type BrowserSession, newUser, openSession } from '../src/session';

/**
 * Flows that lost work or stranded people (issue 14): the challenge editor's one save and its guard on leaving,
 * a member who joins a team already in a game, and the organisers' preview of the player board.
 */
let session: BrowserSession;
let admin: Page;
let gameId = 0;
let challengeId = 0;
const password = 'Secret-pass1';

beforeAll(async () => {
  session = await openSession();
  admin = session.page;
  await signIn(admin, 'admin', session.platform.adminPassword);
  gameId = await seedGame(admin, 'Flow CTF', { inviteCode: 'door-code' });
  challengeId = await seedChallenge(admin, gameId, { title: 'Warmup', category: 'Web', flag: 'flag{warm}' });
});
afterAll(async () => {
  await session?.close();
});

const editorUrl = () => `/admin/games/${gameId}/challenges/${challengeId}`;

describe('the challenge editor', () => {
  it('saves the fields and the attachment with one button, and there is no second save button', async () => {
    await admin.goto(editorUrl());
    // The locked hints section below has a title field of its own.
    await admin.getByRole('region', { name: 'Challenge' }).getByLabel('Title').fill('Warm-up');
    await admin.getByText(en('adminGames.attachment.types.Remote'), { exact: true }).click();
    await admin.getByLabel(en('adminGames.attachment.url')).fill('https://files.example.org/warmup.zip');
    expect(await admin.getByRole('button', { name: 'Save attachment' }).count()).toBe(0);
    await admin.getByRole('button', { name: en('adminGames.save') }).click();
    await admin.getByText(en('adminGames.challenge.saved')).first().waitFor();
    const stored = await api<{ title: string; attachment: { url: string } | null }>(
      admin,
      'GET',
      `/api/edit/games/${gameId}/challenges/${challengeId}`,
    );
    expect(stored.title).toBe('Warm-up');
    expect(stored.attachment?.url).toBe('https://files.example.org/warmup.zip');
    // Saved: the save button rests until the next change.
    await expect.poll(() => admin.getByRole('button', { name: en('adminGames.save') }).isDisabled()).toBe(true);
  });

  it('asks before leaving with unsaved changes inside the application', async () => {
    await admin.goto(editorUrl());
    const description = admin.getByRole('textbox', { name: en('adminGames.challenge.content') });
    await description.fill('A description worth keeping.');
    await admin
      .getByRole('link', { name: en('adminGames.challenge.flagsTab') })
      .first()
      .click();
    const dialog = admin.getByRole('dialog', { name: en('unsaved.title') });
    await dialog.waitFor();
    await screenshot(admin, 'unsaved-guard');
    await dialog.getByRole('button', { name: en('unsaved.stay') }).click();
    expect(admin.url()).toContain(editorUrl());
    expect(await description.inputValue()).toBe('A description worth keeping.');

    // Leaving on purpose drops the changes; nothing was stored.
    await admin
      .getByRole('link', { name: en('adminGames.challenge.flagsTab') })
      .first()
      .click();
    await admin
      .getByRole('dialog', { name: en('unsaved.title') })
      .getByRole('button', { name: en('unsaved.leave') })
      .click();
    await admin.waitForURL(/\/flags$/);
    const stored = await api<{ content: string }>(admin, 'GET', `/api/edit/games/${gameId}/challenges/${challengeId}`);
    expect(stored.content).not.toBe('A description worth keeping.');
  });

  it('makes the browser ask before the tab is closed with unsaved changes, and not after saving', async () => {
    const page = await (await newContext(session.browser, session.platform.url)).newPage();
    await signIn(page, 'admin', session.platform.adminPassword);
    await page.goto(editorUrl());
    await page.getByRole('textbox', { name: en('adminGames.challenge.content') }).fill('Unsaved text');
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      });
    });
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);

    await page.getByRole('button', { name: en('adminGames.save') }).click();
    await page.getByText(en('adminGames.challenge.saved')).first().waitFor();
    let prompted = false;
    page.once('dialog', (dialog) => {
      prompted = true;
      void dialog.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => page.isClosed()).toBe(true);
    expect(prompted).toBe(false);
  });
});

describe('a member who joins a team already in the game', () => {
  it('follows the team into the game and plays without a further step', async () => {
    const captain = await newUser(session, 'cap', password);
    const teamId = await seedTeam(captain.page, 'Early Birds');
    await seedJoin(captain.page, gameId, teamId, admin, 'door-code');
    const code = await api<string>(captain.page, 'GET', `/api/team/${teamId}/invite`);

    const late = await newUser(session, 'late', password);
    await seedAcceptInvite(late.page, code);
    const page = late.page;

    // The game page tells them nothing false: no "join with your team" offer, no "not in this game".
    await page.goto(`/games/${gameId}`);
    await page.getByRole('link', { name: en('games.actions.challenges') }).waitFor();
    expect(await page.getByText(en('games.lateMember.title', { team: 'Early Birds' })).count()).toBe(0);
    await screenshot(page, 'late-member');

    await page.getByRole('link', { name: en('games.actions.challenges') }).click();
    await page.getByRole('button', { name: 'Open challenge Warm-up' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Flag', { exact: true }).fill('flag{warm}');
    await dialog.getByRole('button', { name: 'Submit flag' }).click();
    await page.getByText('Your team has solved this challenge.').waitFor();
  });
});

describe('the organisers’ preview', () => {
  it('shows an admin the board and a challenge without a team, and no way to submit', async () => {
    await admin.goto(`/games/${gameId}/challenges`);
    await admin.getByText(en('challenges.preview.title'), { exact: true }).waitFor();
    await admin.getByRole('button', { name: 'Open challenge Warm-up' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText(en('challenges.preview.noSubmit')).waitFor();
    expect(await dialog.getByRole('button', { name: 'Submit flag' }).count()).toBe(0);
    await screenshot(admin, 'organiser-preview');
    await admin.keyboard.press('Escape');
  });

  it('shows a monitor the board too', async () => {
    const monitor = await newUser(session, 'mon', password);
    const users = await api<{ data: Array<{ id: string; userName: string }> }>(
      admin,
      'GET',
      '/api/admin/users?count=100',
    );
    const id = users.data.find((user) => user.userName === monitor.userName)?.id;
    await api(admin, 'PUT', `/api/admin/users/${id}`, { role: 'Monitor' });
    await monitor.page.goto(`/games/${gameId}/challenges`);
    await monitor.page.getByText(en('challenges.preview.text')).waitFor();
    await monitor.page.getByRole('button', { name: 'Open challenge Warm-up' }).waitFor();
  });
});
