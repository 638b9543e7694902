import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import type { LiveSession, SessionService } from '../services/session.service';
import type { Identity, IdentityResolver } from './access';
import { AppError } from './errors';
import { sessionCookieOf, setSessionCookie } from './session-cookie';

/** The seam for API tokens (`Authorization: Bearer …`); the token service plugs in here. */
export interface BearerTokenVerifier {
  /** The user the token acts for, loaded fresh, or null for an unknown, revoked or expired token. */
  verify(token: string): Promise<VerifiedBearer | null>;
}

/** The issuer of a valid token; the token's id and expiry let long-lived connections end with it. */
export interface VerifiedBearer extends Pick<UserRow, 'id' | 'user_name' | 'role'> {
  tokenId?: string;
  /** Milliseconds since the epoch; absent for a token that never expires. */
  expiresAt?: number;
}

/** The token of an `Authorization: Bearer …` header; `invalid` when the header is Bearer but malformed. */
function bearerTokenOf(request: FastifyRequest): string | 'invalid' | undefined {
  const header = request.headers.authorization;
  if (!header || !/^Bearer(\s|$)/i.test(header)) return undefined;
  const match = /^Bearer\s+(\S{1,2048})\s*$/i.exec(header);
  return match?.[1] ?? 'invalid';
}

/** The identity of a caller who presented a valid API token. */
export function identityOfBearer(user: VerifiedBearer): Identity {
  return {
    userId: user.id,
    userName: user.user_name,
    role: user.role,
    via: 'token',
    tokenId: user.tokenId,
    tokenExpiresAt: user.expiresAt,
  };
}

/** A caller who presents a token that does not work is refused, not treated as anonymous. */
export const invalidBearerToken = () =>
  new AppError(401, 'error.invalidApiToken', undefined, 401, { 'www-authenticate': 'Bearer error="invalid_token"' });

/** The identity of a caller signed in by the session cookie. */
function identityOfSession(session: LiveSession): Identity {
  return {
    userId: session.userId,
    userName: session.userName,
    role: session.role,
    via: 'session',
    sessionHash: session.tokenHash,
  };
}

/**
 * Resolves the caller from an API token (when a verifier is configured) or the session cookie; a
 * presented API token that is malformed, forged, revoked or expired answers 401 on every API route.
 * Sessions are cached per process; sign-outs, bans and role changes drop them everywhere at once.
 */
export function createIdentityResolver(deps: {
  sessions: SessionService;
  bearerTokens?: BearerTokenVerifier;
}): IdentityResolver {
  const resolve = async (request: FastifyRequest, reply: FastifyReply): Promise<Identity | null> => {
    const bearer = bearerTokenOf(request);
    if (bearer && deps.bearerTokens) {
      const user = bearer === 'invalid' ? null : await deps.bearerTokens.verify(bearer);
      if (!user) throw invalidBearerToken();
      return identityOfBearer(user);
    }
    const token = sessionCookieOf(request);
    if (!token) return null;
    const session = await deps.sessions.resume(token, { ip: request.ip, userAgent: request.headers['user-agent'] });
    if (!session) return null;
    if (session.renewedUntil) setSessionCookie(request, reply, token, session.renewedUntil);
    return identityOfSession(session);
  };
  // Most requests come with a session this process holds: answered without a promise per request.
  const now = (request: FastifyRequest): Identity | null | undefined => {
    if (deps.bearerTokens && bearerTokenOf(request)) return undefined;
    const token = sessionCookieOf(request);
    if (!token) return null;
    const session = deps.sessions.resumeHeld(token);
    return session ? identityOfSession(session) : undefined;
  };
  return Object.assign(resolve, { now });
}
