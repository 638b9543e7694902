import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { RateLimiter } from '../services/rate-limit.service';
import { assertAccess, type IdentityResolver } from './access';
import { spendRateLimits } from './rate-limit';
import { applyXsrfProtection, issueXsrfCookie } from './xsrf';

/**
 * The checks a request to an API route passes before its body is read, in this order: who calls (API token or
 * session cookie), the XSRF double-submit check, the rate limits, then the route's declared access (401/403).
 *
 * They run as one hook attached to each route that declares its access (at `onRoute`), not as four global hooks
 * that every request walks through and most return from: on the flag-submission routes the per-request
 * framework work, not the checks themselves, was what cost. Requests no route declares access for (the web
 * app's files, unknown addresses) only get their XSRF cookie, from one synchronous global hook.
 * Register on the root before any route, after the cookie parser.
 */
export function registerRequestGate(
  app: FastifyInstance,
  deps: { resolveIdentity: IdentityResolver; limiter: RateLimiter },
): void {
  app.decorateRequest('identity', null);

  async function gate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const config = request.routeOptions.config;
    const access = config.access;
    if (access === undefined) return;
    // A route that acts for nobody (live hub sends) lends a cookie no authority: the caller is not looked up.
    if (!(config.ignoresIdentity && access === 'public')) {
      request.identity = await deps.resolveIdentity(request, reply);
    }
    applyXsrfProtection(request, reply);
    await spendRateLimits(deps.limiter, request, config.rateLimit);
    assertAccess(request, access);
  }

  app.addHook('onRoute', (route) => {
    if (route.config?.access === undefined) return;
    const own = [route.onRequest ?? []].flat();
    // Fastify derives a GET route's HEAD twin from the same options: attach once.
    if (!own.includes(gate)) route.onRequest = [gate as onRequestHookHandler, ...own];
  });

  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config?.access === undefined) issueXsrfCookie(request, reply);
    done();
  });
}
