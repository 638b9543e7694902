import { type HintCreateModel, type HintEditInfo, type HintPlayerInfo, hintLimits } from '@flagpole/contract';
import type { Db } from '../db/database';
import { AppError, badRequest, notFound } from '../http/errors';
import type { Clock } from '../lib/clock';
import type { EventBus } from '../lib/event-bus';
import { publishLiveTo } from '../realtime/live-channel';
import { createHintRepository, type HintRow, type UnlockRow } from '../repositories/hint.repository';
import { isReleased } from '../scoring/release';
import type { GamePlayService } from './game-play.service';
import { SCOREBOARD_INVALIDATE, type ScoreboardService } from './scoreboard.service';

/*
 * Locked hints (issue 28; docs/game-play.md, "Hints with a cost"): organisers add and remove them in the challenge
 * editor; a team reads them in the challenge window and unlocks them. The rules:
 *   - a hint is read and unlocked only where the challenge itself may be read (enabled, released, visible to the
 *     team's division, game running or practice): nothing of an unreleased challenge leaks;
 *   - an unlock is recorded once per team (unique (hint, participation) in the database): double clicks and
 *     team-mates at once charge once, and each answer is the team's list with who unlocked it and when;
 *   - a FreeAfter hint cannot be unlocked; from its time it is shown to everyone;
 *   - a hint requiring another is refused until the team unlocked that one (or it is free by then);
 *   - a Points hint the team's current total (the organisers' board) cannot pay is refused unless the hint allows
 *     going below zero; the scoreboard computation also caps such charges at zero (scoring/adjustments.ts), so two
 *     unlocks at once or a stale board cannot take a team below zero.
 * Every unlock that costs something changes the board: `scoreboard:invalidate` after the commit; and the team's
 * members are told at once (a live `hintUnlocked` addressed to them, on every process), so their open challenge
 * windows show the hint unlocked without a reload.
 */
