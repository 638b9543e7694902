import type { Language } from '@flagpole/contract';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, signIn } from '../src/api';
import { newContext, screenshot } from '../src/browser';
import { text } from '../src/locale';
import { seedAcceptInvite, seedChallenge, seedGame, seedTeam } from '../src/seed';
import { type BrowserSession, openSession, uniqueUserName } from '../src/session';

/**
 * What each page says about a player's standing in a game when a team enters it (issue 24, "Team entry";
 * docs/teams-and-game-entry.md): the player's game page, the challenges page and the organiser's review page,
 * case by case. Every case runs in English and in German, one of them at desktop width and the other at phone
 * width, so both widths are covered by several cases without the full cross product.
 */
interface Variant {
  language: Language;
  mobile: boolean;
  /** For test and screenshot names. */
  label: string;
}
const EN_DESKTOP: Variant = { language: 'en-US', mobile: false, label: 'en-desktop' };
const EN_PHONE: Variant = { language: 'en-US', mobile: true, label: 'en-phone' };
const DE_DESKTOP: Variant = { language: 'de-DE', mobile: false, label: 'de-desktop' };
const DE_PHONE: Variant = { language: 'de-DE', mobile: true, label: 'de-phone' };
/** Two spreads: each case takes one, so each language meets each width. */
const SPREAD_A = [EN_DESKTOP, DE_PHONE];
const SPREAD_B = [EN_PHONE, DE_DESKTOP];

let session: BrowserSession;
let admin: Page;
const password = 'Secret-pass1';
const CHALLENGE = 'Warmup';

beforeAll(async () => {
  session = await openSession();
  admin = session.page;
  await signIn(admin, 'admin', session.platform.adminPassword);
});
afterAll(async () => {
  await session?.close();
});
/** The players' browser contexts of the test that ran: closed, so open pages do not pile up over the file. */
const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

interface Player {
  page: Page;
  userName: string;
}

/** A new user, registered through the API, on a page in a browser context of the variant's language and width. */
async function player(v: Variant, prefix: string): Promise<Player> {
  const context = await newContext(session.browser, session.platform.url, { mobile: v.mobile, locale: v.language });
  // This machine is shared: a page load may take longer than the default 30 s under load without being wrong.
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(60_000);
  contexts.push(context);
  const page = await context.newPage();
  const userName = uniqueUserName(prefix);
  await api(page, 'GET', '/api/account/profile').catch(() => undefined);
  await api(page, 'POST', '/api/account/register', { userName, email: `${userName}@example.org`, password });
  return { page, userName };
}

/** The organiser's page in the variant's language and width, signed in once per variant. */
const organisers = new Map<string, Page>();
async function organiser(v: Variant): Promise<Page> {
  let page = organisers.get(v.label);
  if (!page) {
    const context = await newContext(session.browser, session.platform.url, { mobile: v.mobile, locale: v.language });
    page = await context.newPage();
    await signIn(page, 'admin', session.platform.adminPassword);
    organisers.set(v.label, page);
  }
  return page;
}

let games = 0;
const titles = new Map<number, string>();
/** A running game with one enabled challenge, its member limit and review rule set; returns its id. */
async function game(limit: number, acceptWithoutReview: boolean): Promise<number> {
  games += 1;
  const title = `Entry Cup ${games}`;
  const id = await seedGame(admin, title, { acceptWithoutReview });
  await api(admin, 'PUT', `/api/edit/games/${id}`, {
    title,
    start: Date.now() - 3_600_000,
    end: Date.now() + 86_400_000,
    teamMemberCountLimit: limit,
    acceptWithoutReview,
  });
  await seedChallenge(admin, id, { title: CHALLENGE, category: 'Misc', flag: 'flag{warm}' });
  titles.set(id, title);
  return id;
}

let teams = 0;
/** A team made by `captain`, with `members` joining it in order through its invite code. */
async function team(captain: Player, members: Player[]): Promise<{ id: number; name: string }> {
  teams += 1;
  const name = `Crew ${teams} ${Date.now().toString(36).slice(-4)}`;
  const id = await seedTeam(captain.page, name);
  const code = await api<string>(captain.page, 'GET', `/api/team/${id}/invite`);
  for (const member of members) await seedAcceptInvite(member.page, code);
  return { id, name };
}

/** The organiser sets the team's entry to `status` through the review API. */
async function review(gameId: number, teamId: number, status: 'Accepted' | 'Rejected' | 'Suspended') {
  const entries = await api<Array<{ id: number; team: { id: number } }>>(
    admin,
    'GET',
    `/api/game/${gameId}/participations`,
  );
  const entry = entries.find((item) => item.team.id === teamId);
  if (!entry) throw new Error(`team ${teamId} has no entry in game ${gameId}`);
  await api(admin, 'PUT', `/api/admin/participation/${entry.id}`, { status });
}

