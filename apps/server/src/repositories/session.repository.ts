import type { Db } from '../db/database';
import type { UserRow } from '../db/schema';
import { prepare } from './prepared-statement';

export interface NewSession {
  tokenHash: string;
  userId: string;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  language?: string | null;
}

export function createSessionRepository(db: Db) {
  /** Read for every session this process has not resolved in the last few seconds: written once. */
  const findLive = prepare(2, (tokenHash: string, now: Date) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select('sessions.expires_at as session_expires_at')
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.expires_at', '>', now),
  );

  return {
    async insert(session: NewSession): Promise<void> {
      await db
        .insertInto('sessions')
        .values({
          token_hash: session.tokenHash,
          user_id: session.userId,
          expires_at: session.expiresAt,
          ip: session.ip,
          user_agent: session.userAgent,
          language: session.language ?? null,
        })
        .execute();
    },
    /** The unexpired session with this hash and its user, loaded fresh so role changes apply at once. */
    async findLive(tokenHash: string, now: Date): Promise<{ expiresAt: Date; user: UserRow } | undefined> {
      const [row] = (await db.executeQuery(findLive(tokenHash, now))).rows;
      if (!row) return undefined;
      const { session_expires_at, ...user } = row;
      return { expiresAt: session_expires_at, user };
    },
    async extend(tokenHash: string, expiresAt: Date): Promise<void> {
      await db.updateTable('sessions').set({ expires_at: expiresAt }).where('token_hash', '=', tokenHash).execute();
    },
    async delete(tokenHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    },
    /** Ends every session of the user except the one kept (if any). */
    async deleteForUser(userId: string, keepTokenHash?: string): Promise<void> {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (keepTokenHash) query = query.where('token_hash', '!=', keepTokenHash);
      await query.execute();
    },
    async deleteExpired(now: Date): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
