import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, screenshot } from '../src/browser';
import { en } from '../src/locale';
import { seedChallenge, seedGame } from '../src/seed';
import { type BrowserSession, openSession, uniqueUserName } from '../src/session';

/**
 * Divisions end to end in the browser: an organiser creates two divisions with different permissions through the
 * divisions page, a team joins each through the join dialog (one with the division's invite code, one that waits
 * for the review), both solve, and the scoreboard ranks each division on its own (filter and division rank).
 */
let session: BrowserSession;
let admin: Page;
let gameId = 0;
const password = 'Secret-pass1';
const STUDENT_CODE = 'learn-2026';

interface Player {
  context: BrowserContext;
  page: Page;
  team: string;
}
let student: Player;
let guest: Player;

beforeAll(async () => {
  session = await openSession();
  admin = session.page;
});
afterAll(async () => {
  await session?.close();
});

/** Screenshots of the page at the two sizes the design is checked at, then back to the test's size. */
async function screenshots(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A team cell in the overall view: the avatar's initials, the name, then the division with its rank. */
const cellText = (team: string, division: string) =>
  new RegExp(
    `${team}${en('scoreboard.division.withRank', { division, rank: 1 }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
  );

const permission = (name: string) => en(`adminGames.divisions.permission.${name}.label`);

async function newPlayer(label: string): Promise<Player> {
  const context = await newContext(session.browser, session.platform.url);
  const page = await context.newPage();
  const userName = uniqueUserName(label.toLowerCase());
  const registered = await page.request.post('/api/account/register', {
    data: { userName, email: `${userName}@example.org`, password },
  });
  expect(registered.ok()).toBe(true);
  const team = `${label} ${userName.slice(-4)}`;
  await page.goto('/teams');
  await page.getByRole('button', { name: 'Create team' }).first().click();
  const create = page.getByRole('dialog');
  await create.getByLabel('Team name').fill(team);
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByText(team, { exact: true }).first().waitFor();
  return { context, page, team };
}

async function solve(page: Page, challenge: string, flag: string) {
  await page.goto(`/games/${gameId}/challenges`);
  await page.getByRole('button', { name: `Open challenge ${challenge}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Flag', { exact: true }).fill(flag);
  await dialog.getByRole('button', { name: 'Submit flag' }).click();
  await page.getByText('Your team has solved this challenge.').waitFor();
  await page.keyboard.press('Escape');
}

describe('the organiser', () => {
  it('signs in; the game and its challenges exist', async () => {
    await admin.goto('/account/login');
    await admin.getByLabel('User name or e-mail').fill('admin');
    await admin.getByLabel('Password', { exact: true }).fill(session.platform.adminPassword);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.getByRole('button', { name: 'Account menu' }).waitFor();
    gameId = await seedGame(admin, 'Bracket CTF', { acceptWithoutReview: false });
    await seedChallenge(admin, gameId, { title: 'Warmup', category: 'Web', flag: 'flag{warm}' });
    await seedChallenge(admin, gameId, { title: 'Staff only', category: 'Misc', flag: 'flag{staff}' });
  });

  it('creates a division for students with its own invite code, joining without review', async () => {
    await admin.goto(`/admin/games/${gameId}/info`);
    await admin
      .getByRole('navigation', { name: en('adminGames.tabs.label') })
      .getByRole('link', { name: en('adminGames.tabs.divisions') })
      .click();
    await admin.waitForURL(/\/divisions$/);
    await admin.getByText(en('adminGames.divisions.empty')).waitFor();
    await admin.getByRole('button', { name: en('adminGames.divisions.new') }).click();
    const drawer = admin.getByRole('dialog');
    await drawer.getByRole('textbox', { name: en('adminGames.divisions.name') }).fill('Students');
    await drawer.getByRole('textbox', { name: en('adminGames.divisions.inviteCode') }).fill(STUDENT_CODE);
    await drawer.getByLabel(permission('RequireReview'), { exact: true }).uncheck();
    await drawer.getByRole('button', { name: en('adminGames.divisions.create') }).click();
    await drawer.waitFor({ state: 'hidden' });
    const card = admin.getByRole('article', { name: 'Students' });
    await card.getByText(STUDENT_CODE).waitFor();
    await card.getByText(en('adminGames.divisions.badge.ranked')).waitFor();
  });

  it('creates a guest division: reviewed, not ranked overall, no bloods, one challenge hidden', async () => {
    await admin.getByRole('button', { name: en('adminGames.divisions.new') }).click();
    const drawer = admin.getByRole('dialog');
    await drawer.getByRole('textbox', { name: en('adminGames.divisions.name') }).fill('Guests');
    await drawer.getByLabel(permission('RankOverall'), { exact: true }).uncheck();
    await drawer.getByLabel(permission('GetBlood'), { exact: true }).uncheck();
    await drawer
      .getByRole('switch', { name: en('adminGames.divisions.overrides.customFor', { challenge: 'Staff only' }) })
      .check();
    const hideStaff = drawer.getByRole('checkbox', {
      name: en('adminGames.divisions.overrides.flagFor', {
        permission: permission('ViewChallenge'),
        challenge: 'Staff only',
      }),
    });
    await hideStaff.uncheck();
    await screenshots(admin, 'divisions-editor');
    await drawer.getByRole('button', { name: en('adminGames.divisions.create') }).click();
    await drawer.waitFor({ state: 'hidden' });
    const card = admin.getByRole('article', { name: 'Guests' });
    await card.getByText(en('adminGames.divisions.badge.unranked')).waitFor();
    await card.getByText(en('adminGames.divisions.badge.review')).waitFor();
    await card.getByText(en('adminGames.divisions.summary.overrides', { count: 1 })).waitFor();
    await screenshots(admin, 'divisions-page');

    const divisions = await (await admin.request.get(`/api/edit/games/${gameId}/divisions`)).json();
    expect(divisions.map((d: { name: string; defaultPermissions: number }) => [d.name, d.defaultPermissions])).toEqual([
      ['Students', 2_147_483_647 - 4],
      ['Guests', 2_147_483_647 - 2 - 2048],
    ]);
  });
});

describe('teams join a division each', () => {
  it('a student team chooses Students and gives the division’s code: accepted at once', async () => {
    student = await newPlayer('Student');
    const page = student.page;
    await page.goto(`/games/${gameId}`);
    await page.getByRole('button', { name: 'Join game' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(en('games.join.division')).click();
    await page.getByRole('option', { name: en('games.join.divisionWithCode', { name: 'Students' }) }).click();
    await dialog.getByText(en('games.join.divisionCodeHelp', { division: 'Students' })).waitFor();
    await screenshots(page, 'divisions-join');
    await dialog.getByLabel(en('games.join.inviteCode')).fill('wrong-code');
    await dialog.getByRole('button', { name: 'Join with this team' }).click();
    await page.getByText(en('games.join.failed')).first().waitFor();
    await dialog.getByLabel(en('games.join.inviteCode')).fill(STUDENT_CODE);
    await dialog.getByRole('button', { name: 'Join with this team' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(en('games.detail.yourDivision')).waitFor();
  });

  it('a guest team chooses Guests without a code and waits for the review, where its division shows', async () => {
    guest = await newPlayer('Guest');
    const page = guest.page;
    await page.goto(`/games/${gameId}`);
    await page.getByRole('button', { name: 'Join game' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(en('games.join.division')).click();
    await page.getByRole('option', { name: 'Guests', exact: true }).click();
    await expect.poll(() => dialog.getByLabel(en('games.join.inviteCode')).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Join with this team' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await admin.goto(`/admin/games/${gameId}/review`);
    const card = admin.getByRole('article', { name: guest.team });
    await card.getByText('Guests', { exact: true }).first().waitFor();
    await screenshots(admin, 'divisions-review');
    await admin.getByRole('button', { name: `Accept ${guest.team}` }).click();
    await admin.getByRole('button', { name: `Suspend ${guest.team}` }).waitFor();
    const entries = await (await admin.request.get(`/api/game/${gameId}/participations`)).json();
    expect(
      entries.map((e: { team: { name: string }; status: string; divisionId: number | null }) => [
        e.team.name,
        e.status,
        e.divisionId !== null,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [student.team, 'Accepted', true],
        [guest.team, 'Accepted', true],
      ]),
    );
  });
});

describe('playing and ranking per division', () => {
  it('the guests do not see the hidden challenge; both teams solve the warm-up, the guests first', async () => {
    await guest.page.goto(`/games/${gameId}/challenges`);
    await guest.page.getByRole('button', { name: 'Open challenge Warmup' }).waitFor();
    expect(await guest.page.getByRole('button', { name: 'Open challenge Staff only' }).count()).toBe(0);
    await solve(guest.page, 'Warmup', 'flag{warm}');
    await solve(student.page, 'Warmup', 'flag{warm}');
  });

  it('the scoreboard ranks the students overall, and each division on its own with the filter', async () => {
    const page = student.page;
    // Warmup: two solvers → 864; the guests may not take bloods, so the students take the first: 907.
    await expect
      .poll(async () => {
        const board = await (await page.request.get(`/api/game/${gameId}/scoreboard`)).json();
        return board.items.map((item: { name: string; score: number; rank: number; divisionRank: number }) => [
          item.name,
          item.score,
          item.rank,
          item.divisionRank,
        ]);
      })
      .toEqual([
        [student.team, 907, 1, 1],
        [guest.team, 864, 0, 1],
      ]);

    await page.goto(`/games/${gameId}/scoreboard`);
    const ranking = page.getByRole('region', { name: en('scoreboard.table.heading') });
    const firstCells = async () =>
      Promise.all(
        (await ranking.locator('[role="row"][data-team-id]').all()).map(async (row) => {
          const rank = row.getByRole('cell').first();
          return [(await rank.textContent())?.trim(), (await row.getByRole('rowheader').textContent())?.trim()];
        }),
      );
    // Overall: the students are first; the guests are listed without an overall rank, their division named.
    await expect.poll(firstCells).toEqual([
      ['1', expect.stringMatching(cellText(student.team, 'Students'))],
      ['—', expect.stringMatching(cellText(guest.team, 'Guests'))],
    ]);

    await screenshots(page, 'divisions-scoreboard-overall');
    await page.getByRole('combobox', { name: en('scoreboard.division.filter') }).click();
    await page.getByRole('option', { name: 'Guests', exact: true }).click();
    await ranking.getByRole('columnheader', { name: en('scoreboard.table.divisionRank') }).waitFor();
    await expect.poll(firstCells).toEqual([['1', expect.stringContaining(guest.team)]]);
    expect((await firstCells())[0]?.[1]).not.toContain('#1');
    await page.getByRole('heading', { name: en('scoreboard.chart.divisionHeading', { division: 'Guests' }) }).waitFor();
    await screenshots(page, 'divisions-scoreboard');
    expect(session.pageErrors).toEqual([]);
  });
});