const t = (v: Variant, key: string, values: Record<string, string | number> = {}) => text(v.language, key, values);
const count = (locator: Locator) => locator.count();

/** The player's game page, loaded (each check then waits for the text it expects before any absence). */
async function openGame(p: Player, gameId: number): Promise<Page> {
  await p.page.goto(`/games/${gameId}`);
  await p.page.getByRole('heading', { level: 1, name: /^Entry Cup/ }).waitFor();
  return p.page;
}

/** The game page says the player plays with the team: the accepted line, the challenges, no join offer. */
async function expectPlaying(v: Variant, p: Player, gameId: number, teamName: string, shot: string) {
  const page = await openGame(p, gameId);
  await page.getByText(t(v, 'games.participation.Accepted.title'), { exact: true }).waitFor();
  await page.getByRole('link', { name: t(v, 'games.actions.challenges') }).waitFor();
  expect(await count(page.getByText(t(v, 'games.lateMember.title', { team: teamName })))).toBe(0);
  expect(await count(page.getByRole('button', { name: t(v, 'games.lateMember.join', { team: teamName }) }))).toBe(0);
  expect(await count(page.getByRole('button', { name: t(v, 'games.actions.join'), exact: true }))).toBe(0);
  await screenshot(page, `team-entry-${shot}-${v.label}`);
  // The board opens: the challenge is there, and no "not playing" explanation.
  await page.goto(`/games/${gameId}/challenges`);
  await page.getByText(CHALLENGE, { exact: true }).first().waitFor();
  expect(await count(page.getByText(t(v, 'challenges.closed.notInGameTitle')))).toBe(0);
  expect(await count(page.getByText(t(v, 'games.lateMember.title', { team: teamName })))).toBe(0);
}

/**
 * The game page says the team is full and the captain chooses: no join button, no challenges; the challenges page
 * says the same instead of the board.
 */
async function expectFull(v: Variant, p: Player, gameId: number, teamName: string, shot: string) {
  const page = await openGame(p, gameId);
  await page.getByText(t(v, 'games.lateMember.title', { team: teamName }), { exact: true }).waitFor();
  await page.getByText(t(v, 'games.lateMember.full', { team: teamName }), { exact: true }).waitFor();
  expect(await count(page.getByRole('button', { name: t(v, 'games.lateMember.join', { team: teamName }) }))).toBe(0);
  expect(await count(page.getByRole('button', { name: t(v, 'games.actions.join'), exact: true }))).toBe(0);
  expect(await count(page.getByRole('link', { name: t(v, 'games.actions.challenges') }))).toBe(0);
  expect(await count(page.getByText(t(v, 'games.participation.Accepted.title'), { exact: true }))).toBe(0);
  await screenshot(page, `team-entry-${shot}-${v.label}`);
  await page.goto(`/games/${gameId}/challenges`);
  await page.getByText(t(v, 'games.lateMember.full', { team: teamName }), { exact: true }).waitFor();
  expect(await count(page.getByText(CHALLENGE, { exact: true }))).toBe(0);
  expect(await count(page.getByText(t(v, 'challenges.closed.notInGameText')))).toBe(0);
  await screenshot(page, `team-entry-${shot}-board-${v.label}`);
}

/** The entry's status alert on the game page and on the challenges page, with no way to the board. */
async function expectStatus(
  v: Variant,
  p: Player,
  gameId: number,
  teamName: string,
  status: 'Pending' | 'Rejected' | 'Suspended',
  shot: string,
) {
  const page = await openGame(p, gameId);
  await page.getByText(t(v, `games.participation.${status}.title`), { exact: true }).waitFor();
  await page.getByText(t(v, `games.participation.${status}.text`, { team: teamName }), { exact: true }).waitFor();
  expect(await count(page.getByRole('link', { name: t(v, 'games.actions.challenges') }))).toBe(0);
  expect(await count(page.getByText(t(v, 'games.lateMember.title', { team: teamName })))).toBe(0);
  expect(await count(page.getByRole('button', { name: t(v, 'games.actions.join'), exact: true }))).toBe(0);
  // Withdrawing is offered exactly while the entry waits or was turned down, as the alerts say.
  expect(await count(page.getByRole('button', { name: t(v, 'games.actions.leave') }))).toBe(
    status === 'Suspended' ? 0 : 1,
  );
  await screenshot(page, `team-entry-${shot}-${v.label}`);
  await page.goto(`/games/${gameId}/challenges`);
  await page.getByText(t(v, `games.participation.${status}.text`, { team: teamName }), { exact: true }).waitFor();
  expect(await count(page.getByText(CHALLENGE, { exact: true }))).toBe(0);
}

