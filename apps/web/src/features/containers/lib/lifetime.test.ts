import { describe, expect, it } from 'vitest';
import { canExtend, formatCountdown, remainingMs } from './lifetime';

describe('instance lifetime', () => {
  const now = 1_700_000_000_000;

  it('offers extension only within the renewal window before the stop', () => {
    expect(canExtend(now + 11 * 60_000, now, 10)).toBe(false);
    expect(canExtend(now + 10 * 60_000, now, 10)).toBe(true);
    expect(canExtend(now + 1000, now, 10)).toBe(true);
    expect(canExtend(now, now, 10)).toBe(false);
  });

  it('counts down without going negative', () => {
    expect(remainingMs(now - 5, now)).toBe(0);
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(59_999)).toBe('0:59');
    expect(formatCountdown(2 * 3_600_000 + 3 * 60_000 + 4_000)).toBe('2:03:04');
    expect(formatCountdown(9 * 60_000 + 5_000)).toBe('9:05');
  });
});
