import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { focused, tabTo } from '../src/a11y/keyboard';
import { signIn } from '../src/api';
import { artifactsDir, newContext, screenshot } from '../src/browser';
import { en } from '../src/locale';
import { seedChallenge, seedGame, seedJoin, seedTeam } from '../src/seed';
import { type BrowserSession, newUser, openSession } from '../src/session';

/**
 * Issue 32: the player path and a common organiser task by keyboard alone. After opening the first URL, only key
 * presses move focus and act; each step checks where focus is and that its ring shows, and that dialogs take
 * focus when they open and give it back when they close (no trap). Also: reduced motion, zoom to 200 % (640 CSS px)
 * and reflow at 320 px.
 */
let session: BrowserSession;
let admin: Page;
let gameId = 0;
const password = 'Secret-pass1';

beforeAll(async () => {
  session = await openSession();
  admin = session.page;
  await signIn(admin, 'admin', session.platform.adminPassword);
  gameId = await seedGame(admin, 'Keyboard CTF', { acceptWithoutReview: true });
  await seedChallenge(admin, gameId, { title: 'Warmup', category: 'Misc', flag: 'flag{keys}' });
});

afterAll(async () => {
  await session?.close();
});

/** The polite live region toasts appear in (the notifications' container): what a screen reader reads out. */
const politeLog = (page: Page) => page.locator('[role="log"][aria-live="polite"]');

async function expectFocusOn(page: Page, name: string) {
  const now = await focused(page);
  expect(now.name, 'focused element').toContain(name);
  expect(now.ringVisible, `focus ring on ${name}`).toBe(true);
  return now;
}

