import type { Language } from '@flagpole/contract';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signIn } from '../src/api';
import { createBoardDatabase } from '../src/big-board';
import { newContext, screenshot } from '../src/browser';
import { text } from '../src/locale';
import { type BrowserSession, openAdminSession } from '../src/session';

/**
 * A first event without surprises, on a default start (no mail, no container engine), in English on a desktop
 * and in German on a phone: a game made in the pages stays hidden until its publish checklist passes (issue 24
 * point 1), a container challenge cannot be enabled without an engine (point 3), and nothing offers password
 * recovery by mail when there is no mail (point 4). The platform runs on a PostgreSQL database of its own so the
 * test can enable challenges behind the service's back (as if enabled under another configuration).
 */
let session: BrowserSession;
let database: Awaited<ReturnType<typeof createBoardDatabase>>;
const HOUR = 3_600_000;

const VIEWS: Array<{ language: Language; mobile: boolean; name: string }> = [
  { language: 'en-US', mobile: false, name: 'en-desktop' },
  { language: 'de-DE', mobile: true, name: 'de-phone' },
];

beforeAll(async () => {
  database = await createBoardDatabase('flagpole_e2e_first');
  session = await openAdminSession({ DATABASE_URL: database.url });
});
afterAll(async () => {
  await session?.close();
  await database?.drop();
});

async function pageFor(view: (typeof VIEWS)[number], admin: boolean): Promise<Page> {
  const page = await (
    await newContext(session.browser, session.platform.url, { locale: view.language, mobile: view.mobile })
  ).newPage();
  if (admin) await signIn(page, 'admin', session.platform.adminPassword);
  return page;
}

async function forceEnable(challengeIds: number[]): Promise<void> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query('update challenges set is_enabled = true where id = any($1::int[])', [challengeIds]);
  await client.end();
}

const createChallenge = async (gameId: number, title: string, type: string) =>
  (await api<{ id: number }>(session.page, 'POST', `/api/edit/games/${gameId}/challenges`, { title, type })).id;

