import type { UserListOrder } from '@flagpole/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../db/database';
import type { Database, NewUser, UserRow, UserUpdate } from '../db/schema';
import { substringPattern } from './like-pattern';

/** The user's name, e-mail, real name, student number, phone or id contains the text (any case). */
function matchesUser(eb: ExpressionBuilder<Database, 'users'>, text: string) {
  const pattern = substringPattern(text);
  return eb.or(
    [
      sql`lower(user_name)`,
      sql`lower(email)`,
      sql`lower(real_name)`,
      sql`lower(std_number)`,
      sql`lower(coalesce(phone, ''))`,
      sql`id::text`,
    ].map((column) => eb(column, 'like', pattern)),
  );
}

/** Users as the admin area sees them: every user, paged or searched, plus bulk creation. */
export function createAdminUserRepository(db: Db) {
  return {
    /**
     * A page in the chosen order (ties broken by id, so paging is stable), of the users matching `search` when
     * given (the same columns as `search` below).
     */
    async page(skip: number, count: number, order: UserListOrder = 'id', search?: string): Promise<UserRow[]> {
      let query = db.selectFrom('users').selectAll();
      if (search) query = query.where((eb) => matchesUser(eb, search));
      if (order === 'newest') query = query.orderBy('created_at', 'desc');
      else if (order === 'oldest') query = query.orderBy('created_at', 'asc');
      else if (order === 'name') query = query.orderBy(sql`lower(user_name)`);
      else if (order === 'lastSeen') query = query.orderBy(sql`last_visited_at desc nulls last`);
      return query.orderBy('id').offset(skip).limit(count).execute();
    },

    async count(search?: string): Promise<number> {
      let query = db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n'));
      if (search) query = query.where((eb) => matchesUser(eb, search));
      const row = await query.executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Case-insensitive substring search over name, e-mail, real name, student number, phone and id. */
    async search(hint: string, limit: number): Promise<UserRow[]> {
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) => matchesUser(eb, hint))
        .orderBy('user_name')
        .limit(limit)
        .execute();
    },

    async find(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Id of the user holding this name or e-mail address (case-insensitive), if any. */
    async holderOf(column: 'user_name' | 'email', value: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(${sql.ref(column)})`, '=', value.toLowerCase())
        .executeTakeFirst();
      return row?.id;
    },

    async update(id: string, changes: UserUpdate): Promise<boolean> {
      const result = await db.updateTable('users').set(changes).where('id', '=', id).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Locks the user row until the transaction ends. */
    async findForUpdate(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /** Names and e-mail addresses (lower-cased) among these that are already taken. */
    async taken(names: string[], emails: string[]): Promise<{ names: Set<string>; emails: Set<string> }> {
      const rows = await db
        .selectFrom('users')
        .select([sql<string>`lower(user_name)`.as('name'), sql<string>`lower(email)`.as('email')])
        .where((eb) => eb.or([eb(sql`lower(user_name)`, 'in', names), eb(sql`lower(email)`, 'in', emails)]))
        .execute();
      return { names: new Set(rows.map((r) => r.name)), emails: new Set(rows.map((r) => r.email)) };
    },

    async insertMany(users: NewUser[]): Promise<UserRow[]> {
      return db.insertInto('users').values(users).returningAll().execute();
    },

    async captainedTeams(userId: string): Promise<number> {
      const row = await db
        .selectFrom('teams')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('captain_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },

    /** Creates a team captained by the first member, with all of them as members. */
    async insertTeam(name: string, inviteToken: string, memberIds: string[]): Promise<void> {
      const [captain] = memberIds;
      if (!captain) return;
      const team = await db
        .insertInto('teams')
        .values({ name, invite_token: inviteToken, captain_id: captain })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('team_members')
        .values(memberIds.map((user_id) => ({ team_id: team.id, user_id })))
        .execute();
    },
  };
}
export type AdminUserRepository = ReturnType<typeof createAdminUserRepository>;
