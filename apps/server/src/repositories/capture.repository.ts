import type { Db } from '../db/database';
import type { ChallengeTypeName } from '../db/schema';

export interface CaptureChallengeRow {
  id: number;
  gameId: number;
  title: string;
  category: string;
  type: ChallengeTypeName;
  isEnabled: boolean;
}

export interface CaptureTeamRow {
  participationId: number;
  teamId: number;
  name: string;
  avatarHash: string | null;
  divisionName: string | null;
}

const challengeColumns = ['id', 'game_id as gameId', 'title', 'category', 'type', 'is_enabled as isEnabled'] as const;

/** What the capture pages need from the database: challenges that record traffic and the teams in captures. */
export function createCaptureRepository(db: Db) {
  return {
    async gameExists(gameId: number): Promise<boolean> {
      const row = await db.selectFrom('games').select('id').where('id', '=', gameId).executeTakeFirst();
      return row !== undefined;
    },

    async challenge(challengeId: number): Promise<CaptureChallengeRow | undefined> {
      return db.selectFrom('challenges').select(challengeColumns).where('id', '=', challengeId).executeTakeFirst();
    },

    /** Container challenges of the game with traffic capture switched on. */
    async capturingChallenges(gameId: number): Promise<CaptureChallengeRow[]> {
      return db
        .selectFrom('challenges')
        .select(challengeColumns)
        .where('game_id', '=', gameId)
        .where('enable_traffic_capture', '=', true)
        .where('type', 'in', ['StaticContainer', 'DynamicContainer'])
        .orderBy('id')
        .execute();
    },

    /** The teams behind these participations of the challenge's game. */
    async teams(gameId: number, participationIds: number[]): Promise<CaptureTeamRow[]> {
      if (participationIds.length === 0) return [];
      return db
        .selectFrom('participations as p')
        .innerJoin('teams as t', 't.id', 'p.team_id')
        .leftJoin('divisions as d', 'd.id', 'p.division_id')
        .select([
          'p.id as participationId',
          't.id as teamId',
          't.name',
          't.avatar_hash as avatarHash',
          'd.name as divisionName',
        ])
        .where('p.game_id', '=', gameId)
        .where('p.id', 'in', participationIds)
        .orderBy('p.id')
        .execute();
    },

    async participationOf(gameId: number, teamId: number): Promise<number | null> {
      const row = await db
        .selectFrom('participations')
        .select('id')
        .where('game_id', '=', gameId)
        .where('team_id', '=', teamId)
        .executeTakeFirst();
      return row?.id ?? null;
    },
  };
}
export type CaptureRepository = ReturnType<typeof createCaptureRepository>;