describe('point 1: a game made in the pages is hidden until published', () => {
  for (const view of VIEWS) {
    it(`creates a hidden game, publishes it once the checklist passes (${view.name})`, async () => {
      const t = (key: string, values: Record<string, string | number> = {}) => text(view.language, key, values);
      const admin = await pageFor(view, true);
      const player = await pageFor(view, false);
      const title = `Harbour Cup ${view.name}`;

      await admin.goto('/admin/games');
      await admin.getByRole('button', { name: t('adminGames.create.button') }).click();
      const dialog = admin.getByRole('dialog', { name: t('adminGames.create.title') });
      await dialog.getByRole('textbox', { name: t('adminGames.fields.title') }).fill(title);
      // The practice-mode choice is shown, on by default, with what it means.
      expect(await dialog.getByRole('switch', { name: t('adminGames.fields.practiceMode') }).isChecked()).toBe(true);
      await dialog.getByText(t('adminGames.fields.practiceModeHint')).waitFor();
      await dialog.getByText(t('adminGames.create.hiddenNote')).waitFor();
      await screenshot(admin, `first-event-create-${view.name}`);
      await dialog.getByRole('button', { name: t('adminGames.create.submit') }).click();
      await admin.waitForURL(/\/admin\/games\/\d+\/info$/);
      const gameId = Number(/games\/(\d+)/.exec(admin.url())?.[1]);

      const card = admin.getByRole('region', { name: t('adminGames.publish.title'), exact: true });
      await card.getByText(t('adminGames.publish.stateHidden')).waitFor();
      const checklist = card.getByRole('list', { name: t('adminGames.publish.checklist') });
      await checklist.getByText(t('adminGames.publish.problem.NoEnabledChallenge')).waitFor();
      const publish = card.getByRole('button', { name: t('adminGames.publish.publish') });
      expect(await publish.isDisabled()).toBe(true);
      await card.getByText(t('adminGames.publish.blocked')).waitFor();
      await screenshot(admin, `first-event-unpublished-${view.name}`);

      // Players see nothing of it: not on the home page, not in the list, not at its address.
      await player.goto('/games');
      await player
        .getByRole('heading', { name: t('games.list.title') })
        .first()
        .waitFor();
      await player.waitForLoadState('networkidle');
      expect(await player.getByText(title).count()).toBe(0);
      await player.goto('/');
      await player.waitForLoadState('networkidle');
      expect(await player.getByText(title).count()).toBe(0);
      expect((await api<{ hidden: boolean }>(admin, 'GET', `/api/edit/games/${gameId}`)).hidden).toBe(true);

      const warmUp = await createChallenge(gameId, 'Warm-up', 'StaticAttachment');
      await api(admin, 'POST', `/api/edit/games/${gameId}/challenges/${warmUp}/flags`, [{ flag: 'flag{warm-up}' }]);
      await api(admin, 'PUT', `/api/edit/games/${gameId}/challenges/${warmUp}`, { isEnabled: true });
      await admin.reload();
      await checklist.getByText(t('adminGames.publish.problem.NoEnabledChallenge')).waitFor({ state: 'detached' });
      await expect.poll(() => publish.isEnabled()).toBe(true);
      await publish.click();
      await admin.getByText(t('adminGames.publish.publishedDone')).waitFor();
      await card.getByText(t('adminGames.publish.statePublished')).waitFor();
      await card.getByRole('button', { name: t('adminGames.publish.hide') }).waitFor();
      await screenshot(admin, `first-event-published-${view.name}`);

      // Now players see it; before the end, practice mode is explained, not shown as a badge.
      await player.goto('/games');
      await player.getByText(title).first().waitFor();
      await player.goto(`/games/${gameId}`);
      await player.getByRole('heading', { name: title }).waitFor();
      await player.getByText(t('games.detail.practiceAfterEnd')).waitFor();
      expect(await player.getByText(t('games.badges.practiceOpen')).count()).toBe(0);
      await screenshot(player, `first-event-game-page-${view.name}`);
      await admin.context().close();
      await player.context().close();
    });
  }

  it('shows "practice open" only once a practice game has ended', async () => {
    const now = Date.now();
    const game = await api<{ id: number }>(session.page, 'POST', '/api/edit/games', {
      title: 'Last Season',
      start: now - 48 * HOUR,
      end: now - HOUR,
    });
    for (const view of VIEWS) {
      const player = await pageFor(view, false);
      await player.goto(`/games/${game.id}`);
      await player.getByText(text(view.language, 'games.badges.practiceOpen')).waitFor();
      expect(await player.getByText(text(view.language, 'games.detail.practiceAfterEnd')).count()).toBe(0);
      await screenshot(player, `first-event-practice-open-${view.name}`);
      await player.context().close();
    }
  });
});

describe('the publish checklist names each kind of unplayable challenge', () => {
  it('times, no enabled challenge, no flags, a flag without its file, a container without an engine', async () => {
    const admin = session.page;
    const now = Date.now();
    const over = await api<{ id: number }>(admin, 'POST', '/api/edit/games', {
      title: 'Over Already',
      hidden: true,
      start: now - 48 * HOUR,
      end: now - HOUR,
    });
    const game = await api<{ id: number }>(admin, 'POST', '/api/edit/games', {
      title: 'Broken Board',
      hidden: true,
      start: now + HOUR,
      end: now + 48 * HOUR,
    });
    const empty = await createChallenge(game.id, 'Empty Box', 'StaticAttachment');
    const pool = await createChallenge(game.id, 'Pool Files', 'DynamicAttachment');
    await api(admin, 'POST', `/api/edit/games/${game.id}/challenges/${pool}/flags`, [{ flag: 'flag{no-file}' }]);
    await api(admin, 'PUT', `/api/edit/games/${game.id}/challenges/${pool}`, { isEnabled: true });
    const box = await createChallenge(game.id, 'Ship Box', 'StaticContainer');
    await api(admin, 'PUT', `/api/edit/games/${game.id}/challenges/${box}`, { containerImage: 'registry.example/b:1' });
    await api(admin, 'POST', `/api/edit/games/${game.id}/challenges/${box}/flags`, [{ flag: 'flag{box}' }]);
    await forceEnable([empty, box]);

    for (const view of VIEWS) {
      const t = (key: string) => text(view.language, key);
      const page = await pageFor(view, true);
      await page.goto(`/admin/games/${over.id}/info`);
      let list = page.getByRole('list', { name: t('adminGames.publish.checklist') });
      await list.getByText(t('adminGames.publish.problem.GameEnded')).waitFor();
      await list.getByText(t('adminGames.publish.problem.NoEnabledChallenge')).waitFor();
      await screenshot(page, `first-event-checklist-ended-${view.name}`);

      await page.goto(`/admin/games/${game.id}/info`);
      list = page.getByRole('list', { name: t('adminGames.publish.checklist') });
      const line = (title: string, problem: string) =>
        list.getByText(`${title}: ${t(`adminGames.publish.problem.${problem}`)}`).waitFor();
      await line('Empty Box', 'NoFlags');
      await line('Pool Files', 'FlagWithoutAttachment');
      await line('Ship Box', 'NoContainerEngine');
      expect(await list.getByText(t('adminGames.publish.problem.GameEnded')).count()).toBe(0);
      expect(
        await page
          .getByRole('region', { name: t('adminGames.publish.title'), exact: true })
          .getByRole('button', { name: t('adminGames.publish.publish') })
          .isDisabled(),
      ).toBe(true);
      await screenshot(page, `first-event-checklist-${view.name}`);
      await page.context().close();
    }
  });
});

