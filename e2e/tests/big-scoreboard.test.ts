import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../src/api';
import { bigBoardTeamName, createBoardDatabase, seedBigBoard } from '../src/big-board';
import { newContext, screenshot } from '../src/browser';
import { en } from '../src/locale';
import { seedGame, seedJoin, seedTeam } from '../src/seed';
import { type BrowserSession, newUser, openSession } from '../src/session';

/*
 * The scoreboard of a large game (issue 16): 3,000 teams and 40 challenges written straight into the server's
 * PostgreSQL database, plus one player's team that joined through the API and solved nothing (the last row).
 * Only a window of rows is in the page, search finds a team deep in the list, "show my team" brings the
 * player's row into view, on a desktop and on a phone. Smoothness is measured by bench/scenarios/scoreboard-page.ts.
 */
const TEAMS = 3_000;
let database: Awaited<ReturnType<typeof createBoardDatabase>>;
let session: BrowserSession;
let gameId = 0;
let player: { userName: string };
const password = 'Secret-pass1';
const teamName = 'Needle in Haystack';

beforeAll(async () => {
  database = await createBoardDatabase();
  session = await openSession({ DATABASE_URL: database.url });
  await signIn(session.page, 'admin', session.platform.adminPassword);
  gameId = await seedGame(session.page, 'Big Board CTF', { acceptWithoutReview: true });
  await seedBigBoard(database.url, gameId, { teams: TEAMS, challenges: 40, solves: 30_000 });
  const user = await newUser(session, 'needle', password);
  player = { userName: user.userName };
  // The join invalidates the game's board, so the next read builds it from every seeded row.
  await seedJoin(user.page, gameId, await seedTeam(user.page, teamName));
}, 180_000);

afterAll(async () => {
  await session?.close();
  await database?.drop();
});

async function playerPage(mobile: boolean): Promise<Page> {
  const context = await newContext(session.browser, session.platform.url, { mobile });
  const page = await context.newPage();
  if (!mobile) await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, player.userName, password);
  await page.goto(`/games/${gameId}/scoreboard`);
  await page.locator('[role="row"][data-team-id]').first().waitFor();
  return page;
}

const rowsInPage = (page: Page) => page.locator('[role="row"][data-team-id]').count();

/** Whether the element's box lies inside the scrolling box (below its sticky head). */
async function inScroller(page: Page, element: Locator): Promise<boolean> {
  const scroller = await page.getByTestId('scoreboard-scroller').boundingBox();
  const head = await page.getByTestId('scoreboard-head').boundingBox();
  const box = await element.boundingBox();
  if (!scroller || !head || !box) return false;
  return box.y >= head.y + head.height - 1 && box.y + box.height <= scroller.y + scroller.height + 1;
}

async function checkBoard(page: Page, name: string) {
  await expect.poll(() => page.getByText(en('scoreboard.table.count', { count: TEAMS + 1 })).count()).toBe(1);
  // A window of rows, not 3,001.
  const shown = await rowsInPage(page);
  expect(shown).toBeGreaterThan(5);
  expect(shown).toBeLessThan(80);
  await screenshot(page, `${name}-top`);

  // Scrolling half-way shows the rows there, still only a window of them.
  await page.getByTestId('scoreboard-scroller').evaluate((box) => {
    box.scrollTop = box.scrollHeight / 2;
  });
  await expect
    .poll(async () => Number(await page.locator('[role="row"][data-team-id]').first().getAttribute('aria-rowindex')))
    .toBeGreaterThan(1_000);
  expect(await rowsInPage(page)).toBeLessThan(80);

  // Search finds a team deep in the list.
  const deep = bigBoardTeamName(2_718);
  await page.getByRole('searchbox', { name: en('scoreboard.table.search') }).fill(deep);
  const found = page.getByRole('button', { name: en('scoreboard.team.open', { team: deep }) });
  await found.waitFor();
  expect(await inScroller(page, found)).toBe(true);
  await expect
    .poll(() => page.getByText(en('scoreboard.table.matchCount', { count: 1, total: TEAMS + 1 })).count())
    .toBe(1);

  // "Show my team" clears the search and brings the player's (last) row into view, marked and focused.
  await page.getByRole('button', { name: en('scoreboard.table.findMyTeam') }).click();
  const mine = page.locator('[role="row"][aria-current="true"]');
  await mine.waitFor();
  await expect.poll(() => inScroller(page, mine)).toBe(true);
  expect(await mine.getAttribute('aria-rowindex')).not.toBeNull();
  expect(await page.getByRole('searchbox', { name: en('scoreboard.table.search') }).inputValue()).toBe('');
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[role="row"]')?.getAttribute('aria-current')))
    .toBe('true');
  await screenshot(page, `${name}-my-team`);
}

describe('a scoreboard of 3,000 teams', () => {
  it('on a desktop: a window of rows, search deep in the list, "show my team"', async () => {
    const page = await playerPage(false);
    // The solve matrix is there: one column per challenge.
    expect(
      await page.getByTestId('scoreboard-head').locator('[role="columnheader"][title^="Challenge "]').count(),
    ).toBe(40);
    await checkBoard(page, 'big-board-desktop');
    await page.context().close();
  });

  it('on a phone: the same, and a tap opens the team’s solves', async () => {
    const page = await playerPage(true);
    // No solve matrix on a phone.
    expect(
      await page.getByTestId('scoreboard-head').locator('[role="columnheader"][title^="Challenge "]').count(),
    ).toBe(0);
    await checkBoard(page, 'big-board-phone');
    const first = bigBoardTeamName(1);
    await page.getByRole('searchbox', { name: en('scoreboard.table.search') }).fill(first);
    await page.getByRole('button', { name: en('scoreboard.team.open', { team: first }) }).click();
    await page
      .getByRole('dialog')
      .getByRole('table', { name: en('scoreboard.team.solvesLabel', { team: first }) })
      .waitFor();
    await page.context().close();
  });
});
