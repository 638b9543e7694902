import type { Language } from '@flagpole/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../src/api';
import { newContext, screenshot } from '../src/browser';
import { text } from '../src/locale';
import { seedChallenge, seedGame, seedJoin, seedPlayerTeams, seedSolve, seedTeam } from '../src/seed';
import { type BrowserSession, newUser, withAdminSession } from '../src/session';

/**
 * Issue 24, "every list has a useful order and a search; every batch operation reports per item": the monitor's
 * submissions and events and the game list are searched on the server, and the review page accepts
 * every pending entry shown at once, then says per team what happened, naming the one another organiser had
 * rejected meanwhile. In English on a desktop and in French on a phone.
 */
const password = 'Secret-pass1';
let session: BrowserSession;
let admin: Page;
let gameId = 0;
let cookieTeam = '';
let rsaTeam = '';

withAdminSession((opened) => {
  session = opened;
  admin = opened.page;
});

beforeAll(async () => {
  gameId = await seedGame(admin, 'Search Cup');
  const cookie = await seedChallenge(admin, gameId, { title: 'Cookie Jar', category: 'Web', flag: 'flag{cookie}' });
  const rsa = await seedChallenge(admin, gameId, { title: 'Rusty RSA', category: 'Crypto', flag: 'flag{rsa}' });
  const [first, second] = await seedPlayerTeams(session, gameId, ['Owls', 'Foxes'], password);
  if (!first || !second) throw new Error('two teams expected');
  const entries = await api<Array<{ id: number }>>(admin, 'GET', `/api/game/${gameId}/participations`);
  for (const { id } of entries) await api(admin, 'PUT', `/api/admin/participation/${id}`, { status: 'Accepted' });
  cookieTeam = first.team;
  rsaTeam = second.team;
  expect(await seedSolve(first.page, gameId, cookie, 'flag{cookie}')).toBe('Accepted');
  expect(await seedSolve(first.page, gameId, rsa, 'flag{guess}')).toBe('WrongAnswer');
  expect(await seedSolve(second.page, gameId, rsa, 'flag{rsa}')).toBe('Accepted');
  await first.page.context().close();
  await second.page.context().close();
});

const VIEWS: Array<{ language: Language; mobile: boolean; label: string }> = [
  { language: 'en-US', mobile: false, label: 'en-desktop' },
  { language: 'fr-FR', mobile: true, label: 'fr-phone' },
];

async function adminPage(language: Language, mobile: boolean): Promise<Page> {
  const context = await newContext(session.browser, session.platform.url, { locale: language, mobile });
  await context.addCookies(await admin.context().cookies());
  return context.newPage();
}

