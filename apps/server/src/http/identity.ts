import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import type { SessionService } from '../services/session.service';
import type { Identity, IdentityResolver } from './access';
import { sessionCookieOf, setSessionCookie } from './session-cookie';

/** The seam for API tokens (`Authorization: Bearer …`); the token service plugs in here. */
export interface BearerTokenVerifier {
  /** The user the token acts for, loaded fresh, or null for an unknown, revoked or expired token. */
  verify(token: string): Promise<Pick<UserRow, 'id' | 'user_name' | 'role'> | null>;
}

function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S{1,2048})$/i.exec(header);
  return match?.[1];
}

/**
 * Resolves the caller from an API token (when a verifier is configured) or the session cookie.
 * Sessions are cached per process; sign-outs, bans and role changes drop them everywhere at once.
 */
export function createIdentityResolver(deps: {
  sessions: SessionService;
  bearerTokens?: BearerTokenVerifier;
}): IdentityResolver {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<Identity | null> => {
    const bearer = bearerTokenOf(request);
    if (bearer && deps.bearerTokens) {
      const user = await deps.bearerTokens.verify(bearer);
      return user ? { userId: user.id, userName: user.user_name, role: user.role, via: 'token' } : null;
    }
    const token = sessionCookieOf(request);
    if (!token) return null;
    const session = await deps.sessions.resume(token, { ip: request.ip, userAgent: request.headers['user-agent'] });
    if (!session) return null;
    if (session.renewedUntil) setSessionCookie(request, reply, token, session.renewedUntil);
    return {
      userId: session.userId,
      userName: session.userName,
      role: session.role,
      via: 'session',
      sessionHash: session.tokenHash,
    };
  };
}
