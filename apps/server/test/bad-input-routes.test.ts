import { INT32_MAX, intParams } from '@flagpole/contract';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectClientError, jsonProbes, type Probe, type UploadKind, uploadProbes } from './bad-input-probes';
import type { TestClient } from './client';
import { createGame, createTeam, ok, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';
import { multipartBody } from './multipart';
import { acceptParticipation, addFlag, createChallenge, userId } from './play-fixtures';

/**
 * The route walker: every route the server registers (seen through the `onRoute` hook, as the access table
 * does) is probed without a list to keep up to date. Every path parameter gets values that name nothing,
 * every query parameter values its schema refuses, every JSON body the malformed, mistyped and oversized
 * bodies of the walker, every upload broken multipart, and every write by a signed-in browser goes without
 * the XSRF header. Each must answer 4xx `{title, status}`, never 5xx, and nothing stored may change.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

interface Route {
  method: Method;
  url: string;
  access: string | undefined;
  params: string[];
  /** Path parameters whose schema reads digits as a number (ids). */
  intParams: string[];
  /** The largest id each of those takes (its column's range). */
  intMax: Record<string, number>;
  query?: z.ZodType;
  body?: z.ZodType;
  upload: boolean;
  /** Acts for nobody (a live hub's negotiate and sends): no session authority, so no XSRF check. */
  ignoresIdentity: boolean;
}

const routes: Route[] = [];

function recordRoute(route: RouteOptions): void {
  const schema = (route.schema ?? {}) as {
    params?: z.ZodObject;
    querystring?: z.ZodType;
    body?: z.ZodType;
    consumes?: string[];
  };
  for (const method of [route.method].flat()) {
    if (method === 'HEAD' || !route.url.startsWith('/')) continue;
    const params = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
    const intMax = Object.fromEntries(
      params.flatMap((name) => {
        const max = intParams.get(schema.params?.shape[name] as z.ZodType)?.max;
        return max === undefined ? [] : [[name, max]];
      }),
    );
    routes.push({
      method: method as Method,
      url: route.url,
      access: route.config?.access,
      params,
      intParams: params.filter((name) => typeof schema.params?.shape[name]?.safeParse('7').data === 'number'),
      intMax,
      query: schema.querystring,
      body: schema.body,
      upload: schema.consumes?.includes('multipart/form-data') ?? false,
      ignoresIdentity: route.config?.ignoresIdentity === true,
    });
  }
}

/** Values that can name nothing: not numbers, out of range, not ids, far too long. */
const BAD_PARAMS = ['abc', '-1', '0', '1.5', '99999999999999999999', 'x'.repeat(10_240)];
/** Values of the wrong type, or just past the ranges, of the query parameters seen in this API. */
const BAD_QUERY_VALUES = [
  'abc',
  '-1',
  '1.5',
  '51',
  '101',
  '301',
  '501',
  '1001',
  '99999999999999999999',
  'maybe',
  'Bogus',
  'x'.repeat(10_240),
];
/**
 * Routes that answer 200 for an id in range that names nothing, as the reference contract has them: an empty
 * list of a game's challenges or of a team's captures, their deletion a no-op, a flag's removal `"NotFound"`.
 */
const ANSWERS_FOR_NOTHING = new Set([
  'GET /api/edit/games/:id/challenges',
  'DELETE /api/edit/games/:id/challenges/:cId/flags/:fId',
  'GET /api/game/captures/:challengeId/:partId',
  'DELETE /api/game/captures/:challengeId/:partId/all',
]);
/** Path parameters any value is right for: the name a downloaded file is given. */
const FREE_TEXT_PARAMS = new Set(['name']);

let ctx: TestContext;
let admin: TestClient;
let player: TestClient;
let ids: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext({}, { onRoute: recordRoute });
  admin = await signUpAdmin(ctx, 'route_walker');
  player = await signUp(ctx, 'route_player');
  const playerId = await userId(ctx.db, 'route_player');
  const team = await createTeam(player, 'Route Walkers');
  const game = await createGame(ctx, admin);
  const challengeId = await createChallenge(ctx.db, game.id, { title: 'Walked' });
  const flagId = await addFlag(ctx.db, challengeId, 'flag{walked}');
  const participationId = await acceptParticipation(ctx.db, game.id, team.id, [playerId]);
  const notice = ok<{ id: number }>(await admin.post(`/api/edit/games/${game.id}/notices`, { content: 'N' }));
  const postId = ok<string>(await admin.post('/api/edit/posts', { title: 'Walked post' }));
  const token = ok<{ info: { id: string } }>(await admin.post('/api/tokens', { name: 'walked' }));
  const submission = await player.post(`/api/game/${game.id}/challenges/${challengeId}`, { flag: 'flag{no}' });
  // Judged before the walk starts, so that the verdict is not taken for a change a probe made.
  await ctx.app.services.play.flagChecker.drain();
  const upload = multipartBody('files', 'a.txt', 'text/plain', Buffer.from('walked'));
  const [asset] = ok<Array<{ hash: string }>>(await admin.post('/api/assets', undefined, { raw: upload }));
  ids = {
    game: String(game.id),
    team: String(team.id),
    challenge: String(challengeId),
    flag: String(flagId),
    participation: String(participationId),
    notice: String(notice.id),
    post: postId,
    token: token.info.id,
    submission: String(json<number>(submission)),
    user: playerId,
    hash: asset?.hash ?? '',
  };
});
afterAll(() => ctx.close());

