import { ChallengeCategory } from '@flagpole/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { HIDDEN_TITLE } from '../scoring/prerequisites';
import { FINGERPRINT_MODULUS, FINGERPRINT_MULTIPLIER, type SolveFingerprint } from '../scoring/solve-fingerprint';
import type { ScoreboardInput, ScoreboardSolveInput } from '../scoring/types';
import { createDivisionRepository } from './division.repository';
import { createGamePhaseRepository } from './game-phase.repository';
import { createHintRepository } from './hint.repository';

const avatarUrl = (hash: string | null) => (hash ? `/assets/${hash}/avatar` : null);
const category = ChallengeCategory.catch('Misc');

export interface ScoreboardGameRow {
  startAt: number;
  endAt: number;
}

type LoadedBoard = { input: ScoreboardInput; game: ScoreboardGameRow };

/** Loads a game's scoreboard input in nine queries, whatever the number of teams, divisions and solves. */
export function createScoreboardRepository(db: Db) {
  async function loadSolves(gameId: number): Promise<ScoreboardSolveInput[]> {
    const solves = await db
      .selectFrom('solves as s')
      .innerJoin('submissions as sub', 'sub.id', 's.submission_id')
      .leftJoin('users as u', 'u.id', 'sub.user_id')
      .select(['s.participation_id', 's.challenge_id', 's.solved_at', 'u.user_name'])
      .where('s.game_id', '=', gameId)
      .orderBy('s.solved_at')
      .orderBy('s.submission_id')
      .execute();
    return solves.map((s) => ({
      participationId: s.participation_id,
      challengeId: s.challenge_id,
      userName: s.user_name,
      time: s.solved_at.getTime(),
    }));
  }

  /** Everything but the solves (`input.solves` is empty): a few thousand rows where the solves are 200,000. */
  async function loadBoard(gameId: number): Promise<LoadedBoard | null> {
    const game = await db
      .selectFrom('games')
      .select(['start_at', 'end_at', 'blood_bonus', 'practice_mode', 'freeze_at', 'scoreboard_revealed_at'])
      .where('id', '=', gameId)
      .executeTakeFirst();
    if (!game) return null;
    const hints = createHintRepository(db);
    const [divisions, teams, challenges, phases, hintCharges, awards] = await Promise.all([
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
          'release_at',
          'phase_id',
          // Hidden until a team unlocks it (scoring/prerequisites.ts): the shared board never shows its title.
          (eb) =>
            eb
              .and([
                eb('prerequisite_hidden', '=', true),
                eb.exists(
                  eb
                    .selectFrom('challenge_prerequisites as p')
                    .select('p.required_id')
                    .whereRef('p.challenge_id', '=', 'challenges.id'),
                ),
              ])
              .as('title_hidden'),
        ])
        .where('game_id', '=', gameId)
        .orderBy('id')
        .execute(),
      createGamePhaseRepository(db).list(gameId),
      hints.charges(gameId),
      hints.awards(gameId),
    ]);
    return {
      game: { startAt: game.start_at.getTime(), endAt: game.end_at.getTime() },
      input: {
        game: {
          start: game.start_at.getTime(),
          end: game.end_at.getTime(),
          bloodBonus: game.blood_bonus,
          practiceMode: game.practice_mode,
          freezeAt: game.freeze_at?.getTime() ?? null,
          revealed: game.scoreboard_revealed_at !== null,
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
          title: c.title_hidden ? HIDDEN_TITLE : c.title,
          category: category.parse(c.category),
          originalScore: c.original_score,
          minScoreRate: c.min_score_rate,
          difficulty: c.difficulty,
          disableBloodBonus: c.disable_blood_bonus,
          deadline: c.deadline_at ? c.deadline_at.getTime() : null,
          enabled: c.is_enabled,
          release: c.release_at ? c.release_at.getTime() : null,
          phaseId: c.phase_id,
        })),
        solves: [],
        phases,
        hintCharges,
        awards,
      },
    };
  }

  return {
    loadBoard,

    /** The whole input, solves included. */
    async load(gameId: number): Promise<LoadedBoard | null> {
      const [board, solves] = await Promise.all([loadBoard(gameId), loadSolves(gameId)]);
      return board && { ...board, input: { ...board.input, solves } };
    },

    /**
     * The game's solves before `solvedBefore` (Unix ms) summed up in one aggregate row (`solveFingerprintOf` in
     * scoring/solve-fingerprint.ts computes the same from rows held in memory), so a process can tell whether its
     * rows are still the database's without reading 200,000 of them.
     */
    async solveFingerprint(gameId: number, solvedBefore: number): Promise<SolveFingerprint> {
      const row = await db
        .selectFrom('solves')
        .select([
          sql<string>`count(*)`.as('count'),
          sql<string>`coalesce(sum((participation_id::bigint * ${sql.lit(FINGERPRINT_MULTIPLIER)} + challenge_id) % ${sql.lit(FINGERPRINT_MODULUS)}), 0)`.as(
            'checksum',
          ),
        ])
        .where('game_id', '=', gameId)
        .where('solved_at', '<', new Date(solvedBefore))
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), checksum: Number(row.checksum) };
    },
  };
}
export type ScoreboardRepository = ReturnType<typeof createScoreboardRepository>;
