import type { Db } from '../db/database';
import type { AccountTokensTable } from '../db/schema';

export type AccountTokenPurpose = AccountTokensTable['purpose'];

export function createAccountTokenRepository(db: Db) {
  return {
    async insert(token: {
      tokenHash: string;
      userId: string;
      purpose: AccountTokenPurpose;
      newEmail?: string | null;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('account_tokens')
        .values({
          token_hash: token.tokenHash,
          user_id: token.userId,
          purpose: token.purpose,
          new_email: token.newEmail ?? null,
          expires_at: token.expiresAt,
        })
        .execute();
    },
    /**
     * Uses up a token: when an unexpired token with this hash exists for the user and purpose, every
     * token of that purpose for the user is deleted (one link completes the flow) and the token is returned.
     */
    async consume(
      tokenHash: string,
      userId: string,
      purpose: AccountTokenPurpose,
      now: Date,
    ): Promise<{ newEmail: string | null } | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom('account_tokens')
          .where('token_hash', '=', tokenHash)
          .where('user_id', '=', userId)
          .where('purpose', '=', purpose)
          .where('expires_at', '>', now)
          .returning('new_email')
          .executeTakeFirst();
        if (!row) return undefined;
        await trx.deleteFrom('account_tokens').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
        return { newEmail: row.new_email };
      });
    },
  };
}
export type AccountTokenRepository = ReturnType<typeof createAccountTokenRepository>;
