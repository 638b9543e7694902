import { type Role, roleRank } from '@flagpole/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './errors';

/** Who may call a route: anyone, or a signed-in user of at least this role. */
export type Access = 'public' | Exclude<Role, 'Banned'>;

/** The signed-in caller, from a session cookie or an API token. */
export interface Identity {
  userId: string;
  userName: string;
  role: Role;
  /** How the caller authenticated; token callers are exempt from the XSRF check. */
  via: 'session' | 'token';
  /** Hash of the session token, to end this session on sign-out. */
  sessionHash?: string;
  /** The API token's id, so that connections it opened close when it is revoked or deleted. */
  tokenId?: string;
  /** When the API token expires (milliseconds since the epoch); absent when it never does. */
  tokenExpiresAt?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every route; enforced before the handler runs. */
    access?: Access;
    /**
     * The route acts for nobody (a live hub's negotiate and event-stream sends): the caller is not looked up,
     * so a cookie lends it no authority and it needs no XSRF token. Only with `access: 'public'`.
     */
    ignoresIdentity?: true;
  }
  interface FastifyRequest {
    identity: Identity | null;
  }
}

/** Finds the caller; may set cookies on the reply (a renewed session). */
export interface IdentityResolver {
  (request: FastifyRequest, reply: FastifyReply): Promise<Identity | null>;
  /**
   * The caller when that needs no waiting (no API token, and a session this process holds with nothing due), as
   * the resolver would answer; undefined when the resolver must be awaited.
   */
  now?: (request: FastifyRequest) => Identity | null | undefined;
}

/**
 * The route's declared access, checked once the caller is known and before the body is read or validated (an
 * unauthorised caller learns nothing about the input rules): 401 when a signed-in user is needed and there is
 * none, 403 when the role is too low (a Banned user gets 403 everywhere but public routes).
 */
export function assertAccess(request: FastifyRequest, access: Access): void {
  if (access === 'public') return;
  const identity = request.identity;
  if (!identity) throw unauthorized();
  if (roleRank[identity.role] < roleRank[access]) throw forbidden();
}

/** Routes must say who may call them; a route without `access` is a programming error. */
export function requireDeclaredAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const url = route.url.toLowerCase();
    const needsDeclaration = url.startsWith('/api/') || url.startsWith('/assets/') || url.startsWith('/hub/');
    if (needsDeclaration && route.config?.access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} does not declare its access`);
    }
  });
}
