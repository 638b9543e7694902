import type { FastifyInstance } from 'fastify';
import { constantTimeEqual, randomToken } from '../lib/crypto';
import { forbidden } from './errors';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * Double-submit XSRF protection. Every response to a client without the cookie issues a random,
 * script-readable `XSRF-TOKEN`; an unsafe request authenticated by the session cookie must echo it
 * in `X-XSRF-TOKEN`. A cross-site page can make the browser send the cookie but cannot read it.
 * API-token callers and anonymous callers carry no ambient authority and are not checked.
 * Must be registered after the identity is resolved.
 */
export function registerXsrfProtection(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
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
