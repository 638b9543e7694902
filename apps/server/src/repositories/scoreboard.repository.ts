import { ChallengeCategory } from '@flagpole/contract';
import type { Db } from '../db/database';
import type { ScoreboardInput } from '../scoring/types';
import { createDivisionRepository } from './division.repository';

const avatarUrl = (hash: string | null) => (hash ? `/assets/${hash}/avatar` : null);
const category = ChallengeCategory.catch('Misc');

export interface ScoreboardGameRow {
  startAt: number;
  endAt: number;
}

/** Loads a game's scoreboard input in six queries, whatever the number of teams, divisions and solves. */
export function createScoreboardRepository(db: Db) {
  return {
    async load(gameId: number): Promise<{ input: ScoreboardInput; game: ScoreboardGameRow } | null> {
      const game = await db
        .selectFrom('games')
        .select(['start_at', 'end_at', 'blood_bonus', 'practice_mode'])
        .where('id', '=', gameId)
        .executeTakeFirst();
      if (!game) return null;
      const [divisions, teams, challenges, solves] = await Promise.all([
        createDivisionRepository(db).listWithConfigs(gameId),
        db
          .selectFrom('participations as p')
          .innerJoin('teams as t', 't.id', 'p.team_id')
          .select(['p.id', 'p.team_id', 'p.division_id', 't.name', 't.bio', 't.avatar_hash'])
          .where('p.game_id', '=', gameId)
          .where('p.status', '=', 'Accepted')
          .orderBy('p.id')
          .execute(),
        db
          .selectFrom('challenges')
          .select([
            'id',
            'title',
            'category',
            'original_score',
            'min_score_rate',
            'difficulty',
            'disable_blood_bonus',
            'deadline_at',
            'is_enabled',
          ])
          .where('game_id', '=', gameId)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('solves as s')
          .innerJoin('submissions as sub', 'sub.id', 's.submission_id')
          .leftJoin('users as u', 'u.id', 'sub.user_id')
          .select(['s.participation_id', 's.challenge_id', 's.solved_at', 'u.user_name'])
          .where('s.game_id', '=', gameId)
          .orderBy('s.solved_at')
          .orderBy('s.submission_id')
          .execute(),
      ]);
      return {
        game: { startAt: game.start_at.getTime(), endAt: game.end_at.getTime() },
        input: {
          game: {
            start: game.start_at.getTime(),
            end: game.end_at.getTime(),
            bloodBonus: game.blood_bonus,
            practiceMode: game.practice_mode,
          },
          divisions: divisions.map((d) => ({
            id: d.id,
            name: d.name,
            defaultPermissions: d.defaultPermissions,
            challengeConfigs: [...d.configs].map(([challengeId, permissions]) => ({ challengeId, permissions })),
          })),
          teams: teams.map((t) => ({
            participationId: t.id,
            teamId: t.team_id,
            name: t.name,
            avatar: avatarUrl(t.avatar_hash),
            bio: t.bio,
            divisionId: t.division_id,
          })),
          challenges: challenges.map((c) => ({
            id: c.id,
            title: c.title,
            category: category.parse(c.category),
            originalScore: c.original_score,
            minScoreRate: c.min_score_rate,
            difficulty: c.difficulty,
            disableBloodBonus: c.disable_blood_bonus,
            deadline: c.deadline_at ? c.deadline_at.getTime() : null,
            enabled: c.is_enabled,
          })),
          solves: solves.map((s) => ({
            participationId: s.participation_id,
            challengeId: s.challenge_id,
            userName: s.user_name,
            time: s.solved_at.getTime(),
          })),
        },
      };
    },
  };
}
export type ScoreboardRepository = ReturnType<typeof createScoreboardRepository>;