export function createHintService(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  play: GamePlayService;
  scoreboard: ScoreboardService;
}) {
  const { db, clock, events } = deps;
  const invalidate = (gameId: number) => events.publish(SCOREBOARD_INVALIDATE, { gameId });

  async function challengeOf(gameId: number, challengeId: number) {
    const row = await db
      .selectFrom('challenges')
      .select(['id', 'is_enabled', 'release_at'])
      .where('id', '=', challengeId)
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    if (!row) throw notFound('error.challengeNotFound');
    return row;
  }

  /** The player, when the challenge is one they may read now (404 otherwise, as for an unknown challenge). */
  async function playerOn(gameId: number, challengeId: number, userId: string) {
    const player = await deps.play.playerFor(gameId, userId, challengeId);
    const challenge = await challengeOf(gameId, challengeId);
    if (!challenge.is_enabled || !isReleased(challenge.release_at?.getTime(), clock.now().getTime())) {
      throw notFound('error.challengeNotFound');
    }
    return player;
  }

  const isFree = (hint: HintRow, now: number) =>
    hint.kind === 'FreeAfter' && hint.freeAt !== null && now >= hint.freeAt;

  function playerView(hint: HintRow, unlock: UnlockRow | undefined, now: number): HintPlayerInfo {
    const open = unlock !== undefined || isFree(hint, now);
    return {
      id: hint.id,
      title: hint.title,
      kind: hint.kind,
      cost: hint.cost,
      freeAt: hint.freeAt,
      requiresHintId: hint.requiresHintId,
      unlocked: open,
      unlockedBy: unlock?.userName ?? null,
      unlockedAt: unlock?.unlockedAt ?? null,
      content: open ? hint.content : null,
    };
  }

  async function teamList(challengeId: number, participationId: number): Promise<HintPlayerInfo[]> {
    const repo = createHintRepository(db);
    const [hints, unlocks] = await Promise.all([
      repo.hintsOf(challengeId),
      repo.unlocksOf(participationId, challengeId),
    ]);
    const byHint = new Map(unlocks.map((unlock) => [unlock.hintId, unlock]));
    const now = clock.now().getTime();
    return hints.map((hint) => playerView(hint, byHint.get(hint.id), now));
  }

  async function assertAffordable(gameId: number, teamId: number, hint: HintRow): Promise<void> {
    if (hint.kind !== 'Points' || hint.allowNegative || hint.cost === 0) return;
    const board = await deps.scoreboard.get(gameId);
    const points = board?.model.items.find((item) => item.id === teamId)?.score ?? 0;
    if (points < hint.cost) throw badRequest('error.hintTooExpensive', { points, cost: hint.cost });
  }

  return {
    async editList(gameId: number, challengeId: number): Promise<HintEditInfo[]> {
      await challengeOf(gameId, challengeId);
      return createHintRepository(db).editList(challengeId);
    },

    async create(gameId: number, challengeId: number, input: HintCreateModel): Promise<HintEditInfo[]> {
      await db.transaction().execute(async (trx) => {
        const repo = createHintRepository(trx);
        // The challenge row's lock serialises hint writes of one challenge (the count check).
        const challenge = await trx
          .selectFrom('challenges')
          .select('id')
          .where('id', '=', challengeId)
          .where('game_id', '=', gameId)
          .forUpdate()
          .executeTakeFirst();
        if (!challenge) throw notFound('error.challengeNotFound');
        if ((await repo.count(challengeId)) >= hintLimits.perChallenge) {
          throw badRequest('error.tooManyHints', { count: hintLimits.perChallenge });
        }
        // A requirement names an existing hint of this challenge; a new hint cannot close a cycle.
        if (input.requiresHintId != null && !(await repo.hint(gameId, challengeId, input.requiresHintId))) {
          throw badRequest('error.hintRequirementInvalid');
        }
        await repo.insert(gameId, challengeId, input);
      });
      await invalidate(gameId);
      return createHintRepository(db).editList(challengeId);
    },

    async delete(gameId: number, challengeId: number, hintId: number): Promise<void> {
      if (!(await createHintRepository(db).delete(challengeId, hintId))) throw notFound('error.hintNotFound');
      await invalidate(gameId);
    },

    async list(gameId: number, challengeId: number, userId: string): Promise<HintPlayerInfo[]> {
      const player = await playerOn(gameId, challengeId, userId);
      return teamList(challengeId, player.participationId);
    },

    async unlock(gameId: number, challengeId: number, hintId: number, userId: string): Promise<HintPlayerInfo[]> {
      const player = await playerOn(gameId, challengeId, userId);
      // Read before the transaction: building the board needs connections of its own (PGlite has one).
      const toUnlock = await createHintRepository(db).hint(gameId, challengeId, hintId);
      if (!toUnlock) throw notFound('error.hintNotFound');
      await assertAffordable(gameId, player.teamId, toUnlock);
      const now = clock.now();
      const inserted = await db.transaction().execute(async (trx) => {
        const repo = createHintRepository(trx);
        const hint = await repo.hint(gameId, challengeId, hintId);
        if (!hint) throw notFound('error.hintNotFound');
        const unlocks = await repo.unlocksOf(player.participationId, challengeId);
        if (unlocks.some((unlock) => unlock.hintId === hintId)) return false;
        if (hint.kind === 'FreeAfter') {
          // A FreeAfter hint is never recorded: from its time everyone reads it.
          if (isFree(hint, now.getTime())) return false;
          throw new AppError(400, 'error.hintNotYetFree');
        }
        if (hint.requiresHintId !== null && !unlocks.some((unlock) => unlock.hintId === hint.requiresHintId)) {
          const required = await repo.hint(gameId, challengeId, hint.requiresHintId);
          if (required && !isFree(required, now.getTime())) throw badRequest('error.hintRequiresOther');
        }
        return repo.unlock(hintId, player.participationId, userId, now);
      });
      if (inserted) {
        await invalidate(gameId);
        const members = await createHintRepository(db).memberIds(player.participationId);
        await publishLiveTo(events, gameId, members, { type: 'hintUnlocked', data: { gameId, challengeId, hintId } });
      }
      return teamList(challengeId, player.participationId);
    },
  };
}
export type HintService = ReturnType<typeof createHintService>;