describe.each(VIEWS)('lists and batches ($label)', ({ language, mobile, label }) => {
  const t = (key: string, values: Record<string, string | number> = {}) => text(language, key, values);

  it("searches the monitor's submissions and events on the server", async () => {
    const page = await adminPage(language, mobile);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/submissions?') || request.url().includes('/events?')) asked.push(request.url());
    });
    await page.goto(`/games/${gameId}/monitor/submissions`);
    const main = page.getByRole('main');
    await main.getByText('flag{guess}').waitFor();
    await main.getByText('flag{rsa}', { exact: true }).waitFor();
    await page.getByRole('searchbox', { name: t('monitor.search.label') }).fill('rusty');
    await main.getByText('flag{cookie}', { exact: true }).waitFor({ state: 'detached' });
    await main.getByText('flag{guess}').waitFor();
    await main.getByText('flag{rsa}', { exact: true }).waitFor();
    expect(asked.some((url) => url.includes('search=rusty'))).toBe(true);
    await screenshot(page, `lists-monitor-submissions-${label}`);
    await page.getByRole('searchbox', { name: t('monitor.search.label') }).fill('no such answer');
    await main.getByText(t('monitor.search.noMatch')).waitFor();

    await page.goto(`/games/${gameId}/monitor/events`);
    await main.getByText(rsaTeam).first().waitFor();
    await page.getByRole('searchbox', { name: t('monitor.search.label') }).fill(cookieTeam.toUpperCase());
    await main.getByText(rsaTeam).first().waitFor({ state: 'detached' });
    await main.getByText(cookieTeam).first().waitFor();
    expect(asked.some((url) => url.includes('/events?') && url.includes('search='))).toBe(true);
    await screenshot(page, `lists-monitor-events-${label}`);
    await page.context().close();
  });

  it('searches the game list on the server, running games included', async () => {
    const page = await adminPage(language, mobile);
    await page.goto('/games');
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: t('games.list.running') }).waitFor();
    await page.getByRole('searchbox', { name: t('games.list.search') }).fill('search c');
    await main.getByRole('heading', { name: t('games.list.results') }).waitFor();
    await main.getByRole('heading', { name: t('games.list.running') }).waitFor({ state: 'detached' });
    await main.getByText('Search Cup').first().waitFor();
    expect(await main.getByText(/^Review /).count()).toBe(0);
    await screenshot(page, `lists-game-search-${label}`);
    await page.getByRole('searchbox', { name: t('games.list.search') }).fill('no such game');
    await main.getByText(t('games.list.noMatch', { search: 'no such game' })).waitFor();
    await page.context().close();
  });

  it("searches a game's notices and divisions in the organiser's pages", async () => {
    const game = await seedGame(admin, `Notices ${label}`);
    await api(admin, 'POST', `/api/edit/games/${game}/notices`, { content: 'Doors open at nine' });
    await api(admin, 'POST', `/api/edit/games/${game}/notices`, { content: 'Hint for **Rusty RSA** is out' });
    await api(admin, 'POST', `/api/edit/games/${game}/divisions`, { name: 'Students', inviteCode: 'uni-2026' });
    await api(admin, 'POST', `/api/edit/games/${game}/divisions`, { name: 'Open' });
    const page = await adminPage(language, mobile);
    const main = page.getByRole('main');
    await page.goto(`/admin/games/${game}/notices`);
    await main.getByText('Doors open at nine').waitFor();
    await page.getByRole('searchbox', { name: t('adminGames.notices.search') }).fill('rusty');
    await main.getByText('Doors open at nine').waitFor({ state: 'detached' });
    await main.getByText('Rusty RSA').waitFor();
    await screenshot(page, `lists-notices-search-${label}`);

    await page.goto(`/admin/games/${game}/divisions`);
    await main.getByText('Open', { exact: true }).waitFor();
    await page.getByRole('searchbox', { name: t('adminGames.divisions.search') }).fill('UNI-20');
    await main.getByText('Open', { exact: true }).waitFor({ state: 'detached' });
    await main.getByText('Students', { exact: true }).waitFor();
    await page.getByRole('searchbox', { name: t('adminGames.divisions.search') }).fill('nobody');
    await main.getByText(t('adminSite.list.noMatch')).waitFor();
    await page.context().close();
  });

  it('accepts every pending entry shown and reports per team, naming the one that was refused', async () => {
    const review = await seedGame(admin, `Review ${label}`);
    const teams: string[] = [];
    for (const prefix of ['Ants', 'Bees', 'Crows']) {
      const { page: player, userName } = await newUser(session, prefix.toLowerCase(), password);
      const team = `${prefix} ${userName.slice(-4)}`;
      await seedJoin(player, review, await seedTeam(player, team));
      teams.push(team);
      await player.context().close();
    }
    const page = await adminPage(language, mobile);
    await page.goto(`/admin/games/${review}/review`);
    const accept = page.getByRole('button', { name: t('adminGames.review.bulk.accept', { count: 3 }) });
    await accept.waitFor();
    // Another organiser rejects the Bees meanwhile: this page still shows them pending.
    const entries = await api<Array<{ id: number; team: { name: string } }>>(
      admin,
      'GET',
      `/api/game/${review}/participations`,
    );
    const bees = entries.find((entry) => entry.team.name === teams[1]);
    if (!bees) throw new Error('the Bees have no entry');
    await api(admin, 'PUT', `/api/admin/participation/${bees.id}`, { status: 'Rejected' });

    await screenshot(page, `lists-bulk-review-offer-${label}`);
    await accept.click();
    const confirm = page.getByRole('dialog');
    for (const team of teams) await confirm.getByText(team, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: t('common.confirm') }).click();
    const report = page.getByRole('dialog', { name: t('adminGames.review.bulk.reportTitle') });
    await report.getByText(t('adminGames.review.bulk.summary', { done: 2, refused: 1 })).waitFor();
    const rows = report.getByRole('row');
    const refusedRow = rows.filter({ hasText: teams[1] ?? '' });
    await refusedRow.getByText(t('adminGames.review.bulk.refused'), { exact: true }).waitFor();
    expect(await refusedRow.textContent()).toContain('Rejected');
    for (const team of [teams[0], teams[2]]) {
      await rows
        .filter({ hasText: team ?? '' })
        .getByText(t('adminGames.review.bulk.done'), { exact: true })
        .waitFor();
    }
    await screenshot(page, `lists-bulk-review-${label}`);
    await report.getByRole('button', { name: t('adminGames.review.bulk.close') }).click();
    await report.waitFor({ state: 'detached' });

    const after = await api<Array<{ team: { name: string }; status: string }>>(
      admin,
      'GET',
      `/api/game/${review}/participations`,
    );
    expect(Object.fromEntries(after.map((entry) => [entry.team.name, entry.status]))).toEqual({
      [teams[0] ?? '']: 'Accepted',
      [teams[1] ?? '']: 'Rejected',
      [teams[2] ?? '']: 'Accepted',
    });
    await page.context().close();
  });
});
