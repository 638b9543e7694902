import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { NewUser, UserRow, UserUpdate } from '../db/schema';
import { prepare } from './prepared-statement';

/** PostgreSQL's code for a unique-index violation. */
const UNIQUE_VIOLATION = '23505';

/** PostgreSQL's code for a foreign key that names a row that is gone. */
const FOREIGN_KEY_VIOLATION = '23503';

const hasCode = (error: unknown, code: string) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === code;

export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, UNIQUE_VIOLATION);
}

export function isForeignKeyViolation(error: unknown): boolean {
  return hasCode(error, FOREIGN_KEY_VIOLATION);
}

export function createUserRepository(db: Db) {
  /** Run for every active player every few seconds: written once. */
  const recordVisit = prepare(4, (id: string, at: Date, ip: string, notBefore: Date) =>
    db
      .updateTable('users')
      .set({ last_visited_at: at, last_ip: ip })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_visited_at', 'is', null), eb('last_visited_at', '<', notBefore)])),
  );

  return {
    async findById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** The user, locked until the transaction ends (two unlinks of one account never both pass their check). */
    async findByIdForUpdate(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },
    async findByName(userName: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(user_name)`, '=', userName.toLowerCase())
        .executeTakeFirst();
    },
    /**
     * Users whose name or e-mail is the given value (case-insensitive): at most two, since a user
     * name may look like someone else's address. The name match comes first.
     */
    async findByNameOrEmail(nameOrEmail: string): Promise<UserRow[]> {
      const lowered = nameOrEmail.toLowerCase();
      const rows = await db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb.or([eb(sql`lower(user_name)`, '=', lowered), eb(sql`lower(email)`, '=', lowered)]))
        .limit(2)
        .execute();
      return rows.sort(
        (a, b) => Number(b.user_name.toLowerCase() === lowered) - Number(a.user_name.toLowerCase() === lowered),
      );
    },
    /** Inserts a user; undefined when the name or e-mail is already taken. */
    async insert(user: NewUser): Promise<UserRow | undefined> {
      return db
        .insertInto('users')
        .values(user)
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
    },
    /** Updates a user; throws a unique violation when a new name or e-mail is taken. */
    async update(id: string, changes: UserUpdate): Promise<void> {
      await db.updateTable('users').set(changes).where('id', '=', id).execute();
    },
    /** Records a visit unless one was recorded after `notBefore` (one write per user every few seconds). */
    async recordVisit(id: string, at: Date, ip: string, notBefore: Date): Promise<void> {
      await db.executeQuery(recordVisit(id, at, ip, notBefore));
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
