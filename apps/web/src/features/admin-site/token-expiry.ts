const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a token created now with `expiresIn` days stops working (the server counts whole days from the moment
 * of creation); null when it never expires (no days, or 0).
 */
export function expiryOf(expiresIn: number | null, now: number): Date | null {
  if (!expiresIn || expiresIn <= 0) return null;
  return new Date(now + expiresIn * DAY_MS);
}

export type TokenState = 'active' | 'revoked' | 'expired';

export function tokenState(token: { isRevoked: boolean; expiresAt: number | null }, now: number): TokenState {
  if (token.isRevoked) return 'revoked';
  if (token.expiresAt !== null && token.expiresAt <= now) return 'expired';
  return 'active';
}
