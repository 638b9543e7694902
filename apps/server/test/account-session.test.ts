import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndSignIn, STRONG_PASSWORD, TestClient } from './client';
import { createTestContext, json, type TestContext } from './harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const errorBody = (status: number) => ({ title: expect.any(String), status });

describe('POST /api/account/login', () => {
  it('signs in by user name or e-mail with an empty 200 and a session cookie', async () => {
    await registerAndSignIn(ctx.app, 'Leon');
    for (const userName of ['leon', 'LEON@example.com']) {
      const client = new TestClient(ctx.app);
      const response = await client.post('/api/account/login', { userName, password: STRONG_PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('');
      expect(client.sessionCookie).toMatch(/^[\w-]{40,}$/);
      expect(json(await client.get('/api/account/profile'))).toMatchObject({ userName: 'Leon' });
    }
  });

  it('answers 401 for an unknown user, a wrong password and a banned user', async () => {
    await registerAndSignIn(ctx.app, 'mona');
    await ctx.db.updateTable('users').set({ role: 'Banned' }).where('user_name', '=', 'mona').execute();
    const attempts = [
      { userName: 'nobody', password: STRONG_PASSWORD },
      { userName: 'leon', password: 'Wrong-passw0rd' },
      { userName: 'mona', password: STRONG_PASSWORD },
    ];
    for (const body of attempts) {
      const client = new TestClient(ctx.app);
      const response = await client.post('/api/account/login', body);
      expect(response.statusCode, body.userName).toBe(401);
      expect(json(response)).toEqual(errorBody(401));
      expect(client.sessionCookie).toBeUndefined();
    }
  });

  it('stores only a hash of the session token', async () => {
    const client = await registerAndSignIn(ctx.app, 'nina');
    const rows = await ctx.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(client.sessionCookie);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});

describe('roles', () => {
  it('answers 401 to anonymous callers and 403 to banned users on user routes; bans apply at once', async () => {
    const anonymous = await new TestClient(ctx.app).get('/api/account/profile');
    expect(anonymous.statusCode).toBe(401);
    expect(json(anonymous)).toEqual(errorBody(401));

    const client = await registerAndSignIn(ctx.app, 'oscar');
    expect((await client.get('/api/account/profile')).statusCode).toBe(200);
    await ctx.db.updateTable('users').set({ role: 'Banned' }).where('user_name', '=', 'oscar').execute();
    const banned = await client.get('/api/account/profile');
    expect(banned.statusCode).toBe(403);
    expect(json(banned)).toEqual(errorBody(403));
    expect((await client.get('/api/config')).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('logs out: the cookie is cleared and the session ends on the server', async () => {
    const client = await registerAndSignIn(ctx.app, 'paula');
    const token = client.sessionCookie as string;
    const response = await client.post('/api/account/logout');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(client.sessionCookie).toBeUndefined();
    const replay = await ctx.app.inject({ url: '/api/account/profile', cookies: { flagpole_session: token } });
    expect(replay.statusCode).toBe(401);
    expect((await client.post('/api/account/logout')).statusCode).toBe(401);
  });

  it('expires after 7 days without use and slides while used', async () => {
    const client = await registerAndSignIn(ctx.app, 'quinn');
    ctx.clock.advance(5 * 24 * 3600_000);
    const used = await client.get('/api/account/profile');
    expect(used.statusCode).toBe(200);
    expect(used.cookies.find((c) => c.name === 'flagpole_session')).toBeDefined();
    ctx.clock.advance(5 * 24 * 3600_000);
    expect((await client.get('/api/account/profile')).statusCode).toBe(200);
    ctx.clock.advance(8 * 24 * 3600_000);
    expect((await client.get('/api/account/profile')).statusCode).toBe(401);
  });

  it('records the last visit and address at most every few seconds', async () => {
    const client = await registerAndSignIn(ctx.app, 'rita', '10.1.2.3');
    await client.get('/api/account/profile');
    const first = await ctx.db
      .selectFrom('users')
      .select(['last_visited_at', 'last_ip'])
      .where('user_name', '=', 'rita')
      .executeTakeFirstOrThrow();
    expect(first.last_ip).toBe('10.1.2.3');
    ctx.clock.advance(1000);
    await client.get('/api/account/profile');
    const second = await ctx.db
      .selectFrom('users')
      .select('last_visited_at')
      .where('user_name', '=', 'rita')
      .executeTakeFirstOrThrow();
    expect(second.last_visited_at?.getTime()).toBe(first.last_visited_at?.getTime());
    ctx.clock.advance(10_000);
    await client.get('/api/account/profile');
    const third = await ctx.db
      .selectFrom('users')
      .select('last_visited_at')
      .where('user_name', '=', 'rita')
      .executeTakeFirstOrThrow();
    expect(third.last_visited_at?.getTime()).toBeGreaterThan(first.last_visited_at?.getTime() ?? 0);
  });
});

describe('XSRF protection', () => {
  it('issues a readable XSRF-TOKEN cookie where a client will need one', async () => {
    const anonymousRead = await ctx.app.inject({ url: '/api/config' });
    expect(anonymousRead.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
    const page = await ctx.app.inject({ url: '/games' });
    expect(page.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeDefined();
    const response = await ctx.app.inject({ url: '/api/account/profile' });
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]{20,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie).toMatchObject({ sameSite: 'Lax', path: '/' });
    const again = await ctx.app.inject({ url: '/api/account/profile', cookies: { 'XSRF-TOKEN': 'abc' } });
    expect(again.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it('refuses session-authenticated unsafe requests without a matching header', async () => {
    const client = await registerAndSignIn(ctx.app, 'sam');
    const missing = await client.put('/api/account/update', { bio: 'x' }, { withoutXsrf: true });
    expect(missing.statusCode).toBe(403);
    expect(json(missing)).toEqual(errorBody(403));
    const mismatched = await client.put(
      '/api/account/update',
      { bio: 'x' },
      { withoutXsrf: true, headers: { 'x-xsrf-token': 'nope' } },
    );
    expect(mismatched.statusCode).toBe(403);
    const profile = json<{ bio: string }>(await client.get('/api/account/profile'));
    expect(profile.bio).toBe('');
    const matching = await client.put('/api/account/update', { bio: 'x' });
    expect(matching.statusCode).toBe(200);
    expect(json<{ bio: string }>(await client.get('/api/account/profile')).bio).toBe('x');
  });

  it('does not check anonymous requests', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName: 'sam', password: STRONG_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('PUT /api/account/update', () => {
  it('changes given fields, leaves absent and null ones, and refuses a taken name', async () => {
    await registerAndSignIn(ctx.app, 'taken');
    const client = await registerAndSignIn(ctx.app, 'uma');
    const update = await client.put('/api/account/update', {
      bio: 'hello',
      realName: 'Uma U',
      stdNumber: '42',
      phone: '+1 555 0100',
    });
    expect(update.statusCode).toBe(200);
    expect(update.body).toBe('');
    await client.put('/api/account/update', { userName: null, bio: null, realName: 'Uma V' });
    expect(json(await client.get('/api/account/profile'))).toMatchObject({
      userName: 'uma',
      bio: 'hello',
      realName: 'Uma V',
      stdNumber: '42',
      phone: '+1 555 0100',
    });
    const clash = await client.put('/api/account/update', { userName: 'TAKEN' });
    expect(clash.statusCode).toBe(400);
    expect(json(clash)).toEqual(errorBody(400));
    expect((await client.put('/api/account/update', { userName: 'uma2' })).statusCode).toBe(200);
    expect(json(await client.get('/api/account/profile'))).toMatchObject({ userName: 'uma2' });
  });
});

describe('PUT /api/account/changepassword', () => {
  it('needs the old password and a strong new one, then ends the other sessions only', async () => {
    const client = await registerAndSignIn(ctx.app, 'vera');
    const other = new TestClient(ctx.app, '10.9.9.9');
    await other.post('/api/account/login', { userName: 'vera', password: STRONG_PASSWORD });
    expect((await other.get('/api/account/profile')).statusCode).toBe(200);

    const wrongOld = await client.put('/api/account/changepassword', { old: 'Wrong-passw0rd', new: 'N3w-password' });
    expect(wrongOld.statusCode).toBe(400);
    const weak = await client.put('/api/account/changepassword', { old: STRONG_PASSWORD, new: 'alllowercase' });
    expect(weak.statusCode).toBe(400);
    expect((await other.get('/api/account/profile')).statusCode).toBe(200);

    const changed = await client.put('/api/account/changepassword', { old: STRONG_PASSWORD, new: 'N3w-password' });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe('');
    expect((await client.get('/api/account/profile')).statusCode).toBe(200);
    expect((await other.get('/api/account/profile')).statusCode).toBe(401);
    const oldLogin = await new TestClient(ctx.app).post('/api/account/login', {
      userName: 'vera',
      password: STRONG_PASSWORD,
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await new TestClient(ctx.app).post('/api/account/login', {
      userName: 'vera',
      password: 'N3w-password',
    });
    expect(newLogin.statusCode).toBe(200);
  });
});
