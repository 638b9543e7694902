import type { GamePhaseInfo } from '@flagpole/contract';
import type { Db } from '../db/database';

export interface GamePhaseWrite {
  title: string;
  startAt: Date;
}

const toModel = (row: { id: number; title: string; start_at: Date }): GamePhaseInfo => ({
  id: row.id,
  title: row.title,
  start: row.start_at.getTime(),
});

/** A game's phases (docs/game-play.md, "Phases"). Bound to a connection or a transaction. */
export function createGamePhaseRepository(db: Db) {
  return {
    /** Every phase of the game, by start, then id (the order players and the scoreboard switch show). */
    async list(gameId: number): Promise<GamePhaseInfo[]> {
      const rows = await db
        .selectFrom('game_phases')
        .select(['id', 'title', 'start_at'])
        .where('game_id', '=', gameId)
        .orderBy('start_at')
        .orderBy('id')
        .execute();
      return rows.map(toModel);
    },

    async find(gameId: number, phaseId: number): Promise<GamePhaseInfo | undefined> {
      const row = await db
        .selectFrom('game_phases')
        .select(['id', 'title', 'start_at'])
        .where('game_id', '=', gameId)
        .where('id', '=', phaseId)
        .executeTakeFirst();
      return row && toModel(row);
    },

    async count(gameId: number): Promise<number> {
      const row = await db
        .selectFrom('game_phases')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('game_id', '=', gameId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(gameId: number, write: GamePhaseWrite): Promise<GamePhaseInfo> {
      const row = await db
        .insertInto('game_phases')
        .values({ game_id: gameId, title: write.title, start_at: write.startAt })
        .returning(['id', 'title', 'start_at'])
        .executeTakeFirstOrThrow();
      return toModel(row);
    },

    async update(gameId: number, phaseId: number, write: Partial<GamePhaseWrite>): Promise<GamePhaseInfo | undefined> {
      const changes = {
        ...(write.title === undefined ? {} : { title: write.title }),
        ...(write.startAt === undefined ? {} : { start_at: write.startAt }),
      };
      if (Object.keys(changes).length === 0) return this.find(gameId, phaseId);
      const row = await db
        .updateTable('game_phases')
        .set(changes)
        .where('game_id', '=', gameId)
        .where('id', '=', phaseId)
        .returning(['id', 'title', 'start_at'])
        .executeTakeFirst();
      return row && toModel(row);
    },

    /** Its challenges lose the phase (the foreign key sets their column to null). */
    async delete(gameId: number, phaseId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('game_phases')
        .where('game_id', '=', gameId)
        .where('id', '=', phaseId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
export type GamePhaseRepository = ReturnType<typeof createGamePhaseRepository>;
