import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { UserIdentitiesTable } from '../db/schema';

export type IdentityRow = Selectable<UserIdentitiesTable>;
export type IdentityProvider = IdentityRow['provider'];

/** SQL of the linked single sign-on identities (docs/integrations.md). */
export function createIdentityRepository(db: Db) {
  return {
    async find(provider: IdentityProvider, subject: string): Promise<IdentityRow | undefined> {
      return db
        .selectFrom('user_identities')
        .selectAll()
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .executeTakeFirst();
    },
    async listForUser(userId: string): Promise<IdentityRow[]> {
      return db.selectFrom('user_identities').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
    },
    /** Links the identity; false when (provider, subject) or (user, provider) is linked already. */
    async insert(row: Omit<IdentityRow, 'created_at'>): Promise<boolean> {
      const inserted = await db
        .insertInto('user_identities')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .returning('subject')
        .executeTakeFirst();
      return inserted !== undefined;
    },
    async touch(provider: IdentityProvider, subject: string, at: Date, displayName: string): Promise<void> {
      await db
        .updateTable('user_identities')
        .set({ last_used_at: at, display_name: displayName })
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .execute();
    },
    async delete(userId: string, provider: IdentityProvider): Promise<boolean> {
      const result = await db
        .deleteFrom('user_identities')
        .where('user_id', '=', userId)
        .where('provider', '=', provider)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
