import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectClientError, jsonProbes, type Probe, uploadProbes } from './bad-input-probes';
import { registerAndSignIn, TestClient } from './client';
import { createTestContext, type TestContext } from './harness';

/**
 * The bad-input walker: every endpoint of the account and info areas gets malformed, mistyped,
 * oversized and unauthorised requests. Each must answer 4xx `{title, status}`, never 5xx, and
 * nothing stored may change.
 */

interface Endpoint {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  access: 'public' | 'User';
  body: 'json' | 'multipart' | 'none';
  fields?: string[];
  /** An empty object is a valid body (every field optional). */
  emptyIsValid?: boolean;
}

const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    url: '/api/account/register',
    access: 'public',
    body: 'json',
    fields: ['userName', 'password', 'email', 'challenge'],
  },
  {
    method: 'POST',
    url: '/api/account/login',
    access: 'public',
    body: 'json',
    fields: ['userName', 'password', 'challenge'],
  },
  { method: 'POST', url: '/api/account/verify', access: 'public', body: 'json', fields: ['token', 'email'] },
  { method: 'POST', url: '/api/account/recovery', access: 'public', body: 'json', fields: ['email', 'challenge'] },
  {
    method: 'POST',
    url: '/api/account/passwordreset',
    access: 'public',
    body: 'json',
    fields: ['password', 'email', 'rToken'],
  },
  {
    method: 'PUT',
    url: '/api/account/update',
    access: 'User',
    body: 'json',
    emptyIsValid: true,
    fields: ['userName', 'bio', 'phone', 'realName', 'stdNumber'],
  },
  { method: 'PUT', url: '/api/account/changepassword', access: 'User', body: 'json', fields: ['old', 'new'] },
  { method: 'PUT', url: '/api/account/changeemail', access: 'User', body: 'json', fields: ['newMail'] },
  { method: 'POST', url: '/api/account/mailchangeconfirm', access: 'User', body: 'json', fields: ['token', 'email'] },
  { method: 'PUT', url: '/api/account/avatar', access: 'User', body: 'multipart' },
  { method: 'GET', url: '/api/account/profile', access: 'User', body: 'none' },
  { method: 'POST', url: '/api/account/logout', access: 'User', body: 'none' },
];

/** Public reads probed through their path parameters. */
const BAD_PATHS = [
  '/api/posts/zzzzzzzz',
  `/api/posts/${'f'.repeat(300)}`,
  '/api/posts/%00',
  '/api/posts/..%2f..%2fetc',
  `/assets/${'0'.repeat(64)}/a`,
  '/assets/short/a',
  `/assets/${'g'.repeat(64)}/a`,
  `/assets/${'0'.repeat(300)}/a`,
  '/api/no-such-thing',
];

let ctx: TestContext;
let prober: TestClient;
let banned: TestClient;

beforeAll(async () => {
  ctx = await createTestContext({ CAPTCHA_PROVIDER: 'HashPow', POW_DIFFICULTY: '8' });
  await ctx.app.services.settings.update('accountPolicy', { useCaptcha: false });
  prober = await registerAndSignIn(ctx.app, 'prober');
  banned = await registerAndSignIn(ctx.app, 'banned');
  await ctx.db.updateTable('users').set({ role: 'Banned' }).where('user_name', '=', 'banned').execute();
});
afterAll(() => ctx.close());

/** Everything stored that a request could change, minus visit bookkeeping. */
async function snapshot() {
  const users = await ctx.db
    .selectFrom('users')
    .select([
      'id',
      'user_name',
      'email',
      'email_confirmed',
      'password_hash',
      'role',
      'bio',
      'phone',
      'real_name',
      'std_number',
      'avatar_hash',
    ])
    .orderBy('id')
    .execute();
  const tokens = await ctx.db.selectFrom('account_tokens').select('token_hash').orderBy('token_hash').execute();
  const files = await ctx.db.selectFrom('files').selectAll().orderBy('hash').execute();
  const sessions = await ctx.db.selectFrom('sessions').select('token_hash').orderBy('token_hash').execute();
  return { users, tokens, files, sessions };
}

const raw = (body: string | Buffer, contentType: string) => ({ raw: { body, contentType } });

/** The walker's bodies for the endpoint; the captcha answer is optional, so leaving it out proves nothing. */
function probesOf(endpoint: Endpoint): Probe[] {
  if (endpoint.body === 'multipart') return uploadProbes('image');
  if (endpoint.body === 'none') return [];
  const probes = jsonProbes(endpoint.fields ?? [], { emptyIsValid: endpoint.emptyIsValid, eachMissing: true });
  return probes.filter(([label]) => label !== 'missing challenge');
}

describe('bad input walker', () => {
  it('answers every malformed request with 4xx {title, status} and changes nothing', async () => {
    const before = await snapshot();
    let probes = 0;
    for (const endpoint of ENDPOINTS) {
      const caller = endpoint.access === 'User' ? prober : new TestClient(ctx.app, '10.99.0.1');
      for (const [label, body, contentType] of probesOf(endpoint)) {
        const response = await caller.send(endpoint.method, endpoint.url, undefined, raw(body, contentType));
        expectClientError(response, `${endpoint.method} ${endpoint.url} ${label}`);
        probes++;
      }
    }
    expect(probes).toBeGreaterThan(100);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses anonymous, banned, forged-session and unknown-token callers on user routes', async () => {
    const before = await snapshot();
    const callers: Array<[string, TestClient, Record<string, string>]> = [
      ['anonymous', new TestClient(ctx.app, '10.99.0.2'), {}],
      ['banned', banned, {}],
      ['forged session', new TestClient(ctx.app, '10.99.0.3'), { cookie: 'flagpole_session=forged-session-value' }],
      ['unknown bearer token', new TestClient(ctx.app, '10.99.0.4'), { authorization: 'Bearer not-a-token' }],
    ];
    for (const endpoint of ENDPOINTS.filter((e) => e.access === 'User')) {
      for (const [label, caller, headers] of callers) {
        const body =
          endpoint.body === 'json'
            ? { bio: 'changed', old: 'a', new: 'b', newMail: 'x@example.com', token: 'a', email: 'b' }
            : undefined;
        const response = await caller.send(endpoint.method, endpoint.url, body, { headers });
        expectClientError(response, `${endpoint.method} ${endpoint.url} as ${label}`);
        expect(response.statusCode, `${endpoint.url} as ${label}`).toBe(label === 'banned' ? 403 : 401);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers bad path parameters with 404 {title, status}', async () => {
    for (const url of BAD_PATHS) expectClientError(await ctx.app.inject({ url }), url);
  });

  it('rejects cross-site style writes by a signed-in browser without the XSRF header', async () => {
    const before = await snapshot();
    for (const endpoint of ENDPOINTS.filter((e) => e.method !== 'GET')) {
      const response = await prober.send(endpoint.method, endpoint.url, { bio: 'csrf' }, { withoutXsrf: true });
      expectClientError(response, `${endpoint.url} without XSRF`);
      expect(response.statusCode).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});
