import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ClientConfig, LinkedIdentitiesModel } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client';
import { ok } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';

/*
 * Sign-in with CTFtime (docs/integrations.md) against a stand-in of oauth.ctftime.org written here: /authorize
 * signs in the CTFtime user named by `as`, /token checks the event's client and the one-time code, /user answers
 * the user and their team as CTFtime documents it.
 */

const PUBLIC_URL = 'http://localhost:5998';
const EVENT_ID = '2718';
const SECRET = 'ctftime-event-secret-9a8b';
const TEAM = { id: 77, name: 'Überlänge Pwners of the North', country: 'DE', logo: '' };
const USERS: Record<string, { id: number; name: string; team?: typeof TEAM }> = {
  ann: { id: 1001, name: 'ann', team: TEAM },
  ben: { id: 1002, name: 'ben', team: TEAM },
  solo: { id: 1003, name: 'solo' },
  carl: { id: 1004, name: 'carl' },
};

let standIn: Server;
let base: string;
let ctx: TestContext;
const tokenRequests: URLSearchParams[] = [];

function startStandIn(): Promise<void> {
  const codes = new Map<string, string>();
  const tokens = new Map<string, string>();
  standIn = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname === '/authorize') {
      const code = `code-${codes.size}-${Math.random()}`;
      codes.set(code, url.searchParams.get('as') ?? '');
      const back = new URL(String(url.searchParams.get('redirect_uri')));
      back.search = new URLSearchParams({ code, state: String(url.searchParams.get('state')) }).toString();
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      tokenRequests.push(form);
      const login = codes.get(String(form.get('code')));
      codes.delete(String(form.get('code')));
      if (form.get('client_id') !== EVENT_ID || form.get('client_secret') !== SECRET || !login) {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_grant"}');
        return;
      }
      const token = `token-${Math.random()}`;
      tokens.set(token, login);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 3600 }));
      return;
    }
    const login = tokens.get(String(req.headers.authorization).replace(/^Bearer /, ''));
    if (url.pathname === '/user' && login) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(USERS[login]));
      return;
    }
    res.writeHead(401).end();
  });
  return new Promise((resolve) => standIn.listen(0, '127.0.0.1', () => resolve()));
}

/** Starts a CTFtime sign-in in the browser: CTFtime's authorize URL. */
async function start(client: TestClient): Promise<URL> {
  const started = await client.get('/api/account/ctftime/login');
  return new URL(String(started.headers.location));
}

/** A player signs in with CTFtime as the given CTFtime user, in a browser of their own. */
async function signInAs(login: string): Promise<TestClient> {
  const client = new TestClient(ctx.app);
  const authorize = await start(client);
  expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
    client_id: EVENT_ID,
    scope: 'profile:read team:read',
    response_type: 'code',
    redirect_uri: `${PUBLIC_URL}/api/account/ctftime/callback`,
  });
  authorize.searchParams.set('as', login);
  const atCtftime = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(String(atCtftime.headers.get('location')));
  const finished = await client.get(back.pathname + back.search);
  expect(finished.headers.location).toBe('/');
  return client;
}

beforeAll(async () => {
  await startStandIn();
  base = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  ctx = await createTestContext({
    PUBLIC_URL,
    CTFTIME_CLIENT_ID: EVENT_ID,
    CTFTIME_CLIENT_SECRET: SECRET,
    CTFTIME_OAUTH_URL: base,
  });
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => standIn.close(resolve));
});

describe('signing in with CTFtime', () => {
  it('is offered on the sign-in page', async () => {
    const config = ok<ClientConfig>(await new TestClient(ctx.app).get('/api/config'));
    expect(config.signInProviders).toEqual([{ id: 'ctftime', name: 'CTFtime' }]);
  });

  it('puts two team-mates into one Flagpole team, made for their CTFtime team', async () => {
    const ann = await signInAs('ann');
    const ben = await signInAs('ben');
    expect(tokenRequests.at(-1)?.get('grant_type')).toBe('authorization_code');
    const teams = await ctx.db.selectFrom('teams').selectAll().where('ctftime_team_id', '=', TEAM.id).execute();
    expect(teams).toHaveLength(1);
    expect(teams[0]).toMatchObject({ name: 'Überlänge Pwners of', ctftime_country: 'DE' });
    for (const client of [ann, ben]) {
      const mine = ok<Array<{ id: number; members: Array<{ userName: string }> }>>(await client.get('/api/team'));
      expect(mine.map((team) => team.id)).toEqual([teams[0]?.id]);
    }
    const members = ok<{ members: Array<{ userName: string; captain: boolean }> }>(
      await ann.get(`/api/team/${teams[0]?.id}`),
    ).members;
    expect(members.map((m) => [m.userName, m.captain]).sort()).toEqual([
      ['ann', true],
      ['ben', false],
    ]);
  });

  it('opens the same account the next time, without a second team membership', async () => {
    const again = await signInAs('ann');
    expect(ok<unknown[]>(await again.get('/api/team'))).toHaveLength(1);
    const linked = ok<LinkedIdentitiesModel>(await again.get('/api/account/identities'));
    expect(linked.identities).toMatchObject([{ provider: 'ctftime', providerName: 'CTFtime', displayName: 'ann' }]);
  });

  it('makes no team for a player who captains the most teams a user may already', async () => {
    const carl = await signInAs('carl');
    for (const name of ['one', 'two', 'three']) ok(await carl.post('/api/team', { name }));
    USERS.carl = { id: 1004, name: 'carl', team: { id: 88, name: 'Fourth', country: 'FR', logo: '' } };
    await signInAs('carl');
    expect(ok<unknown[]>(await carl.get('/api/team'))).toHaveLength(3);
    const made = await ctx.db.selectFrom('teams').select('id').where('ctftime_team_id', '=', 88).execute();
    expect(made).toEqual([]);
  });

  it('refuses a code CTFtime already exchanged, brought back under a new sign-in', async () => {
    const browser = new TestClient(ctx.app);
    const authorize = await start(browser);
    authorize.searchParams.set('as', 'solo');
    const back = new URL(String((await fetch(authorize, { redirect: 'manual' })).headers.get('location')));
    expect((await browser.get(back.pathname + back.search)).headers.location).toBe('/');
    const other = new TestClient(ctx.app);
    back.searchParams.set('state', String((await start(other)).searchParams.get('state')));
    const replayed = await other.get(back.pathname + back.search);
    expect(replayed.headers.location).toBe('/account/login?signInError=codeRejected');
  });

  it('leaves a player without a CTFtime team without a team', async () => {
    const solo = await signInAs('solo');
    expect(ok<unknown[]>(await solo.get('/api/team'))).toEqual([]);
  });
});
