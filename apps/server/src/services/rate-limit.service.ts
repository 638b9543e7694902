import { limits } from '@flagpole/contract';
import { tooManyRequests } from '../http/errors';
import type { Clock } from '../lib/clock';
import type { KeyValueStore } from '../lib/kv-store';

interface Window {
  limit: number;
  windowMs: number;
}

/** Request budgets per caller (user id when signed in, else client address); fixed windows. */
export const RATE_LIMIT_POLICIES = {
  /** Every API request. */
  global: { limit: 600, windowMs: 60_000 },
  /** Account creation and mail-sending flows: register, recovery, passwordreset, changeemail. */
  register: { limit: 20, windowMs: 150_000 },
  powchallenge: { limit: 40, windowMs: 60_000 },
  /** Flag submissions per team (participation), whichever member sends them. */
  submit: { limit: limits.teamSubmissions.limit, windowMs: limits.teamSubmissions.windowSeconds * 1000 },
} satisfies Record<string, Window>;
export type RateLimitPolicy = keyof typeof RATE_LIMIT_POLICIES;

/** Failed sign-ins allowed per account name and per address before further attempts are refused. */
export const LOGIN_FAILURE_LIMITS = {
  perAccount: { limit: 10, windowMs: 15 * 60_000 },
  perAddress: { limit: 50, windowMs: 15 * 60_000 },
} satisfies Record<string, Window>;

const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Counters live in the shared KeyValueStore, so several processes behind Redis share them.
 * When disabled (RATE_LIMIT=false) every check passes.
 */
export function createRateLimiter(deps: { store: KeyValueStore; clock: Clock; enabled: boolean }) {
  async function consume(name: string, window: Window, key: string): Promise<void> {
    if (!deps.enabled) return;
    const { count, ttlMs } = await deps.store.increment(`rl:${name}:${key}`, window.windowMs);
    if (count > window.limit) throw tooManyRequests(retryAfterSeconds(ttlMs));
  }

  /** Refuses while a failure budget is spent; the block records when it ends. */
  async function ensureNotBlocked(name: string, key: string): Promise<void> {
    if (!deps.enabled) return;
    const until = Number(await deps.store.get(`rl-block:${name}:${key}`));
    const remaining = until - deps.clock.now().getTime();
    if (remaining > 0) throw tooManyRequests(retryAfterSeconds(remaining));
  }

  async function recordFailure(name: string, window: Window, key: string): Promise<void> {
    if (!deps.enabled) return;
    const { count, ttlMs } = await deps.store.increment(`rl-fail:${name}:${key}`, window.windowMs);
    if (count >= window.limit) {
      await deps.store.set(`rl-block:${name}:${key}`, String(deps.clock.now().getTime() + ttlMs), ttlMs);
    }
  }

  return {
    /** Counts one request against the policy for this caller; 429 with Retry-After when over. */
    hit(policy: RateLimitPolicy, callerKey: string): Promise<void> {
      return consume(policy, RATE_LIMIT_POLICIES[policy], callerKey);
    },
    /** 429 when the account name or the address has used up its failed sign-ins. */
    async ensureLoginAllowed(accountName: string, address: string): Promise<void> {
      await ensureNotBlocked('login-account', accountName.toLowerCase());
      await ensureNotBlocked('login-address', address);
    },
    async recordLoginFailure(accountName: string, address: string): Promise<void> {
      await recordFailure('login-account', LOGIN_FAILURE_LIMITS.perAccount, accountName.toLowerCase());
      await recordFailure('login-address', LOGIN_FAILURE_LIMITS.perAddress, address);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