/** The organiser's review page: the team's card, its status, and which members are not in the game. */
async function expectReview(
  v: Variant,
  gameId: number,
  teamName: string,
  status: 'Pending' | 'Accepted' | 'Rejected' | 'Suspended',
  playing: Player[],
  notPlaying: Player[],
  shot: string,
) {
  const page = await organiser(v);
  await page.goto(`/admin/games/${gameId}/review`);
  const card = page.getByRole('article', { name: teamName });
  await card.waitFor();
  await card.getByText(t(v, `adminGames.status.${status}`), { exact: true }).waitFor();
  const notIn = t(v, 'adminGames.review.notRegistered');
  for (const member of [...playing, ...notPlaying]) {
    const row = card.getByRole('row').filter({ hasText: member.userName });
    await row.waitFor();
    expect(await count(row.getByText(notIn, { exact: true })), member.userName).toBe(
      notPlaying.includes(member) ? 1 : 0,
    );
  }
  await screenshot(page, `team-entry-${shot}-review-${v.label}`);
}

describe('a member of a team that enters a game within its size limit', () => {
  for (const v of SPREAD_A) {
    it(`plays with the team, and the review lists them as playing (${v.label})`, async () => {
      const gameId = await game(3, true);
      const captain = await player(v, 'cap');
      const member = await player(v, 'mem');
      const crew = await team(captain, [member]);
      await api(captain.page, 'POST', `/api/game/${gameId}`, { teamId: crew.id });

      await expectPlaying(v, member, gameId, crew.name, 'within-limit');
      await expectReview(v, gameId, crew.name, 'Accepted', [captain, member], [], 'within-limit');
    });
  }
});

