import type { BrowserContext, Page } from 'playwright-core';
import { api } from './api';
import { type BrowserSession, newUser } from './session';

/*
 * A game made ready through the API, for the tests whose subject comes after the set-up (the set-up itself
 * is driven through the pages in game-loop.test.ts).
 */

export interface Player {
  context: BrowserContext;
  page: Page;
  team: string;
}

/** A game that started an hour ago and ends in a day. */
export async function createRunningGame(admin: Page, title: string): Promise<number> {
  const now = Date.now();
  const game = await api<{ id: number }>(admin, 'POST', '/api/edit/games', {
    title,
    start: now - 3_600_000,
    end: now + 86_400_000,
  });
  return game.id;
}

/** An enabled challenge with its flags. */
export async function addChallenge(
  admin: Page,
  gameId: number,
  challenge: { title: string; type: string; flags: object[] },
): Promise<number> {
  const { title, type, flags } = challenge;
  const created = await api<{ id: number }>(admin, 'POST', `/api/edit/games/${gameId}/challenges`, { title, type });
  await api(admin, 'POST', `/api/edit/games/${gameId}/challenges/${created.id}/flags`, flags);
  await api(admin, 'PUT', `/api/edit/games/${gameId}/challenges/${created.id}`, { isEnabled: true });
  return created.id;
}

/** One new player a label, each with a team (`<label> <4 characters>`) that joins the game and is accepted. */
export async function joinAcceptedTeams(
  session: BrowserSession,
  admin: Page,
  gameId: number,
  labels: string[],
  password: string,
): Promise<Player[]> {
  const players: Player[] = [];
  for (const label of labels) {
    const { page, userName } = await newUser(session, label.toLowerCase(), password);
    const team = `${label} ${userName.slice(-4)}`;
    const created = await api<{ id: number }>(page, 'POST', '/api/team', { name: team });
    await api(page, 'POST', `/api/game/${gameId}`, { teamId: created.id });
    players.push({ context: page.context(), page, team });
  }
  const participations = await api<Array<{ id: number }>>(admin, 'GET', `/api/game/${gameId}/participations`);
  for (const { id } of participations) {
    await api(admin, 'PUT', `/api/admin/participation/${id}`, { status: 'Accepted', divisionId: null });
  }
  return players;
}
