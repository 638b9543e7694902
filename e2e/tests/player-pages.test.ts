import type { Language } from '@flagpole/contract';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signIn } from '../src/api';
import { newContext, screenshot } from '../src/browser';
import { text } from '../src/locale';
import { seedChallenge, seedGame, seedJoin, seedTeam } from '../src/seed';
import { type BrowserSession, newUser, openSession } from '../src/session';

/**
 * Player pages of issue 24: the poster as a picture of its own, the game's flag format (placeholder and the
 * check before sending), the phone challenge window, one dash and steady columns in review tables, links in
 * titles in the theme colour. Each in English and German, at desktop and phone width.
 */
let session: BrowserSession;
let admin: Page;
let posterGame = 0;
let formatGame = 0;
let challengeId = 0;
const password = 'Secret-pass1';
const players: Array<{ page: Page; userName: string }> = [];

const languages: Language[] = ['en-US', 'de-DE'];
const widths = [
  { name: 'desktop', mobile: false },
  { name: 'phone', mobile: true },
] as const;

/** A page for the player, in the language and at the width given, signed in. */
async function playerPage(language: Language, mobile: boolean): Promise<Page> {
  const context = await newContext(session.browser, session.platform.url, { mobile, locale: language });
  const page = await context.newPage();
  await signIn(page, players[0]?.userName ?? '', password);
  return page;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not visible');
  return found;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A 3:1 poster with words on it, as organisers make them. */
async function posterPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400">
    <rect width="1200" height="400" fill="#1b3a5c"/>
    <text x="60" y="230" font-size="120" font-family="sans-serif" fill="#ffd43b">POSTER CTF 2026</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function uploadPoster(gameId: number) {
  const cookies = await admin.context().cookies();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await admin.request.put(`/api/edit/games/${gameId}/poster`, {
    multipart: { file: { name: 'poster.png', mimeType: 'image/png', buffer: await posterPng() } },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
  });
  if (!response.ok()) throw new Error(`poster: ${response.status()} ${await response.text()}`);
}

beforeAll(async () => {
  session = await openSession();
  admin = session.page;
  await signIn(admin, 'admin', session.platform.adminPassword);
  posterGame = await seedGame(admin, 'Poster CTF', { acceptWithoutReview: true });
  await uploadPoster(posterGame);
  formatGame = await seedGame(admin, 'Format CTF', { acceptWithoutReview: true });
  const game = await api<{ title: string; start: number; end: number }>(admin, 'GET', `/api/edit/games/${formatGame}`);
  await api(admin, 'PUT', `/api/edit/games/${formatGame}`, {
    title: game.title,
    start: game.start,
    end: game.end,
    flagFormat: 'cc',
    flagFormatCheck: true,
  });
  challengeId = await seedChallenge(admin, formatGame, { title: 'Warmup', category: 'Misc', flag: 'cc{right}' });
  for (const name of ['ann', 'bo']) {
    const player = await newUser(session, name, password);
    players.push(player);
  }
  const [first, second] = players;
  if (!first || !second) throw new Error('no players');
  const longTeam = await seedTeam(first.page, 'Extraordinarily Long');
  await seedJoin(first.page, formatGame, longTeam);
  await seedJoin(first.page, posterGame, longTeam);
  const shortTeam = await seedTeam(second.page, 'Q');
  await seedJoin(second.page, formatGame, shortTeam);
});
afterAll(async () => {
  await session?.close();
});

describe('the game poster is a picture of its own', () => {
  for (const language of languages) {
    for (const width of widths) {
      it(`shows the whole poster beside or above the title, never under text (${language}, ${width.name})`, async () => {
        const page = await playerPage(language, width.mobile);
        await page.goto(`/games/${posterGame}`);
        const title = page.getByRole('heading', { level: 1, name: 'Poster CTF' });
        await title.waitFor();
        const poster = page.getByRole('img', {
          name: text(language, 'games.detail.posterAlt', { title: 'Poster CTF' }),
        });
        await poster.waitFor();
        await page.waitForFunction(() => [...document.images].every((image) => image.complete));
        const posterBox = await box(poster);
        const titleBox = await box(title);
        const summaryBox = await box(page.getByText('Poster CTF: a weekend of puzzles'));
        expect(overlaps(posterBox, titleBox)).toBe(false);
        expect(overlaps(posterBox, summaryBox)).toBe(false);
        // Beside the title on a desktop, above it on a phone.
        if (width.mobile) expect(posterBox.y + posterBox.height).toBeLessThanOrEqual(titleBox.y);
        else expect(posterBox.x).toBeGreaterThanOrEqual(titleBox.x + titleBox.width);
        // Its own aspect ratio (3:1), uncropped.
        const shown = await poster.evaluate((image: HTMLImageElement) => {
          const style = getComputedStyle(image);
          return { fit: style.objectFit, ratio: image.clientWidth / image.clientHeight };
        });
        expect(shown.fit).toBe('contain');
        expect(Math.abs(shown.ratio - 3)).toBeLessThan(0.1);
        // No picture behind the page's text.
        const backgrounds = await page.evaluate(() =>
          [...document.querySelectorAll('section')].map((section) => getComputedStyle(section).backgroundImage),
        );
        expect(backgrounds.some((value) => value.includes('url('))).toBe(false);
        await screenshot(page, `player-pages-poster-${language}-${width.name}`);

        // The games list and the home page show the poster whole, with nothing laid over it.
        for (const path of ['/games', '/']) {
          await page.goto(path);
          const image = page.locator('img[src*="/poster"]').first();
          // The home page features one game (the running one first): it may be the other game, without a poster.
          if (path === '/' && !(await image.isVisible())) continue;
          await image.waitFor();
          expect(await image.evaluate((element) => getComputedStyle(element).objectFit)).toBe('contain');
          const imageBox = await box(image);
          const badges = page.locator('.mantine-Badge-root');
          for (let i = 0; i < (await badges.count()); i++) {
            const badge = badges.nth(i);
            if (await badge.isVisible()) expect(overlaps(imageBox, await box(badge))).toBe(false);
          }
          await screenshot(page, `player-pages-poster${path === '/' ? '-home' : '-list'}-${language}-${width.name}`);
        }
        await page.context().close();
      });
    }
  }
});

describe('the challenge window', () => {
  for (const language of languages) {
    for (const width of widths) {
      it(`shows the game's flag format and asks before sending an answer without it (${language}, ${width.name})`, async () => {
        const page = await playerPage(language, width.mobile);
        await page.goto(`/games/${formatGame}/challenges`);
        const dialog = page.getByRole('dialog', { name: 'Warmup' });
        const input = dialog.getByPlaceholder('cc{…}');
        // On a loaded CI machine the first click can land while the list is still being re-rendered by its
        // first live update; a player would click again, and so does the test.
        for (let attempt = 1; ; attempt++) {
          await page.getByText('Warmup').first().click();
          const opened = await input.waitFor({ timeout: 5_000 }).then(
            () => true,
            () => false,
          );
          if (opened) break;
          if (attempt === 5) throw new Error('the challenge window did not open after five clicks');
        }

        // No heading inside the dialog's heading.
        expect(await dialog.locator(':is(h1,h2,h3,h4,h5,h6) :is(h1,h2,h3,h4,h5,h6)').count()).toBe(0);

        // The rate-limit line stays one line; on a phone the flag input takes the whole width.
        const rate = dialog.getByTestId('rate-limit');
        const lineHeight = await rate.evaluate((element) => Number.parseFloat(getComputedStyle(element).lineHeight));
        expect((await box(rate)).height).toBeLessThan(lineHeight * 1.5);
        const body = await box(dialog.locator('.mantine-Modal-body'));
        const inputBox = await box(input);
        if (width.mobile) expect(inputBox.width).toBeGreaterThan(body.width * 0.8);
        await screenshot(page, `player-pages-challenge-${language}-${width.name}`);

        // An answer without the format: the player is asked first; taking it back sends nothing.
        const attempts = async () =>
          (await api<{ attempts: number }>(page, 'GET', `/api/game/${formatGame}/challenges/${challengeId}`)).attempts;
        const before = await attempts();
        await input.fill('right');
        await dialog.getByRole('button', { name: text(language, 'challenges.submit.button') }).click();
        const confirm = page.getByRole('dialog', { name: text(language, 'challenges.submit.formatMismatch.title') });
        await confirm.waitFor();
        expect(await confirm.textContent()).toContain('cc{…}');
        await screenshot(page, `player-pages-format-warning-${language}-${width.name}`);
        await confirm.getByRole('button', { name: text(language, 'challenges.submit.formatMismatch.edit') }).click();
        await confirm.waitFor({ state: 'hidden' });
        expect(await attempts()).toBe(before);

        // Sent anyway, it is an attempt like any other.
        await dialog.getByRole('button', { name: text(language, 'challenges.submit.button') }).click();
        await confirm.getByRole('button', { name: text(language, 'challenges.submit.formatMismatch.send') }).click();
        await expect.poll(attempts, { timeout: 10_000 }).toBe(before + 1);
        await page.context().close();
      });
    }
  }

  it('offers the flag format with its help on the admin game page', async () => {
    await admin.goto(`/admin/games/${formatGame}/info`);
    const field = admin.getByLabel(text('en-US', 'adminGames.flagFormat.prefix'));
    await field.waitFor();
    expect(await field.inputValue()).toBe('cc');
    await admin.getByText(text('en-US', 'adminGames.flagFormat.prefixHint', { example: 'cc{…}' })).waitFor();
    expect(await admin.getByLabel(text('en-US', 'adminGames.flagFormat.check')).isChecked()).toBe(true);
    await screenshot(admin, 'player-pages-admin-flag-format');
  });
});

describe('review tables', () => {
  for (const width of widths) {
    it(`line the teams' columns up and use one dash (${width.name})`, async () => {
      const context = await newContext(session.browser, session.platform.url, { mobile: width.mobile });
      const page = await context.newPage();
      await signIn(page, 'admin', session.platform.adminPassword);
      await page.goto(`/admin/games/${formatGame}/review`);
      const tables = page.locator('table');
      await expect.poll(() => tables.count()).toBeGreaterThanOrEqual(2);
      const columnStarts = (table: Locator) =>
        table.locator('th').evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().left)));
      expect(await columnStarts(tables.nth(0))).toEqual(await columnStarts(tables.nth(1)));
      // Empty cells show the same dash in the same font in every column.
      const dashes = await page
        .locator('td')
        .evaluateAll((cells) =>
          cells
            .filter((cell) => ['—', '–'].includes(cell.textContent?.trim() ?? ''))
            .map((cell) => `${cell.textContent?.trim()} ${getComputedStyle(cell).fontFamily}`),
        );
      expect(dashes.length).toBeGreaterThan(0);
      expect(new Set(dashes).size).toBe(1);
      await screenshot(page, `player-pages-review-${width.name}`);
      await context.close();
    });
  }
});

