import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { registerAndSignIn, type TestClient } from './client';
import { json, type TestContext } from './harness';

/** Helpers shared by the team, edit and game-entry tests. */

let address = 1;
const nextAddress = () => {
  address += 1;
  return `10.9.${Math.floor(address / 250)}.${address % 250}`;
};

export async function signUp(ctx: TestContext, userName: string): Promise<TestClient> {
  return registerAndSignIn(ctx.app, userName, nextAddress());
}

export async function signUpAdmin(ctx: TestContext, userName: string): Promise<TestClient> {
  const client = await signUp(ctx, userName);
  await ctx.db.updateTable('users').set({ role: 'Admin' }).where('user_name', '=', userName).execute();
  return client;
}

export async function userId(ctx: TestContext, userName: string): Promise<string> {
  const row = await ctx.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow();
  return row.id;
}

export const del = (client: TestClient, url: string) => client.send('DELETE', url);

/** `{title, status}`; a refused batch adds the list of refused items (`BatchRequestResponse`). */
export function expectError(response: LightMyRequestResponse, httpStatus: number, bodyStatus = httpStatus) {
  expect(response.statusCode, response.body).toBe(httpStatus);
  const body = json<{ errors?: unknown }>(response);
  const items = body.errors === undefined ? {} : { errors: expect.arrayContaining([]) };
  expect(body).toEqual({ title: expect.any(String), status: bodyStatus, ...items });
}

export function ok<T = unknown>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  return response.body === '' ? (undefined as T) : json<T>(response);
}

export interface TeamInfo {
  id: number;
  name: string;
  bio: string;
  avatar: string | null;
  locked: boolean;
  members?: Array<{ id: string; userName: string; captain: boolean }>;
}

export async function createTeam(client: TestClient, name: string): Promise<TeamInfo> {
  return ok<TeamInfo>(await client.post('/api/team', { name }));
}

export async function addMember(captain: TestClient, member: TestClient, teamId: number): Promise<void> {
  const code = ok<string>(await captain.get(`/api/team/${teamId}/invite`));
  ok(await member.post('/api/team/accept', undefined, acceptBody(code)));
}

export interface GameInfo {
  id: number;
  title: string;
  publicKey: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const HOUR = 3_600_000;

/** A game as an admin creates it; by default it started an hour ago and ends in a day. */
export async function createGame(
  ctx: TestContext,
  admin: TestClient,
  overrides: Record<string, unknown> = {},
): Promise<GameInfo> {
  const now = ctx.clock.now().getTime();
  return ok<GameInfo>(
    await admin.post('/api/edit/games', {
      title: 'Test Game',
      start: now - HOUR,
      end: now + 24 * HOUR,
      ...overrides,
    }),
  );
}

/** Collects the payloads published on an event-bus channel. */
export function record(ctx: TestContext, channel: string): unknown[] {
  const seen: unknown[] = [];
  ctx.events.subscribe(channel, (payload) => seen.push(payload));
  return seen;
}

export { HOUR };

/** `POST /api/team/accept` takes a bare JSON string. */
export const acceptBody = (code: string) => ({ raw: { body: JSON.stringify(code), contentType: 'application/json' } });
