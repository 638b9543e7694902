import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectClientError, jsonProbes, type Probe, uploadProbes } from './bad-input-probes';
import type { TestClient } from './client';
import { createGame, createTeam, ok, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';

/**
 * The bad-input walker for teams, organiser edit and game entry: every endpoint with a body gets
 * malformed, mistyped and oversized requests. Each must answer 4xx `{title, status}`, never 5xx,
 * and nothing stored may change.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Endpoint {
  method: Method;
  url: string;
  body: 'json' | 'multipart' | 'string';
  fields?: string[];
  emptyIsValid?: boolean;
}

let ctx: TestContext;
let admin: TestClient;
let endpoints: Endpoint[];
let badPaths: Array<[Method, string]>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'walker');
  await signUp(ctx, 'walked');
  const team = await createTeam(admin, 'Walkers');
  const game = await createGame(ctx, admin);
  const challenge = ok<{ id: number }>(await admin.post(`/api/edit/games/${game.id}/challenges`, { title: 'C' }));
  const notice = ok<{ id: number }>(await admin.post(`/api/edit/games/${game.id}/notices`, { content: 'N' }));
  const g = `/api/edit/games/${game.id}`;
  const c = `${g}/challenges/${challenge.id}`;
  endpoints = [
    { method: 'POST', url: '/api/team', body: 'json', fields: ['name', 'bio'] },
    { method: 'PUT', url: `/api/team/${team.id}`, body: 'json', fields: ['name', 'bio'], emptyIsValid: true },
    { method: 'PUT', url: `/api/team/${team.id}/avatar`, body: 'multipart' },
    { method: 'PUT', url: `/api/team/${team.id}/transfer`, body: 'json', fields: ['newCaptainId'] },
    { method: 'POST', url: '/api/team/accept', body: 'string' },
    { method: 'POST', url: '/api/team/verify', body: 'json', fields: ['teamToken', 'publicKey'] },
    { method: 'POST', url: '/api/edit/games', body: 'json', fields: ['title', 'start', 'end'] },
    { method: 'PUT', url: g, body: 'json', fields: ['title', 'start', 'end', 'bloodBonus'] },
    { method: 'PUT', url: `${g}/poster`, body: 'multipart' },
    { method: 'POST', url: `${g}/notices`, body: 'json', fields: ['content'] },
    { method: 'PUT', url: `${g}/notices/${notice.id}`, body: 'json', fields: ['content'] },
    { method: 'POST', url: `${g}/challenges`, body: 'json', fields: ['title', 'category', 'type'] },
    {
      method: 'PUT',
      url: c,
      body: 'json',
      fields: ['title', 'hints', 'isEnabled', 'originalScore', 'minScoreRate', 'exposePort', 'deadlineUtc'],
      emptyIsValid: true,
    },
    {
      method: 'POST',
      url: `${c}/attachment`,
      body: 'json',
      fields: ['attachmentType', 'fileHash', 'remoteUrl'],
      emptyIsValid: true,
    },
    { method: 'POST', url: `${c}/flags`, body: 'json', fields: ['flag'] },
    { method: 'POST', url: `/api/game/${game.id}`, body: 'json', fields: ['teamId', 'inviteCode'] },
    {
      method: 'PUT',
      url: '/api/admin/participation/1',
      body: 'json',
      fields: ['status', 'divisionId'],
      emptyIsValid: true,
    },
  ];
  badPaths = [
    ['GET', '/api/team/abc'],
    ['GET', '/api/team/0'],
    ['GET', '/api/team/99999999999'],
    ['GET', '/api/team/1.5'],
    ['POST', `/api/team/${team.id}/kick/not-a-guid`],
    ['GET', '/api/game/-1'],
    ['GET', '/api/game/%00'],
    ['GET', `/api/game/${'9'.repeat(300)}`],
    ['GET', '/api/edit/games/abc'],
    ['GET', `${g}/challenges/abc`],
    ['DELETE', `${c}/flags/abc`],
    ['PUT', `${g}/notices/abc`],
    ['GET', '/api/game?count=-1'],
    ['GET', '/api/game?skip=abc'],
    ['GET', '/api/game/recent?limit=1000'],
    ['GET', '/api/edit/games?count=1e9'],
  ];
});
afterAll(() => ctx.close());

async function snapshot() {
  const tables = [
    'teams',
    'team_members',
    'games',
    'challenges',
    'flags',
    'attachments',
    'participations',
    'participation_members',
    'game_notices',
    'files',
  ] as const;
  const result: Record<string, unknown[]> = {};
  for (const table of tables) result[table] = await ctx.db.selectFrom(table).selectAll().execute();
  return result;
}

function probesOf(endpoint: Endpoint): Probe[] {
  if (endpoint.body === 'string') return stringProbes();
  if (endpoint.body === 'multipart') return uploadProbes('image');
  return jsonProbes(endpoint.fields ?? [], {
    emptyIsValid: endpoint.emptyIsValid,
    asList: endpoint.url.endsWith('/flags'),
  });
}

function stringProbes(): Probe[] {
  return [
    ['object', '{"code": "x"}', 'application/json'],
    ['number', '42', 'application/json'],
    ['null', 'null', 'application/json'],
    ['empty string', '""', 'application/json'],
    ['garbage string', '"garbage"', 'application/json'],
    ['oversized string', JSON.stringify('z'.repeat(10_000)), 'application/json'],
    ['malformed JSON', '"unterminated', 'application/json'],
    ['text/plain', 'a:1:0123', 'text/plain'],
  ];
}

describe('bad input walker (teams, edit, game entry)', () => {
  it('answers every malformed request with 4xx {title, status} and changes nothing', async () => {
    const before = await snapshot();
    let probes = 0;
    for (const endpoint of endpoints) {
      for (const [label, body, contentType] of probesOf(endpoint)) {
        const response = await admin.send(endpoint.method, endpoint.url, undefined, { raw: { body, contentType } });
        expectClientError(response, `${endpoint.method} ${endpoint.url} ${label}`);
        probes++;
      }
    }
    expect(probes).toBeGreaterThan(150);
    expect(await snapshot()).toEqual(before);
  });

  it('answers bad path and query parameters with 4xx {title, status}', async () => {
    const before = await snapshot();
    for (const [method, url] of badPaths) expectClientError(await admin.send(method, url), `${method} ${url}`);
    expect(await snapshot()).toEqual(before);
  });

  it('rejects writes without the XSRF header', async () => {
    const before = await snapshot();
    for (const endpoint of endpoints) {
      const response = await admin.send(endpoint.method, endpoint.url, { name: 'csrf' }, { withoutXsrf: true });
      expectClientError(response, `${endpoint.url} without XSRF`);
      expect(response.statusCode).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});
