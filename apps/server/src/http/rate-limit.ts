import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimiter, RateLimitPolicy } from '../services/rate-limit.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A named budget this route spends in addition to the global one. */
    rateLimit?: RateLimitPolicy;
  }
}

/** Signed-in callers are counted by user, everyone else by client address: never one shared bucket. */
export function callerKey(request: FastifyRequest): string {
  return request.identity ? `user:${request.identity.userId}` : `ip:${request.ip}`;
}

/** Applies the caller's overall and the route's named limit before the body is read. Register after identity. */
export function registerRateLimits(app: FastifyInstance, limiter: RateLimiter): void {
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config?.access === undefined) return;
    const key = callerKey(request);
    // Anonymous callers share their address (a whole campus may sit behind one): a budget of its own.
    await limiter.hit(request.identity ? 'user' : 'address', key);
    if (config.rateLimit) await limiter.hit(config.rateLimit, key);
  });
}
