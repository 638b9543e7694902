import type { Db } from '../db/database';
import type { ParticipationStatusName } from '../db/schema';

/** A team's entry in a game that a member added to the team later may follow (with the game's rules). */
export interface FollowableEntry {
  participationId: number;
  gameId: number;
  status: ParticipationStatusName;
  limit: number;
  endAt: Date;
  practiceMode: boolean;
}

/** Who plays for a team in a game (`participation_members`), as the team entry rules need it. */
export function createRosterRepository(db: Db) {
  return {
    /** The team's members, captain included, in the order they joined the team. */
    async teamMemberIds(teamId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('team_members')
        .select('user_id')
        .where('team_id', '=', teamId)
        .orderBy('joined_at')
        .orderBy('user_id')
        .execute();
      return rows.map((row) => row.user_id);
    },

    async players(participationId: number): Promise<Array<{ userId: string; byTeam: boolean }>> {
      const rows = await db
        .selectFrom('participation_members')
        .select(['user_id', 'enrolled_by_team'])
        .where('participation_id', '=', participationId)
        .execute();
      return rows.map((row) => ({ userId: row.user_id, byTeam: row.enrolled_by_team }));
    },

    /** Of the given users, those on any roster of the game (another team's included, Rejected ones too). */
    async rosteredInGame(gameId: number, userIds: string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('participation_members')
        .select('user_id')
        .where('game_id', '=', gameId)
        .where('user_id', 'in', userIds)
        .execute();
      return new Set(rows.map((row) => row.user_id));
    },

    /** Of the given users, those playing for another team whose entry stands (not Rejected) in the game. */
    async playingForAnotherTeam(gameId: number, participationId: number, userIds: string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('participation_members')
        .innerJoin('participations', 'participations.id', 'participation_members.participation_id')
        .select('participation_members.user_id')
        .where('participation_members.game_id', '=', gameId)
        .where('participation_members.participation_id', '<>', participationId)
        .where('participations.status', '<>', 'Rejected')
        .where('participation_members.user_id', 'in', userIds)
        .execute();
      return new Set(rows.map((row) => row.user_id));
    },

    /** Adds a player the team brings in; a row that appeared meanwhile (a race with their own join) wins. */
    async addByTeam(participationId: number, gameId: number, userId: string): Promise<boolean> {
      const result = await db
        .insertInto('participation_members')
        .values({ participation_id: participationId, game_id: gameId, user_id: userId, enrolled_by_team: true })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** The member's own join call takes over a row the team made; false when the row is already theirs. */
    async takeOverRow(participationId: number, userId: string): Promise<boolean> {
      const result = await db
        .updateTable('participation_members')
        .set({ enrolled_by_team: false })
        .where('participation_id', '=', participationId)
        .where('user_id', '=', userId)
        .where('enrolled_by_team', '=', true)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async removePlayers(participationId: number, userIds: string[]): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .deleteFrom('participation_members')
        .where('participation_id', '=', participationId)
        .where('user_id', 'in', userIds)
        .execute();
    },

    /** Removes the users' rows in the game's Rejected entries (as their own join would). */
    async removeRejectedRows(gameId: number, userIds: string[]): Promise<void> {
      if (userIds.length === 0) return;
      await db
        .deleteFrom('participation_members')
        .where('game_id', '=', gameId)
        .where('user_id', 'in', userIds)
        .where('participation_id', 'in', (eb) =>
          eb.selectFrom('participations').select('id').where('game_id', '=', gameId).where('status', '=', 'Rejected'),
        )
        .execute();
    },

    /** The team's entries that stand (not Rejected), each locked until the transaction ends. */
    async standingEntriesOfTeam(teamId: number): Promise<FollowableEntry[]> {
      const rows = await db
        .selectFrom('participations')
        .innerJoin('games', 'games.id', 'participations.game_id')
        .select([
          'participations.id',
          'participations.game_id',
          'participations.status',
          'games.team_member_count_limit',
          'games.end_at',
          'games.practice_mode',
        ])
        .where('participations.team_id', '=', teamId)
        .where('participations.status', '<>', 'Rejected')
        .orderBy('participations.id')
        .forUpdate('participations')
        .execute();
      return rows.map((row) => ({
        participationId: row.id,
        gameId: row.game_id,
        status: row.status,
        limit: row.team_member_count_limit,
        endAt: row.end_at,
        practiceMode: row.practice_mode,
      }));
    },
  };
}
export type RosterRepository = ReturnType<typeof createRosterRepository>;