describe('keyboard only', () => {
  it('a player skips to content, joins the game, opens a challenge, submits a flag and reads the board', async () => {
    const player = await newUser(session, 'kb', password);
    await seedTeam(player.page, 'Tab Keys');
    await player.page.context().close();
    const context = await newContext(session.browser, session.platform.url);
    const page = await context.newPage();
    await signIn(page, player.userName, password);
    await page.goto(`/games/${gameId}`);
    await page.getByRole('heading', { level: 1, name: 'Keyboard CTF' }).waitFor();

    // The first Tab reaches "skip to content"; Enter moves focus to the main region, past the header.
    await page.keyboard.press('Tab');
    await expectFocusOn(page, en('nav.skipToContent'));
    await screenshot(page, 'focus-skip-link');
    await page.keyboard.press('Enter');
    expect((await focused(page)).tag).toBe('main');

    // Join: the dialog takes focus; the team is chosen with the arrow keys.
    await tabTo(page, en('games.actions.join'));
    await expectFocusOn(page, en('games.actions.join'));
    await screenshot(page, 'focus-join-button');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await tabTo(page, en('games.join.team'));
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'Tab Keys' }).waitFor();
    await page.keyboard.press('Enter');
    await tabTo(page, en('games.join.confirm'));
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    // To the challenges, then into a challenge window: focus goes in, the flag goes in by typing.
    await tabTo(page, en('games.actions.challenges'));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/games/${gameId}/challenges`);
    await tabTo(page, en('challenges.card.open', { title: 'Warmup' }));
    await expectFocusOn(page, 'Warmup');
    await screenshot(page, 'focus-challenge-card');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await tabTo(page, en('challenges.submit.flag'));
    await page.keyboard.type('flag{keys}');
    await page.keyboard.press('Enter');
    // The verdict is read out by the polite live region.
    await politeLog(page)
      .filter({ hasText: en('challenges.submit.result.Accepted.title') })
      .waitFor();

    // Escape leaves the window (no trap) and focus returns to the card that opened it.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expectFocusOn(page, 'Warmup');

    // The team's row is a table row; its drawer opens and closes by keyboard.
    // The board: back to the game's page (its tabs come before the cards), then its scoreboard link.
    await tabTo(page, en('games.shell.backToGame'), { back: true, limit: 40 });
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/games/${gameId}`);
    await tabTo(page, en('games.actions.scoreboard'));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/games/${gameId}/scoreboard`);
    await page
      .getByRole('row', { name: /Tab Keys/ })
      .first()
      .waitFor();
    await tabTo(page, en('scoreboard.team.open', { team: 'Tab Keys' }));
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expectFocusOn(page, 'Tab Keys');
    await context.close();
  });

  it('an organiser posts a game notice', async () => {
    await admin.goto(`/admin/games/${gameId}/notices`);
    await admin.getByRole('heading', { level: 1 }).first().waitFor();
    await tabTo(admin, en('adminGames.notices.field'));
    await admin.keyboard.type('Hints open at noon.');
    await tabTo(admin, en('adminGames.notices.post'));
    await expectFocusOn(admin, en('adminGames.notices.post'));
    await screenshot(admin, 'focus-organiser-button');
    await admin.keyboard.press('Enter');
    await admin.getByText('Hints open at noon.').first().waitFor();
    await politeLog(admin)
      .filter({ hasText: en('adminGames.notices.posted') })
      .waitFor();
  });

  it('under prefers-reduced-motion nothing on the page animates or transitions', async () => {
    const context = await newContext(session.browser, session.platform.url, { reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`/games/${gameId}`);
    await page.getByRole('heading', { level: 1, name: 'Keyboard CTF' }).waitFor();
    const longest = await page.evaluate(() => {
      const seconds = (value: string) => Math.max(...value.split(',').map((part) => Number.parseFloat(part) || 0));
      let max = 0;
      for (const element of document.querySelectorAll('*')) {
        const style = getComputedStyle(element);
        max = Math.max(max, seconds(style.animationDuration), seconds(style.transitionDuration));
      }
      return max;
    });
    // 0.01 ms, the global stylesheet's cut: nothing runs long enough to be seen.
    expect(longest).toBeLessThanOrEqual(0.00001);
    await context.close();
  });
});

describe('reflow at 320 CSS px (400 % zoom of a 1280 px window)', () => {
  it('no page of the player path scrolls sideways as a whole', async () => {
    const context = await newContext(session.browser, session.platform.url, { mobile: true });
    const page = await context.newPage();
    await page.setViewportSize({ width: 320, height: 640 });
    await signIn(page, 'admin', session.platform.adminPassword);
    const overflowing: string[] = [];
    for (const path of [
      '/',
      '/games',
      `/games/${gameId}`,
      `/games/${gameId}/challenges`,
      `/games/${gameId}/scoreboard`,
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // Wide tables scroll inside their own focusable region; the page itself must fit.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 320) overflowing.push(`${path}: ${width}px`);
    }
    expect(overflowing).toEqual([]);
    await context.close();
  });
});

describe('zoom to 200 % (640 CSS px of a 1280 px window)', () => {
  it('the player path loses no content or function: no sideways scroll, the menu and the flag form work', async () => {
    const { page } = await newUser(session, 'zm', password);
    const teamId = await seedTeam(page, 'Zoom Owls');
    await seedJoin(page, gameId, teamId);
    // A 1280 × 800 window at 200 %: 640 × 400 CSS px.
    await page.setViewportSize({ width: 640, height: 400 });
    const overflowing: string[] = [];
    const fits = async (where: string) => {
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 640) overflowing.push(`${where}: ${width}px`);
    };
    /** The element is on screen sideways once scrolled to: nothing of it is cut off left or right. */
    const inView = async (locator: Locator) => {
      await locator.scrollIntoViewIfNeeded();
      const box = await locator.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 640, 'inside the window').toBe(true);
    };
    const paths = [
      '/games',
      `/games/${gameId}`,
      `/games/${gameId}/challenges`,
      `/games/${gameId}/scoreboard`,
      `/teams/${teamId}`,
      '/account/profile',
    ];
    for (const url of paths) {
      await page.goto(url);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await fits(url);
    }

    // The navigation collapses into a menu the keyboard opens; its links are in reach.
    await page.goto('/games');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await tabTo(page, en('nav.toggleMenu'));
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: en('nav.main') });
    await inView(menu.getByRole('link', { name: en('nav.teams') }));
    await tabTo(page, en('nav.teams'));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/teams');

    // The challenge window fits; its flag input and button are in reach and submit.
    await page.goto(`/games/${gameId}/challenges`);
    await page.getByRole('button', { name: en('challenges.card.open', { title: 'Warmup' }) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await fits('challenge window');
    const input = dialog.getByLabel(en('challenges.submit.flag'));
    await inView(input);
    await input.fill('flag{keys}');
    const submit = dialog.getByRole('button', { name: en('challenges.submit.button') });
    await inView(submit);
    // What the window shows (not the whole page): the dialog over the page, at 200 %.
    await page.screenshot({ path: path.join(artifactsDir, 'zoom-200-challenge.png') });
    await submit.click();
    await politeLog(page)
      .filter({ hasText: en('challenges.submit.result.Accepted.title') })
      .waitFor();
    expect(overflowing).toEqual([]);
    await page.context().close();
  });
});
