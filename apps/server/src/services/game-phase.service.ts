import {
  type GamePhaseCreateModel,
  type GamePhaseEditModel,
  type GamePhaseInfo,
  gamePhaseLimits,
} from '@flagpole/contract';
import type { Db } from '../db/database';
import { badRequest, notFound } from '../http/errors';
import type { EventBus } from '../lib/event-bus';
import { createGamePhaseRepository } from '../repositories/game-phase.repository';
import { SCOREBOARD_INVALIDATE } from './scoreboard.service';

/**
 * Organisers' phase management (`/api/edit/games/{id}/phases`; docs/game-play.md, "Phases"). Writes of one game
 * are serialised by a lock on the game row, so two creations cannot both pass the count check. Every change moves
 * the phase boards (and the phases players read with the game), so it publishes `scoreboard:invalidate` after the
 * commit, which also drops every process's cached game bodies.
 */
export function createGamePhaseService(deps: { db: Db; events: EventBus }) {
  async function lockGame(trx: Db, gameId: number): Promise<void> {
    const game = await trx.selectFrom('games').select('id').where('id', '=', gameId).forUpdate().executeTakeFirst();
    if (!game) throw notFound('error.gameNotFound');
  }

  const invalidate = (gameId: number) => deps.events.publish(SCOREBOARD_INVALIDATE, { gameId });

  return {
    async list(gameId: number): Promise<GamePhaseInfo[]> {
      const game = await deps.db.selectFrom('games').select('id').where('id', '=', gameId).executeTakeFirst();
      if (!game) throw notFound('error.gameNotFound');
      return createGamePhaseRepository(deps.db).list(gameId);
    },

    async create(gameId: number, input: GamePhaseCreateModel): Promise<GamePhaseInfo> {
      const created = await deps.db.transaction().execute(async (trx) => {
        const repo = createGamePhaseRepository(trx);
        await lockGame(trx, gameId);
        if ((await repo.count(gameId)) >= gamePhaseLimits.perGame) {
          throw badRequest('error.tooManyPhases', { count: gamePhaseLimits.perGame });
        }
        return repo.insert(gameId, { title: input.title, startAt: new Date(input.start) });
      });
      await invalidate(gameId);
      return created;
    },

    /** Null or absent fields stay. */
    async update(gameId: number, phaseId: number, input: GamePhaseEditModel): Promise<GamePhaseInfo> {
      const updated = await deps.db.transaction().execute(async (trx) => {
        await lockGame(trx, gameId);
        const row = await createGamePhaseRepository(trx).update(gameId, phaseId, {
          title: input.title ?? undefined,
          startAt: input.start == null ? undefined : new Date(input.start),
        });
        if (!row) throw notFound('error.phaseNotFound');
        return row;
      });
      await invalidate(gameId);
      return updated;
    },

    /** The phase's challenges stay in the game without a phase. */
    async delete(gameId: number, phaseId: number): Promise<void> {
      await deps.db.transaction().execute(async (trx) => {
        await lockGame(trx, gameId);
        if (!(await createGamePhaseRepository(trx).delete(gameId, phaseId))) throw notFound('error.phaseNotFound');
      });
      await invalidate(gameId);
    },
  };
}
export type GamePhaseService = ReturnType<typeof createGamePhaseService>;
