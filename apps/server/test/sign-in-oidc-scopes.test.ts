import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client';
import { createTestContext, type TestContext } from './harness';
import { signInAtProvider, startOidcProvider, type TestProvider } from './oidc-provider';

/*
 * OpenID Connect sign-in (docs/integrations.md) against a real provider (npm `oidc-provider`) on loopback: the
 * scopes asked for (`OIDC_SCOPES`, or the default), and a provider that goes away while the player is at its
 * pages, so the callback cannot reach it.
 */

const PUBLIC_URL = 'http://localhost:5996';
const CALLBACK = `${PUBLIC_URL}/api/account/oidc/callback`;
/** Slow on a busy machine: each platform here migrates a database of its own. */
const SLOW = { timeout: 120_000 };

/** A platform signing in with the given provider, with extra settings. */
const platformFor = (idp: TestProvider, env: Record<string, string> = {}) =>
  createTestContext({
    PUBLIC_URL,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    ...env,
  });

const startSignIn = async (client: TestClient) =>
  String((await client.get('/api/account/oidc/login')).headers.location);

describe('a platform without OIDC_SCOPES, whose provider goes away during a sign-in', () => {
  let provider: TestProvider;
  let ctx: TestContext;
  beforeAll(async () => {
    provider = await startOidcProvider([CALLBACK]);
    ctx = await platformFor(provider);
  }, SLOW.timeout);
  afterAll(async () => {
    await ctx?.close();
    await provider?.close();
  });

  it('asks for `openid email profile`', async () => {
    const started = await startSignIn(new TestClient(ctx.app));
    expect(new URL(started).searchParams.get('scope')).toBe('openid email profile');
  });

  it('ends the callback on the sign-in page as unavailable, with no account made', SLOW, async () => {
    const client = new TestClient(ctx.app);
    const back = await signInAtProvider(await startSignIn(client), 'stranded');
    await provider.close();
    const finished = await client.get(back.pathname + back.search);
    expect(finished.statusCode).toBe(302);
    expect(finished.headers.location).toBe('/account/login?signInError=providerUnavailable');
    expect(await ctx.db.selectFrom('users').select('id').execute()).toEqual([]);
  });
});

describe('a platform with OIDC_SCOPES', () => {
  let provider: TestProvider;
  let ctx: TestContext;
  beforeAll(async () => {
    provider = await startOidcProvider([CALLBACK]);
    ctx = await platformFor(provider, { OIDC_SCOPES: 'openid email' });
  }, SLOW.timeout);
  afterAll(async () => {
    await ctx?.close();
    await provider?.close();
  });

  it('asks for those scopes, and the provider signs the player in with them', SLOW, async () => {
    const client = new TestClient(ctx.app);
    const started = await startSignIn(client);
    expect(new URL(started).searchParams.get('scope')).toBe('openid email');
    const back = await signInAtProvider(started, 'scoped@example.com');
    expect((await client.get(back.pathname + back.search)).headers.location).toBe('/');
    expect((await client.get('/api/account/profile')).json()).toMatchObject({ email: 'scoped@example.com' });
  });
});
