import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client';
import { createTestContext, type TestContext } from './harness';
import {
  claimsOfJwt,
  newSigningKey,
  signInAtProvider,
  signJwt,
  startOidcProvider,
  type TestProvider,
} from './oidc-provider';

/*
 * The ID token checks of OpenID Connect sign-in (docs/integrations.md), against a real provider (npm
 * `oidc-provider`) on loopback. The provider mints each ID token; a test's tamper then changes one claim and signs
 * it again with the provider's own key (or signs it unchanged with a foreign key), so exactly one check fails.
 * Each refusal ends on the sign-in page with its reason and leaves no account behind.
 */

const PUBLIC_URL = 'http://localhost:5997';
let provider: TestProvider;
let ctx: TestContext;

beforeAll(async () => {
  provider = await startOidcProvider([`${PUBLIC_URL}/api/account/oidc/callback`]);
  ctx = await createTestContext({
    PUBLIC_URL,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
  });
});
afterAll(async () => {
  await ctx?.close();
  await provider?.close();
});

const accountCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A whole sign-in as `login`, the browser's last stop: where the app's callback sends it. */
async function signInAs(login: string): Promise<string> {
  const client = new TestClient(ctx.app);
  const started = await client.get('/api/account/oidc/login');
  const back = await signInAtProvider(String(started.headers.location), login);
  const finished = await client.get(back.pathname + back.search);
  expect(finished.statusCode, finished.body).toBe(302);
  return String(finished.headers.location);
}

/** The provider's ID token with some claims changed, signed again with the provider's key. */
const withClaims = (patch: (claims: Record<string, unknown>) => Record<string, unknown>) => async (jwt: string) =>
  signJwt(patch(claimsOfJwt(jwt)), provider.signingKey);

const nowSeconds = () => Math.floor(Date.now() / 1000);

const refusals: Array<[string, (jwt: string) => Promise<string>]> = [
  ['another issuer', withClaims((c) => ({ ...c, iss: 'http://127.0.0.1:1/another-issuer' }))],
  ['another audience', withClaims((c) => ({ ...c, aud: 'another-client' }))],
  ['an expired token', withClaims((c) => ({ ...c, iat: nowSeconds() - 900, exp: nowSeconds() - 600 }))],
  ['another nonce', withClaims((c) => ({ ...c, nonce: 'not-the-nonce-of-this-sign-in' }))],
  // Same key id as the provider's, so the app finds a key and the signature itself is what fails.
  ['a signature by another key', async (jwt) => signJwt(claimsOfJwt(jwt), newSigningKey(provider.signingKey.kid))],
];

describe('the ID token of an OpenID Connect sign-in', () => {
  it('is accepted as the provider minted it, and after the test re-signs it unchanged', async () => {
    expect(await signInAs('honest')).toBe('/');
    provider.tamperIdTokens(withClaims((c) => c));
    try {
      expect(await signInAs('resigned')).toBe('/');
    } finally {
      provider.tamperIdTokens(undefined);
    }
  });

  it.each(refusals)('is refused with %s: sign-in page, no account', async (_what, tamper) => {
    const before = await accountCount();
    provider.tamperIdTokens(tamper);
    try {
      expect(await signInAs('tampered')).toBe('/account/login?signInError=failed');
    } finally {
      provider.tamperIdTokens(undefined);
    }
    expect(await accountCount()).toBe(before);
    const made = await ctx.db.selectFrom('users').select('id').where('user_name', 'like', 'tampered%').execute();
    expect(made).toEqual([]);
  });
});
