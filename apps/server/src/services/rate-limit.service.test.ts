import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { FakeClock } from '../lib/clock';
import { MemoryStore } from '../lib/kv-store';
import { createRateLimiter } from './rate-limit.service';

function setup(enabled = true) {
  const clock = new FakeClock();
  const store = new MemoryStore(() => clock.now().getTime());
  return { clock, store, limiter: createRateLimiter({ store, clock, enabled }) };
}

describe('rate limiter', () => {
  it('refuses the request over the budget with the seconds left, and resets after the window', async () => {
    const { clock, limiter } = setup();
    for (let i = 0; i < 40; i++) await limiter.hit('powchallenge', 'ip:1');
    const error = await limiter.hit('powchallenge', 'ip:1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).httpStatus).toBe(429);
    expect((error as AppError).headers['retry-after']).toBe('60');
    await limiter.hit('powchallenge', 'ip:2');
    clock.advance(60_001);
    await limiter.hit('powchallenge', 'ip:1');
  });

  it('blocks an account after ten failed sign-ins, case-insensitively', async () => {
    const { limiter } = setup();
    for (let i = 0; i < 10; i++) {
      await limiter.ensureLoginAllowed('Victim', `ip:${i}`);
      await limiter.recordLoginFailure('Victim', `ip:${i}`);
    }
    await expect(limiter.ensureLoginAllowed('victim', 'ip:99')).rejects.toBeInstanceOf(AppError);
    await limiter.ensureLoginAllowed('someone-else', 'ip:99');
  });

  it('does nothing when disabled', async () => {
    const { limiter } = setup(false);
    for (let i = 0; i < 100; i++) await limiter.hit('powchallenge', 'ip:1');
  });
});
