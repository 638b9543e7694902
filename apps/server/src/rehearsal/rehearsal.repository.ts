import { sql } from 'kysely';
import type { Db } from '../db/database';

/** What removing a run took away, and the games whose boards must be rebuilt. */
export interface RemovedRun {
  users: number;
  teams: number;
  gameIds: number[];
}

/** Rehearsal runs and the accounts they registered (migration 0027). */
export function createRehearsalRepository(db: Db) {
  return {
    async create(run: { id: string; secretHash: string; gameId: number; expiresAt: Date }): Promise<void> {
      await db
        .insertInto('rehearsal_runs')
        .values({ id: run.id, secret_hash: run.secretHash, game_id: run.gameId, expires_at: run.expiresAt })
        .execute();
    },

    /** The run whose secret hashes to `secretHash`, while its lease holds. */
    async findActive(secretHash: string, now: Date): Promise<{ id: string } | undefined> {
      return db
        .selectFrom('rehearsal_runs')
        .select('id')
        .where('secret_hash', '=', secretHash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    async expiredIds(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('rehearsal_runs')
        .select('id')
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Removes a run and only the accounts it marked: deleting an account removes the teams it captains, their
     * game entries, submissions and instance records (foreign keys cascade). Real players are never marked, so
     * they keep everything. The run row is locked first, so two processes sweeping at once remove it once.
     */
    async remove(runId: string): Promise<RemovedRun | null> {
      return db.transaction().execute(async (trx) => {
        const run = await trx
          .selectFrom('rehearsal_runs')
          .select('id')
          .where('id', '=', runId)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!run) return null;
        const teams = await sql<{ id: number; game_id: number | null }>`
          select t.id, p.game_id
          from teams t
          join users u on u.id = t.captain_id
          left join participations p on p.team_id = t.id
          where u.rehearsal_run_id = ${runId}`.execute(trx);
        const removed = await trx.deleteFrom('users').where('rehearsal_run_id', '=', runId).executeTakeFirst();
        await trx.deleteFrom('rehearsal_runs').where('id', '=', runId).execute();
        const gameIds = new Set(teams.rows.flatMap((row) => (row.game_id === null ? [] : [row.game_id])));
        const teamCount = new Set(teams.rows.map((row) => row.id)).size;
        return { users: Number(removed.numDeletedRows), teams: teamCount, gameIds: [...gameIds] };
      });
    },
  };
}
export type RehearsalRepository = ReturnType<typeof createRehearsalRepository>;
