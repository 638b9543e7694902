import type { ScoreboardModel } from '@flagpole/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../src/api';
import { newContext, screenshot } from '../src/browser';
import { en, text } from '../src/locale';
import { seedChallenge, seedFreezeNow, seedGame, seedPlayerTeams, seedSolve } from '../src/seed';
import { type BrowserSession, openAdminSession } from '../src/session';

/**
 * The reveal ceremony (docs/game-play.md, "Freeze and reveal"), driven by the keyboard alone: an ended, frozen game
 * whose last team at the freeze wins it with solves made during the freeze. The organiser unveils the board from
 * the bottom (English and German), steps back, and publishes; a player's open scoreboard then shows the final
 * board without a reload. Under prefers-reduced-motion it steps without animation.
 */
let session: BrowserSession;
let admin: Page;
let gameId = 0;
let playerPage: Page;
let names: Record<'red' | 'blue' | 'green' | 'gold', string>;
const password = 'Secret-pass1';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  session = await openAdminSession();
  admin = session.page;
  gameId = await seedGame(admin, 'Resolver Finals CTF', { acceptWithoutReview: true });
  const alpha = await seedChallenge(admin, gameId, { title: 'Alpha Gate', category: 'Web', flag: 'flag{a}' });
  const beta = await seedChallenge(admin, gameId, { title: 'Beta Cipher', category: 'Crypto', flag: 'flag{b}' });
  const gamma = await seedChallenge(admin, gameId, { title: 'Gamma Heap', category: 'Pwn', flag: 'flag{g}' });
  const teams = await seedPlayerTeams(session, gameId, ['red', 'blue', 'green', 'gold'], password);
  const [red, blue, green, gold] = teams;
  if (!red || !blue || !green || !gold) throw new Error('four teams expected');
  names = { red: red.team, blue: blue.team, green: green.team, gold: gold.team };
  playerPage = blue.page;
  // Before the freeze: red and blue one solve each; green and gold nothing.
  expect(await seedSolve(red.page, gameId, alpha, 'flag{a}')).toBe('Accepted');
  expect(await seedSolve(blue.page, gameId, beta, 'flag{b}')).toBe('Accepted');
  const game = await seedFreezeNow(admin, gameId);
  // During the freeze: gold solves all three, green one.
  expect(await seedSolve(gold.page, gameId, alpha, 'flag{a}')).toBe('Accepted');
  expect(await seedSolve(gold.page, gameId, beta, 'flag{b}')).toBe('Accepted');
  expect(await seedSolve(green.page, gameId, gamma, 'flag{g}')).toBe('Accepted');
  expect(await seedSolve(gold.page, gameId, gamma, 'flag{g}')).toBe('Accepted');
  // The game ends (the ceremony opens after the end); the board stays frozen for players.
  const end = Date.now() + 1000;
  await api(admin, 'PUT', `/api/edit/games/${gameId}`, {
    title: game.title,
    start: game.start,
    end,
    freezeAt: game.freezeAt,
  });
  while (Date.now() <= end + 200) await sleep(100);
});
afterAll(async () => {
  await session?.close();
});

/** The team names in the ceremony's order, best first. */
async function ceremonyOrder(page: Page): Promise<string[]> {
  const rows = page.getByTestId('ceremony-row');
  const all = await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-team')));
  const byId = await teamNamesById();
  return all.map((id) => byId.get(Number(id)) ?? '?');
}

async function liveBoard(): Promise<ScoreboardModel> {
  return api<ScoreboardModel>(admin, 'GET', `/api/game/${gameId}/scoreboard`);
}

async function teamNamesById(): Promise<Map<number, string>> {
  return new Map((await liveBoard()).items.map((item) => [item.id, item.name]));
}

async function step(page: Page): Promise<number> {
  return Number(await page.getByTestId('ceremony').getAttribute('data-step'));
}

/** Presses a key and waits for the ceremony to reach `expected` steps. */
async function press(page: Page, key: string, expected: number) {
  await page.keyboard.press(key);
  await expect.poll(async () => step(page)).toBe(expected);
}

