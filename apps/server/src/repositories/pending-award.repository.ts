import type { Db } from '../db/database';

/** An imported award before its team exists in the game (migration 0028). */
export interface PendingAwardRow {
  id: number;
  teamName: string;
  points: number;
  reason: string;
  countsForTieBreak: boolean;
  createdAt: Date;
}

export type NewPendingAward = Omit<PendingAwardRow, 'id'>;

/** Pending awards: written by imports, listed and removed by organisers, claimed when a team is accepted. */
export function createPendingAwardRepository(db: Db) {
  const columns = ['id', 'team_name', 'points', 'reason', 'counts_for_tie_break', 'created_at'] as const;
  const toRow = (row: {
    id: number;
    team_name: string;
    points: number;
    reason: string;
    counts_for_tie_break: boolean;
    created_at: Date;
  }): PendingAwardRow => ({
    id: row.id,
    teamName: row.team_name,
    points: row.points,
    reason: row.reason,
    countsForTieBreak: row.counts_for_tie_break,
    createdAt: row.created_at,
  });

  return {
    async insertMany(gameId: number, awards: readonly NewPendingAward[]): Promise<void> {
      if (awards.length === 0) return;
      await db
        .insertInto('pending_awards')
        .values(
          awards.map((award) => ({
            game_id: gameId,
            team_name: award.teamName,
            points: award.points,
            reason: award.reason,
            counts_for_tie_break: award.countsForTieBreak,
            created_at: award.createdAt,
          })),
        )
        .execute();
    },

    async list(gameId: number): Promise<PendingAwardRow[]> {
      const rows = await db
        .selectFrom('pending_awards')
        .select(columns)
        .where('game_id', '=', gameId)
        .orderBy('id')
        .execute();
      return rows.map(toRow);
    },

    async delete(gameId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('pending_awards')
        .where('id', '=', id)
        .where('game_id', '=', gameId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /**
     * Inside the acceptance's transaction: removes the awards waiting for this team name and writes them as the
     * participation's awards. The delete is the claim: a concurrent acceptance waits on the same rows and then
     * finds them gone, so each award is applied once whichever path accepts the team first.
     */
    async claim(gameId: number, teamName: string, participationId: number): Promise<PendingAwardRow[]> {
      const claimed = (
        await db
          .deleteFrom('pending_awards')
          .where('game_id', '=', gameId)
          .where('team_name', '=', teamName)
          .returning(columns)
          .execute()
      )
        .map(toRow)
        .sort((a, b) => a.id - b.id);
      if (claimed.length === 0) return [];
      await db
        .insertInto('game_awards')
        .values(
          claimed.map((award) => ({
            game_id: gameId,
            participation_id: participationId,
            points: award.points,
            reason: award.reason,
            counts_for_tie_break: award.countsForTieBreak,
            created_by: null,
            created_at: award.createdAt,
          })),
        )
        .execute();
      return claimed;
    },
  };
}
export type PendingAwardRepository = ReturnType<typeof createPendingAwardRepository>;
