import { describe, expect, it } from 'vitest';
import { expiresInDays, tokenState } from './token-expiry';

const DAY = 86_400_000;
const now = Date.UTC(2026, 0, 10, 12);

describe('expiresInDays', () => {
  it('is null without a date: the token never expires', () => {
    expect(expiresInDays(null, now)).toBeNull();
  });

  it('rounds a partial day up and never goes below one day', () => {
    expect(expiresInDays(new Date(now + 2.5 * DAY), now)).toBe(3);
    expect(expiresInDays(new Date(now + 30 * DAY), now)).toBe(30);
    expect(expiresInDays(new Date(now - DAY), now)).toBe(1);
  });
});

describe('tokenState', () => {
  it('tells revoked, expired and active tokens apart', () => {
    expect(tokenState({ isRevoked: true, expiresAt: null }, now)).toBe('revoked');
    expect(tokenState({ isRevoked: false, expiresAt: now }, now)).toBe('expired');
    expect(tokenState({ isRevoked: false, expiresAt: now + 1 }, now)).toBe('active');
    expect(tokenState({ isRevoked: false, expiresAt: null }, now)).toBe('active');
  });
});
