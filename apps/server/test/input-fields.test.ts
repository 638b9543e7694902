import { isShortText, MAX_TIMESTAMP, TimestampInput } from '@flagpole/contract';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { expectClientError } from './bad-input-probes';
import { type BodyRoute, type FieldPath, fieldsOf, getAt, setAt } from './body-fields';
import { STRONG_PASSWORD, TestClient } from './client';
import { createGame, createTeam, ok, signUp, signUpAdmin, userId } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';

/**
 * Field walkers: every timestamp field and every name or short text of every JSON body the server reads is
 * found from the route schemas (no list to keep up to date), then probed with a request that is valid but for
 * that one field. Timestamps past year 9999 (up to JavaScript's 8.64e15 and beyond) and names holding control
 * characters or bidirectional overrides must be refused with 400, changing nothing; names are trimmed.
 */

const bodyRoutes: BodyRoute[] = [];

/** A request that succeeds as it is: who sends it, where, and a body with every probed field filled. */
interface ValidRequest {
  caller: TestClient;
  method: 'POST' | 'PUT';
  url: string;
  body: unknown;
}

let ctx: TestContext;
let admin: TestClient;
let player: TestClient;
let playerId: string;
let teamId: number;
let gameId: number;
let challengeId: number;
let postId: string;
let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}`;
const HOUR = 3_600_000;

/** One valid request per route with a probed field; a route found without one fails the walk. */
const validRequests: Record<string, () => Promise<ValidRequest>> = {
  'POST /api/account/register': async () => {
    const name = unique('reg');
    const caller = new TestClient(ctx.app, `10.77.0.${counter % 250}`);
    return {
      caller,
      method: 'POST',
      url: '/api/account/register',
      body: { userName: name, email: `${name}@example.com`, password: STRONG_PASSWORD },
    };
  },
  'PUT /api/account/update': async () => ({
    caller: player,
    method: 'PUT',
    url: '/api/account/update',
    body: { userName: unique('self'), bio: 'A bio', realName: 'Real Name', stdNumber: 'S-1' },
  }),
  'POST /api/team': async () => ({
    // A user captains at most three teams: each request comes from a new one.
    caller: await signUp(ctx, unique('capt')),
    method: 'POST',
    url: '/api/team',
    body: { name: unique('Team '), bio: 'Team bio' },
  }),
  'PUT /api/team/:id': async () => ({
    caller: player,
    method: 'PUT',
    url: `/api/team/${teamId}`,
    body: { name: unique('Renamed '), bio: 'New bio' },
  }),
  'POST /api/admin/users': async () => {
    const name = unique('bulk');
    return {
      caller: admin,
      method: 'POST',
      url: '/api/admin/users',
      body: [
        {
          userName: name,
          password: STRONG_PASSWORD,
          email: `${name}@example.com`,
          realName: 'Bulk Real',
          stdNumber: 'B-1',
          teamName: unique('Bulk team '),
        },
      ],
    };
  },
  'PUT /api/admin/users/:userid': async () => ({
    caller: admin,
    method: 'PUT',
    url: `/api/admin/users/${playerId}`,
    body: { userName: unique('adm'), bio: 'Set by admin', realName: 'Admin Set', stdNumber: 'A-1' },
  }),
  'PUT /api/admin/teams/:id': async () => ({
    caller: admin,
    method: 'PUT',
    url: `/api/admin/teams/${teamId}`,
    body: { name: unique('Admin team '), bio: 'Admin bio' },
  }),
  'POST /api/edit/games': async () => {
    const now = ctx.clock.now().getTime();
    return {
      caller: admin,
      method: 'POST',
      url: '/api/edit/games',
      body: { title: 'A game', start: now, end: now + HOUR, writeupDeadline: now + 2 * HOUR },
    };
  },
  'PUT /api/edit/games/:id': async () => {
    const now = ctx.clock.now().getTime();
    return {
      caller: admin,
      method: 'PUT',
      url: `/api/edit/games/${gameId}`,
      body: { title: 'Edited game', start: now - HOUR, end: now + HOUR, writeupDeadline: now + 2 * HOUR },
    };
  },
  'POST /api/edit/games/:id/challenges': async () => ({
    caller: admin,
    method: 'POST',
    url: `/api/edit/games/${gameId}/challenges`,
    body: { title: 'A challenge' },
  }),
  'PUT /api/edit/games/:id/challenges/:cId': async () => ({
    caller: admin,
    method: 'PUT',
    url: `/api/edit/games/${gameId}/challenges/${challengeId}`,
    body: { title: 'Edited challenge', deadlineUtc: ctx.clock.now().getTime() + HOUR },
  }),
  'POST /api/edit/games/:id/challenges/:cId/hints': async () => ({
    caller: admin,
    method: 'POST',
    url: `/api/edit/games/${gameId}/challenges/${challengeId}/hints`,
    body: { title: unique('Hint '), content: 'c', kind: 'FreeAfter', freeAt: ctx.clock.now().getTime() + HOUR },
  }),
  'POST /api/edit/games/:id/awards': async () => {
    const entered = await ctx.db
      .selectFrom('participations')
      .select('id')
      .where('game_id', '=', gameId)
      .where('team_id', '=', teamId)
      .executeTakeFirst();
    if (!entered) {
      await ctx.db
        .insertInto('participations')
        .values({ game_id: gameId, team_id: teamId, status: 'Accepted' })
        .execute();
    }
    return {
      caller: admin,
      method: 'POST',
      url: `/api/edit/games/${gameId}/awards`,
      body: { teamId, points: -5, reason: unique('Late writeup ') },
    };
  },
  'POST /api/edit/posts': async () => ({
    caller: admin,
    method: 'POST',
    url: '/api/edit/posts',
    body: { title: 'A post', tags: ['news'] },
  }),
  'PUT /api/edit/posts/:id': async () => ({
    caller: admin,
    method: 'PUT',
    url: `/api/edit/posts/${postId}`,
    body: { title: 'Edited post', tags: ['notes'] },
  }),
  'POST /api/tokens': async () => ({ caller: admin, method: 'POST', url: '/api/tokens', body: { name: 'A token' } }),
  'POST /api/edit/games/:id/divisions': async () => ({
    caller: admin,
    method: 'POST',
    url: `/api/edit/games/${gameId}/divisions`,
    body: { name: unique('Division ') },
  }),
  'PUT /api/edit/games/:id/divisions/:divisionId': async () => {
    const created = await admin.post(`/api/edit/games/${gameId}/divisions`, { name: unique('To edit ') });
    return {
      caller: admin,
      method: 'PUT',
      url: `/api/edit/games/${gameId}/divisions/${json<{ id: number }>(created).id}`,
      body: { name: unique('Edited division ') },
    };
  },
  'POST /api/edit/games/:id/phases': async () => ({
    caller: admin,
    method: 'POST',
    url: `/api/edit/games/${gameId}/phases`,
    body: { title: 'Week 1', start: Date.UTC(2030, 0, 1) },
  }),
  'PUT /api/edit/games/:id/phases/:phaseId': async () => {
    const created = await admin.post(`/api/edit/games/${gameId}/phases`, {
      title: 'To edit',
      start: Date.UTC(2030, 0, 1),
    });
    return {
      caller: admin,
      method: 'PUT',
      url: `/api/edit/games/${gameId}/phases/${json<{ id: number }>(created).id}`,
      body: { title: 'Week 2', start: Date.UTC(2030, 0, 8) },
    };
  },
};

beforeAll(async () => {
  ctx = await createTestContext(
    {},
    {
      onRoute: (route: RouteOptions) => {
        const body = (route.schema as { body?: z.ZodType } | undefined)?.body;
        for (const method of [route.method].flat()) {
          if (body) bodyRoutes.push({ key: `${method} ${route.url}`, schema: body });
        }
      },
    },
  );
  admin = await signUpAdmin(ctx, 'fields_admin');
  player = await signUp(ctx, 'fields_player');
  playerId = await userId(ctx, 'fields_player');
  teamId = (await createTeam(player, 'Field Walkers')).id;
  gameId = (await createGame(ctx, admin)).id;
  challengeId = ok<{ id: number }>(await admin.post(`/api/edit/games/${gameId}/challenges`, { title: 'Walked' })).id;
  postId = ok<string>(await admin.post('/api/edit/posts', { title: 'Walked post' }));
});
afterAll(() => ctx.close());

/** The rows a refused request could have changed. */
async function snapshot() {
  const tables = ['users', 'teams', 'team_members', 'games', 'challenges', 'posts', 'api_tokens'] as const;
  const result: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await ctx.db.selectFrom(table).selectAll().execute();
    // Visit bookkeeping moves with every request; it is not a change a probe made.
    result[table] = rows.map((row) => JSON.stringify({ ...row, last_visited_at: null, last_ip: null })).sort();
  }
  return result;
}

/** Every (route, field) the walker finds for a kind of field, each route with its valid request. */
function walk(matches: (schema: z.ZodType) => boolean): Array<{ key: string; schema: z.ZodType; path: FieldPath }> {
  const found = bodyRoutes.flatMap(({ key, schema }) =>
    fieldsOf(schema, matches).map((path) => ({ key, schema, path })),
  );
  const missing = [...new Set(found.map(({ key }) => key))].filter((key) => !validRequests[key]);
  expect(missing, 'routes with such a field but no valid request in this test').toEqual([]);
  return found;
}

async function send(request: ValidRequest, body: unknown) {
  return request.caller.send(request.method, request.url, body);
}

describe('timestamp fields', () => {
  const isTimestamp = (schema: z.ZodType) => schema === TimestampInput;
  const outOfRange: unknown[] = [
    MAX_TIMESTAMP + 1,
    8.64e15,
    8.64e15 + 1,
    1e16,
    1e300,
    -1,
    '9999-12-31T23:59:59.999-01:00',
    '+010000-01-01T00:00:00.000Z',
    '+275760-09-13T00:00:00.000Z',
  ];

  it('are found in every body that has one', () => {
    const found = walk(isTimestamp).map(({ key, path }) => `${key} ${path.join('.')}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'POST /api/edit/games start',
        'POST /api/edit/games end',
        'POST /api/edit/games writeupDeadline',
        'PUT /api/edit/games/:id start',
        'PUT /api/edit/games/:id end',
        'PUT /api/edit/games/:id writeupDeadline',
        'PUT /api/edit/games/:id/challenges/:cId deadlineUtc',
      ]),
    );
  });

  it('refuse values past year 9999 with 400 on every route, changing nothing (both databases)', async () => {
    const fields = walk(isTimestamp);
    let probes = 0;
    for (const { key, path } of fields) {
      const valid = await validRequests[key]?.();
      if (!valid) throw new Error(key);
      const before = await snapshot();
      for (const value of outOfRange) {
        const response = await send(valid, setAt(valid.body, path, value));
        const label = `${key} ${path.join('.')}=${String(value)}`;
        expectClientError(response, label);
        expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
        probes++;
      }
      expect(await snapshot(), `${key} ${path.join('.')}`).toEqual(before);
      const accepted = await send(valid, valid.body);
      expect(accepted.statusCode, `${key} valid: ${accepted.body}`).toBe(200);
    }
    expect(probes).toBeGreaterThanOrEqual(7 * outOfRange.length);
  });

  it('accept the last millisecond of year 9999', async () => {
    const now = ctx.clock.now().getTime();
    const game = await admin.post('/api/edit/games', { title: 'Long game', start: now, end: MAX_TIMESTAMP });
    expect(ok<{ end: number }>(game).end).toBe(MAX_TIMESTAMP);
    const iso = await admin.post('/api/edit/games', { title: 'Long', start: now, end: '9999-12-31T23:59:59.999Z' });
    expect(ok<{ end: number }>(iso).end).toBe(MAX_TIMESTAMP);
  });
});