describe('point 3: no container challenge is enabled without a container engine', () => {
  it('the enable switch is off and explained; the server refuses too', async () => {
    const admin = session.page;
    const game = await api<{ id: number }>(admin, 'POST', '/api/edit/games', {
      title: 'Dockless',
      hidden: true,
      start: Date.now() + HOUR,
      end: Date.now() + 48 * HOUR,
    });
    const box = await createChallenge(game.id, 'Engine Room', 'StaticContainer');
    await api(admin, 'POST', `/api/edit/games/${game.id}/challenges/${box}/flags`, [{ flag: 'flag{engine}' }]);
    for (const view of VIEWS) {
      const t = (key: string, values: Record<string, string> = {}) => text(view.language, key, values);
      const page = await pageFor(view, true);
      await page.goto(`/admin/games/${game.id}/challenges`);
      const row = page.getByRole('article', { name: 'Engine Room' });
      await row.getByText(t('adminGames.challenges.needsEngine')).waitFor();
      expect(
        await row
          .getByRole('switch', { name: t('adminGames.challenges.enableFor', { title: 'Engine Room' }) })
          .isDisabled(),
      ).toBe(true);
      await screenshot(page, `first-event-no-engine-list-${view.name}`);
      await page.goto(`/admin/games/${game.id}/challenges/${box}`);
      await page.getByText(t('adminGames.container.noEngineTitle'), { exact: true }).waitFor();
      await screenshot(page, `first-event-no-engine-editor-${view.name}`);
      await page.goto('/admin/settings?tab=containers');
      await page
        .getByRole('region', { name: t('adminSite.settings.containerTitle') })
        .getByText(t('adminSite.settings.container.noEngine'))
        .waitFor();
      await page.context().close();
    }
    await expect(
      api(admin, 'PUT', `/api/edit/games/${game.id}/challenges/${box}`, { isEnabled: true }),
    ).rejects.toThrow();
  });
});

describe('point 4: without mail nothing offers recovery by mail', () => {
  for (const view of VIEWS) {
    it(`the sign-in page has no recovery link and the recovery page says to ask an organiser (${view.name})`, async () => {
      const t = (key: string) => text(view.language, key);
      const page = await pageFor(view, false);
      await page.goto('/account/login');
      await page.getByText(t('account.login.forgotAskOrganiser')).waitFor();
      expect(await page.getByRole('link', { name: t('account.login.forgot') }).count()).toBe(0);
      await screenshot(page, `first-event-login-${view.name}`);
      await page.goto('/account/recovery');
      await page.getByText(t('account.recovery.unavailableTitle')).waitFor();
      await page.getByText(t('account.recovery.unavailableBody')).waitFor();
      expect(await page.getByRole('textbox', { name: t('account.fields.email') }).count()).toBe(0);
      await screenshot(page, `first-event-recovery-${view.name}`);
      await page.context().close();

      // Nor can an administrator require confirmed addresses: registration would need a mail that cannot go.
      const admin = await pageFor(view, true);
      await admin.goto('/admin/settings?tab=accounts');
      const confirm = admin.getByRole('switch', { name: t('adminSite.settings.policy.emailConfirmationRequired') });
      await admin.getByText(t('adminSite.settings.policy.needsMail')).waitFor();
      expect(await confirm.isDisabled()).toBe(true);
      await screenshot(admin, `first-event-account-settings-${view.name}`);
      await admin.context().close();
    });
  }
});
