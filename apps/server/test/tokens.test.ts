import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { MemoryEventBus } from '../src/lib/event-bus';
import type { TestClient } from './client';
import { del, expectError, ok, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';

interface ApiToken {
  id: string;
  name: string;
  creatorId: string;
  createdAt: number;
  expiresAt: number | null;
  lastUsedAt: number | null;
  isRevoked: boolean;
  creator: string | null;
}
interface TokenResponse {
  token: string;
  info: ApiToken;
}

const DAY = 86_400_000;
let ctx: TestContext;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'tokenadmin');
});
afterAll(() => ctx.close());

async function issue(name: string, expiresIn?: number | null): Promise<TokenResponse> {
  return ok<TokenResponse>(await admin.post('/api/tokens', { name, expiresIn }));
}

/** A call with nothing but the token: no cookies, no XSRF header. */
function withToken(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: payload as string });
}

const status = (response: LightMyRequestResponse) => response.statusCode;

describe('issuing and listing API tokens', () => {
  it('answers the secret once and stores the token with its creator and expiry', async () => {
    const issued = await issue('ci bot', 30);
    const adminId = (
      await ctx.db.selectFrom('users').select('id').where('user_name', '=', 'tokenadmin').executeTakeFirstOrThrow()
    ).id;
    const now = ctx.clock.now().getTime();
    expect(issued.info).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      name: 'ci bot',
      creatorId: adminId,
      createdAt: now,
      expiresAt: Math.floor(now / 1000) * 1000 + 30 * DAY,
      lastUsedAt: null,
      isRevoked: false,
      creator: 'tokenadmin',
    });
    const [body, signature] = issued.token.split('.');
    expect(JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8'))).toEqual({
      jti: issued.info.id,
      iat: Math.floor(now / 1000),
      exp: Math.floor(now / 1000) + 30 * 86_400,
    });
    expect(Buffer.from(signature ?? '', 'base64url')).toHaveLength(64);
    const listed = ok<ApiToken[]>(await admin.get('/api/tokens'));
    expect(listed.find((t) => t.id === issued.info.id)).toEqual(issued.info);
    const stored = await ctx.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', issued.info.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(signature);
  });

  it('never expires with expiresIn 0, null or left out', async () => {
    for (const expiresIn of [0, null, undefined]) {
      const issued = await issue(`forever ${String(expiresIn)}`, expiresIn);
      expect(issued.info.expiresAt).toBeNull();
      expect(
        JSON.parse(Buffer.from(issued.token.split('.')[0] ?? '', 'base64url').toString('utf8')),
      ).not.toHaveProperty('exp');
    }
  });

  it('lists newest first, revoked ones included', async () => {
    const older = await issue('older');
    ctx.clock.advance(1000);
    const newer = await issue('newer');
    ok(await del(admin, `/api/tokens/${older.info.id}`));
    const listed = ok<ApiToken[]>(await admin.get('/api/tokens'));
    const ids = listed.map((t) => t.id);
    expect(ids.indexOf(newer.info.id)).toBeLessThan(ids.indexOf(older.info.id));
    expect(listed.find((t) => t.id === older.info.id)?.isRevoked).toBe(true);
  });
});

