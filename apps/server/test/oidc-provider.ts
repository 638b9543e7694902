import { generateKeyPairSync, type JsonWebKey, type KeyObject, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/*
 * A real OpenID Connect provider (npm `oidc-provider`) on loopback, with its development login and consent pages:
 * any login name is accepted. `alice` signs in as alice@example.org (verified); a name with `@` is its own
 * address, verified unless it starts with `unverified.`.
 */

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The key the provider signs its ID tokens with (its only one), for tests that re-sign a changed token. */
  signingKey: SigningKey;
  /** Replaces the ID token of the provider's token answers until reset with `undefined`. */
  tamperIdTokens(change: ((idToken: string) => Promise<string>) | undefined): void;
  close(): Promise<void>;
}

export interface SigningKey {
  privateKey: KeyObject;
  kid: string;
}

/** A fresh RS256 key under the given key id. */
export function newSigningKey(kid: string): SigningKey {
  return { privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey, kid };
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The claims of a JWT, unchecked. */
export function claimsOfJwt(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString());
}

/** A compact RS256 JWT of the given claims, signed with the key. */
export function signJwt(claims: Record<string, unknown>, key: SigningKey): string {
  const input = `${base64url({ alg: 'RS256', typ: 'JWT', kid: key.kid })}.${base64url(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key.privateKey).toString('base64url')}`;
}

function claimsOf(login: string) {
  const email = login.includes('@') ? login : `${login}@example.org`;
  return {
    sub: `sub-${login}`,
    email,
    email_verified: !login.startsWith('unverified.'),
    preferred_username: login.split('@')[0],
    name: `Player ${login}`,
  };
}

export async function startOidcProvider(redirectUris: string[]): Promise<TestProvider> {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'flagpole-test';
  const clientSecret = 'oidc-test-secret-5f1c2a';
  const kid = 'flagpole-test-key';
  const key = newSigningKey(kid);
  const jwk: JsonWebKey = { ...key.privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  let tamper: ((idToken: string) => Promise<string>) | undefined;
  const provider = new Provider(issuer, {
    jwks: { keys: [jwk] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { email: ['email', 'email_verified'], profile: ['preferred_username', 'name'] },
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => claimsOf(id) }),
    cookies: { keys: ['flagpole-oidc-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  // Runs after the provider answered: a test's tamper swaps the ID token it minted for a changed one.
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: unknown } | undefined;
    if (tamper && ctx.oidc?.route === 'token' && typeof body?.id_token === 'string') {
      body.id_token = await tamper(body.id_token);
    }
  });
  handle = provider.callback();
  return {
    issuer,
    clientId,
    clientSecret,
    signingKey: key,
    tamperIdTokens: (change) => {
      tamper = change;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser at the provider: follows its redirects, signs in with the given name, and consents (or declines). */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  options: { decline?: boolean } = {},
): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  const origin = url.origin;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.origin !== origin) return url;
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      continue;
    }
    const page = await response.text();
    if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${page.slice(0, 200)}`);
    if (options.decline) {
      url = new URL(`${url.pathname.replace(/\/$/, '')}/abort`, url);
    } else if (page.includes('name="login"')) {
      body = new URLSearchParams({ prompt: 'login', login, password: 'any' });
    } else {
      body = new URLSearchParams({ prompt: 'consent' });
    }
  }
  throw new Error('the provider never sent the browser back');
}