describe('a team bigger than the game’s size limit', () => {
  for (const v of SPREAD_B) {
    it(`the captain picks who plays; a member left out reads that the team is full (${v.label})`, async () => {
      const gameId = await game(2, true);
      const captain = await player(v, 'cap');
      const second = await player(v, 'sec');
      const third = await player(v, 'thi');
      const crew = await team(captain, [second, third]);

      // The captain enters through the join dialog and ticks the third member, not the second.
      const page = await openGame(captain, gameId);
      await page.getByRole('button', { name: t(v, 'games.actions.join'), exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(t(v, 'games.join.playersHelp')).waitFor();
      await dialog.getByRole('checkbox', { name: third.userName }).check();
      expect(await dialog.getByRole('checkbox', { name: second.userName }).isDisabled()).toBe(true);
      await screenshot(page, `team-entry-captain-picks-${v.label}`);
      await dialog.getByRole('button', { name: t(v, 'games.join.confirm') }).click();
      await dialog.waitFor({ state: 'hidden' });
      // The game takes teams without review: the team is in, and the page does not speak of a request sent.
      const title = titles.get(gameId) ?? '';
      await page.getByText(t(v, 'games.join.accepted', { title, team: crew.name }), { exact: true }).waitFor();
      expect(await count(page.getByText(t(v, 'games.join.success', { title }), { exact: true }))).toBe(0);

      // Later the captain sees who plays on the game page, and may change it there.
      await page.getByText(t(v, 'games.roster.title', { team: crew.name }), { exact: true }).waitFor();
      expect(await page.getByRole('checkbox', { name: third.userName }).isChecked()).toBe(true);
      expect(await page.getByRole('checkbox', { name: second.userName }).isChecked()).toBe(false);
      await screenshot(page, `team-entry-roster-card-${v.label}`);

      await expectFull(v, second, gameId, crew.name, 'not-picked');
      await expectPlaying(v, third, gameId, crew.name, 'picked');
      await expectReview(v, gameId, crew.name, 'Accepted', [captain, third], [second], 'picked');
    });
  }
});

describe('a member who joins the team after it entered', () => {
  for (const v of SPREAD_A) {
    it(`follows the team in when there is room (${v.label})`, async () => {
      const gameId = await game(3, true);
      const captain = await player(v, 'cap');
      const crew = await team(captain, []);
      await api(captain.page, 'POST', `/api/game/${gameId}`, { teamId: crew.id });
      const late = await player(v, 'late');
      await seedAcceptInvite(late.page, await api<string>(captain.page, 'GET', `/api/team/${crew.id}/invite`));

      await expectPlaying(v, late, gameId, crew.name, 'late-with-room');
      await expectReview(v, gameId, crew.name, 'Accepted', [captain, late], [], 'late-with-room');
    });
  }

  for (const v of SPREAD_B) {
    it(`reads that the team is full when it is, and the captain may pick them (${v.label})`, async () => {
      const gameId = await game(1, true);
      const captain = await player(v, 'cap');
      const crew = await team(captain, []);
      await api(captain.page, 'POST', `/api/game/${gameId}`, { teamId: crew.id });
      const late = await player(v, 'late');
      await seedAcceptInvite(late.page, await api<string>(captain.page, 'GET', `/api/team/${crew.id}/invite`));

      await expectFull(v, late, gameId, crew.name, 'late-full');
      await expectReview(v, gameId, crew.name, 'Accepted', [captain], [late], 'late-full');
      // "The captain chooses" is true: the captain's page offers the choice, with the late member in it.
      const page = await openGame(captain, gameId);
      await page.getByText(t(v, 'games.roster.title', { team: crew.name }), { exact: true }).waitFor();
      await page.getByRole('checkbox', { name: late.userName }).waitFor();
    });
  }
});

describe('a team whose entry is reviewed', () => {
  for (const v of SPREAD_A) {
    it(`each member reads the entry's state while pending, rejected and suspended (${v.label})`, async () => {
      const gameId = await game(0, false);
      const captain = await player(v, 'cap');
      const member = await player(v, 'mem');
      const crew = await team(captain, [member]);
      await api(captain.page, 'POST', `/api/game/${gameId}`, { teamId: crew.id });

      await expectStatus(v, member, gameId, crew.name, 'Pending', 'pending');
      await expectReview(v, gameId, crew.name, 'Pending', [captain, member], [], 'pending');

      await review(gameId, crew.id, 'Rejected');
      await expectStatus(v, member, gameId, crew.name, 'Rejected', 'rejected');
      await expectReview(v, gameId, crew.name, 'Rejected', [captain, member], [], 'rejected');

      // The captain applies again; the organisers accept, then suspend the team.
      await api(captain.page, 'POST', `/api/game/${gameId}`, { teamId: crew.id });
      await expectStatus(v, member, gameId, crew.name, 'Pending', 'pending-again');
      await review(gameId, crew.id, 'Accepted');
      await expectPlaying(v, member, gameId, crew.name, 'accepted');
      await review(gameId, crew.id, 'Suspended');
      await expectStatus(v, member, gameId, crew.name, 'Suspended', 'suspended');
      await expectReview(v, gameId, crew.name, 'Suspended', [captain, member], [], 'suspended');
    }, 180_000);
  }
});

describe('a member no longer playing', () => {
  for (const v of SPREAD_B) {
    it(`a member the captain takes off the roster is shown as not playing (${v.label})`, async () => {
      const gameId = await game(2, true);
      const captain = await player(v, 'cap');
      const second = await player(v, 'sec');
      const third = await player(v, 'thi');
      const crew = await team(captain, [second, third]);
      // Without a choice the first members to join the team play: the captain and the second.
      await api(captain.page, 'POST', `/api/game/${gameId}`, { teamId: crew.id });
      await expectPlaying(v, second, gameId, crew.name, 'before-removal');

      const page = await openGame(captain, gameId);
      await page.getByText(t(v, 'games.roster.title', { team: crew.name }), { exact: true }).waitFor();
      await page.getByRole('checkbox', { name: second.userName }).uncheck();
      await page.getByRole('checkbox', { name: third.userName }).check();
      await page.getByRole('button', { name: t(v, 'games.roster.save') }).click();
      await page.getByText(t(v, 'games.roster.saved')).first().waitFor();

      await expectFull(v, second, gameId, crew.name, 'removed');
      await expectReview(v, gameId, crew.name, 'Accepted', [captain, third], [second], 'removed');
    }, 180_000);
  }

  for (const v of SPREAD_A) {
    it(`a member who left the entry while it waited is offered to join again (${v.label})`, async () => {
      const gameId = await game(0, false);
      const captain = await player(v, 'cap');
      const member = await player(v, 'mem');
      const crew = await team(captain, [member]);
      await api(captain.page, 'POST', `/api/game/${gameId}`, { teamId: crew.id });

      const page = await openGame(member, gameId);
      await page.getByRole('button', { name: t(v, 'games.actions.leave') }).click();
      // The dialog says the truth: the member leaves, the team's request stays while others are on it.
      const confirm = page.getByRole('dialog');
      await confirm.getByText(t(v, 'games.leave.text', { team: crew.name }), { exact: true }).waitFor();
      await confirm.getByRole('button', { name: t(v, 'games.leave.confirm') }).click();
      await page.getByText(t(v, 'games.lateMember.title', { team: crew.name }), { exact: true }).waitFor();
      await page.getByText(t(v, 'games.lateMember.Pending', { team: crew.name }), { exact: true }).waitFor();
      expect(await count(page.getByText(t(v, 'games.participation.Pending.title'), { exact: true }))).toBe(0);
      await page
        .getByRole('button', { name: t(v, 'games.lateMember.join', { team: crew.name }) })
        .first()
        .waitFor();
      await screenshot(page, `team-entry-left-${v.label}`);
      // Still waiting for review with the captain on it, as the dialog said.
      await expectStatus(v, captain, gameId, crew.name, 'Pending', 'left-captain');
      await expectReview(v, gameId, crew.name, 'Pending', [captain], [member], 'left');
    }, 180_000);
  }
});
