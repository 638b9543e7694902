import { randomUUID } from 'node:crypto';
import type { ApiToken, ApiTokenCreateModel, ApiTokenResponse } from '@flagpole/contract';
import { Uuid } from '@flagpole/contract';
import { notFound } from '../http/errors';
import type { BearerTokenVerifier } from '../http/identity';
import type { Clock } from '../lib/clock';
import type { EventBus } from '../lib/event-bus';
import { createTokenSigner, generateSigningKeyPair, type TokenSigner } from '../lib/signed-token';
import type { ApiTokenRepository, ApiTokenRow } from '../repositories/api-token.repository';

const SIGNING_PURPOSE = 'api-token';
const DAY_MS = 86_400_000;
/** Last-use times are written at most this often per token, so busy scripts do not write on every call. */
const TOUCH_INTERVAL_MS = 60_000;
/** Event-bus channel: `{ tokenId }` of a token revoked or deleted; open connections it authenticated close. */
export const API_TOKEN_WITHDRAWN = 'api-tokens:withdrawn';

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    creatorId: row.creatorId,
    createdAt: row.createdAt.getTime(),
    expiresAt: row.expiresAt?.getTime() ?? null,
    lastUsedAt: row.lastUsedAt?.getTime() ?? null,
    isRevoked: row.isRevoked,
    creator: row.creatorName,
  };
}

/**
 * API tokens: an administrator issues them; a script then calls the REST API with
 * `Authorization: Bearer <token>` and acts with its issuer's current role. A token is usable while its
 * row exists, is not revoked and has not expired; the signature keeps guessed ids out without a lookup.
 */
export function createApiTokenService(deps: { repository: ApiTokenRepository; clock: Clock; events: EventBus }) {
  const { repository, clock } = deps;
  let signer: Promise<TokenSigner> | undefined;
  const currentSigner = () => {
    signer ??= repository
      .signingKeys(SIGNING_PURPOSE, generateSigningKeyPair)
      .then(createTokenSigner)
      .catch((error: unknown) => {
        signer = undefined;
        throw error;
      });
    return signer;
  };

  async function existing(id: string): Promise<string> {
    if (!Uuid.safeParse(id).success) throw notFound('error.tokenNotFound');
    return id.toLowerCase();
  }

  const verifier: BearerTokenVerifier = {
    async verify(token) {
      const claims = (await currentSigner()).verify(token);
      const now = clock.now();
      if (!claims || (claims.exp !== undefined && claims.exp * 1000 <= now.getTime())) return null;
      const issuer = await repository.activeIssuer(claims.jti, now);
      if (!issuer) return null;
      if (!issuer.lastUsedAt || now.getTime() - issuer.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
        await repository.touch(claims.jti, now);
      }
      return {
        id: issuer.userId,
        user_name: issuer.userName,
        role: issuer.role,
        tokenId: claims.jti,
        expiresAt: claims.exp === undefined ? undefined : claims.exp * 1000,
      };
    },
  };

  return {
    verifier,

    async create(creatorId: string, model: ApiTokenCreateModel): Promise<ApiTokenResponse> {
      const now = clock.now();
      const id = randomUUID();
      const iat = Math.floor(now.getTime() / 1000);
      const days = model.expiresIn ?? 0;
      const exp = days > 0 ? iat + (days * DAY_MS) / 1000 : undefined;
      const token = (await currentSigner()).sign(exp === undefined ? { jti: id, iat } : { jti: id, iat, exp });
      await repository.insert({
        id,
        name: model.name,
        creatorId,
        createdAt: now,
        expiresAt: exp === undefined ? null : new Date(exp * 1000),
      });
      const row = await repository.find(id);
      if (!row) throw notFound('error.tokenNotFound');
      return { token, info: toApiToken(row) };
    },

    async list(): Promise<ApiToken[]> {
      return (await repository.list()).map(toApiToken);
    },

    /** Revokes the token, or deletes it for good with `remove`. */
    async revoke(id: string, options: { remove: boolean }): Promise<void> {
      const key = await existing(id);
      const done = options.remove ? await repository.remove(key) : await repository.setRevoked(key, true);
      if (!done) throw notFound('error.tokenNotFound');
      await deps.events.publish(API_TOKEN_WITHDRAWN, { tokenId: key });
    },

    async restore(id: string): Promise<void> {
      if (!(await repository.setRevoked(await existing(id), false))) throw notFound('error.tokenNotFound');
    },
  };
}
export type ApiTokenService = ReturnType<typeof createApiTokenService>;