/** A real value for a path parameter, so that the bad one beside it is what gets refused. */
function realParam(url: string, name: string): string {
  const byName: Record<string, string | undefined> = {
    cId: ids.challenge,
    challengeId: ids.challenge,
    noticeId: ids.notice,
    fId: ids.flag,
    submitId: ids.submission,
    partId: ids.participation,
    userId: ids.user,
    userid: ids.user,
    hash: ids.hash,
    name: 'a.txt',
    filename: 'a.pcap',
  };
  const named = byName[name];
  if (named !== undefined) return named;
  // `:id` names a different thing in each area.
  if (/^\/api\/(team|admin\/teams)\//.test(url)) return ids.team ?? '';
  if (url.startsWith('/api/edit/posts/')) return ids.post ?? '';
  if (url.startsWith('/api/tokens/')) return ids.token ?? '';
  if (url.startsWith('/api/admin/participation/')) return ids.participation ?? '';
  if (/^\/api\/(admin\/instances|proxy)\//.test(url)) return '00000000-0000-4000-8000-000000000001';
  return ids.game ?? '';
}

function urlWith(route: Route, values: Record<string, string> = {}, raw: Record<string, string> = {}): string {
  return route.url.replace(
    /:(\w+)/g,
    (_match, name: string) => raw[name] ?? encodeURIComponent(values[name] ?? realParam(route.url, name)),
  );
}

/** The concrete paths of a route, any value in its parameters. */
const addressOf = (route: Route) => new RegExp(`^${route.url.replace(/:\w+/g, '[^/]+')}$`, 'i');

/** The real id written loosely, as it reaches the server byte for byte: each must name nothing. */
function looseSpellings(id: string): string[] {
  const hex = `0x${Number(id).toString(16)}`;
  return [`%20${id}`, `${id}%20`, `%09${id}`, hex, `${id}e0`, `+${id}`, `0${id}`, `${id}.0`, `${id}%00`];
}

/** Who calls: administrators for organiser and monitor routes, a player in the game for the rest. */
const callerOf = (route: Route) => (route.access === 'Admin' || route.access === 'Monitor' ? admin : player);
const hasBody = (route: Route) => route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';

/** The rows a request could change, minus visit and last-use bookkeeping and the log. */
async function snapshot() {
  const tables = [
    'sessions',
    'account_tokens',
    'files',
    'settings',
    'posts',
    'teams',
    'team_members',
    'games',
    'attachments',
    'challenges',
    'participations',
    'participation_members',
    'flags',
    'submissions',
    'solves',
    'cheat_infos',
    'game_notices',
    'container_instances',
  ] as const;
  const result: Record<string, unknown[]> = {};
  // Sorted: PostgreSQL returns rewritten rows in a new order.
  const sorted = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).sort();
  for (const table of tables) result[table] = sorted(await ctx.db.selectFrom(table).selectAll().execute());
  result.users = await ctx.db
    .selectFrom('users')
    .select(['id', 'user_name', 'email', 'password_hash', 'role', 'bio', 'avatar_hash'])
    .orderBy('id')
    .execute();
  result.api_tokens = await ctx.db.selectFrom('api_tokens').select(['id', 'is_revoked']).execute();
  return result;
}

/** Which part of the input (if any) a schema refuses. */
const refuses = (schema: z.ZodType | undefined, value: unknown) =>
  schema !== undefined && !schema.safeParse(value).success;

describe('route walker', () => {
  it('sees the whole API, and has real ids to put beside a bad one', () => {
    expect(Object.values(ids).filter((value) => !/^[\w-]+$/.test(value))).toEqual([]);
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((route) => route.params.length > 0).length).toBeGreaterThan(70);
    expect(routes.filter((route) => route.query).length).toBeGreaterThan(10);
  });

  it('answers bad path parameters on every route with 4xx {title, status}', async () => {
    const before = await snapshot();
    let probes = 0;
    for (const route of routes) {
      for (const param of route.params.filter((name) => !FREE_TEXT_PARAMS.has(name))) {
        for (const value of BAD_PARAMS) {
          const url = urlWith(route, { [param]: value });
          const response = await callerOf(route).send(route.method, url, hasBody(route) ? {} : undefined);
          expectClientError(response, `${route.method} ${route.url} with ${param}=${value.slice(0, 24)}`);
          probes++;
        }
      }
    }
    expect(probes).toBeGreaterThan(600);
    expect(await snapshot()).toEqual(before);
  });

  it('reads integer path parameters as canonical digits only: loose spellings of a real id change nothing', async () => {
    const before = await snapshot();
    let probes = 0;
    const covered = new Set<string>();
    for (const route of routes) {
      for (const param of route.intParams) {
        for (const loose of looseSpellings(realParam(route.url, param))) {
          const url = urlWith(route, {}, { [param]: loose });
          const response = await callerOf(route).send(route.method, url, hasBody(route) ? {} : undefined);
          expectClientError(response, `${route.method} ${url}`);
          expect([400, 404], `${route.method} ${url}`).toContain(response.statusCode);
          probes++;
        }
        covered.add(param);
      }
    }
    // Every kind of integer id in the API is walked, among them a team deleted by an administrator.
    expect([...covered].sort()).toEqual([
      'awardId',
      'cId',
      'challengeId',
      'deliveryId',
      'divisionId',
      'fId',
      'hintId',
      'id',
      'noticeId',
      'partId',
      'pendingId',
      'phaseId',
      'submitId',
    ]);
    expect(routes.some((r) => r.method === 'DELETE' && r.url === '/api/admin/teams/:id' && r.intParams.length)).toBe(
      true,
    );
    expect(probes).toBeGreaterThan(500);
    expect(await snapshot()).toEqual(before);
  });

  it('bounds every integer path parameter by its column: past it 400, at it 404 (no such row), never 5xx', async () => {
    const before = await snapshot();
    let probes = 0;
    for (const route of routes) {
      for (const param of route.intParams) {
        const max = route.intMax[param];
        expect(max, `${route.url} :${param} is an intParam`).toBeDefined();
        // `serial` ids are int4; only a `bigserial` id (a submission's) may go past 32 bits.
        expect(max, `${route.url} :${param}`).toBe(param === 'submitId' ? Number.MAX_SAFE_INTEGER : INT32_MAX);
        const values: Array<[string, number[]]> = [
          [String(max), [400, 404]],
          [String((max ?? 0) + 1), [400, 404]],
          [String(2 ** 31), max === INT32_MAX ? [400] : [400, 404]],
          [String(2 ** 53 - 1), max === INT32_MAX ? [400] : [400, 404]],
          [String(2 ** 53), [400, 404]],
        ];
        for (const [value, statuses] of values) {
          const url = urlWith(route, { [param]: value });
          // Uploads go without a body: a JSON one would be 415 before the path is read.
          const body = hasBody(route) && !route.upload ? {} : undefined;
          const response = await callerOf(route).send(route.method, url, body);
          if (response.statusCode === 200 && ANSWERS_FOR_NOTHING.has(`${route.method} ${route.url}`)) continue;
          expectClientError(response, `${route.method} ${url}`);
          // In range, an upload without its file may be refused for that (415) once the path is read.
          const allowed = route.upload && statuses.includes(404) ? [...statuses, 415] : statuses;
          expect(allowed, `${route.method} ${url}: ${response.body}`).toContain(response.statusCode);
          probes++;
        }
      }
    }
    expect(probes).toBeGreaterThan(300);
    expect(await snapshot()).toEqual(before);
  });

  it('answers an empty path parameter with 404 or 400 (documented on every such route), never 405', async () => {
    const before = await snapshot();
    let probes = 0;
    for (const route of routes) {
      for (const param of route.params) {
        const url = urlWith(route, {}, { [param]: '' });
        // A trailing empty parameter can leave the address of another route of the same method (`GET /api/posts/`
        // is the list of posts): that route answers.
        const bare = url.replace(/\/+$/, '');
        if (routes.some((other) => other.method === route.method && addressOf(other).test(bare))) continue;
        const response = await callerOf(route).send(route.method, url, hasBody(route) ? {} : undefined);
        expectClientError(response, `${route.method} ${url}`);
        expect([400, 404], `${route.method} ${url}: ${response.body}`).toContain(response.statusCode);
        probes++;
      }
    }
    for (const [method, url] of [
      ['DELETE', '/api/assets/'],
      ['DELETE', '/api/edit/games/'],
      ['PUT', '/api/admin/participation/'],
    ] as const) {
      const response = await admin.send(method, url, method === 'PUT' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
    }
    // The address without the slash is the collection, which other methods take: 405 with Allow stays.
    const collection = await admin.send('DELETE', '/api/assets');
    expect([collection.statusCode, collection.headers.allow]).toEqual([405, 'POST']);
    expect(probes).toBeGreaterThan(100);
    expect(await snapshot()).toEqual(before);
  });

  it('answers query values of the wrong type or range on every route with 4xx {title, status}', async () => {
    const before = await snapshot();
    let probes = 0;
    for (const route of routes.filter((r) => r.query instanceof z.ZodObject)) {
      const keys = Object.keys((route.query as z.ZodObject).shape);
      for (const key of keys) {
        const candidates: Array<[string, unknown]> = [
          ...BAD_QUERY_VALUES.map((value): [string, unknown] => [`${key}=${encodeURIComponent(value)}`, value]),
          [`${key}=1&${key}=2`, ['1', '2']],
        ];
        const refused = candidates.filter(([, value]) => refuses(route.query, { [key]: value }));
        expect(refused.length, `${route.url}?${key} refuses nothing`).toBeGreaterThan(0);
        for (const [query] of refused) {
          const response = await callerOf(route).send(route.method, `${urlWith(route)}?${query}`);
          expectClientError(response, `${route.method} ${route.url}?${query.slice(0, 40)}`);
          probes++;
        }
      }
    }
    expect(probes).toBeGreaterThan(80);
    expect(await snapshot()).toEqual(before);
  });

  it('answers malformed, mistyped and oversized JSON bodies on every route with 4xx {title, status}', async () => {
    const before = await snapshot();
    let probes = 0;
    for (const route of routes.filter((r) => r.body)) {
      for (const [label, body, contentType] of bodyProbes(route.body as z.ZodType)) {
        const response = await callerOf(route).send(route.method, urlWith(route), undefined, {
          raw: { body, contentType },
        });
        expectClientError(response, `${route.method} ${route.url} ${label}`);
        probes++;
      }
    }
    expect(probes).toBeGreaterThan(400);
    expect(await snapshot()).toEqual(before);
  });

  it('answers broken uploads on every upload route with 4xx {title, status}', async () => {
    const before = await snapshot();
    const uploads = routes.filter((route) => route.upload);
    expect(uploads.length).toBeGreaterThanOrEqual(6);
    for (const route of uploads) {
      for (const [label, body, contentType] of uploadProbes(uploadKindOf(route.url))) {
        const response = await callerOf(route).send(route.method, urlWith(route), undefined, {
          raw: { body, contentType },
        });
        expectClientError(response, `${route.method} ${route.url} ${label}`);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses every write by a signed-in browser that leaves out the XSRF header', async () => {
    const before = await snapshot();
    const writes = routes.filter((route) => route.method !== 'GET' && !route.ignoresIdentity);
    expect(writes.length).toBeGreaterThan(50);
    for (const route of writes) {
      const response = await callerOf(route).send(route.method, urlWith(route), hasBody(route) ? {} : undefined, {
        withoutXsrf: true,
      });
      expectClientError(response, `${route.method} ${route.url} without XSRF`);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});

/** The walker's bodies for this schema, keeping those the schema (or the NUL check) refuses. */
function bodyProbes(schema: z.ZodType): Probe[] {
  const asList = schema instanceof z.ZodArray;
  const item = asList ? (schema as z.ZodArray<z.ZodType>).element : schema;
  const fields = item instanceof z.ZodObject ? Object.keys(item.shape) : ['value'];
  const probes: Probe[] = [
    ...jsonProbes(fields, { asList, emptyIsValid: true }),
    ['missing fields', JSON.stringify(asList ? [{}] : {}), 'application/json'],
  ];
  return probes.filter(([, body, contentType]) => {
    if (contentType !== 'application/json') return true;
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(body));
    } catch {
      return true;
    }
    return String(body).includes('\\u0000') || refuses(schema, parsed);
  });
}

/** What an upload route takes, from its URL. */
function uploadKindOf(url: string): UploadKind {
  if (/avatar|poster|logo/.test(url)) return 'image';
  return url.endsWith('/writeup') ? 'pdf' : 'file';
}
