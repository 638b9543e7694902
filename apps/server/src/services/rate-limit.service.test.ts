import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { AppError } from '../http/errors';
import { FakeClock } from '../lib/clock';
import { type KeyValueStore, MemoryStore } from '../lib/kv-store';
import { ServiceUnavailableError } from '../lib/unavailable';
import { createRateLimiter, loginAccountKeys, rateLimitSettingsFrom } from './rate-limit.service';

function setup(enabled = true) {
  const clock = new FakeClock();
  const store = new MemoryStore(() => clock.now().getTime());
  const settings = rateLimitSettingsFrom(loadConfig({}));
  return { clock, store, limiter: createRateLimiter({ store, clock, enabled, settings }) };
}

const refusal = (promise: Promise<unknown>) => promise.then(() => undefined).catch((e: unknown) => e as AppError);

describe('rate limiter', () => {
  it('refuses the request over the budget with the seconds left, and resets after the window', async () => {
    const { clock, limiter } = setup();
    for (let i = 0; i < 40; i++) await limiter.hit('powchallenge', 'ip:1');
    const error = await refusal(limiter.hit('powchallenge', 'ip:1'));
    expect(error).toBeInstanceOf(AppError);
    expect(error?.httpStatus).toBe(429);
    expect(error?.headers['retry-after']).toBe('60');
    await limiter.hit('powchallenge', 'ip:2');
    clock.advance(60_001);
    await limiter.hit('powchallenge', 'ip:1');
  });

  it('counts at once in memory, in the same budget as hit; a shared store must be awaited', async () => {
    const { clock, limiter } = setup();
    expect(limiter.countsNow).toBe(true);
    for (let i = 0; i < 20; i++) await limiter.hit('powchallenge', 'ip:1');
    for (let i = 0; i < 20; i++) limiter.hitNow('powchallenge', 'ip:1');
    const error = (() => {
      try {
        limiter.hitNow('powchallenge', 'ip:1');
      } catch (thrown) {
        return thrown as AppError;
      }
    })();
    expect(error?.httpStatus).toBe(429);
    expect(error?.headers['retry-after']).toBe('60');
    await expect(limiter.hit('powchallenge', 'ip:1')).rejects.toBeInstanceOf(AppError);
    clock.advance(60_001);
    limiter.hitNow('powchallenge', 'ip:1');
    // A shared store (Redis) answers through promises only.
    const shared: KeyValueStore = {
      get: async () => null,
      set: async () => undefined,
      take: async () => false,
      increment: async () => ({ count: 1, ttlMs: 1 }),
      renew: async () => false,
      close: async () => undefined,
    };
    const settings = rateLimitSettingsFrom(loadConfig({}));
    expect(createRateLimiter({ store: shared, clock, enabled: true, settings }).countsNow).toBe(false);
    expect(createRateLimiter({ store: shared, clock, enabled: false, settings }).countsNow).toBe(true);
  });

  it('blocks the pair (account, address) after ten failed sign-ins, not the account elsewhere', async () => {
    const { limiter } = setup();
    const account = loginAccountKeys(['u1'], 'victim');
    for (let i = 0; i < 10; i++) {
      await limiter.ensureLoginAllowed(account, 'ip:1');
      await limiter.recordLoginFailure(account, 'ip:1');
    }
    expect((await refusal(limiter.ensureLoginAllowed(account, 'ip:1')))?.httpStatus).toBe(429);
    await limiter.ensureLoginAllowed(account, 'ip:2');
    await limiter.ensureLoginAllowed(loginAccountKeys(['u2'], 'other'), 'ip:1');
  });

  it('makes an address wait a growing delay after its own failure once the account is under attack', async () => {
    const { clock, limiter } = setup();
    const account = loginAccountKeys(['u1'], 'victim');
    for (let i = 0; i < 10; i++) await limiter.recordLoginFailure(account, `ip:${i}`);
    // The owner, from an address that has not failed, is not held back at all.
    await limiter.ensureLoginAllowed(account, 'ip:owner');
    await limiter.recordLoginFailure(account, 'ip:owner');
    // Eleven failures: ten over the threshold plus one doubles to 2 s.
    const waiting = await refusal(limiter.ensureLoginAllowed(account, 'ip:owner'));
    expect(waiting?.headers['retry-after']).toBe('2');
    clock.advance(2_000);
    await limiter.ensureLoginAllowed(account, 'ip:owner');
    for (let i = 0; i < 20; i++) await limiter.recordLoginFailure(account, `ip:x${i}`);
    await limiter.recordLoginFailure(account, 'ip:owner');
    expect((await refusal(limiter.ensureLoginAllowed(account, 'ip:owner')))?.headers['retry-after']).toBe('60');
  });

  it('keys unknown names by the typed text, case-insensitively', () => {
    expect(loginAccountKeys([], ' Nobody ')).toEqual(['name:nobody']);
    expect(loginAccountKeys(['a', 'b'], 'x')).toEqual(['user:a', 'user:b']);
  });

  it('counts in this process while the shared store is unreachable, never holding or failing the request', async () => {
    const clock = new FakeClock();
    const unreachable = new ServiceUnavailableError('redis');
    const store: KeyValueStore = {
      get: () => Promise.reject(unreachable),
      set: () => Promise.reject(unreachable),
      take: () => Promise.reject(unreachable),
      increment: () => Promise.reject(unreachable),
      renew: () => Promise.reject(unreachable),
      close: async () => undefined,
    };
    const limiter = createRateLimiter({ store, clock, enabled: true, settings: rateLimitSettingsFrom(loadConfig({})) });
    for (let i = 0; i < 40; i++) await limiter.hit('powchallenge', 'ip:1');
    await expect(limiter.hit('powchallenge', 'ip:1')).rejects.toBeInstanceOf(AppError);
    const account = loginAccountKeys(['u1'], 'someone');
    await limiter.ensureLoginAllowed(account, 'ip:1');
    await limiter.recordLoginFailure(account, 'ip:1');
  });

  it('does nothing when disabled', async () => {
    const { limiter } = setup(false);
    for (let i = 0; i < 100; i++) await limiter.hit('powchallenge', 'ip:1');
    for (let i = 0; i < 300; i++) await limiter.recordLoginFailure(['user:a'], 'ip:1');
    await limiter.ensureAddressMayTrySignIn('ip:1');
    await limiter.ensureLoginAllowed(['user:a'], 'ip:1');
  });
});
