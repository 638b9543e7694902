import type { AwardInfo, HintCreateModel, HintEditInfo } from '@flagpole/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { ScoreboardAwardInput, ScoreboardHintChargeInput } from '../scoring/types';

/** A locked hint row as the services read it. */
export interface HintRow {
  id: number;
  challengeId: number;
  title: string;
  content: string;
  kind: 'Points' | 'RewardShare' | 'FreeAfter';
  cost: number;
  freeAt: number | null;
  allowNegative: boolean;
  requiresHintId: number | null;
}

/** A team's unlock of a hint: who and when. */
export interface UnlockRow {
  hintId: number;
  userName: string | null;
  unlockedAt: number;
}

const hintColumns = [
  'h.id',
  'h.challenge_id',
  'h.title',
  'h.content',
  'h.kind',
  'h.cost',
  'h.free_at',
  'h.allow_negative',
  'h.requires_hint_id',
] as const;

function toHint(row: {
  id: number;
  challenge_id: number;
  title: string;
  content: string;
  kind: HintRow['kind'];
  cost: number;
  free_at: Date | null;
  allow_negative: boolean;
  requires_hint_id: number | null;
}): HintRow {
  return {
    id: row.id,
    challengeId: row.challenge_id,
    title: row.title,
    content: row.content,
    kind: row.kind,
    cost: row.cost,
    freeAt: row.free_at?.getTime() ?? null,
    allowNegative: row.allow_negative,
    requiresHintId: row.requires_hint_id,
  };
}