describe('calling the API with a token', () => {
  it("acts with the issuer's current role, without cookies or an XSRF header", async () => {
    const issuer = await signUpAdmin(ctx, 'issuer');
    const { token, info } = ok<TokenResponse>(await issuer.post('/api/tokens', { name: 'script' }));
    expect(status(await withToken(token, 'GET', '/api/tokens'))).toBe(200);
    const created = await withToken(token, 'POST', '/api/edit/posts', { title: 'From a script' });
    expect(status(created)).toBe(200);
    const profile = json<{ userName: string }>(await withToken(token, 'GET', '/api/account/profile'));
    expect(profile.userName).toBe('issuer');

    await ctx.db.updateTable('users').set({ role: 'User' }).where('id', '=', info.creatorId).execute();
    expectError(await withToken(token, 'GET', '/api/tokens'), 403);
    expect(status(await withToken(token, 'GET', '/api/account/profile'))).toBe(200);
    await ctx.db.updateTable('users').set({ role: 'Banned' }).where('id', '=', info.creatorId).execute();
    expectError(await withToken(token, 'GET', '/api/account/profile'), 403);
  });

  it('records when a token was last used, at most once a minute', async () => {
    const { token, info } = await issue('usage');
    const lastUsed = async () =>
      (await ctx.db.selectFrom('api_tokens').select('last_used_at').where('id', '=', info.id).executeTakeFirstOrThrow())
        .last_used_at;
    await withToken(token, 'GET', '/api/tokens');
    const first = ctx.clock.now().getTime();
    expect((await lastUsed())?.getTime()).toBe(first);
    ctx.clock.advance(30_000);
    await withToken(token, 'GET', '/api/tokens');
    expect((await lastUsed())?.getTime()).toBe(first);
    ctx.clock.advance(31_000);
    await withToken(token, 'GET', '/api/tokens');
    expect((await lastUsed())?.getTime()).toBe(first + 61_000);
  });

  it('refuses revoked tokens until restored, and deleted tokens for good', async () => {
    const { token, info } = await issue('revocable');
    expect(status(await withToken(token, 'GET', '/api/tokens'))).toBe(200);
    ok(await del(admin, `/api/tokens/${info.id}`));
    expectError(await withToken(token, 'GET', '/api/tokens'), 401);
    ok(await admin.post(`/api/tokens/${info.id}/restore`));
    expect(status(await withToken(token, 'GET', '/api/tokens'))).toBe(200);
    ok(await del(admin, `/api/tokens/${info.id}?delete=true`));
    expectError(await withToken(token, 'GET', '/api/tokens'), 401);
    expect(ok<ApiToken[]>(await admin.get('/api/tokens')).some((t) => t.id === info.id)).toBe(false);
    expectError(await admin.post(`/api/tokens/${info.id}/restore`), 404);
  });

  it('refuses expired tokens', async () => {
    const { token } = await issue('short', 1);
    ctx.clock.advance(DAY - 2000);
    expect(status(await withToken(token, 'GET', '/api/tokens'))).toBe(200);
    ctx.clock.advance(2000);
    expectError(await withToken(token, 'GET', '/api/tokens'), 401);
  });

  it('refuses forged, altered and malformed tokens with 401, public routes included', async () => {
    const { token, info } = await issue('target');
    const [body, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const otherBody = Buffer.from(JSON.stringify({ ...claims, iat: 1 }), 'utf8').toString('base64url');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
    const forged = [
      `${otherBody}.${signature}`,
      `${body}.${flipped}`,
      `${Buffer.from(JSON.stringify({ jti: info.id, iat: 1 })).toString('base64url')}.${'A'.repeat(86)}`,
      'garbage',
      `${token}.extra`,
      'x'.repeat(3000),
    ];
    for (const bad of forged) {
      const response = await withToken(bad, 'GET', '/api/tokens');
      expectError(response, 401);
      expect(response.headers['www-authenticate']).toContain('invalid_token');
      expectError(await withToken(bad, 'GET', '/api/posts'), 401);
    }
    for (const header of ['Bearer', 'Bearer ', `Bearer ${token} ${token}`]) {
      expectError(await ctx.app.inject({ url: '/api/tokens', headers: { authorization: header } }), 401);
    }
    // Other schemes are not API tokens: the caller is simply anonymous.
    expectError(await ctx.app.inject({ url: '/api/tokens', headers: { authorization: 'Basic YTpi' } }), 401);
    expect(status(await ctx.app.inject({ url: '/api/posts', headers: { authorization: 'Basic YTpi' } }))).toBe(200);
  });

  it('lets a token stand in for a session without the XSRF check, which cookie callers still need', async () => {
    const { token } = await issue('xsrf');
    const session = await admin.post('/api/tokens', { name: 'no header' }, { withoutXsrf: true });
    expectError(session, 403);
    const bearer = await ctx.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'by token' },
    });
    expect(status(bearer)).toBe(200);
    expect(bearer.cookies.map((c) => c.name)).not.toContain('flagpole_session');
  });
});

