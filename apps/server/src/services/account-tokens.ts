import type { Clock } from '../lib/clock';
import { decodeLinkValue, randomToken, sha256Hex } from '../lib/crypto';
import type { AccountTokenPurpose, AccountTokenRepository } from '../repositories/account-token.repository';

/** Mailed links stay valid for three hours. */
export const ACCOUNT_TOKEN_LIFETIME_MS = 3 * 60 * 60 * 1000;

/** Single-use tokens for mailed links; only their SHA-256 is stored. */
export function createAccountTokens(deps: { tokens: AccountTokenRepository; clock: Clock }) {
  return {
    async issue(userId: string, purpose: AccountTokenPurpose, newEmail?: string): Promise<string> {
      const token = randomToken(32);
      await deps.tokens.insert({
        tokenHash: sha256Hex(token),
        userId,
        purpose,
        newEmail: newEmail ?? null,
        expiresAt: new Date(deps.clock.now().getTime() + ACCOUNT_TOKEN_LIFETIME_MS),
      });
      return token;
    },
    /** Consumes the Base64 token from a link; undefined when it is malformed, unknown, used or expired. */
    async consume(
      encodedToken: string,
      userId: string,
      purpose: AccountTokenPurpose,
    ): Promise<{ newEmail: string | null } | undefined> {
      const token = decodeLinkValue(encodedToken);
      if (!token) return undefined;
      return deps.tokens.consume(sha256Hex(token), userId, purpose, deps.clock.now());
    },
  };
}
export type AccountTokens = ReturnType<typeof createAccountTokens>;
