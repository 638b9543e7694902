import { sql } from 'kysely';
import type { Db } from '../db/database';

const epochMs = (value: Date | string | number) => new Date(value).getTime();

/** The dashboard's reads of one game: five short queries, run once per interval per process (never per viewer). */
export function createDashboardRepository(db: Db) {
  return {
    /** Submissions per minute since `since`, by right (Accepted) and wrong (any other verdict). */
    async submissionMinutes(gameId: number, since: Date) {
      const { rows } = await sql<{ minute: Date | string; right: number; wrong: number }>`
        select date_trunc('minute', submitted_at) as minute,
          count(*) filter (where status = 'Accepted')::int as right,
          count(*) filter (where status not in ('Accepted', 'FlagSubmitted'))::int as wrong
        from submissions where game_id = ${gameId} and submitted_at >= ${since}
        group by 1 order by 1`.execute(db);
      return rows.map((row) => ({ time: epochMs(row.minute), right: Number(row.right), wrong: Number(row.wrong) }));
    },

    /** Enabled challenges of the game, in the board's order. */
    async challenges(gameId: number) {
      return db
        .selectFrom('challenges')
        .select(['id', 'title', 'category'])
        .where('game_id', '=', gameId)
        .where('is_enabled', '=', true)
        .orderBy('category')
        .orderBy('id')
        .execute();
    },

    /** Every solve of the game, oldest first. */
    async solves(gameId: number) {
      const rows = await db
        .selectFrom('solves')
        .select(['challenge_id', 'solved_at'])
        .where('game_id', '=', gameId)
        .orderBy('solved_at')
        .execute();
      return rows.map((row) => ({ challengeId: row.challenge_id, at: epochMs(row.solved_at) }));
    },

    /** Live instances of the game by status. */
    async instances(gameId: number) {
      const { rows } = await sql<{ status: string; count: number }>`
        select status, count(*)::int as count from container_instances
        where game_id = ${gameId} and status <> 'Destroyed' group by status`.execute(db);
      const byStatus = { running: 0, queued: 0 };
      for (const row of rows) {
        if (row.status === 'Running') byStatus.running = Number(row.count);
        if (row.status === 'Pending') byStatus.queued = Number(row.count);
      }
      return byStatus;
    },

    /** Unjudged submissions of the game and the oldest one's time. */
    async backlog(gameId: number) {
      const { rows } = await sql<{ depth: number; oldest: Date | string | null }>`
        select count(*)::int as depth, min(submitted_at) as oldest from submissions
        where game_id = ${gameId} and status = 'FlagSubmitted'`.execute(db);
      const row = rows[0];
      return { depth: Number(row?.depth ?? 0), oldest: row?.oldest ? epochMs(row.oldest) : null };
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
