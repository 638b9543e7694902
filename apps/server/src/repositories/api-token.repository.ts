import type { Role } from '@flagpole/contract';
import type { Db } from '../db/database';
import type { SigningKeyPair } from '../lib/signed-token';

export interface ApiTokenRow {
  id: string;
  name: string;
  creatorId: string;
  creatorName: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  isRevoked: boolean;
}

/** The issuer a usable token acts for, read fresh so that role changes and bans apply at once. */
export interface TokenIssuer {
  userId: string;
  userName: string;
  role: Role;
  lastUsedAt: Date | null;
}

export function createApiTokenRepository(db: Db) {
  const listQuery = () =>
    db
      .selectFrom('api_tokens as t')
      .leftJoin('users as u', 'u.id', 't.creator_id')
      .select([
        't.id',
        't.name',
        't.creator_id as creatorId',
        'u.user_name as creatorName',
        't.created_at as createdAt',
        't.expires_at as expiresAt',
        't.last_used_at as lastUsedAt',
        't.is_revoked as isRevoked',
      ]);

  return {
    /** The key pair for `purpose`, created by the first process that asks; every process then reads the same one. */
    async signingKeys(purpose: string, generate: () => SigningKeyPair): Promise<SigningKeyPair> {
      const fresh = generate();
      await db
        .insertInto('signing_keys')
        .values({ purpose, public_key: fresh.publicKey, private_key: fresh.privateKey })
        .onConflict((oc) => oc.column('purpose').doNothing())
        .execute();
      const row = await db
        .selectFrom('signing_keys')
        .select(['public_key', 'private_key'])
        .where('purpose', '=', purpose)
        .executeTakeFirstOrThrow();
      return { publicKey: row.public_key, privateKey: row.private_key };
    },

    async insert(token: { id: string; name: string; creatorId: string; createdAt: Date; expiresAt: Date | null }) {
      await db
        .insertInto('api_tokens')
        .values({
          id: token.id,
          name: token.name,
          creator_id: token.creatorId,
          created_at: token.createdAt,
          expires_at: token.expiresAt,
        })
        .execute();
    },

    async find(id: string): Promise<ApiTokenRow | undefined> {
      return listQuery().where('t.id', '=', id).executeTakeFirst();
    },

    /** Every token, newest first, revoked ones included. */
    async list(): Promise<ApiTokenRow[]> {
      return listQuery().orderBy('t.created_at', 'desc').orderBy('t.id').execute();
    },

    /** Sets the revoked flag; false when there is no such token. */
    async setRevoked(id: string, isRevoked: boolean): Promise<boolean> {
      const result = await db
        .updateTable('api_tokens')
        .set({ is_revoked: isRevoked })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Revokes every usable token the user issued; returns their ids. */
    async revokeAllOf(userId: string): Promise<string[]> {
      const rows = await db
        .updateTable('api_tokens')
        .set({ is_revoked: true })
        .where('creator_id', '=', userId)
        .where('is_revoked', '=', false)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom('api_tokens').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** The issuer of a token that is neither revoked nor expired at `now`, in one query. */
    async activeIssuer(id: string, now: Date): Promise<TokenIssuer | undefined> {
      return db
        .selectFrom('api_tokens as t')
        .innerJoin('users as u', 'u.id', 't.creator_id')
        .select(['u.id as userId', 'u.user_name as userName', 'u.role', 't.last_used_at as lastUsedAt'])
        .where('t.id', '=', id)
        .where('t.is_revoked', '=', false)
        .where((eb) => eb.or([eb('t.expires_at', 'is', null), eb('t.expires_at', '>', now)]))
        .executeTakeFirst();
    },

    async touch(id: string, usedAt: Date): Promise<void> {
      await db.updateTable('api_tokens').set({ last_used_at: usedAt }).where('id', '=', id).execute();
    },
  };
}
export type ApiTokenRepository = ReturnType<typeof createApiTokenRepository>;
