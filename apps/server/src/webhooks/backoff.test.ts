import { describe, expect, it } from 'vitest';
import { FIRST_RETRY_MS, MAX_RETRY_MS, RETRY_WINDOW_MS, retryDelayMs, withinRetryWindow } from './backoff';

describe('webhook retry backoff', () => {
  it('doubles from 15 s up to one hour, with the jitter inside ±20 %', () => {
    const middle = (failures: number) => retryDelayMs(failures, 0.5);
    expect([1, 2, 3, 4, 5].map(middle)).toEqual([15_000, 30_000, 60_000, 120_000, 240_000]);
    expect(middle(9)).toBe(MAX_RETRY_MS);
    expect(middle(1_000)).toBe(MAX_RETRY_MS);
    expect(retryDelayMs(1, 0)).toBe(FIRST_RETRY_MS * 0.8);
    expect(retryDelayMs(1, 0.999_999)).toBeCloseTo(FIRST_RETRY_MS * 1.2, -1);
    expect(retryDelayMs(20, 0)).toBe(MAX_RETRY_MS * 0.8);
  });

  it('spreads endpoints that failed together', () => {
    const delays = new Set([0.1, 0.3, 0.5, 0.7, 0.9].map((r) => retryDelayMs(3, r)));
    expect(delays.size).toBe(5);
  });

  it('retries for 24 hours from when the delivery was queued', () => {
    const queued = new Date('2030-01-01T00:00:00Z');
    expect(withinRetryWindow(queued, new Date(queued.getTime() + RETRY_WINDOW_MS - 1))).toBe(true);
    expect(withinRetryWindow(queued, new Date(queued.getTime() + RETRY_WINDOW_MS))).toBe(false);
  });

  it('reaches the end of the window after about thirty attempts', () => {
    let elapsed = 0;
    let attempts = 0;
    while (elapsed < RETRY_WINDOW_MS) elapsed += retryDelayMs(++attempts, 0.5);
    expect(attempts).toBeGreaterThan(20);
    expect(attempts).toBeLessThan(40);
  });
});
