import { ChallengeCategory } from '@flagpole/contract';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signIn } from '../src/api';
import { screenshot } from '../src/browser';
import { en } from '../src/locale';
import { seedChallenge, seedGame, seedJoin, seedSolve, seedTeam } from '../src/seed';
import { type BrowserSession, newUser, openSession } from '../src/session';

/**
 * Layout and screens (issue 14): one content width, phone scroll cues, the phone scoreboard, a team's solves and
 * public page, the games list, the loading screen, footer, hero, About text, the e-mail change and early ranks.
 */
let session: BrowserSession;
let admin: Page;
let gameId = 0;
let red: { page: Page; teamId: number };
let idle: { page: Page; teamId: number };
const password = 'Secret-pass1';
const categories = ChallengeCategory.options;

async function desktop(): Promise<Page> {
  const context = await session.browser.newContext({
    baseURL: session.platform.url,
    viewport: { width: 1440, height: 900 },
  });
  return context.newPage();
}
async function phone(): Promise<Page> {
  const context = await session.browser.newContext({
    baseURL: session.platform.url,
    viewport: { width: 390, height: 844 },
  });
  return context.newPage();
}
/** Presses a row's "show more" arrow until the row's end is in view (the arrow then goes away). */
async function revealAll(page: Page, more: Locator) {
  for (let i = 0; i < 12 && (await more.isVisible()); i++) {
    // The arrow may go while a click is under way: the row reached its end.
    await more.click({ timeout: 2000 }).catch(() => undefined);
    await page.waitForTimeout(500);
  }
  expect(await more.isVisible()).toBe(false);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not visible');
  return found;
}

beforeAll(async () => {
  session = await openSession();
  admin = session.page;
  await signIn(admin, 'admin', session.platform.adminPassword);
  gameId = await seedGame(admin, 'Layout CTF', { acceptWithoutReview: true });
  await seedGame(admin, 'Next Cup', { start: Date.now() + 5 * 86_400_000, end: Date.now() + 6 * 86_400_000 });
  const ids: number[] = [];
  for (const [index, category] of categories.entries()) {
    ids.push(await seedChallenge(admin, gameId, { title: `${category} one`, category, flag: `flag{c${index}}` }));
  }
  const player = await newUser(session, 'red', password);
  red = { page: player.page, teamId: await seedTeam(player.page, 'Red Herring') };
  await seedJoin(red.page, gameId, red.teamId);
  for (const index of [0, 1, 2]) await seedSolve(red.page, gameId, ids[index] ?? 0, `flag{c${index}}`);
  const other = await newUser(session, 'idle', password);
  idle = { page: other.page, teamId: await seedTeam(other.page, 'Idle Hands') };
  await seedJoin(idle.page, gameId, idle.teamId);
});
afterAll(async () => {
  await session?.close();
});

describe('one content width at 1440 px', () => {
  it('lines the game, scoreboard and monitor pages up with the header and the footer', async () => {
    const page = await desktop();
    await signIn(page, 'admin', session.platform.adminPassword);
    for (const path of [
      `/games/${gameId}/scoreboard`,
      `/games/${gameId}/challenges`,
      `/games/${gameId}/monitor/events`,
      '/',
    ]) {
      await page.goto(path);
      const brand = await box(page.getByRole('link', { name: en('nav.home') }).first());
      const heading = await box(page.getByRole('heading', { level: 1 }).first());
      const footer = await box(page.locator('footer hr, footer .mantine-Divider-root').first());
      expect(Math.abs(heading.x - brand.x), path).toBeLessThanOrEqual(2);
      expect(Math.abs(footer.x - brand.x), path).toBeLessThanOrEqual(2);
    }
    await screenshot(page, 'layout-1440');
    await page.close();
  });
});

describe('on a phone', () => {
  it('category filters scroll with a visible cue, and the last category can be reached', async () => {
    const page = await phone();
    await signIn(page, 'admin', session.platform.adminPassword);
    await page.goto(`/games/${gameId}/challenges`);
    const filters = page.getByRole('tablist', { name: en('challenges.filter.label') });
    const last = filters.getByRole('tab', { name: new RegExp(`^${en('challenges.categories.OSINT.name')}`) });
    await last.waitFor({ state: 'attached' });
    const more = page.getByRole('button', { name: en('scroll.more') }).first();
    await more.waitFor();
    await screenshot(page, 'phone-category-cue');
    await revealAll(page, more);
    await last.click();
    await expect.poll(() => last.getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: `Open challenge OSINT one` }).waitFor();
    await page.close();
  });

  it('admin tabs scroll with a visible cue', async () => {
    const page = await phone();
    await signIn(page, 'admin', session.platform.adminPassword);
    await page.goto('/admin/games');
    const nav = page.getByRole('navigation', { name: en('pages.adminPrefix') });
    await nav.waitFor();
    const more = page.getByRole('button', { name: en('scroll.more') }).first();
    await more.waitFor();
    const settings = nav.getByRole('link', { name: en('pages.adminSettings') });
    await revealAll(page, more);
    await settings.click();
    await page.waitForURL(/\/admin\/settings$/);
    await page.close();
  });

  it('the scoreboard has its chart and shows each team’s solves', async () => {
    const page = await phone();
    await page.goto(`/games/${gameId}/scoreboard`);
    await page.getByRole('img', { name: /top/i }).waitFor();
    await page.getByRole('button', { name: en('scoreboard.team.open', { team: 'Red Herring' }) }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Misc one').waitFor();
    await drawer.getByText('Crypto one').waitFor();
    await screenshot(page, 'phone-team-solves');
    await page.close();
  });
});

