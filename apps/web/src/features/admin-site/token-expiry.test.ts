import { describe, expect, it } from 'vitest';
import { expiryOf, tokenState } from './token-expiry';

const DAY = 86_400_000;
const now = Date.UTC(2026, 0, 10, 12);

describe('expiryOf', () => {
  it('is null without days or with 0: the token never expires', () => {
    expect(expiryOf(null, now)).toBeNull();
    expect(expiryOf(0, now)).toBeNull();
  });

  it('counts whole days from now, as the server does', () => {
    expect(expiryOf(1, now)?.getTime()).toBe(now + DAY);
    expect(expiryOf(30, now)?.getTime()).toBe(now + 30 * DAY);
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
