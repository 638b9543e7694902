import { z } from 'zod';
import { shortText, Timestamp } from './common';

export const tokenLimits = {
  name: { max: 128 },
  /** Days; a longer validity is what "never expires" (`expiresIn` 0 or null) is for. */
  expiresInDays: { max: 36_500 },
} as const;

/** A stored API token. `id` is also the token's `jti` claim; the secret itself is never stored. */
export const ApiToken = z.object({
  id: z.uuid(),
  name: z.string(),
  creatorId: z.uuid(),
  createdAt: Timestamp,
  /** Null: never expires. */
  expiresAt: Timestamp.nullable(),
  lastUsedAt: Timestamp.nullable(),
  isRevoked: z.boolean(),
  /** The issuer's user name; null once that account is gone. */
  creator: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;

export const ApiTokenCreateModel = z.object({
  name: shortText({ min: 1, max: tokenLimits.name.max }),
  /** Days until the token expires; 0 or null: never. */
  expiresIn: z.number().int().min(0).max(tokenLimits.expiresInDays.max).nullish(),
});
export type ApiTokenCreateModel = z.infer<typeof ApiTokenCreateModel>;

/** `token` is the secret, shown once: `<base64url(claims JSON)>.<base64url(Ed25519 signature)>`. */
export const ApiTokenResponse = z.object({ token: z.string(), info: ApiToken });
export type ApiTokenResponse = z.infer<typeof ApiTokenResponse>;

/** `DELETE /api/tokens/{id}?delete=true` removes the token; without it the token is only revoked. */
export const ApiTokenRevokeQuery = z.object({ delete: z.stringbool().default(false) });
export type ApiTokenRevokeQuery = z.infer<typeof ApiTokenRevokeQuery>;
