import type { FastifyRequest } from 'fastify';
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

/** Spends the caller's overall budget and the route's named one (429 when over). Needs the identity resolved. */
export async function spendRateLimits(
  limiter: RateLimiter,
  request: FastifyRequest,
  routePolicy: RateLimitPolicy | undefined,
): Promise<void> {
  const key = callerKey(request);
  // Anonymous callers share their address (a whole campus may sit behind one): a budget of its own.
  await limiter.hit(request.identity ? 'user' : 'address', key);
  if (routePolicy) await limiter.hit(routePolicy, key);
}

/** `spendRateLimits` without waiting; only where the limiter `countsNow`. */
export function spendRateLimitsNow(
  limiter: RateLimiter,
  request: FastifyRequest,
  routePolicy: RateLimitPolicy | undefined,
): void {
  const key = callerKey(request);
  limiter.hitNow(request.identity ? 'user' : 'address', key);
  if (routePolicy) limiter.hitNow(routePolicy, key);
}
