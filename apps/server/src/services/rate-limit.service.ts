import { limits } from '@flagpole/contract';
import type { Env } from '../config';
import { tooManyRequests } from '../http/errors';
import type { Clock } from '../lib/clock';
import { type KeyValueStore, MemoryStore } from '../lib/kv-store';
import { isServiceUnavailable } from '../lib/unavailable';

interface Window {
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * The budgets operators may change (config.ts has the defaults; README and docs/admin.md explain them). The
 * defaults let a few hundred players behind one address (a campus network at an on-site event) register and
 * sign in together.
 */
export interface RateLimitSettings {
  /** Requests per minute of one signed-in user. */
  userPerMinute: number;
  /** Requests per minute of one client address while not signed in. */
  addressPerMinute: number;
  /** Registrations per 10 minutes from one client address. */
  registrationsPer10Minutes: number;
  login: LoginThrottleSettings;
}

/** Failed sign-ins; every count covers the same window (`windowMinutes`). */
export interface LoginThrottleSettings {
  windowMinutes: number;
  /** Failures of one account from one address before that pair is refused until the window ends. */
  perAccountAndAddress: number;
  /** Failures from one address, whatever the account, before that address is refused until the window ends. */
  perAddress: number;
  /**
   * Failures of one account, from every address, after which each address must wait a growing delay after
   * its own failure before trying that account again (1 s, doubling, up to `maxDelaySeconds`).
   */
  slowDownAfter: number;
  maxDelaySeconds: number;
}

/** The budgets of the configuration's variables. */
export function rateLimitSettingsFrom(env: Env): RateLimitSettings {
  return {
    userPerMinute: env.RATE_LIMIT_USER_PER_MINUTE,
    addressPerMinute: env.RATE_LIMIT_ADDRESS_PER_MINUTE,
    registrationsPer10Minutes: env.RATE_LIMIT_REGISTER_PER_10_MINUTES,
    login: {
      windowMinutes: env.LOGIN_FAILURE_WINDOW_MINUTES,
      perAccountAndAddress: env.LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
      perAddress: env.LOGIN_FAILURES_PER_ADDRESS,
      slowDownAfter: env.LOGIN_SLOWDOWN_AFTER,
      maxDelaySeconds: env.LOGIN_SLOWDOWN_MAX_SECONDS,
    },
  };
}

function policies(settings: RateLimitSettings) {
  return {
    /** Every API request of a signed-in user. */
    user: { limit: settings.userPerMinute, windowMs: MINUTE },
    /** Every API request of an anonymous caller, counted per address. */
    address: { limit: settings.addressPerMinute, windowMs: MINUTE },
    /** Account creation. */
    register: { limit: settings.registrationsPer10Minutes, windowMs: 10 * MINUTE },
    /** Flows that send mail to a chosen address: recovery, password reset, e-mail change. */
    mail: { limit: 20, windowMs: 150_000 },
    powchallenge: { limit: 40, windowMs: MINUTE },
    /** Flag submissions per team (participation), whichever member sends them. */
    submit: { limit: limits.teamSubmissions.limit, windowMs: limits.teamSubmissions.windowSeconds * 1000 },
  } satisfies Record<string, Window>;
}
export type RateLimitPolicy = keyof ReturnType<typeof policies>;

const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Request budgets (fixed windows) and the failed sign-in throttle. Counters live in the shared KeyValueStore, so
 * several processes behind Redis share them. While the store cannot be reached, each process counts on its own
 * (in memory) rather than refuse or hold requests: the limits then hold per process until the store is back.
 * When disabled (RATE_LIMIT=false) every check passes.
 *
 * Failed sign-ins are counted against the account the typed name or e-mail address resolves to (an unknown
 * name stands for an account of its own, so unknown and known names behave alike), never against the text
 * typed. The pair (account, address) is throttled hard; the account alone only softly — a growing delay for
 * each address after its own failure — so nobody can lock the real owner out from another address.
 */
export function createRateLimiter(deps: {
  store: KeyValueStore;
  clock: Clock;
  enabled: boolean;
  settings: RateLimitSettings;
}) {
  const { settings } = deps;
  const windows = policies(settings);
  const login = settings.login;
  const loginWindowMs = login.windowMinutes * MINUTE;
  const now = () => deps.clock.now().getTime();
  const local = new MemoryStore(now);

  /** The shared store's answer, or this process's own while the shared store is unreachable. */
  async function counted<T>(use: (store: KeyValueStore) => Promise<T>): Promise<T> {
    try {
      return await use(deps.store);
    } catch (error) {
      if (!isServiceUnavailable(error)) throw error;
      return use(local);
    }
  }

  async function consume(name: string, window: Window, key: string): Promise<void> {
    const { count, ttlMs } = await counted((store) => store.increment(`rl:${name}:${key}`, window.windowMs));
    if (count > window.limit) throw tooManyRequests(retryAfterSeconds(ttlMs));
  }

  /** Refuses while a block set by `countFailure` lasts. */
  async function ensureNotBlocked(name: string, key: string): Promise<void> {
    const until = Number(await counted((store) => store.get(`rl-block:${name}:${key}`)));
    const remaining = until - now();
    if (remaining > 0) throw tooManyRequests(retryAfterSeconds(remaining));
  }

  /** Counts a failure; at the limit, blocks the key until the window ends. Returns the count. */
  async function countFailure(name: string, key: string, limit: number): Promise<number> {
    const { count, ttlMs } = await counted((store) => store.increment(`rl-fail:${name}:${key}`, loginWindowMs));
    if (count >= limit) await counted((store) => store.set(`rl-block:${name}:${key}`, String(now() + ttlMs), ttlMs));
    return count;
  }

  /** The wait an address owes after its own failure, given the account's failures from everywhere. */
  function delayMs(accountFailures: number): number {
    if (accountFailures < login.slowDownAfter) return 0;
    const doublings = Math.min(accountFailures - login.slowDownAfter, 30);
    return Math.min(login.maxDelaySeconds * 1000, 1000 * 2 ** doublings);
  }

  const pairKey = (account: string, address: string) => `${account}|${address}`;

  return {
    /** Counts one request against the policy for this caller; 429 with Retry-After when over. */
    async hit(policy: RateLimitPolicy, callerKey: string): Promise<void> {
      if (deps.enabled) await consume(policy, windows[policy], callerKey);
    },

    /** Whether `hitNow` may stand in for `hit`: limits off, or counters in this process's memory. */
    countsNow: !deps.enabled || deps.store.incrementNow !== undefined,

    /** `hit` without waiting, where `countsNow` says it may be used. */
    hitNow(policy: RateLimitPolicy, callerKey: string): void {
      if (!deps.enabled || !deps.store.incrementNow) return;
      const window = windows[policy];
      const { count, ttlMs } = deps.store.incrementNow(`rl:${policy}:${callerKey}`, window.windowMs);
      if (count > window.limit) throw tooManyRequests(retryAfterSeconds(ttlMs));
    },

    /** The address check, before the account is looked up: a blocked address costs no query. */
    async ensureAddressMayTrySignIn(address: string): Promise<void> {
      if (deps.enabled) await ensureNotBlocked('login-address', address);
    },

    /**
     * 429 when the pair (account, address) is blocked, or when this address failed on the account a moment ago
     * and the account is under attack (the growing delay). `accounts` are the keys of every account the typed
     * name can open (see `loginAccountKeys`).
     */
    async ensureLoginAllowed(accounts: readonly string[], address: string): Promise<void> {
      if (!deps.enabled) return;
      for (const account of accounts) {
        await ensureNotBlocked('login-pair', pairKey(account, address));
        const failures = Number(await counted((store) => store.get(`rl-fail:login-account:${account}`)));
        const wait = delayMs(failures);
        if (wait === 0) continue;
        const last = Number(await counted((store) => store.get(`rl-last:${pairKey(account, address)}`)));
        const remaining = last + wait - now();
        if (last > 0 && remaining > 0) throw tooManyRequests(retryAfterSeconds(remaining));
      }
    },

    async recordLoginFailure(accounts: readonly string[], address: string): Promise<void> {
      if (!deps.enabled) return;
      await countFailure('login-address', address, login.perAddress);
      for (const account of accounts) {
        await countFailure('login-pair', pairKey(account, address), login.perAccountAndAddress);
        await counted((store) => store.increment(`rl-fail:login-account:${account}`, loginWindowMs));
        await counted((store) => store.set(`rl-last:${pairKey(account, address)}`, String(now()), loginWindowMs));
      }
    },

    /** A correct password from this address clears the pair's failures (the account's count stays). */
    async recordLoginSuccess(account: string, address: string): Promise<void> {
      if (!deps.enabled) return;
      await counted((store) => store.take(`rl-fail:login-pair:${pairKey(account, address)}`));
      await counted((store) => store.take(`rl-last:${pairKey(account, address)}`));
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** The sign-in throttle key of an account. */
export const accountThrottleKey = (userId: string): string => `user:${userId}`;

/** Throttle keys of the accounts a sign-in names: their ids, or the typed text when it names none. */
export function loginAccountKeys(accountIds: readonly string[], typed: string): string[] {
  return accountIds.length > 0 ? accountIds.map(accountThrottleKey) : [`name:${typed.trim().toLowerCase()}`];
}
