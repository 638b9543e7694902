import { Writable } from 'node:stream';
import type { ClientConfig, LinkedIdentitiesModel, ProfileUserInfoModel } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, TestClient } from './client';
import { del, expectError, ok, signUp } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { signInAtProvider, startOidcProvider, type TestProvider } from './oidc-provider';

/*
 * OpenID Connect sign-in (docs/integrations.md) against a real provider (npm `oidc-provider`) on loopback: the
 * redirect out, the provider's login and consent pages, and the callback, which the app answers in process.
 */

const PUBLIC_URL = 'http://localhost:5999';
let provider: TestProvider;
let ctx: TestContext;
/** Every log line of the app, at trace level: no secret of a sign-in may be among them. */
const logLines: string[] = [];
/** The codes and states the provider handed out, to look for in the log at the end. */
const seenSecrets = new Set<string>();

const policy = (patch: Record<string, boolean | string>) => ctx.app.services.settings.update('accountPolicy', patch);

/** Starts a sign-in (or a link, for a signed-in client): the provider's URL. */
async function start(client: TestClient): Promise<string> {
  const response = await client.get('/api/account/oidc/login');
  expect(response.statusCode, response.body).toBe(302);
  return String(response.headers.location);
}

/** The callback as the browser makes it, from the URL the provider sent it to. */
async function callback(client: TestClient, url: URL): Promise<string> {
  for (const name of ['code', 'state']) {
    const value = url.searchParams.get(name);
    if (value) seenSecrets.add(value);
  }
  expect(url.href.startsWith(`${PUBLIC_URL}/api/account/oidc/callback?`)).toBe(true);
  const response = await client.get(url.pathname + url.search);
  expect(response.statusCode, response.body).toBe(302);
  return String(response.headers.location);
}

async function signInAs(login: string, client = new TestClient(ctx.app)): Promise<{ client: TestClient; to: string }> {
  const to = await callback(client, await signInAtProvider(await start(client), login));
  return { client, to };
}

const profileOf = async (client: TestClient) => ok<ProfileUserInfoModel>(await client.get('/api/account/profile'));

beforeAll(async () => {
  provider = await startOidcProvider([`${PUBLIC_URL}/api/account/oidc/callback`]);
  ctx = await createTestContext(
    {
      PUBLIC_URL,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: 'Campus',
      LOG_LEVEL: 'trace',
    },
    {
      logStream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    },
  );
});
afterAll(async () => {
  await ctx.close();
  await provider.close();
});

describe('signing in with OpenID Connect', () => {
  it('tells the web app about the provider', async () => {
    const config = ok<ClientConfig>(await new TestClient(ctx.app).get('/api/config'));
    expect(config.signInProviders).toEqual([{ id: 'oidc', name: 'Campus' }]);
    expect(config.passwordSignIn).toBe(true);
  });

  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const url = new URL(await start(new TestClient(ctx.app)));
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: provider.clientId,
      redirect_uri: `${PUBLIC_URL}/api/account/oidc/callback`,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      state: expect.any(String),
      nonce: expect.any(String),
    });
  });

  it('creates the account on the first sign-in and opens the same one the next time', async () => {
    const first = await signInAs('alice');
    expect(first.to).toBe('/');
    const profile = await profileOf(first.client);
    expect(profile).toMatchObject({ userName: 'alice', email: 'alice@example.org' });
    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', profile.userId)
      .executeTakeFirstOrThrow();
    expect(user.email_confirmed).toBe(true);
    ok(await first.client.post('/api/account/logout'));

    const again = await signInAs('alice', first.client);
    expect((await profileOf(again.client)).userId).toBe(profile.userId);
    const linked = ok<LinkedIdentitiesModel>(await again.client.get('/api/account/identities'));
    expect(linked).toMatchObject({
      hasPassword: false,
      identities: [{ provider: 'oidc', providerName: 'Campus', displayName: 'alice@example.org' }],
    });
    // No password: the only way in stays.
    expectError(await del(again.client, '/api/account/identities/oidc'), 400);
  });

  it('makes a taken user name unique and keeps an unverified address unconfirmed', async () => {
    await signUp(ctx, 'unverified.dave');
    const { client } = await signInAs('unverified.dave@example.net');
    const profile = await profileOf(client);
    expect(profile.userName).not.toBe('unverified.dave');
    expect(profile.userName).toMatch(/^unverified\.\d{4}$/);
    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', profile.userId)
      .executeTakeFirstOrThrow();
    expect(user.email_confirmed).toBe(false);
    // Nobody takes the account over by registering its address.
    const register = await new TestClient(ctx.app, '10.9.9.9').post('/api/account/register', {
      userName: 'taker',
      email: 'unverified.dave@example.net',
      password: STRONG_PASSWORD,
    });
    expectError(register, 400);
  });

  it('links the identity to the signed-in account from the profile, and unlinks it', async () => {
    const owner = await signUp(ctx, 'linker');
    const to = await callback(owner, await signInAtProvider(await start(owner), 'linker-campus'));
    expect(to).toBe('/account/profile');
    const ownerId = (await profileOf(owner)).userId;
    const { client } = await signInAs('linker-campus');
    expect((await profileOf(client)).userId).toBe(ownerId);

    const other = await signUp(ctx, 'intruder');
    const refused = await callback(other, await signInAtProvider(await start(other), 'linker-campus'));
    expect(refused).toBe('/account/profile?signInError=alreadyLinked');

    ok(await del(owner, '/api/account/identities/oidc'));
    expectError(await del(owner, '/api/account/identities/oidc'), 404);
    expectError(await del(owner, '/api/account/identities/google'), 400);
  });
});

