import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signIn } from '../src/api';
import { newContext, screenshot } from '../src/browser';
import { en, text } from '../src/locale';
import { seedChallenge, seedGame, seedJoin, seedTeam } from '../src/seed';
import { type BrowserSession, newUser, openAdminSession } from '../src/session';

/**
 * Timed release in the browser (docs/game-play.md, "Timed release"): the organiser's game page lists the releases and
 * deadlines on a timeline; a player's open challenges page (English on a desktop, German on a phone) shows nothing of
 * a challenge before its release and shows its card when the release comes, without a reload.
 */
const TIMED = 'Second Wave';
/** Long enough for the organiser's test, then to open both players' pages and look at them before the release. */
const LEAD_MS = 35_000;
let session: BrowserSession;
let admin: Page;
let gameId = 0;
let releaseAt = 0;
let timedId = 0;
const players: Array<{ page: Page; label: string; language: 'en-US' | 'de-DE' }> = [];

beforeAll(async () => {
  session = await openAdminSession();
  admin = session.page;
  gameId = await seedGame(admin, 'Midnight Waves CTF', { acceptWithoutReview: true });
  const opening = await seedChallenge(admin, gameId, { title: 'Opening Act', category: 'Web', flag: 'flag{open}' });
  const timed = await api<{ id: number }>(admin, 'POST', `/api/edit/games/${gameId}/challenges`, {
    title: TIMED,
    category: 'Crypto',
    type: 'StaticAttachment',
  });
  timedId = timed.id;
  await api(admin, 'POST', `/api/edit/games/${gameId}/challenges/${timed.id}/flags`, [{ flag: 'flag{wave}' }]);
  // Released later, enabled now: nothing shows before the release.
  await api(admin, 'PUT', `/api/edit/games/${gameId}/challenges/${timed.id}`, {
    content: 'The second wave of the night.',
    releaseUtc: Date.now() + 3_600_000,
    isEnabled: true,
  });
  // A deadline on the first one, so the timeline holds both kinds.
  await api(admin, 'PUT', `/api/edit/games/${gameId}/challenges/${opening}`, { deadlineUtc: Date.now() + 7_200_000 });

  const password = 'Secret-pass1';
  const { page, userName } = await newUser(session, 'wave', password);
  await seedJoin(page, gameId, await seedTeam(page, `wave ${userName.slice(-4)}`));
  players.push({ page, label: 'en-desktop', language: 'en-US' });
  const phone = await (
    await newContext(session.browser, session.platform.url, { locale: 'de-DE', mobile: true })
  ).newPage();
  await signIn(phone, userName, password);
  players.push({ page: phone, label: 'de-phone', language: 'de-DE' });
  // The release time is set last, so the set-up's own duration (long on a busy machine) does not eat the lead.
  releaseAt = Date.now() + LEAD_MS;
  await api(admin, 'PUT', `/api/edit/games/${gameId}/challenges/${timed.id}`, { releaseUtc: releaseAt });
});
afterAll(async () => {
  for (const { page } of players) await page.context().close();
  await session?.close();
});

describe('timed release', () => {
  it('shows the organiser the releases and deadlines on the game page', async () => {
    await admin.goto(`/admin/games/${gameId}/info`);
    const timeline = admin.getByRole('region', { name: en('adminGames.timeline.title') });
    await timeline.getByText(TIMED).waitFor();
    expect(await timeline.getByText('Opening Act').isVisible()).toBe(true);
    expect(await timeline.getByText(en('adminGames.timeline.kind.release'), { exact: true }).isVisible()).toBe(true);
    expect(await timeline.getByText(en('adminGames.timeline.kind.deadline'), { exact: true }).isVisible()).toBe(true);
    await screenshot(admin, 'release-admin-timeline');
    await admin.goto(`/admin/games/${gameId}/challenges`);
    await admin.getByText(new RegExp(en('adminGames.challenges.releasesAt', { time: '.+' }))).waitFor();
    await screenshot(admin, 'release-admin-challenges');
    // The editor holds the release beside the deadline.
    await admin.goto(`/admin/games/${gameId}/challenges/${timedId}`);
    const field = admin.getByLabel(en('adminGames.challenge.release'));
    await expect.poll(async () => field.inputValue()).not.toBe('');
    await field.scrollIntoViewIfNeeded();
    await screenshot(admin, 'release-admin-editor');
  });

  it('shows a player the challenge when it is released, without a reload', async () => {
    for (const { page, language } of players) {
      await page.goto(`/games/${gameId}/challenges`);
      await page.getByText('Opening Act').first().waitFor();
      expect(await page.getByText(TIMED).count()).toBe(0);
      // The page is in the player's language.
      expect(await page.locator('body').textContent()).toContain(text(language, 'games.shell.scoreboard'));
    }
    expect(Date.now()).toBeLessThan(releaseAt);
    for (const { page, label } of players) await screenshot(page, `release-player-before-${label}`);

    while (Date.now() < releaseAt) await new Promise((resolve) => setTimeout(resolve, 100));
    for (const { page, label } of players) {
      // Pushed through the live socket: the card (and the notice naming it) appear on the open page.
      await page.getByText(TIMED).first().waitFor({ timeout: 5_000 });
      await screenshot(page, `release-player-after-${label}`);
    }
    const released = Date.now();
    expect(released - releaseAt).toBeLessThan(10_000);
  });
});
