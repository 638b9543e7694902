import type { AnswerResult, EventType, GameEvent, ParticipationStatus, Submission } from '@flagpole/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { ChallengeTypeName } from '../db/schema';
import { callerParticipation, gameWithCallerParticipation, PARTICIPATION_COLUMNS } from './caller-participation';
import { substringPattern } from './like-pattern';
import { prepare } from './prepared-statement';
import { submissionsWithDetails } from './submission-details';
import { createSubmissionStore } from './submission-store';

export type { NewSubmission, StoredSubmission } from './submission-store';

export interface PlayerContextRow {
  game: {
    id: number;
    start_at: Date;
    end_at: Date;
    practice_mode: boolean;
    private_key: string;
    writeup_required: boolean;
    writeup_deadline: Date;
  };
  participation: {
    id: number;
    status: ParticipationStatus;
    teamId: number;
    teamName: string;
    /** The entry's division; null: none (every permission). */
    divisionId: number | null;
  } | null;
}

export interface PlayChallengeRow {
  id: number;
  title: string;
  content: string;
  category: string;
  type: ChallengeTypeName;
  hints: string[];
  deadline_at: Date | null;
  /** Players see the challenge from this instant on (scoring/release.ts); null: no release. */
  release_at: Date | null;
  submission_limit: number;
  original_score: number;
  file_name: string | null;
  attachment_type: 'None' | 'Local' | 'Remote' | null;
  remote_url: string | null;
  file_hash: string | null;
  file_size: number | null;
  attachment_file_name: string | null;
}

/** A division's permissions: its default and its per-challenge overrides, by challenge id. */
export interface DivisionPermissionsRow {
  defaultPermissions: number;
  configs: Map<number, number>;
}

export interface TeamFlagRow {
  id: number;
  attachment_type: 'None' | 'Local' | 'Remote' | null;
  remote_url: string | null;
  file_hash: string | null;
  file_size: number | null;
  attachment_file_name: string | null;
}

