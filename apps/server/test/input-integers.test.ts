import { GamePermission, INT32_MAX, SUPPORTED_LANGUAGES, TimestampInput } from '@flagpole/contract';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectClientError } from './bad-input-probes';
import { type BodyRoute, type FieldPath, fieldsOf, setAt } from './body-fields';
import type { TestClient } from './client';
import { createGame, createTeam, HOUR, ok, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';

/**
 * Integer walker: every integer field of every JSON body the server reads is found from the route schemas (no
 * list to keep up to date). Each must be bounded within its column's type (PostgreSQL `integer`, 32 bits), so
 * that 2^31, 2^53−1 and beyond are refused with 400 naming the field, in the caller's language, changing
 * nothing, instead of overflowing the column (500); the bounds themselves are accepted or refused as a client
 * error, never 500.
 */

const bodyRoutes: BodyRoute[] = [];

/** `z.number().int()` (and its bounded forms). */
const isInteger = (schema: z.ZodType) => schema instanceof z.ZodNumber && schema.format !== null;
/** A body field that takes an integer: alone or as one branch of a union (permissions take names too). */
const integerBranches = (schema: z.ZodType): z.ZodNumber[] => {
  if (isInteger(schema)) return [schema as z.ZodNumber];
  if (schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).filter(isInteger) as z.ZodNumber[];
  return [];
};
// Timestamps have their own walker (input-fields.test.ts): 2^31 ms is a valid instant.
const isIntegerField = (schema: z.ZodType) => schema !== TimestampInput && integerBranches(schema).length > 0;

interface ValidRequest {
  caller: TestClient;
  method: 'POST' | 'PUT';
  url: string;
  body: unknown;
}

let ctx: TestContext;
let admin: TestClient;
let gameId: number;
let challengeId: number;
/** A challenge the walked one may require (its `prerequisites`). */
let requiredChallengeId: number;
let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}`;

async function createDivision(game: number, defaultPermissions = GamePermission.All): Promise<number> {
  const division = await admin.post(`/api/edit/games/${game}/divisions`, { name: unique('Div '), defaultPermissions });
  return ok<{ id: number }>(division).id;
}

/** A new player with a team of their own, and a division open for joining the game. */
async function joiner() {
  const player = await signUp(ctx, unique('joiner'));
  const team = await createTeam(player, unique('Joiners '));
  return { player, teamId: team.id, divisionId: await createDivision(gameId) };
}

/** One valid request per route with an integer field, every such field filled; a route found without one fails. */
/** A webhook that is never called here (nothing happens on the watched game). */
const webhookBody = { url: 'https://hooks.example.org/flagpole', format: 'generic', events: ['solve'] };

const validRequests: Record<string, () => Promise<ValidRequest>> = {
  'POST /api/edit/games': async () => {
    const now = ctx.clock.now().getTime();
    const limits = { teamMemberCountLimit: 4, containerCountLimit: 3, bloodBonus: 0 };
    return {
      caller: admin,
      method: 'POST',
      url: '/api/edit/games',
      body: { title: 'G', start: now, end: now + HOUR, ...limits },
    };
  },
  'PUT /api/edit/games/:id': async () => {
    const now = ctx.clock.now().getTime();
    const limits = { teamMemberCountLimit: 4, containerCountLimit: 3, bloodBonus: 0 };
    const body = { title: 'Edited', start: now - HOUR, end: now + 24 * HOUR, ...limits };
    return { caller: admin, method: 'PUT', url: `/api/edit/games/${gameId}`, body };
  },
  'PUT /api/edit/games/:id/challenges/:cId': async () => ({
    caller: admin,
    method: 'PUT',
    url: `/api/edit/games/${gameId}/challenges/${challengeId}`,
    body: {
      title: 'Edited challenge',
      submissionLimit: 5,
      memoryLimit: 64,
      cpuCount: 1,
      storageLimit: 256,
      exposePort: 80,
      containerExposePort: 80,
      originalScore: 500,
      prerequisites: { challengeIds: [requiredChallengeId], count: 1 },
      services: [
        { name: 'web', image: 'web:1', entry: true, ports: [80], memoryLimit: 64, cpuCount: 1, pidsLimit: 64 },
      ],
    },
  }),
  'POST /api/admin/rehearsals': async () => ({
    caller: admin,
    method: 'POST',
    url: '/api/admin/rehearsals',
    body: { gameId, minutes: 1, rampSeconds: 60 },
  }),
  'PUT /api/edit/games/:id/challenges/:cId/health': async () => ({
    caller: admin,
    method: 'PUT',
    url: `/api/edit/games/${gameId}/challenges/${challengeId}/health`,
    body: { image: 'solver:1', script: 'echo ok', timeoutSeconds: 30, intervalSeconds: 600 },
  }),
  'POST /api/edit/games/:id/divisions': async () => ({
    caller: admin,
    method: 'POST',
    url: `/api/edit/games/${gameId}/divisions`,
    body: { name: unique('Division '), defaultPermissions: 3, challengeConfigs: [{ challengeId, permissions: 768 }] },
  }),
  'PUT /api/edit/games/:id/divisions/:divisionId': async () => ({
    caller: admin,
    method: 'PUT',
    url: `/api/edit/games/${gameId}/divisions/${await createDivision(gameId)}`,
    body: { defaultPermissions: 3, challengeConfigs: [{ challengeId, permissions: 768 }] },
  }),
  'POST /api/game/:id': async () => {
    const { player, teamId, divisionId } = await joiner();
    return { caller: player, method: 'POST', url: `/api/game/${gameId}`, body: { teamId, divisionId } };
  },
  'PUT /api/game/:id/roster': async () => {
    const { player, teamId, divisionId } = await joiner();
    ok(await player.post(`/api/game/${gameId}`, { teamId, divisionId }));
    const { userId } = ok<{ userId: string }>(await player.get('/api/account/profile'));
    return { caller: player, method: 'PUT', url: `/api/game/${gameId}/roster`, body: { teamId, members: [userId] } };
  },
  'PUT /api/admin/participation/:id': async () => {
    const { player, teamId, divisionId } = await joiner();
    ok(await player.post(`/api/game/${gameId}`, { teamId, divisionId }));
    const [entry] = await ctx.db.selectFrom('participations').select('id').where('team_id', '=', teamId).execute();
    const url = `/api/admin/participation/${entry?.id}`;
    return { caller: admin, method: 'PUT', url, body: { status: 'Accepted', divisionId } };
  },
  'POST /api/edit/games/:id/challenges/:cId/hints': async () => ({
    caller: admin,
    method: 'POST',
    url: `/api/edit/games/${gameId}/challenges/${challengeId}/hints`,
    body: { title: unique('Hint '), content: 'c', kind: 'Points', cost: 10 },
  }),
  'POST /api/edit/games/:id/awards': async () => {
    const { player, teamId, divisionId } = await joiner();
    ok(await player.post(`/api/game/${gameId}`, { teamId, divisionId }));
    return {
      caller: admin,
      method: 'POST',
      url: `/api/edit/games/${gameId}/awards`,
      body: { teamId, points: 5, reason: 'fair play' },
    };
  },
  'POST /api/tokens': async () => ({
    caller: admin,
    method: 'POST',
    url: '/api/tokens',
    body: { name: unique('token '), expiresIn: 30 },
  }),
  'POST /api/admin/webhooks': async () => ({
    caller: admin,
    method: 'POST',
    url: '/api/admin/webhooks',
    body: { ...webhookBody, gameId },
  }),
  'PUT /api/admin/webhooks/:id': async () => {
    const { id } = ok<{ id: number }>(await admin.post('/api/admin/webhooks', webhookBody));
    return { caller: admin, method: 'PUT', url: `/api/admin/webhooks/${id}`, body: { ...webhookBody, gameId } };
  },
  'PUT /api/admin/config': async () => ({
    caller: admin,
    method: 'PUT',
    url: '/api/admin/config',
    body: {
      containerPolicy: {
        maxExerciseContainerCountPerUser: 2,
        defaultLifetime: 120,
        extensionDuration: 120,
        renewalWindow: 10,
      },
    },
  }),
};

beforeAll(async () => {
  ctx = await createTestContext(
    { REHEARSAL: 'true' },
    {
      onRoute: (route: RouteOptions) => {
        const body = (route.schema as { body?: z.ZodType } | undefined)?.body;
        for (const method of [route.method].flat()) {
          if (body) bodyRoutes.push({ key: `${method} ${route.url}`, schema: body });
        }
      },
    },
  );
  admin = await signUpAdmin(ctx, 'integers_admin');
  gameId = (await createGame(ctx, admin)).id;
  challengeId = ok<{ id: number }>(
    await admin.post(`/api/edit/games/${gameId}/challenges`, { title: 'Walked', type: 'StaticContainer' }),
  ).id;
  requiredChallengeId = ok<{ id: number }>(
    await admin.post(`/api/edit/games/${gameId}/challenges`, { title: 'Required' }),
  ).id;
});
afterAll(() => ctx.close());

/** The rows a refused request could have changed. */
async function snapshot() {
  const tables = [
    'teams',
    'games',
    'challenges',
    'divisions',
    'division_challenge_configs',
    'participations',
    'participation_members',
    'api_tokens',
    'settings',
  ] as const;
  const result: Record<string, string[]> = {};
  for (const table of tables) {
    result[table] = (await ctx.db.selectFrom(table).selectAll().execute()).map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

function walk(): Array<{ key: string; schema: z.ZodType; path: FieldPath }> {
  const found = bodyRoutes.flatMap(({ key, schema }) =>
    fieldsOf(schema, isIntegerField).map((path) => ({ key, schema, path })),
  );
  const missing = [...new Set(found.map(({ key }) => key))].filter((key) => !validRequests[key]);
  expect(missing, 'routes with an integer field but no valid request in this test').toEqual([]);
  return found;
}

/** Beyond any `integer` column, up to what JSON numbers and JavaScript can say. */
const OUT_OF_RANGE = [2 ** 31, 2 ** 53 - 1, 2 ** 53, -(2 ** 31) - 1, -(2 ** 53) + 1, 1e300];

describe('integer fields of JSON bodies', () => {
  it('are found on every route that has one, and each is bounded within 32 bits', () => {
    const found = walk();
    const labels = found.map(({ key, path }) => `${key} ${path.join('.')}`);
    expect(labels).toEqual(
      expect.arrayContaining([
        'POST /api/game/:id teamId',
        'POST /api/game/:id divisionId',
        'PUT /api/admin/participation/:id divisionId',
        'POST /api/edit/games/:id/divisions challengeConfigs.0.challengeId',
        'PUT /api/edit/games/:id/divisions/:divisionId challengeConfigs.0.challengeId',
      ]),
    );
    expect(found.length).toBeGreaterThanOrEqual(20);
    for (const { schema, path, key } of found) {
      const field = path.reduce<z.ZodType>((at, name) => {
        let inner = at;
        while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault) {
          inner = inner.def.innerType as z.ZodType;
        }
        if (inner instanceof z.ZodArray) return inner.element as z.ZodType;
        return (inner as z.ZodObject).shape[name] as z.ZodType;
      }, schema);
      let inner = field;
      while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault) {
        inner = inner.def.innerType as z.ZodType;
      }
      for (const branch of integerBranches(inner)) {
        expect(branch.maxValue, `${key} ${path.join('.')}`).toBeLessThanOrEqual(INT32_MAX);
        expect(branch.minValue, `${key} ${path.join('.')}`).toBeGreaterThanOrEqual(-INT32_MAX - 1);
      }
    }
  });

  it('refuse values past 32 bits with 400 naming the field, in the caller’s language, changing nothing', async () => {
    let probes = 0;
    for (const { key, path } of walk()) {
      const valid = await validRequests[key]?.();
      if (!valid) throw new Error(key);
      const before = await snapshot();
      const field = path.join('.');
      for (const value of OUT_OF_RANGE) {
        const language = SUPPORTED_LANGUAGES[probes % SUPPORTED_LANGUAGES.length] ?? 'en-US';
        const response = await valid.caller.send(valid.method, valid.url, setAt(valid.body, path, value), {
          headers: { 'accept-language': language },
        });
        const label = `${key} ${field}=${value} (${language})`;
        expectClientError(response, label);
        expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
        expect(json<{ title: string }>(response).title, label).toContain(field);
        probes++;
      }
      expect(await snapshot(), `${key} ${field}`).toEqual(before);
      const accepted = await valid.caller.send(valid.method, valid.url, valid.body);
      expect(accepted.statusCode, `${key} valid: ${accepted.body}`).toBe(200);
    }
    expect(probes).toBeGreaterThanOrEqual(20 * OUT_OF_RANGE.length);
  });

  it('never answer 5xx at their own bounds', async () => {
    for (const { key, schema, path } of walk()) {
      const valid = await validRequests[key]?.();
      if (!valid) throw new Error(key);
      // The bounds of the field, read from the schema it was validated with.
      const probe = (value: number) => setAt(valid.body, path, value);
      const accepts = (value: number) => schema.safeParse(probe(value)).success;
      const bounds = [INT32_MAX, 0, 1, -1].filter(accepts);
      for (const value of bounds) {
        const response = await valid.caller.send(valid.method, valid.url, probe(value));
        const label = `${key} ${path.join('.')}=${value}`;
        expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
        if (response.statusCode >= 400) expectClientError(response, label);
      }
    }
  });
});

describe('ids named in a body', () => {
  it('POST /api/game/{id}: a team id past 32 bits is 400 naming teamId; the largest id names no team (404)', async () => {
    const { player, divisionId } = await joiner();
    const before = await snapshot();
    for (const teamId of [2 ** 31, 2 ** 53 - 1]) {
      const response = await player.post(`/api/game/${gameId}`, { teamId, divisionId });
      expect(response.statusCode, response.body).toBe(400);
      expect(json<{ title: string }>(response).title).toBe('Invalid value for "teamId".');
    }
    const largest = await player.post(`/api/game/${gameId}`, { teamId: INT32_MAX, divisionId });
    expect(largest.statusCode, largest.body).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('names the field in every language', async () => {
    const { player, teamId } = await joiner();
    const titles = new Set<string>();
    for (const language of SUPPORTED_LANGUAGES) {
      const response = await player.post(
        `/api/game/${gameId}`,
        { teamId, divisionId: 2 ** 31 },
        { headers: { 'accept-language': language } },
      );
      expect(response.statusCode, `${language}: ${response.body}`).toBe(400);
      const { title } = json<{ title: string }>(response);
      expect(title, language).toContain('divisionId');
      titles.add(title);
    }
    expect(titles.size).toBeGreaterThan(SUPPORTED_LANGUAGES.length / 2);
  });

  it('POST /api/game/{id}: a division or team that does not exist is refused, and nothing is stored', async () => {
    const { player, teamId, divisionId } = await joiner();
    const before = await snapshot();
    for (const [body, status] of [
      [{ teamId, divisionId: INT32_MAX }, 400],
      [{ teamId, divisionId: divisionId + 1000 }, 400],
      [{ teamId: teamId + 1000, divisionId }, 404],
    ] as const) {
      const response = await player.post(`/api/game/${gameId}`, body);
      expectClientError(response, JSON.stringify(body));
      expect(response.statusCode, response.body).toBe(status);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('PUT /api/admin/participation/{id}: a division past 32 bits is 400, one that is not of the game 404, nothing changes', async () => {
    const { player, teamId, divisionId } = await joiner();
    ok(await player.post(`/api/game/${gameId}`, { teamId, divisionId }));
    const [entry] = await ctx.db.selectFrom('participations').selectAll().where('team_id', '=', teamId).execute();
    if (!entry) throw new Error('no entry');
    const otherGame = (await createGame(ctx, admin)).id;
    const elsewhere = await createDivision(otherGame);
    const before = await snapshot();
    const url = `/api/admin/participation/${entry.id}`;
    for (const bad of [2 ** 31, 2 ** 53 - 1]) {
      const response = await admin.put(url, { status: 'Accepted', divisionId: bad });
      expect(response.statusCode, response.body).toBe(400);
      expect(json<{ title: string }>(response).title).toBe('Invalid value for "divisionId".');
    }
    for (const unknown of [INT32_MAX, elsewhere]) {
      const response = await admin.put(url, { status: 'Accepted', divisionId: unknown });
      expect(response.statusCode, response.body).toBe(404);
      expect(json<{ title: string }>(response).title).toBe('The division was not found.');
    }
    expect(await snapshot()).toEqual(before);
    // A division of the game is applied with the status.
    const moved = await createDivision(gameId);
    ok(await admin.put(url, { status: 'Accepted', divisionId: moved }));
    const after = await ctx.db.selectFrom('participations').selectAll().where('id', '=', entry.id).executeTakeFirst();
    expect([after?.status, after?.division_id]).toEqual(['Accepted', moved]);
  });

  it('division overrides naming a challenge that does not exist (or past 32 bits) are 400, nothing stored', async () => {
    const before = await snapshot();
    for (const id of [INT32_MAX, challengeId + 1000, 2 ** 31]) {
      const response = await admin.post(`/api/edit/games/${gameId}/divisions`, {
        name: unique('Overrides '),
        challengeConfigs: [{ challengeId: id, permissions: 0 }],
      });
      expect(response.statusCode, response.body).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });
});