describe('names and short texts', () => {
  const unsafe = [
    '\n',
    '\r',
    '\t',
    '\u0000',
    '\u0007',
    '\u001b',
    '\u007f',
    '\u0085',
    '\u202a',
    '\u202e',
    '\u2066',
    '\u2069',
  ];

  it('are found in every body that has one', () => {
    const found = walk(isShortText).map(({ key, path }) => `${key} ${path.join('.')}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'POST /api/account/register userName',
        'PUT /api/account/update userName',
        'PUT /api/account/update bio',
        'PUT /api/account/update realName',
        'POST /api/team name',
        'POST /api/team bio',
        'PUT /api/team/:id name',
        'PUT /api/team/:id bio',
        'POST /api/admin/users 0.userName',
        'POST /api/admin/users 0.realName',
        'POST /api/admin/users 0.teamName',
        'PUT /api/admin/users/:userid userName',
        'PUT /api/admin/users/:userid bio',
        'PUT /api/admin/users/:userid realName',
        'PUT /api/admin/teams/:id name',
        'PUT /api/admin/teams/:id bio',
        'POST /api/edit/games title',
        'PUT /api/edit/games/:id title',
        'POST /api/edit/games/:id/challenges title',
        'PUT /api/edit/games/:id/challenges/:cId title',
      ]),
    );
  });

  it('refuse control characters and bidirectional overrides with 400 on every route, changing nothing', async () => {
    const fields = walk(isShortText);
    let probes = 0;
    for (const { key, path } of fields) {
      const valid = await validRequests[key]?.();
      if (!valid) throw new Error(key);
      const before = await snapshot();
      const good = String(getAt(valid.body, path));
      for (const character of unsafe) {
        const bad = `${good.slice(0, 1)}${character}${good.slice(1)}`;
        const response = await send(valid, setAt(valid.body, path, bad));
        const label = `${key} ${path.join('.')} with U+${character.codePointAt(0)?.toString(16).padStart(4, '0')}`;
        expectClientError(response, label);
        expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
        probes++;
      }
      expect(await snapshot(), `${key} ${path.join('.')}`).toEqual(before);
    }
    expect(probes).toBeGreaterThanOrEqual(20 * unsafe.length);
  });

  it('trim surrounding spaces on every route, and the request then succeeds', async () => {
    for (const { key, schema, path } of walk(isShortText)) {
      const valid = await validRequests[key]?.();
      if (!valid) throw new Error(key);
      const good = String(getAt(valid.body, path));
      const padded = setAt(valid.body, path, `  ${good} `);
      expect(getAt(schema.parse(padded), path), `${key} ${path.join('.')}`).toBe(good);
      const response = await send(valid, padded);
      expect(response.statusCode, `${key} ${path.join('.')}: ${response.body}`).toBe(200);
    }
    const profile = ok<{ userName: string }>(await player.get('/api/account/profile'));
    expect(profile.userName).toMatch(/^\S.*\S$/);
  });
});
