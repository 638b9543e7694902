import type { AwardCreateModel, AwardInfo, PendingAwardInfo } from '@flagpole/contract';
import type { Db } from '../db/database';
import { badRequest, notFound } from '../http/errors';
import type { Clock } from '../lib/clock';
import type { EventBus } from '../lib/event-bus';
import { createHintRepository } from '../repositories/hint.repository';
import { createPendingAwardRepository } from '../repositories/pending-award.repository';
import { SCOREBOARD_INVALIDATE } from './scoreboard.service';

/**
 * Organisers' awards and penalties (issue 28; docs/game-play.md, "Awards and penalties"): signed points with a
 * reason, given to a team's participation in the game (any status: a suspended team's award waits on its row).
 * The routes audit every grant and removal; the board shows each on the team's row (scoring/adjustments.ts).
 */
export function createAwardService(deps: { db: Db; clock: Clock; events: EventBus }) {
  const { db } = deps;
  const invalidate = (gameId: number) => deps.events.publish(SCOREBOARD_INVALIDATE, { gameId });

  async function assertGame(gameId: number): Promise<void> {
    const game = await db.selectFrom('games').select('id').where('id', '=', gameId).executeTakeFirst();
    if (!game) throw notFound('error.gameNotFound');
  }

  return {
    async list(gameId: number): Promise<AwardInfo[]> {
      await assertGame(gameId);
      return createHintRepository(db).awardList(gameId);
    },

    async create(gameId: number, input: AwardCreateModel, userId: string): Promise<AwardInfo> {
      await assertGame(gameId);
      const participation = await db
        .selectFrom('participations')
        .select('id')
        .where('game_id', '=', gameId)
        .where('team_id', '=', input.teamId)
        .executeTakeFirst();
      if (!participation) throw badRequest('error.teamNotInGame');
      const repo = createHintRepository(db);
      const id = await repo.insertAward({
        gameId,
        participationId: participation.id,
        points: input.points,
        reason: input.reason,
        countsForTieBreak: input.countsForTieBreak,
        createdBy: userId,
        at: deps.clock.now(),
      });
      await invalidate(gameId);
      const created = (await repo.awardList(gameId)).find((award) => award.id === id);
      if (!created) throw notFound('error.awardNotFound');
      return created;
    },

    async delete(gameId: number, awardId: number): Promise<void> {
      if (!(await createHintRepository(db).deleteAward(gameId, awardId))) throw notFound('error.awardNotFound');
      await invalidate(gameId);
    },

    /** Imported awards still waiting for their team (pending-awards.ts); not on the board until applied. */
    async listPending(gameId: number): Promise<PendingAwardInfo[]> {
      await assertGame(gameId);
      const rows = await createPendingAwardRepository(db).list(gameId);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.getTime() }));
    },

    /** Nothing on the board changes: a pending award counts nowhere yet. */
    async deletePending(gameId: number, pendingId: number): Promise<void> {
      if (!(await createPendingAwardRepository(db).delete(gameId, pendingId))) throw notFound('error.awardNotFound');
    },
  };
}
export type AwardService = ReturnType<typeof createAwardService>;
