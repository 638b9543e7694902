import type { FastifyInstance, FastifyRequest } from 'fastify';
import { constantTimeEqual, randomToken } from '../lib/crypto';
import { forbidden } from './errors';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * Double-submit XSRF protection. A client without the cookie is given a random, script-readable
 * `XSRF-TOKEN` where it will need one: with the web application's pages, with account calls (which
 * is where sessions begin) and with any signed-in call. Anonymous reads of the public API (the
 * scoreboard under load) are not charged for a token they cannot use. An unsafe request
 * authenticated by the session cookie must echo the token in `X-XSRF-TOKEN`. A cross-site page can make the browser send the cookie but cannot read it.
 * API-token callers and anonymous callers carry no ambient authority and are not checked.
 * Must be registered after the identity is resolved.
 */
function needsToken(request: FastifyRequest): boolean {
  if (request.identity?.via === 'session') return true;
  const url = request.url.toLowerCase();
  return !url.startsWith('/api/') || url.startsWith('/api/account/');
}

export function registerXsrfProtection(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie && needsToken(request)) {
      reply.setCookie(XSRF_COOKIE, randomToken(32), {
        httpOnly: false,
        sameSite: 'lax',
        path: '/',
        secure: request.protocol === 'https',
      });
    }
    if (!UNSAFE_METHODS.has(request.method) || request.identity?.via !== 'session') return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !constantTimeEqual(header, cookie)) throw forbidden('error.xsrf');
  });
}