/** Locked hints, their unlocks and awards (migration 0021). */
export function createHintRepository(db: Db) {
  return {
    async hintsOf(challengeId: number): Promise<HintRow[]> {
      const rows = await db
        .selectFrom('challenge_hints as h')
        .select(hintColumns)
        .where('h.challenge_id', '=', challengeId)
        .orderBy('h.id')
        .execute();
      return rows.map(toHint);
    },

    async hint(gameId: number, challengeId: number, hintId: number): Promise<HintRow | undefined> {
      const row = await db
        .selectFrom('challenge_hints as h')
        .select(hintColumns)
        .where('h.id', '=', hintId)
        .where('h.challenge_id', '=', challengeId)
        .where('h.game_id', '=', gameId)
        .executeTakeFirst();
      return row && toHint(row);
    },

    /** The organisers' list: every hint with its number of unlocks, in one query. */
    async editList(challengeId: number): Promise<HintEditInfo[]> {
      const rows = await db
        .selectFrom('challenge_hints as h')
        .leftJoin('hint_unlocks as u', 'u.hint_id', 'h.id')
        .select([...hintColumns, sql<string>`count(u.id)`.as('unlocks')])
        .where('h.challenge_id', '=', challengeId)
        .groupBy('h.id')
        .orderBy('h.id')
        .execute();
      return rows.map((row) => ({ ...toHint(row), unlockCount: Number(row.unlocks) }));
    },

    async count(challengeId: number): Promise<number> {
      const row = await db
        .selectFrom('challenge_hints')
        .select(sql<string>`count(*)`.as('count'))
        .where('challenge_id', '=', challengeId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async insert(gameId: number, challengeId: number, input: HintCreateModel): Promise<number> {
      const row = await db
        .insertInto('challenge_hints')
        .values({
          game_id: gameId,
          challenge_id: challengeId,
          title: input.title,
          content: input.content,
          kind: input.kind,
          cost: input.kind === 'FreeAfter' ? 0 : input.cost,
          free_at: input.kind === 'FreeAfter' && input.freeAt != null ? new Date(input.freeAt) : null,
          allow_negative: input.allowNegative,
          requires_hint_id: input.requiresHintId ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async delete(challengeId: number, hintId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('challenge_hints')
        .where('id', '=', hintId)
        .where('challenge_id', '=', challengeId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** The team's unlocks of the challenge's hints, with the name of who unlocked each. */
    /** The members of a team's participation: who is told of its unlocks. */
    async memberIds(participationId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('participation_members')
        .select('user_id')
        .where('participation_id', '=', participationId)
        .execute();
      return rows.map((row) => row.user_id);
    },

    async unlocksOf(participationId: number, challengeId: number): Promise<UnlockRow[]> {
      const rows = await db
        .selectFrom('hint_unlocks as u')
        .innerJoin('challenge_hints as h', 'h.id', 'u.hint_id')
        .leftJoin('users as us', 'us.id', 'u.user_id')
        .select(['u.hint_id', 'us.user_name', 'u.unlocked_at'])
        .where('u.participation_id', '=', participationId)
        .where('h.challenge_id', '=', challengeId)
        .execute();
      return rows.map((row) => ({
        hintId: row.hint_id,
        userName: row.user_name,
        unlockedAt: row.unlocked_at.getTime(),
      }));
    },

    /** Records the unlock once: a second one for the same team and hint (a double click, a team-mate) is a no-op. */
    async unlock(hintId: number, participationId: number, userId: string, at: Date): Promise<boolean> {
      const result = await db
        .insertInto('hint_unlocks')
        .values({ hint_id: hintId, participation_id: participationId, user_id: userId, unlocked_at: at })
        .onConflict((conflict) => conflict.columns(['hint_id', 'participation_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return result !== undefined;
    },

    /** The scoreboard's hint charges of a game: unlocks of Points and RewardShare hints. */
    async charges(gameId: number): Promise<ScoreboardHintChargeInput[]> {
      const rows = await db
        .selectFrom('hint_unlocks as u')
        .innerJoin('challenge_hints as h', 'h.id', 'u.hint_id')
        .select(['u.participation_id', 'h.challenge_id', 'h.kind', 'h.cost', 'h.allow_negative', 'u.unlocked_at'])
        .where('h.game_id', '=', gameId)
        .where('h.kind', 'in', ['Points', 'RewardShare'])
        .orderBy('u.unlocked_at')
        .orderBy('u.id')
        .execute();
      return rows.map((row) => ({
        participationId: row.participation_id,
        challengeId: row.challenge_id,
        kind: row.kind === 'RewardShare' ? 'RewardShare' : 'Points',
        cost: row.cost,
        allowNegative: row.allow_negative,
        time: row.unlocked_at.getTime(),
      }));
    },

    async awards(gameId: number): Promise<ScoreboardAwardInput[]> {
      const rows = await db
        .selectFrom('game_awards')
        .select(['participation_id', 'points', 'reason', 'counts_for_tie_break', 'created_at'])
        .where('game_id', '=', gameId)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        participationId: row.participation_id,
        points: row.points,
        reason: row.reason,
        countsForTieBreak: row.counts_for_tie_break,
        time: row.created_at.getTime(),
      }));
    },

    async awardList(gameId: number): Promise<AwardInfo[]> {
      const rows = await db
        .selectFrom('game_awards as a')
        .innerJoin('participations as p', 'p.id', 'a.participation_id')
        .innerJoin('teams as t', 't.id', 'p.team_id')
        .leftJoin('users as u', 'u.id', 'a.created_by')
        .select(['a.id', 'p.team_id', 't.name', 'a.points', 'a.reason', 'a.counts_for_tie_break', 'a.created_at'])
        .select('u.user_name')
        .where('a.game_id', '=', gameId)
        .orderBy('a.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        teamId: row.team_id,
        teamName: row.name,
        points: row.points,
        reason: row.reason,
        countsForTieBreak: row.counts_for_tie_break,
        createdAt: row.created_at.getTime(),
        createdBy: row.user_name,
      }));
    },

    async insertAward(row: {
      gameId: number;
      participationId: number;
      points: number;
      reason: string;
      countsForTieBreak: boolean;
      createdBy: string;
      at: Date;
    }): Promise<number> {
      const inserted = await db
        .insertInto('game_awards')
        .values({
          game_id: row.gameId,
          participation_id: row.participationId,
          points: row.points,
          reason: row.reason,
          counts_for_tie_break: row.countsForTieBreak,
          created_by: row.createdBy,
          created_at: row.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    async deleteAward(gameId: number, awardId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('game_awards')
        .where('id', '=', awardId)
        .where('game_id', '=', gameId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
export type HintRepository = ReturnType<typeof createHintRepository>;
