import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
} from 'fastify';
import type { RateLimiter } from '../services/rate-limit.service';
import { type Access, assertAccess, type IdentityResolver } from './access';
import { spendRateLimits, spendRateLimitsNow } from './rate-limit';
import { applyXsrfProtection, issueXsrfCookie } from './xsrf';

/** Marks the hook this module attaches. */
const GATE = Symbol('request gate');

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

  /** The hook of one route, its settings read once here rather than from the request each time. */
  function gateOf(config: FastifyContextConfig, access: Access): onRequestHookHandler {
    // A route that acts for nobody (live hub sends) lends a cookie no authority: the caller is not looked up.
    const looksUpCaller = !(config.ignoresIdentity && access === 'public');
    const routePolicy = config.rateLimit;
    const { resolveIdentity, limiter } = deps;
    const waitingGate = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      if (looksUpCaller) request.identity = await resolveIdentity(request, reply);
      applyXsrfProtection(request, reply);
      await spendRateLimits(limiter, request, routePolicy);
      assertAccess(request, access);
    };
    // The usual request (a held session or none, counters in memory) passes without a promise; the rest waits.
    const gate: onRequestHookHandler = (request, reply, done) => {
      const known = looksUpCaller ? resolveIdentity.now?.(request) : null;
      if (known === undefined || !limiter.countsNow) {
        waitingGate(request, reply).then(() => done(), done);
        return;
      }
      request.identity = known;
      applyXsrfProtection(request, reply);
      spendRateLimitsNow(limiter, request, routePolicy);
      assertAccess(request, access);
      done();
    };
    return Object.assign(gate, { [GATE]: true });
  }

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === undefined) return;
    const own = [route.onRequest ?? []].flat();
    // Attach once, whatever copies of the options Fastify passes here (a GET route's HEAD twin).
    if (!own.some((hook) => GATE in hook)) route.onRequest = [gateOf(route.config ?? {}, access), ...own];
  });

  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config?.access === undefined) issueXsrfCookie(request, reply);
    done();
  });
}