describe('the reveal ceremony', () => {
  it('is offered on the scoreboard’s freeze banner once the game has ended', async () => {
    await admin.goto(`/games/${gameId}/scoreboard`);
    const link = admin.getByRole('link', { name: en('scoreboard.ceremony.open') });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/games/${gameId}/scoreboard/reveal`);
  });

  it('unveils the board from the bottom by keyboard, back and forth, and ends on the live ranking', async () => {
    await admin.goto(`/games/${gameId}/scoreboard/reveal`);
    const ceremony = admin.getByTestId('ceremony');
    await ceremony.waitFor();
    // The start is the players' frozen board: gold and green (nothing before the freeze) at the bottom.
    expect(await ceremonyOrder(admin)).toEqual([names.red, names.blue, names.green, names.gold]);
    expect(await admin.getByText(en('scoreboard.ceremony.keyNext')).isVisible()).toBe(true);
    await screenshot(admin, 'reveal-ceremony-start');

    // Gold opens Alpha Gate and climbs above green: caught while it moves.
    await admin.keyboard.press('ArrowRight');
    await sleep(120);
    await screenshot(admin, 'reveal-ceremony-moving');
    await expect.poll(async () => step(admin)).toBe(1);
    expect(await ceremonyOrder(admin)).toEqual([names.red, names.blue, names.gold, names.green]);
    const caption = (await admin.getByTestId('ceremony-caption').textContent()) ?? '';
    expect(caption).toContain('Alpha Gate');
    expect(caption).toContain(en('scoreboard.ceremony.movedUp', { from: 4, to: 3 }));

    // Back undoes exactly that step; Space and Enter go on.
    await press(admin, 'ArrowLeft', 0);
    expect(await ceremonyOrder(admin)).toEqual([names.red, names.blue, names.green, names.gold]);
    await press(admin, 'Space', 1);
    await press(admin, 'Enter', 2);
    await press(admin, 'Backspace', 1);
    // Auto-play steps by itself until paused.
    await admin.keyboard.press('p');
    await expect.poll(async () => step(admin)).toBeGreaterThanOrEqual(3);
    await admin.keyboard.press('P');
    // Home starts again; then to the end.
    await press(admin, 'Home', 0);
    for (let k = 0; k < 40 && (await ceremony.getAttribute('data-finished')) !== 'true'; k++) {
      await admin.keyboard.press('ArrowRight');
      await sleep(60);
    }
    await expect.poll(async () => ceremony.getAttribute('data-finished')).toBe('true');
    const live = await liveBoard();
    expect(await ceremonyOrder(admin)).toEqual(live.items.map((item) => item.name));
    expect((await ceremonyOrder(admin))[0]).toBe(names.gold);
    const scores = await admin.getByTestId('ceremony-score').allTextContents();
    expect(scores.map(Number)).toEqual(live.items.map((item) => item.score));
    await sleep(900);
    await screenshot(admin, 'reveal-ceremony-finished');
  });

  it('runs in German too', async () => {
    const context = await newContext(session.browser, session.platform.url, { locale: 'de-DE' });
    await context.addCookies(await admin.context().cookies());
    const page = await context.newPage();
    try {
      await page.goto(`/games/${gameId}/scoreboard/reveal`);
      await page.getByTestId('ceremony').waitFor();
      await page.getByText(text('de-DE', 'scoreboard.ceremony.keyNext')).waitFor();
      await screenshot(page, 'reveal-ceremony-start-de');
      await page.keyboard.press('ArrowRight');
      await sleep(120);
      await screenshot(page, 'reveal-ceremony-moving-de');
      await expect.poll(async () => step(page)).toBe(1);
      expect(await page.getByTestId('ceremony-caption').textContent()).toContain(
        text('de-DE', 'scoreboard.ceremony.movedUp', { from: 4, to: 3 }),
      );
      const ceremony = page.getByTestId('ceremony');
      for (let k = 0; k < 40 && (await ceremony.getAttribute('data-finished')) !== 'true'; k++) {
        await page.keyboard.press('ArrowRight');
        await sleep(60);
      }
      await expect.poll(async () => ceremony.getAttribute('data-finished')).toBe('true');
      await page.getByText(text('de-DE', 'scoreboard.ceremony.publish')).waitFor();
      await sleep(900);
      await screenshot(page, 'reveal-ceremony-finished-de');
      // Esc leaves for the scoreboard.
      await page.keyboard.press('Escape');
      await page.waitForURL(`**/games/${gameId}/scoreboard`);
    } finally {
      await context.close();
    }
  });

  it('under prefers-reduced-motion steps without animation and still reaches its end', async () => {
    const context = await newContext(session.browser, session.platform.url, { reducedMotion: 'reduce' });
    await context.addCookies(await admin.context().cookies());
    const page = await context.newPage();
    /** Animations running longer than the global stylesheet's 0.01 ms cut, and the longest CSS duration in s. */
    const motion = () =>
      page.evaluate(() => {
        const running = document
          .getAnimations()
          .filter((animation) => animation.playState === 'running')
          .filter((animation) => Number(animation.effect?.getTiming().duration ?? 0) > 0.01).length;
        const seconds = (value: string) => Math.max(...value.split(',').map((part) => Number.parseFloat(part) || 0));
        let longest = 0;
        for (const element of document.querySelectorAll('*')) {
          const style = getComputedStyle(element);
          longest = Math.max(longest, seconds(style.animationDuration), seconds(style.transitionDuration));
        }
        return { running, cssUpToACut: longest <= 0.00001 };
      });
    try {
      await page.goto(`/games/${gameId}/scoreboard/reveal`);
      const ceremony = page.getByTestId('ceremony');
      await ceremony.waitFor();
      // Each step, checked at once after the key: rows change places and the acted row is marked, with no motion.
      for (let k = 0; k < 40 && (await ceremony.getAttribute('data-finished')) !== 'true'; k++) {
        await press(page, 'ArrowRight', k + 1);
        expect(await motion(), `step ${k + 1}`).toEqual({ running: 0, cssUpToACut: true });
      }
      expect(await ceremony.getAttribute('data-finished')).toBe('true');
      expect(await ceremonyOrder(page)).toEqual((await liveBoard()).items.map((item) => item.name));
    } finally {
      await context.close();
    }
  });

  it('publishes the final board from the keyboard, and a player’s open page shows it at once', async () => {
    // The player's scoreboard is open on the frozen board before the publication.
    await playerPage.goto(`/games/${gameId}/scoreboard`);
    const ranking = playerPage.getByRole('region', { name: en('scoreboard.table.heading') });
    await playerPage.getByText(en('scoreboard.freeze.playerTextEnded')).waitFor();
    const frozenRows = await ranking.getByRole('row').allTextContents();
    const place = (name: string) => frozenRows.findIndex((row) => row.includes(name));
    expect(place(names.red)).toBeLessThan(place(names.gold));
    expect(place(names.green)).toBeLessThan(place(names.gold));

    const ceremony = admin.getByTestId('ceremony');
    expect(await ceremony.getAttribute('data-finished')).toBe('true');
    await admin.keyboard.press('Enter');
    const dialog = admin.getByRole('dialog');
    await dialog.getByText(en('scoreboard.ceremony.publishText')).waitFor();
    await admin.keyboard.press('Enter');
    await admin.getByTestId('ceremony-final').getByText(en('scoreboard.ceremony.published')).waitFor();

    // Without a reload: the freeze banner goes and the final order shows, gold first.
    await expect.poll(async () => playerPage.getByText(en('scoreboard.freeze.playerTextEnded')).count()).toBe(0);
    const live = await liveBoard();
    await expect
      .poll(async () => {
        const rows = await ranking.getByRole('row').allTextContents();
        const places = live.items.map((item) => rows.findIndex((row) => row.includes(item.name)));
        // Every team listed, in the live order (the table's head rows come first).
        return places.every((place, index) => place >= 0 && (index === 0 || place > (places[index - 1] ?? 0)));
      })
      .toBe(true);
    expect(live.items[0]?.name).toBe(names.gold);

    const phone = await newContext(session.browser, session.platform.url, { mobile: true });
    await phone.addCookies(await playerPage.context().cookies());
    const page = await phone.newPage();
    try {
      await page.goto(`/games/${gameId}/scoreboard`);
      const board = page.getByRole('region', { name: en('scoreboard.table.heading') });
      await expect.poll(async () => board.textContent()).toContain(names.gold);
      expect(await page.getByText(en('scoreboard.freeze.playerTextEnded')).count()).toBe(0);
      await screenshot(page, 'reveal-ceremony-published-phone');
    } finally {
      await phone.close();
    }
  });
});
