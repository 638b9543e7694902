import * as client from 'openid-client';
import type { IdentityProvider } from './identity.repository';

/** The secrets of one sign-in in progress, kept by the server between the redirect out and the callback. */
export interface FlowSecrets {
  state: string;
  codeVerifier: string;
  /** OpenID Connect only: the ID token must carry it back. */
  nonce?: string;
}

/** A CTFtime team, as CTFtime's user endpoint describes it. */
export interface CtftimeTeam {
  id: number;
  name: string;
  country: string | null;
}

/** Who the provider says signed in. */
export interface ProviderPerson {
  subject: string;
  /** Shown on the profile page next to the link. */
  displayName: string;
  /** The wished-for user name of a new account (made valid and unique later). */
  userName: string;
  email?: string;
  emailVerified: boolean;
  team?: CtftimeTeam;
}

/** One configured provider: builds the authorization URL, and turns the callback into a person. */
export interface SignInClient {
  id: IdentityProvider;
  name: string;
  start(redirectUri: string): Promise<{ url: URL; flow: FlowSecrets }>;
  finish(callbackUrl: URL, flow: FlowSecrets): Promise<ProviderPerson>;
}

/** A step that failed because the provider could not be reached (a refused connection, a time-out). */
export class ProviderUnavailableError extends Error {}

const TIMEOUT_SECONDS = 10;

/** Runs a step that talks to the provider; failures to reach it become ProviderUnavailableError. */
async function reaching<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const unreachable =
      (error instanceof TypeError && /fetch failed/i.test(error.message)) ||
      name === 'TimeoutError' ||
      name === 'AbortError' ||
      (error instanceof client.ResponseBodyError && error.status >= 500);
    throw unreachable ? new ProviderUnavailableError(String(error), { cause: error }) : error;
  }
}

async function pkce(): Promise<{ codeVerifier: string; challenge: Record<string, string> }> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const code_challenge = await client.calculatePKCECodeChallenge(codeVerifier);
  return { codeVerifier, challenge: { code_challenge, code_challenge_method: 'S256' } };
}

const insecureFor = (url: string) => (url.startsWith('http:') ? [client.allowInsecureRequests] : []);

/**
 * An OpenID Connect provider through openid-client: discovery (read once, again after a failure), the
 * authorization code grant with PKCE, state and nonce; the library checks the ID token's issuer, audience, expiry
 * and nonce, and (with the non-repudiation checks enabled) its signature.
 */
export function oidcClient(options: {
  issuer: string;
  clientId: string;
  clientSecret: string;
  name: string;
  scopes: string;
}): SignInClient {
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= client
      .discovery(new URL(options.issuer), options.clientId, options.clientSecret, undefined, {
        // Without the non-repudiation checks the library trusts the transport and skips the ID token's
        // signature; the signature is checked here against the provider's published keys (jwks_uri).
        execute: [...insecureFor(options.issuer), client.enableNonRepudiationChecks],
        timeout: TIMEOUT_SECONDS,
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw new ProviderUnavailableError(String(error), { cause: error });
      });
    return discovered;
  };
  return {
    id: 'oidc',
    name: options.name,
    async start(redirectUri) {
      const config = await configuration();
      const { codeVerifier, challenge } = await pkce();
      const flow = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: options.scopes,
        state: flow.state,
        nonce: flow.nonce,
        ...challenge,
      });
      return { url, flow };
    },
    async finish(callbackUrl, flow) {
      const config = await configuration();
      const tokens = await reaching(() =>
        client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        }),
      );
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      // Many providers put only `sub` in the ID token and the profile and address in the UserInfo answer.
      if (!config.serverMetadata().userinfo_endpoint) return personFromClaims(claims);
      const info = await reaching(() => client.fetchUserInfo(config, tokens.access_token, claims.sub));
      return personFromClaims({ ...info, ...claims });
    },
  };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

/** The person an ID token describes: its subject, a user name from its claims, its address if it has one. */
export function personFromClaims(claims: Record<string, unknown>): ProviderPerson {
  const subject = String(claims.sub);
  const email = text(claims.email);
  const userName =
    text(claims.preferred_username) ?? text(claims.nickname) ?? email?.split('@')[0] ?? text(claims.name) ?? 'player';
  return {
    subject,
    displayName: email ?? text(claims.preferred_username) ?? text(claims.name) ?? subject,
    userName,
    ...(email ? { email } : {}),
    emailVerified: email !== undefined && claims.email_verified === true,
  };
}

/**
 * CTFtime's OAuth 2 (no OpenID Connect): the authorization code grant against its fixed endpoints, then its user
 * endpoint for the person (`id`, `name`) and their team (`team: {id, name, country}`), which may be absent.
 */
export function ctftimeClient(options: { baseUrl: string; clientId: string; clientSecret: string }): SignInClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const config = new client.Configuration(
    { issuer: base, authorization_endpoint: `${base}/authorize`, token_endpoint: `${base}/token` },
    options.clientId,
    options.clientSecret,
  );
  for (const allow of insecureFor(base)) allow(config);
  config.timeout = TIMEOUT_SECONDS;
  return {
    id: 'ctftime',
    name: 'CTFtime',
    async start(redirectUri) {
      const { codeVerifier, challenge } = await pkce();
      const flow = { state: client.randomState(), codeVerifier };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'profile:read team:read',
        state: flow.state,
        ...challenge,
      });
      return { url, flow };
    },
    async finish(callbackUrl, flow) {
      const tokens = await reaching(() =>
        client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
        }),
      );
      const response = await reaching(() =>
        client.fetchProtectedResource(config, tokens.access_token, new URL(`${base}/user`), 'GET'),
      );
      if (!response.ok) throw new ProviderUnavailableError(`CTFtime user endpoint answered ${response.status}`);
      return personFromCtftime(await response.json());
    },
  };
}

/** The person CTFtime's user endpoint describes. */
export function personFromCtftime(body: unknown): ProviderPerson {
  const user = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof user.id !== 'number' && typeof user.id !== 'string') throw new Error('CTFtime user without an id');
  const name = text(user.name) ?? `ctftime${user.id}`;
  const team = user.team as Record<string, unknown> | undefined;
  const person: ProviderPerson = { subject: String(user.id), displayName: name, userName: name, emailVerified: false };
  if (team && Number.isSafeInteger(team.id) && text(team.name)) {
    person.team = { id: team.id as number, name: text(team.name) as string, country: text(team.country) ?? null };
  }
  return person;
}
