const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The contract's `expiresIn` (whole days from now) for an expiry date picked in the form; null when no date was
 * picked (the token never expires). A date today or earlier counts as one day, the shortest lifetime.
 */
export function expiresInDays(expiry: Date | null, now: number): number | null {
  if (!expiry) return null;
  return Math.max(1, Math.ceil((expiry.getTime() - now) / DAY_MS));
}

export type TokenState = 'active' | 'revoked' | 'expired';

export function tokenState(token: { isRevoked: boolean; expiresAt: number | null }, now: number): TokenState {
  if (token.isRevoked) return 'revoked';
  if (token.expiresAt !== null && token.expiresAt <= now) return 'expired';
  return 'active';
}