describe('a team’s solves and its public page', () => {
  it('open from the scoreboard row and link to the team page with members and results', async () => {
    const page = await desktop();
    await page.goto(`/games/${gameId}/scoreboard`);
    await page.getByRole('row', { name: /Red Herring/ }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Pwn one').waitFor();
    await drawer.getByRole('link', { name: en('scoreboard.team.page') }).click();
    await page.waitForURL(new RegExp(`/teams/${red.teamId}$`));
    await page.getByRole('heading', { name: 'Red Herring' }).waitFor();
    await page.getByRole('link', { name: 'Layout CTF' }).waitFor();
    await page.getByText(en('teams.profile.rankOf', { rank: 1, count: 2 })).waitFor();
    await screenshot(page, 'team-page');
    await page.close();
  });
});

describe('no rank before points', () => {
  it('a team that has not scored shows no place on its card or in the ranking', async () => {
    await idle.page.setViewportSize({ width: 1440, height: 900 });
    await idle.page.goto(`/games/${gameId}/challenges`);
    const card = idle.page.getByRole('region', { name: en('challenges.rank.heading') });
    await card.getByText(en('challenges.rank.notRanked')).waitFor();
    expect(await card.getByText('#1').count()).toBe(0);
    await idle.page.goto(`/games/${gameId}/scoreboard`);
    const row = idle.page.getByRole('row', { name: /Idle Hands/ });
    await row.waitFor();
    expect((await row.getByRole('cell').first().textContent())?.trim()).toBe('—');
  });
});

describe('the games list', () => {
  it('shows the running game once and its dates in full', async () => {
    const page = await desktop();
    await page.goto('/games');
    await page.getByRole('heading', { name: en('games.list.running') }).waitFor();
    await page.getByRole('heading', { name: en('games.list.earlier') }).waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'Layout CTF', exact: true }).count()).toBe(1);
    const dates = page.getByText(/^From /).first();
    const cut = await dates.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(cut).toBe(false);
    await page.close();
  });
});

describe('the loading screen', () => {
  it('is in index.html, themed, and needs no script (a strict CSP allows it)', async () => {
    const html = await (await fetch(`${session.platform.url}/`)).text();
    expect(html).toContain('class="boot"');
    // Every script is an external module: nothing inline, no event-handler attributes.
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/\ssrc=/);
    expect(html).not.toMatch(/\son[a-z]+=/i);

    const context = await session.browser.newContext({ baseURL: session.platform.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('[data-boot]').waitFor();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(17, 19, 25)');
    await screenshot(page, 'loading-screen');
    await context.close();
  });
});

describe('footer, hero and About', () => {
  it('says "Powered by Flagpole" only under the organiser’s own title', async () => {
    const page = await desktop();
    await page.goto('/');
    const footer = page.locator('footer');
    await footer.getByRole('link', { name: en('nav.about') }).waitFor();
    expect(await footer.getByText(en('footer.poweredBy')).count()).toBe(0);
    // The hero's right half holds the running game.
    await page.getByRole('heading', { name: 'Layout CTF' }).waitFor();
    await page.getByRole('link', { name: en('home.featured.open') }).waitFor();

    await api(admin, 'PUT', '/api/admin/config', { globalConfig: { title: 'Spring CTF' } });
    await page.reload();
    await footer.getByRole('link', { name: en('footer.poweredBy') }).waitFor();
    await api(admin, 'PUT', '/api/admin/config', { globalConfig: { title: 'Flagpole' } });
    await page.close();
  });

  it('shows the organiser’s About text, set in Settings, above the build information', async () => {
    await admin.goto('/admin/settings');
    const editor = admin.getByRole('textbox', { name: en('adminSite.settings.aboutText') });
    await editor.fill('## Run by the Security Club\n\nWrite to **ctf@example.org**.');
    await admin
      .getByRole('button', { name: en('common.save'), exact: true })
      .first()
      .click();
    await admin.getByText(en('adminSite.settings.saved')).first().waitFor();

    const page = await desktop();
    await page.goto('/about');
    const heading = page.getByRole('heading', { name: 'Run by the Security Club' });
    await heading.waitFor();
    const build = page.getByRole('heading', { name: en('about.buildTitle') });
    expect((await box(heading)).y).toBeLessThan((await box(build)).y);
    await screenshot(page, 'about-organiser-text');
    await page.close();
  });
});

describe('the e-mail address while mail is off', () => {
  it('is explained instead of offering a change that cannot work', async () => {
    await red.page.goto('/account/profile');
    await red.page.getByText(en('account.profile.emailByOrganisers')).waitFor();
    expect(await red.page.getByRole('button', { name: en('account.profile.changeEmail') }).count()).toBe(0);
  });
});
