import type { GameListOrder } from '@flagpole/contract';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { GamesTable, ParticipationStatusName, ParticipationsTable } from '../db/schema';
import { substringPattern } from './like-pattern';

export type GameRow = Selectable<GamesTable>;
export type NewGame = Insertable<GamesTable>;
export type GameUpdate = Updateable<GamesTable>;
export type ParticipationRow = Selectable<ParticipationsTable>;

/** Games, participations and rosters. Bound to a connection or a transaction. */
export function createGameRepository(db: Db) {
  return {
    async find(id: number): Promise<GameRow | undefined> {
      return db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async count(options: { includeHidden: boolean; search?: string | undefined }): Promise<number> {
      let query = db.selectFrom('games').select((eb) => eb.fn.countAll<number>().as('n'));
      if (!options.includeHidden) query = query.where('hidden', '=', false);
      if (options.search) query = query.where(sql`lower(title)`, 'like', substringPattern(options.search));
      return Number((await query.executeTakeFirstOrThrow()).n);
    },

    /** All games (organisers) in the chosen order, ties newest id first; with `search`, titles containing it. */
    async pageForAdmin(count: number, skip: number, order: GameListOrder, search?: string): Promise<GameRow[]> {
      let query = db.selectFrom('games').selectAll();
      if (search) query = query.where(sql`lower(title)`, 'like', substringPattern(search));
      if (order === 'start') query = query.orderBy('start_at', 'desc');
      else if (order === 'title') query = query.orderBy(sql`lower(title)`);
      return query.orderBy('id', 'desc').limit(count).offset(skip).execute();
    },

    /** How many games `pageForAdmin` pages through. */
    async countForAdmin(search?: string): Promise<number> {
      let query = db.selectFrom('games').select((eb) => eb.fn.countAll<number>().as('n'));
      if (search) query = query.where(sql`lower(title)`, 'like', substringPattern(search));
      return Number((await query.executeTakeFirstOrThrow()).n);
    },

    /** Visible games, latest start first; with `search`, those whose title contains it (any case, literally). */
    async pageVisibleByStart(count: number, skip: number, search?: string): Promise<GameRow[]> {
      let query = db.selectFrom('games').selectAll().where('hidden', '=', false);
      if (search) query = query.where(sql`lower(title)`, 'like', substringPattern(search));
      return query.orderBy('start_at', 'desc').orderBy('id', 'desc').limit(count).offset(skip).execute();
    },

    async allVisible(): Promise<GameRow[]> {
      return db.selectFrom('games').selectAll().where('hidden', '=', false).execute();
    },

    async insert(game: NewGame): Promise<GameRow> {
      return db.insertInto('games').values(game).returningAll().executeTakeFirstOrThrow();
    },

    async update(id: number, changes: GameUpdate): Promise<GameRow | undefined> {
      return db.updateTable('games').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
    },

    /**
     * Whether the game is a solo game, holding the row against a concurrent change of that setting until the
     * transaction ends (a join and the organiser's switch never interleave).
     */
    async individualForEntry(id: number): Promise<boolean | undefined> {
      const row = await db.selectFrom('games').select('individual').where('id', '=', id).forShare().executeTakeFirst();
      return row?.individual;
    },

    /** Locks the game row and tells whether any entry exists (of any status). */
    async lockAndHasEntries(id: number): Promise<boolean> {
      await db.selectFrom('games').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
      const row = await db.selectFrom('participations').select('id').where('game_id', '=', id).executeTakeFirst();
      return row !== undefined;
    },

    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('games').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async acceptedTeamCount(gameId: number): Promise<number> {
      const row = await db
        .selectFrom('participations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('game_id', '=', gameId)
        .where('status', '=', 'Accepted')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    // ---- participations ----

    async findParticipation(id: number): Promise<ParticipationRow | undefined> {
      return db.selectFrom('participations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async participationsOfGame(gameId: number): Promise<ParticipationRow[]> {
      return db.selectFrom('participations').selectAll().where('game_id', '=', gameId).orderBy('id').execute();
    },

    /** The caller's participation in a game (through the roster), with the team's name. */
    async rosterEntry(gameId: number, userId: string): Promise<(ParticipationRow & { team_name: string }) | undefined> {
      return db
        .selectFrom('participation_members')
        .innerJoin('participations', 'participations.id', 'participation_members.participation_id')
        .innerJoin('teams', 'teams.id', 'participations.team_id')
        .selectAll('participations')
        .select('teams.name as team_name')
        .where('participation_members.game_id', '=', gameId)
        .where('participation_members.user_id', '=', userId)
        .executeTakeFirst();
    },

    /** The team's entry in the game, if any (no lock: a read before the join decides what to check). */
    async teamParticipation(gameId: number, teamId: number): Promise<ParticipationRow | undefined> {
      return db
        .selectFrom('participations')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('team_id', '=', teamId)
        .executeTakeFirst();
    },

    /** Entries in the game of the teams the user belongs to, with the team names, by team id. */
    async entriesOfUserTeams(
      gameId: number,
      userId: string,
    ): Promise<
      Array<{
        id: number;
        team_id: number;
        team_name: string;
        status: ParticipationStatusName;
        division_id: number | null;
      }>
    > {
      return db
        .selectFrom('participations')
        .innerJoin('team_members', 'team_members.team_id', 'participations.team_id')
        .innerJoin('teams', 'teams.id', 'participations.team_id')
        .select([
          'participations.id',
          'participations.team_id',
          'teams.name as team_name',
          'participations.status',
          'participations.division_id',
        ])
        .where('participations.game_id', '=', gameId)
        .where('team_members.user_id', '=', userId)
        .orderBy('participations.team_id')
        .execute();
    },

    async removeRejectedRosterRows(gameId: number, userId: string): Promise<void> {
      await db
        .deleteFrom('participation_members')
        .where('game_id', '=', gameId)
        .where('user_id', '=', userId)
        .where('participation_id', 'in', (eb) =>
          eb.selectFrom('participations').select('id').where('game_id', '=', gameId).where('status', '=', 'Rejected'),
        )
        .execute();
    },

    /** Finds or creates the team's participation and locks it until the transaction ends. */
    async participationForJoin(gameId: number, teamId: number): Promise<ParticipationRow> {
      await db
        .insertInto('participations')
        .values({ game_id: gameId, team_id: teamId })
        .onConflict((oc) => oc.columns(['game_id', 'team_id']).doNothing())
        .execute();
      return db
        .selectFrom('participations')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('team_id', '=', teamId)
        .forUpdate()
        .executeTakeFirstOrThrow();
    },

    async setStatus(id: number, status: ParticipationStatusName): Promise<void> {
      await db.updateTable('participations').set({ status }).where('id', '=', id).execute();
    },

    async setDivision(id: number, divisionId: number | null): Promise<void> {
      await db.updateTable('participations').set({ division_id: divisionId }).where('id', '=', id).execute();
    },

    async deleteParticipation(id: number): Promise<void> {
      await db.deleteFrom('participations').where('id', '=', id).execute();
    },

    async rosterSize(participationId: number): Promise<number> {
      const row = await db
        .selectFrom('participation_members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('participation_id', '=', participationId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async rosters(participationIds: number[]): Promise<Array<{ participation_id: number; user_id: string }>> {
      if (participationIds.length === 0) return [];
      return db
        .selectFrom('participation_members')
        .select(['participation_id', 'user_id'])
        .where('participation_id', 'in', participationIds)
        .execute();
    },

    async addToRoster(participationId: number, gameId: number, userId: string): Promise<void> {
      await db
        .insertInto('participation_members')
        .values({ participation_id: participationId, game_id: gameId, user_id: userId })
        .execute();
    },

    async removeFromRoster(participationId: number, userId: string): Promise<void> {
      await db
        .deleteFrom('participation_members')
        .where('participation_id', '=', participationId)
        .where('user_id', '=', userId)
        .execute();
    },
  };
}
export type GameRepository = ReturnType<typeof createGameRepository>;
