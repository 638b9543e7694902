import type { Role } from '@flagpole/contract';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../src/http/access';
import {
  type AccessFixture,
  type AccessRow,
  CALLERS,
  type Caller,
  type Expectation,
  type Outcome,
  ROUTES,
} from './access-table';
import { TestClient } from './client';
import { signUp } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';
import { addFlag, createChallenge, createGame, createPlayer, createTeamWithMembers } from './play-fixtures';

/**
 * Every registered route against the access table (access-table.ts): the table must list exactly the
 * server's routes, agree with what each route declares, and every caller must get the outcome it says.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

const registered = new Map<string, Access | undefined>();
let ctx: TestContext;
let fixture: AccessFixture;
const clients = {} as Record<Caller, TestClient>;

function recordRoute(route: RouteOptions): void {
  for (const method of [route.method].flat()) {
    registered.set(`${method} ${route.url}`, route.config?.access);
  }
}

/** HEAD routes Fastify adds beside each GET are covered by the GET row. */
function listedRoutes(): string[] {
  return [...registered.keys()].filter((key) => {
    const [method, url] = key.split(' ');
    return !(method === 'HEAD' && registered.has(`GET ${url}`));
  });
}

/** The least role the row lets through, as a route declares it. */
function declaredAccessOf(expectation: Expectation): Access {
  const passes = (caller: Caller) => expectation[caller] !== 'deny';
  if (passes('anonymous')) return 'public';
  if (passes('user')) return 'User';
  if (passes('monitor')) return 'Monitor';
  return 'Admin';
}

/** Placeholders naming nothing: enough where the role alone decides. */
function placeholderUrl(url: string): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => {
    if (/hash/i.test(name)) return '0'.repeat(64);
    if (/user/i.test(name)) return '00000000-0000-4000-8000-00000000abcd';
    return '999999';
  });
}

function classify(status: number): Outcome | 'error' {
  if (status >= 500) return 'error';
  if (status === 401 || status === 403) return 'deny';
  return 'allow';
}

function matches(outcome: Outcome, response: LightMyRequestResponse): boolean {
  const status = response.statusCode;
  if (status >= 500) return false;
  if (outcome === 'refuse') return status >= 400 && status !== 401;
  return classify(status) === outcome;
}

async function call(row: AccessRow, caller: Caller): Promise<LightMyRequestResponse> {
  const [method, pattern] = row.route.split(' ') as [Method, string];
  const url = row.url ? row.url(fixture) : placeholderUrl(pattern);
  const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  const body = row.body ? row.body(fixture) : hasBody ? {} : undefined;
  return clients[caller].send(method, url, body);
}

async function signUpWithRole(name: string, role: Role): Promise<TestClient> {
  const client = await signUp(ctx, name);
  await ctx.db.updateTable('users').set({ role }).where('user_name', '=', name).execute();
  return client;
}

beforeAll(async () => {
  ctx = await createTestContext({}, { onRoute: recordRoute });
  const now = ctx.clock.now().getTime();
  const gameId = await createGame(ctx.db, { start: new Date(now - 3_600_000), end: new Date(now + 3_600_000) });
  const challengeId = await createChallenge(ctx.db, gameId);
  await addFlag(ctx.db, challengeId, 'flag{right}');
  const user = await createPlayer(ctx.app, ctx.db, gameId, 'acl_user');
  const other = await createPlayer(ctx.app, ctx.db, gameId, 'acl_other');
  const submitted = await user.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag: 'flag{no}' });
  expect(submitted.statusCode, submitted.body).toBe(200);
  fixture = {
    gameId,
    challengeId,
    submissionId: json<number>(submitted),
    teamId: user.teamId,
    spareTeamId: await createTeamWithMembers(ctx.db, 'acl_spare', [user.userId]),
    otherTeamId: other.teamId,
    participationId: user.participationId,
    userId: user.userId,
    otherUserId: other.userId,
  };
  clients.anonymous = new TestClient(ctx.app, '10.8.0.1');
  clients.banned = await signUpWithRole('acl_banned', 'Banned');
  clients.user = user.client;
  clients.otherTeam = other.client;
  clients.monitor = await signUpWithRole('acl_monitor', 'Monitor');
  clients.admin = await signUpWithRole('acl_admin', 'Admin');
});

afterAll(async () => {
  await ctx?.close();
});

describe('access table', () => {
  it('lists exactly the routes the server registers', () => {
    const inTable = ROUTES.map((row) => row.route);
    const duplicates = inTable.filter((route, index) => inTable.indexOf(route) !== index);
    expect(duplicates, 'rows listed twice').toEqual([]);
    const missing = listedRoutes().filter((route) => !inTable.includes(route));
    expect(missing, 'routes without a row in test/access-table.ts').toEqual([]);
    const unknown = inTable.filter((route) => !registered.has(route));
    expect(unknown, 'rows naming routes the server does not have').toEqual([]);
  });

  it('agrees with the access each route declares', () => {
    const disagreements = ROUTES.filter((row) => registered.has(row.route))
      .map((row) => ({ route: row.route, declared: registered.get(row.route), table: declaredAccessOf(row.expect) }))
      .filter((entry) => entry.declared !== entry.table);
    expect(disagreements).toEqual([]);
  });

  const ordered = [...ROUTES.filter((row) => !row.last), ...ROUTES.filter((row) => row.last)];
  it.each(ordered.map((row) => [row.route, row] as const))('%s', async (_route, row) => {
    if (!registered.has(row.route)) return;
    const answers: string[] = [];
    let wrong = false;
    for (const caller of CALLERS) {
      const response = await call(row, caller);
      const ok = matches(row.expect[caller], response);
      wrong ||= !ok;
      answers.push(`${ok ? ' ' : '✗'} ${caller}: expected ${row.expect[caller]}, got ${response.statusCode}`);
    }
    expect(wrong, answers.join('\n')).toBe(false);
  });
});