describe('a sign-in that fails ends on the sign-in page with its reason', () => {
  it('refuses a callback whose state is not the browser’s, and a replayed callback', async () => {
    const browser = new TestClient(ctx.app);
    const back = await signInAtProvider(await start(browser), 'eve');
    const stranger = new TestClient(ctx.app);
    expect(await callback(stranger, back)).toBe('/account/login?signInError=stateInvalid');
    expect(await callback(browser, back)).toBe('/');
    // Signed in by then: the refusal shows on the profile page.
    expect(await callback(browser, back)).toBe('/account/profile?signInError=stateInvalid');
  });

  it('refuses a code used once already, brought back under a new sign-in', async () => {
    const browser = new TestClient(ctx.app);
    const used = await signInAtProvider(await start(browser), 'mallory');
    expect(await callback(browser, used)).toBe('/');
    const other = new TestClient(ctx.app);
    const fresh = new URL(await start(other));
    const replay = new URL(used);
    replay.searchParams.set('state', String(fresh.searchParams.get('state')));
    expect(await callback(other, replay)).toBe('/account/login?signInError=codeRejected');
  });

  it('says so when the player declines at the provider', async () => {
    const browser = new TestClient(ctx.app);
    const back = await signInAtProvider(await start(browser), 'shy', { decline: true });
    expect(await callback(browser, back)).toBe('/account/login?signInError=denied');
  });

  it('refuses addresses outside the platform’s e-mail domains, and a verified address of another account', async () => {
    await policy({ emailDomainList: 'example.org' });
    try {
      expect((await signInAs('carol@elsewhere.test')).to).toBe('/account/login?signInError=emailDomainNotAllowed');
      expect((await signInAs('carol')).to).toBe('/');
    } finally {
      await policy({ emailDomainList: '' });
    }
    await signUp(ctx, 'frank');
    expect((await signInAs('frank@example.com')).to).toBe('/account/login?signInError=emailTaken');
  });

  it('says the provider is unavailable when it cannot be reached', async () => {
    const down = await createTestContext({
      PUBLIC_URL,
      OIDC_ISSUER: 'http://127.0.0.1:9',
      OIDC_CLIENT_ID: 'x',
      OIDC_CLIENT_SECRET: 'y',
    });
    try {
      const response = await new TestClient(down.app).get('/api/account/oidc/login');
      expect(response.headers.location).toBe('/account/login?signInError=providerUnavailable');
      const notSet = await new TestClient(down.app).get('/api/account/ctftime/login');
      expect(notSet.headers.location).toBe('/account/login?signInError=notConfigured');
    } finally {
      await down.close();
    }
  });
});

describe('the log', () => {
  it('never holds the client secret, an authorization code or a state', () => {
    const log = logLines.join('');
    expect(log).toContain('single sign-on');
    expect(seenSecrets.size).toBeGreaterThan(4);
    for (const secret of [provider.clientSecret, ...seenSecrets]) expect(log).not.toContain(secret);
  });
});

describe('OIDC_ONLY', () => {
  it('refuses password registration and sign-in, except an administrator’s sign-in', async () => {
    const only = await createTestContext(
      {
        PUBLIC_URL,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_ONLY: 'true',
      },
      {},
    );
    try {
      const client = new TestClient(only.app);
      expect(ok<ClientConfig>(await client.get('/api/config')).passwordSignIn).toBe(false);
      const body = { userName: 'newbie', email: 'newbie@example.com', password: STRONG_PASSWORD };
      expectError(await client.post('/api/account/register', body), 403);
      const registered = await only.db
        .insertInto('users')
        .values([
          { user_name: 'gina', email: 'gina@example.com', password_hash: await hash(), email_confirmed: true },
          {
            user_name: 'root',
            email: 'root@example.com',
            password_hash: await hash(),
            email_confirmed: true,
            role: 'Admin',
          },
        ])
        .returning('id')
        .execute();
      expect(registered).toHaveLength(2);
      expectError(await client.post('/api/account/login', { userName: 'gina', password: STRONG_PASSWORD }), 403);
      ok(await client.post('/api/account/login', { userName: 'root', password: STRONG_PASSWORD }));
    } finally {
      await only.close();
    }
  });
});

async function hash(): Promise<string> {
  const { hashPassword } = await import('../src/lib/password');
  return hashPassword(STRONG_PASSWORD);
}