export function createPlayRepository(db: Db) {
  // The two lookups behind every submission, read again per player and per challenge every few seconds: written once.
  const playerContext = prepare(2, (gameId: number, userId: string) =>
    gameWithCallerParticipation(db, gameId, userId).select([
      'g.id',
      'g.start_at',
      'g.end_at',
      'g.practice_mode',
      'g.private_key',
      'g.writeup_required',
      'g.writeup_deadline',
      ...PARTICIPATION_COLUMNS,
      'p.division_id',
    ]),
  );
  // The status call of a submission another process stored (or this one forgot): written once.
  const submissionStatus = prepare(4, (gameId: number, challengeId: number, submissionId: string, userId: string) =>
    db
      .selectFrom('submissions as s')
      .innerJoin('participation_members as pm', (join) =>
        join.onRef('pm.participation_id', '=', 's.participation_id').on('pm.user_id', '=', userId),
      )
      .select('s.status')
      .where('s.id', '=', submissionId)
      .where('s.game_id', '=', gameId)
      .where('s.challenge_id', '=', challengeId),
  );
  const enabledChallenge = prepare(2, (gameId: number, challengeId: number) =>
    db
      .selectFrom('challenges as c')
      .leftJoin('attachments as a', 'a.id', 'c.attachment_id')
      .leftJoin('files as fl', 'fl.hash', 'a.file_hash')
      .select([
        'c.id',
        'c.title',
        'c.content',
        'c.category',
        'c.type',
        'c.hints',
        'c.deadline_at',
        'c.release_at',
        'c.submission_limit',
        'c.original_score',
        'c.file_name',
        'a.type as attachment_type',
        'a.remote_url',
        'a.file_hash',
        'a.file_name as attachment_file_name',
        'fl.size as file_size',
      ])
      .where('c.id', '=', challengeId)
      .where('c.game_id', '=', gameId)
      .where('c.is_enabled', '=', true),
  );

  async function teamFlag(challengeId: number, participationId: number): Promise<TeamFlagRow | undefined> {
    return db
      .selectFrom('flags as f')
      .leftJoin('attachments as a', 'a.id', 'f.attachment_id')
      .leftJoin('files as fl', 'fl.hash', 'a.file_hash')
      .select([
        'f.id',
        'a.type as attachment_type',
        'a.remote_url',
        'a.file_hash',
        'a.file_name as attachment_file_name',
        'fl.size as file_size',
      ])
      .where('f.challenge_id', '=', challengeId)
      .where('f.participation_id', '=', participationId)
      .executeTakeFirst();
  }

  return {
    /** The game and the caller's participation (through the roster), in one query; undefined for no game. */
    async playerContext(gameId: number, userId: string): Promise<PlayerContextRow | undefined> {
      const [row] = (await db.executeQuery(playerContext(gameId, userId))).rows;
      if (!row) return undefined;
      const { participation_id, status, team_id, team_name, division_id, ...game } = row;
      const participation = callerParticipation({ participation_id, status, team_id, team_name });
      return { game, participation: participation && { ...participation, divisionId: division_id } };
    },

    /** The permissions of a division of the game; undefined when it does not exist (any more). */
    async divisionPermissions(gameId: number, divisionId: number): Promise<DivisionPermissionsRow | undefined> {
      const [division, configs] = await Promise.all([
        db
          .selectFrom('divisions')
          .select('default_permissions')
          .where('id', '=', divisionId)
          .where('game_id', '=', gameId)
          .executeTakeFirst(),
        db
          .selectFrom('division_challenge_configs')
          .select(['challenge_id', 'permissions'])
          .where('division_id', '=', divisionId)
          .execute(),
      ]);
      if (!division) return undefined;
      return {
        defaultPermissions: division.default_permissions,
        configs: new Map(configs.map((c) => [c.challenge_id, c.permissions])),
      };
    },

    async gameWindow(gameId: number) {
      return db
        .selectFrom('games')
        .select(['id', 'start_at', 'end_at', 'practice_mode', 'hidden'])
        .where('id', '=', gameId)
        .executeTakeFirst();
    },

    /** An enabled challenge of the game with its static attachment. */
    async enabledChallenge(gameId: number, challengeId: number): Promise<PlayChallengeRow | undefined> {
      return (await db.executeQuery(enabledChallenge(gameId, challengeId))).rows[0];
    },

    teamFlag,

    /**
     * The team's flag of a dynamic-attachment challenge, handing it a random unassigned pool flag the first
     * time. Safe under concurrency: locking the team's participation row serialises the openings of one
     * team, so a second opening waits for the first and finds its flag rather than an empty pool; `skip
     * locked` then only passes over flags that another team's assignment is taking, which it keeps.
     * NO KEY UPDATE, not UPDATE: the foreign-key checks of the team's new submissions are not held up.
     */
    async assignPoolFlag(challengeId: number, participationId: number): Promise<TeamFlagRow | undefined> {
      const existing = await teamFlag(challengeId, participationId);
      if (existing) return existing;
      await db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('participations')
          .select('id')
          .where('id', '=', participationId)
          .forNoKeyUpdate()
          .execute();
        const assigned = await trx
          .selectFrom('flags')
          .select('id')
          .where('challenge_id', '=', challengeId)
          .where('participation_id', '=', participationId)
          .executeTakeFirst();
        if (assigned) return;
        const free = await trx
          .selectFrom('flags')
          .select('id')
          .where('challenge_id', '=', challengeId)
          .where('participation_id', 'is', null)
          .orderBy(sql`random()`)
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!free) return;
        await trx.updateTable('flags').set({ participation_id: participationId }).where('id', '=', free.id).execute();
      });
      return teamFlag(challengeId, participationId);
    },

    async countSubmissions(participationId: number, challengeId: number): Promise<number> {
      const row = await db
        .selectFrom('submissions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('participation_id', '=', participationId)
        .where('challenge_id', '=', challengeId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    ...createSubmissionStore(db),

    /** A submission's status, if it was made by this user's team in this game and challenge. */
    async submissionStatus(
      gameId: number,
      challengeId: number,
      submissionId: number,
      userId: string,
    ): Promise<AnswerResult | undefined> {
      const row = await db.executeQuery(submissionStatus(gameId, challengeId, String(submissionId), userId));
      return row.rows[0]?.status;
    },

    // ---- Monitor views ----------------------------------------------------------------------

    /** A page of the game's events, newest first; `search` matches team, user and content (any case, literally). */
    async events(
      gameId: number,
      page: { count: number; skip: number; hideContainer: boolean; search?: string | undefined },
    ): Promise<GameEvent[]> {
      let query = db
        .selectFrom('game_events as e')
        .leftJoin('users as u', 'u.id', 'e.user_id')
        .leftJoin('teams as t', 't.id', 'e.team_id')
        .select(['e.type', 'e.values', 'e.published_at', 'u.user_name', 't.name as team_name'])
        .where('e.game_id', '=', gameId);
      if (page.hideContainer) query = query.where('e.type', 'not in', ['ContainerStart', 'ContainerDestroy']);
      if (page.search) {
        const pattern = substringPattern(page.search);
        // The values (challenge, answer, teams) as their JSON text: enough for a substring, and one expression.
        query = query.where((eb) =>
          eb.or(
            [sql`lower(coalesce(t.name, ''))`, sql`lower(coalesce(u.user_name, ''))`, sql`lower(e.values::text)`].map(
              (column) => eb(column, 'like', pattern),
            ),
          ),
        );
      }
      const rows = await query
        .orderBy('e.published_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(page.count)
        .offset(page.skip)
        .execute();
      return rows.map((r) => ({
        time: r.published_at.getTime(),
        user: r.user_name ?? '',
        team: r.team_name ?? '',
        type: r.type as EventType,
        values: r.values,
      }));
    },

    async submissions(
      gameId: number,
      page: { count: number; skip: number; type: AnswerResult | undefined; search?: string | undefined },
    ): Promise<Submission[]> {
      let query = submissionsWithDetails(db)
        .select(['s.answer', 's.status', 's.submitted_at', 'u.user_name', 't.name as team_name', 'c.title'])
        .where('s.game_id', '=', gameId);
      if (page.type) query = query.where('s.status', '=', page.type);
      if (page.search) {
        const pattern = substringPattern(page.search);
        query = query.where((eb) =>
          eb.or(
            [sql`lower(t.name)`, sql`lower(coalesce(u.user_name, ''))`, sql`lower(c.title)`, sql`lower(s.answer)`].map(
              (column) => eb(column, 'like', pattern),
            ),
          ),
        );
      }
      query = query.orderBy('s.submitted_at', 'desc').orderBy('s.id', 'desc').offset(page.skip);
      if (page.count > 0) query = query.limit(page.count);
      const rows = await query.execute();
      return rows.map((r) => ({
        answer: r.answer,
        status: r.status,
        time: r.submitted_at.getTime(),
        user: r.user_name ?? '',
        team: r.team_name,
        challenge: r.title,
      }));
    },

    async cheatInfos(gameId: number) {
      return db
        .selectFrom('cheat_infos as ci')
        .innerJoin('submissions as s', 's.id', 'ci.submission_id')
        .innerJoin('challenges as c', 'c.id', 's.challenge_id')
        .leftJoin('users as u', 'u.id', 's.user_id')
        .innerJoin('participations as sp', 'sp.id', 'ci.submit_participation_id')
        .innerJoin('teams as st', 'st.id', 'sp.team_id')
        .innerJoin('participations as op', 'op.id', 'ci.source_participation_id')
        .innerJoin('teams as ot', 'ot.id', 'op.team_id')
        .leftJoin('divisions as sd', 'sd.id', 'sp.division_id')
        .leftJoin('divisions as od', 'od.id', 'op.division_id')
        .select([
          's.answer',
          's.status',
          's.submitted_at',
          'u.user_name',
          'c.title',
          'sp.id as submit_id',
          'sp.status as submit_status',
          'sp.division_id as submit_division',
          'sd.name as submit_division_name',
          'st.id as submit_team_id',
          'st.name as submit_team_name',
          'st.avatar_hash as submit_team_avatar',
          'op.id as owner_id',
          'op.status as owner_status',
          'op.division_id as owner_division',
          'od.name as owner_division_name',
          'ot.id as owner_team_id',
          'ot.name as owner_team_name',
          'ot.avatar_hash as owner_team_avatar',
        ])
        .where('ci.game_id', '=', gameId)
        .orderBy('s.submitted_at', 'desc')
        .orderBy('s.id', 'desc')
        .execute();
    },
  };
}
export type PlayRepository = ReturnType<typeof createPlayRepository>;