describe('title links', () => {
  for (const language of languages) {
    for (const width of widths) {
      it(`follow the organiser's theme colour (${language}, ${width.name})`, async () => {
        await api(admin, 'PUT', '/api/admin/config', { globalConfig: { customTheme: '#e8590c' } });
        try {
          const context = await newContext(session.browser, session.platform.url, {
            mobile: width.mobile,
            locale: language,
          });
          const page = await context.newPage();
          await signIn(page, 'admin', session.platform.adminPassword);
          await page.goto('/admin/games');
          const link = page.getByRole('link', { name: 'Format CTF', exact: true });
          await link.waitFor();
          const colours = await link.evaluate((element) => {
            const probe = document.createElement('span');
            probe.style.color = 'var(--mantine-color-anchor)';
            document.body.append(probe);
            const anchor = getComputedStyle(probe).color;
            probe.remove();
            return { link: getComputedStyle(element).color, anchor };
          });
          expect(colours.link).toBe(colours.anchor);
          // The custom orange, not the browser's lavender link colour.
          const [r = 0, g = 0, b = 0] = (colours.link.match(/\d+/g) ?? []).map(Number);
          expect(r).toBeGreaterThan(b);
          expect(g).toBeGreaterThan(b);
          await screenshot(page, `player-pages-title-links-${language}-${width.name}`);
          await context.close();
        } finally {
          await api(admin, 'PUT', '/api/admin/config', { globalConfig: { customTheme: null } });
        }
      });
    }
  }
});