describe('several server processes', () => {
  it('sign and check tokens with the one key pair kept in the database', async () => {
    const events = new MemoryEventBus();
    const second = await buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, store: ctx.store, events });
    try {
      await second.ready();
      const { token, info } = await issue('shared');
      const call = (app: typeof second) =>
        app.inject({ url: '/api/tokens', headers: { authorization: `Bearer ${token}` } });
      expect((await call(second)).statusCode).toBe(200);
      ok(await del(admin, `/api/tokens/${info.id}`));
      expectError(await call(second), 401);
      expect(await ctx.db.selectFrom('signing_keys').select('purpose').execute()).toEqual([{ purpose: 'api-token' }]);
    } finally {
      await second.close();
      await events.close();
    }
  });
});

describe('bad requests to /api/tokens', () => {
  it('checks the name and the expiry', async () => {
    const bodies: unknown[] = [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(129) },
      { name: 42 },
      { name: 'ok', expiresIn: -1 },
      { name: 'ok', expiresIn: 1.5 },
      { name: 'ok', expiresIn: '7' },
      { name: 'ok', expiresIn: 1e9 },
      [],
      null,
    ];
    for (const body of bodies) expectError(await admin.post('/api/tokens', body), 400);
    expectError(
      await admin.post('/api/tokens', undefined, { raw: { body: '{"name":', contentType: 'application/json' } }),
      400,
    );
    expectError(
      await admin.post('/api/tokens', undefined, {
        raw: { body: `{"name":"${'x'.repeat(2_000_000)}"}`, contentType: 'application/json' },
      }),
      413,
    );
    expect(ok<ApiToken[]>(await admin.get('/api/tokens')).some((t) => t.name === 'ok')).toBe(false);
  });

  it('answers 404 for unknown or malformed ids and 400 for a malformed delete flag', async () => {
    const { info } = await issue('kept');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-guid', '1', 'x'.repeat(64)]) {
      expectError(await del(admin, `/api/tokens/${id}`), 404);
      expectError(await admin.post(`/api/tokens/${id}/restore`), 404);
    }
    expectError(await del(admin, `/api/tokens/${'x'.repeat(65)}`), 400);
    expectError(await del(admin, `/api/tokens/${info.id}?delete=maybe`), 400);
    expect(ok<ApiToken[]>(await admin.get('/api/tokens')).find((t) => t.id === info.id)?.isRevoked).toBe(false);
  });

  it('is for administrators only', async () => {
    const user = await signUp(ctx, 'tokenuser');
    const { info } = await issue('guarded');
    expectError(await user.get('/api/tokens'), 403);
    expectError(await user.post('/api/tokens', { name: 'mine' }), 403);
    expectError(await del(user, `/api/tokens/${info.id}`), 403);
    expectError(await ctx.app.inject({ url: '/api/tokens' }), 401);
    expectError(await ctx.app.inject({ method: 'POST', url: '/api/tokens', payload: { name: 'anon' } }), 401);
    expect(ok<ApiToken[]>(await admin.get('/api/tokens')).find((t) => t.id === info.id)?.isRevoked).toBe(false);
  });
});

describe('the OpenAPI document', () => {
  it('publishes the token, post-editing, writeup and sheet routes', async () => {
    const response = await ctx.app.inject({ url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = json<{ paths: Record<string, Record<string, unknown>> }>(response).paths;
    const expected: Array<[string, string]> = [
      ['/api/tokens', 'get'],
      ['/api/tokens', 'post'],
      ['/api/tokens/{id}', 'delete'],
      ['/api/tokens/{id}/restore', 'post'],
      ['/api/edit/posts', 'post'],
      ['/api/edit/posts/{id}', 'put'],
      ['/api/edit/posts/{id}', 'delete'],
      ['/api/game/{id}/writeup', 'get'],
      ['/api/game/{id}/writeup', 'post'],
      ['/api/admin/writeups/{id}', 'get'],
      ['/api/admin/writeups/{id}/all', 'get'],
      ['/api/edit/games/{id}/writeups', 'delete'],
      ['/api/game/{id}/scoreboardsheet', 'get'],
      ['/api/game/{id}/submissionsheet', 'get'],
    ];
    for (const [path, method] of expected) expect(paths[path], `${method} ${path}`).toHaveProperty(method);
  });
});
