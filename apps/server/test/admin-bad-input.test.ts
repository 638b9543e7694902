import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectClientError, jsonProbes, type Probe, uploadProbes } from './bad-input-probes';
import type { TestClient } from './client';
import { createTeam, signUp, signUpAdmin, userId } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { acceptParticipation, createGame } from './play-fixtures';

/**
 * The bad-input walker of the admin area: every endpoint with a body gets malformed, mistyped and
 * oversized requests, and every path or query parameter bad values. Each must answer 4xx
 * `{title, status}`, never 5xx, and nothing stored may change.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let ctx: TestContext;
let admin: TestClient;
let bodies: Array<[Method, string, Probe[]]>;
let badPaths: Array<[Method, string]>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'admin_walker');
  const player = await signUp(ctx, 'walked_user');
  const playerId = await userId(ctx, 'walked_user');
  const team = await createTeam(player, 'Walked Team');
  const now = ctx.clock.now().getTime();
  const gameId = await createGame(ctx.db, { start: new Date(now - 1000), end: new Date(now + 3_600_000) });
  const participationId = await acceptParticipation(ctx.db, gameId, team.id, [playerId], 'Pending');
  const user = `/api/admin/users/${playerId}`;
  bodies = [
    [
      'POST',
      '/api/admin/users',
      jsonProbes(['userName', 'password', 'email', 'realName', 'stdNumber', 'phone', 'teamName'], { asList: true }),
    ],
    [
      'PUT',
      user,
      jsonProbes(['userName', 'email', 'bio', 'phone', 'realName', 'stdNumber', 'emailConfirmed', 'role'], {
        emptyIsValid: true,
      }),
    ],
    ['PUT', `/api/admin/teams/${team.id}`, jsonProbes(['name', 'bio', 'locked'], { emptyIsValid: true })],
    [
      'PUT',
      '/api/admin/config',
      // Its fields are sections (objects): an object whose keys the section does not define is a valid no-op.
      jsonProbes(['accountPolicy', 'globalConfig', 'containerPolicy'], { emptyIsValid: true }).filter(
        ([label]) => label !== 'objects for strings',
      ),
    ],
    [
      'PUT',
      `/api/admin/participation/${participationId}`,
      jsonProbes(['status', 'divisionId'], { emptyIsValid: true }),
    ],
    ['POST', '/api/admin/config/logo', uploadProbes('image')],
  ];
  const unknownUser = '00000000-0000-4000-8000-000000000099';
  badPaths = [
    ['GET', '/api/admin/users/not-a-guid'],
    ['GET', `/api/admin/users/${'a'.repeat(300)}`],
    ['GET', '/api/admin/users/%00'],
    ['GET', `/api/admin/users/${unknownUser}`],
    ['PUT', '/api/admin/users/1'],
    ['DELETE', '/api/admin/users/not-a-guid'],
    ['DELETE', `/api/admin/users/${unknownUser}`],
    ['DELETE', '/api/admin/users/zzz/password'],
    ['DELETE', `/api/admin/users/${unknownUser}/password`],
    ['PUT', '/api/admin/teams/abc'],
    ['PUT', '/api/admin/teams/0'],
    ['DELETE', '/api/admin/teams/-1'],
    ['DELETE', '/api/admin/teams/99999999999'],
    ['DELETE', '/api/admin/teams/999999'],
    ['PUT', '/api/admin/participation/abc'],
    ['GET', '/api/admin/users?count=-1'],
    ['GET', '/api/admin/users?count=1e9'],
    ['GET', '/api/admin/users?skip=abc'],
    ['GET', '/api/admin/teams?count=501'],
    ['GET', '/api/admin/files?skip=-5'],
    ['GET', '/api/admin/logs?level=Debug'],
    ['GET', '/api/admin/logs?count=5000'],
    ['POST', '/api/admin/users/search'],
    ['POST', `/api/admin/users/search?hint=${'h'.repeat(300)}`],
    ['POST', '/api/admin/teams/search?hint='],
  ];
});
afterAll(() => ctx.close());

/** Everything stored that an admin request could change, minus visit bookkeeping. */
async function snapshot() {
  const users = await ctx.db
    .selectFrom('users')
    .select(['id', 'user_name', 'email', 'email_confirmed', 'password_hash', 'role', 'bio', 'phone', 'real_name'])
    .orderBy('id')
    .execute();
  const teams = await ctx.db.selectFrom('teams').select(['id', 'name', 'bio', 'locked']).orderBy('id').execute();
  const members = await ctx.db.selectFrom('team_members').select(['team_id', 'user_id']).orderBy('user_id').execute();
  const settings = await ctx.db.selectFrom('settings').select(['key', 'value']).orderBy('key').execute();
  const participations = await ctx.db.selectFrom('participations').select(['id', 'status']).orderBy('id').execute();
  const files = await ctx.db.selectFrom('files').selectAll().orderBy('hash').execute();
  const sessions = await ctx.db.selectFrom('sessions').select('token_hash').orderBy('token_hash').execute();
  return { users, teams, members, settings, participations, files, sessions };
}

describe('bad input walker (admin area)', () => {
  it('answers every malformed body with 4xx {title, status} and changes nothing', async () => {
    const before = await snapshot();
    let probes = 0;
    for (const [method, url, cases] of bodies) {
      for (const [label, body, contentType] of cases) {
        const response = await admin.send(method, url, undefined, { raw: { body, contentType } });
        expectClientError(response, `${method} ${url} ${label}`);
        probes++;
      }
    }
    expect(probes).toBeGreaterThan(80);
    expect(await snapshot()).toEqual(before);
  });

  it('answers bad path and query parameters with 4xx {title, status}', async () => {
    const before = await snapshot();
    for (const [method, url] of badPaths) {
      const response = await admin.send(method, url, method === 'PUT' ? {} : undefined);
      expectClientError(response, `${method} ${url}`);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('rejects writes without the XSRF header', async () => {
    const before = await snapshot();
    for (const [method, url] of bodies) {
      const response = await admin.send(method, url, {}, { withoutXsrf: true });
      expectClientError(response, `${url} without XSRF`);
      expect(response.statusCode).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});
