import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * True (in SQL) when the process named by `owner` holds no live lease: it stopped, died, or never existed.
 * Lease times are the database's, so processes on machines with different clocks agree.
 */
export function ownerIsGone(owner: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`not exists (
    select 1 from server_processes lease where lease.id = ${owner} and lease.lease_until > now())`;
}

/** The lease rows of server processes. */
export function createProcessLeaseRepository(db: Db) {
  return {
    /** Takes or extends the lease of `id` until `ttlMs` from now (database time). */
    async renew(id: string, ttlMs: number): Promise<void> {
      await sql`
        insert into server_processes (id, lease_until)
        values (${id}::uuid, now() + ${ttlMs}::int * interval '1 millisecond')
        on conflict (id) do update set lease_until = excluded.lease_until`.execute(db);
    },

    /** Gives the lease up: the process's work is anyone's at once. */
    async release(id: string): Promise<void> {
      await db.deleteFrom('server_processes').where('id', '=', id).execute();
    },

    /** Forgets processes whose lease ran out long ago (nothing refers to them by key). */
    async purgeExpired(olderThanMs: number): Promise<void> {
      await sql`delete from server_processes
        where lease_until < now() - ${olderThanMs}::int * interval '1 millisecond'`.execute(db);
    },
  };
}
export type ProcessLeaseRepository = ReturnType<typeof createProcessLeaseRepository>;
