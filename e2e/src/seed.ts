import type { ChallengeCategory } from '@flagpole/contract';
import type { Page } from 'playwright-core';
import { api } from './api';
import { type BrowserSession, newUser } from './session';

/*
 * Builds game data through the API, as an organiser and players would with the web application, for tests whose
 * subject is a later page (the scoreboard, a team page, a preview) rather than the organiser's forms.
 */

export interface SeedChallenge {
  title: string;
  category: ChallengeCategory;
  flag: string;
  content?: string;
}

/** A game running from an hour ago until tomorrow (or the given times); returns its id. */
export async function seedGame(
  admin: Page,
  title: string,
  options: { start?: number; end?: number; acceptWithoutReview?: boolean; inviteCode?: string } = {},
): Promise<number> {
  const game = await api<{ id: number }>(admin, 'POST', '/api/edit/games', {
    title,
    start: options.start ?? Date.now() - 3_600_000,
    end: options.end ?? Date.now() + 86_400_000,
  });
  await api(admin, 'PUT', `/api/edit/games/${game.id}`, {
    title,
    start: options.start ?? Date.now() - 3_600_000,
    end: options.end ?? Date.now() + 86_400_000,
    summary: `${title}: a weekend of puzzles`,
    content: `Welcome to **${title}**.`,
    acceptWithoutReview: options.acceptWithoutReview ?? false,
    inviteCode: options.inviteCode ?? null,
  });
  return game.id;
}

/** An enabled static challenge with one flag; returns its id. */
export async function seedChallenge(admin: Page, gameId: number, challenge: SeedChallenge): Promise<number> {
  const created = await api<{ id: number }>(admin, 'POST', `/api/edit/games/${gameId}/challenges`, {
    title: challenge.title,
    category: challenge.category,
    type: 'StaticAttachment',
  });
  await api(admin, 'POST', `/api/edit/games/${gameId}/challenges/${created.id}/flags`, [{ flag: challenge.flag }]);
  await api(admin, 'PUT', `/api/edit/games/${gameId}/challenges/${created.id}`, {
    content: challenge.content ?? `Find the flag of ${challenge.title}.`,
    isEnabled: true,
  });
  return created.id;
}

/** Creates a team as the page's user; returns its id. */
export async function seedTeam(page: Page, name: string): Promise<number> {
  const team = await api<{ id: number }>(page, 'POST', '/api/team', { name });
  return team.id;
}

/** The page's user joins the game with the team; an organiser accepts the entry when `admin` is given. */
export async function seedJoin(
  page: Page,
  gameId: number,
  teamId: number,
  admin?: Page,
  inviteCode?: string,
): Promise<void> {
  await api(page, 'POST', `/api/game/${gameId}`, { teamId, inviteCode });
  if (!admin) return;
  const entries = await api<Array<{ id: number; team: { id: number } }>>(
    admin,
    'GET',
    `/api/game/${gameId}/participations`,
  );
  const entry = entries.find((e) => e.team.id === teamId);
  if (!entry) throw new Error(`team ${teamId} has no entry in game ${gameId}`);
  await api(admin, 'PUT', `/api/admin/participation/${entry.id}`, { status: 'Accepted' });
}

/** Submits a flag as the page's user and waits until it is judged; returns the verdict. */
export async function seedSolve(page: Page, gameId: number, challengeId: number, flag: string): Promise<string> {
  const id = await api<number>(page, 'POST', `/api/game/${gameId}/challenges/${challengeId}`, { flag });
  for (let tries = 0; tries < 50; tries++) {
    const status = await api<string>(page, 'GET', `/api/game/${gameId}/challenges/${challengeId}/status/${id}`);
    if (status !== 'FlagSubmitted') return status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the flag was not judged in time');
}

/** Joins a team with its invite code (the body is a bare JSON string), as the page's user. */
export async function seedAcceptInvite(page: Page, code: string): Promise<void> {
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  const response = await page.request.post('/api/team/accept', {
    data: JSON.stringify(code),
    headers: { 'Content-Type': 'application/json', ...(xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {}) },
  });
  if (!response.ok()) throw new Error(`POST /api/team/accept: HTTP ${response.status()} ${await response.text()}`);
}

/**
 * One new player per prefix, each with a team of their own (`<prefix> <last 4 characters of the user name>`) that
 * has joined the game; returns the players' pages and team names in the prefixes' order.
 */
export async function seedPlayerTeams(
  session: BrowserSession,
  gameId: number,
  prefixes: string[],
  password: string,
): Promise<Array<{ page: Page; team: string }>> {
  const teams: Array<{ page: Page; team: string }> = [];
  for (const prefix of prefixes) {
    const { page, userName } = await newUser(session, prefix, password);
    const team = `${prefix} ${userName.slice(-4)}`;
    await seedJoin(page, gameId, await seedTeam(page, team));
    teams.push({ page, team });
  }
  return teams;
}

/**
 * Freezes a running game's scoreboard one second from now and waits until that instant has passed (with a margin:
 * the server judges solves by its own clock), so the next solve is after the freeze. Answers the game's times.
 */
export async function seedFreezeNow(
  admin: Page,
  gameId: number,
): Promise<{ title: string; start: number; end: number; freezeAt: number }> {
  const game = await api<{ title: string; start: number; end: number }>(admin, 'GET', `/api/edit/games/${gameId}`);
  const freezeAt = Date.now() + 1000;
  await api(admin, 'PUT', `/api/edit/games/${gameId}`, {
    title: game.title,
    start: game.start,
    end: game.end,
    freezeAt,
  });
  while (Date.now() <= freezeAt + 200) await new Promise((resolve) => setTimeout(resolve, 100));
  return { ...game, freezeAt };
}
