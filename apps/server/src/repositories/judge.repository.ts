import { type AnswerResult, type GameNotice, GamePermission, hasPermission } from '@flagpole/contract';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { ChallengeTypeName, Database, FlagMatchTypeName } from '../db/schema';
import type { ScoreboardSolveInput } from '../scoring/types';
import type { NoticeRepository } from './notice.repository';
import { ownerIsGone } from './process-lease.repository';
import { submissionsWithDetails } from './submission-details';

export interface PendingSubmission {
  id: number;
  gameId: number;
  challengeId: number;
  participationId: number;
  userId: string | null;
  answer: string;
  submittedAt: Date;
  challengeType: ChallengeTypeName;
  challengeTitle: string;
  teamId: number;
  teamName: string;
  userName: string | null;
  /** The submitter's address, known to the process that took the submission (not read back from the database). */
  ip?: string | null;
}

export interface FlagRow {
  challengeId: number;
  participationId: number | null;
  flag: string;
  matchType: FlagMatchTypeName;
}

export interface CheatSource {
  challengeId: number;
  participationId: number;
  teamName: string;
  flag: string;
}

export interface Verdict {
  submission: PendingSubmission;
  status: Exclude<AnswerResult, 'FlagSubmitted'>;
  /** Set for CheatDetected: the team whose flag was submitted. */
  source?: CheatSource;
}

export interface BloodNotice {
  gameId: number;
  notice: GameNotice;
}

export interface CommitResult {
  /** Verdicts this call actually applied (another process may have judged some first). */
  applied: Verdict[];
  notices: BloodNotice[];
  /** Solves this call inserted or moved to an earlier submission, by game: every process's scoreboard merges them. */
  solves: Map<number, ScoreboardSolveInput[]>;
  checkedAt: Date;
}

const BLOOD_NOTICES = ['FirstBlood', 'SecondBlood', 'ThirdBlood'] as const;

/** Queries of the flag checker: pending submissions, candidate flags, and the verdict transaction. */
export type JudgeRepository = ReturnType<typeof createJudgeRepository>;

export function createJudgeRepository(db: Db, notices: NoticeRepository) {
  return {
    /**
     * Takes over unjudged submissions whose owner is gone (its lease ran out or was given up) or unknown
     * (stored before leases): they become `owner`'s, oldest first. Rows another process is claiming at the
     * same moment are skipped, not waited for. Returns the ids taken, in id order.
     */
    async claimOrphans(owner: string, limit: number): Promise<number[]> {
      const result = await sql<{ id: string | number }>`
        with orphaned as (
          select s.id from submissions s
          where s.status = 'FlagSubmitted'
            and (s.owner_process is null
              or (s.owner_process <> ${owner}::uuid and ${ownerIsGone(sql.ref('s.owner_process'))}))
          order by s.id
          limit ${limit}
          for update of s skip locked
        )
        update submissions s set owner_process = ${owner}::uuid
        from orphaned o where s.id = o.id
        returning s.id`.execute(db);
      return result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    },

    async loadPending(ids: readonly number[]): Promise<PendingSubmission[]> {
      if (ids.length === 0) return [];
      const rows = await submissionsWithDetails(db)
        .select([
          's.id',
          's.game_id',
          's.challenge_id',
          's.participation_id',
          's.user_id',
          's.answer',
          's.submitted_at',
          'c.type',
          'c.title',
          't.id as team_id',
          't.name as team_name',
          'u.user_name',
        ])
        .where(
          's.id',
          'in',
          ids.map((id) => String(id)),
        )
        .where('s.status', '=', 'FlagSubmitted')
        .orderBy('s.id')
        .execute();
      return rows.map((r) => ({
        id: Number(r.id),
        gameId: r.game_id,
        challengeId: r.challenge_id,
        participationId: r.participation_id,
        userId: r.user_id,
        answer: r.answer,
        submittedAt: r.submitted_at,
        challengeType: r.type,
        challengeTitle: r.title,
        teamId: r.team_id,
        teamName: r.team_name,
        userName: r.user_name,
      }));
    },

    /** The static flags of the static challenges and each team's own flag of the dynamic ones, in one query. */
    async candidateFlags(
      staticChallengeIds: readonly number[],
      teamPairs: readonly { challengeId: number; participationId: number }[],
    ): Promise<FlagRow[]> {
      if (staticChallengeIds.length === 0 && teamPairs.length === 0) return [];
      const rows = await db
        .selectFrom('flags')
        .select(['challenge_id', 'participation_id', 'flag', 'match_type'])
        .where((eb) => {
          const parts = [];
          if (staticChallengeIds.length > 0) {
            parts.push(eb.and([eb('challenge_id', 'in', staticChallengeIds), eb('participation_id', 'is', null)]));
          }
          for (const pair of teamPairs) {
            parts.push(
              eb.and([eb('challenge_id', '=', pair.challengeId), eb('participation_id', '=', pair.participationId)]),
            );
          }
          return eb.or(parts);
        })
        .execute();
      return rows.map((r) => ({
        challengeId: r.challenge_id,
        participationId: r.participation_id,
        flag: r.flag,
        matchType: r.match_type,
      }));
    },

    /** Flags owned by a team (dynamic flags) of these challenges that equal one of these answers. */
    async ownedFlagsMatching(challengeIds: readonly number[], answers: readonly string[]): Promise<CheatSource[]> {
      if (challengeIds.length === 0 || answers.length === 0) return [];
      const rows = await db
        .selectFrom('flags as f')
        .innerJoin('participations as p', 'p.id', 'f.participation_id')
        .innerJoin('teams as t', 't.id', 'p.team_id')
        .select(['f.challenge_id', 'f.participation_id', 'f.flag', 't.name'])
        .where('f.challenge_id', 'in', challengeIds)
        .where('f.flag', 'in', answers)
        .execute();
      return rows.flatMap((r) =>
        r.participation_id === null
          ? []
          : [{ challengeId: r.challenge_id, participationId: r.participation_id, teamName: r.name, flag: r.flag }],
      );
    },

    /**
     * Applies verdicts that are all WrongAnswer or NotFound in one statement (no solves, bloods or cheat
     * records to write): claims the submissions still FlagSubmitted and records their events. Returns the
     * verdicts applied.
     */
    async commitRejections(verdicts: readonly Verdict[], now: Date): Promise<Verdict[]> {
      if (verdicts.length === 0) return [];
      const rows = verdicts.map(
        (v) =>
          sql`(${String(v.submission.id)}::bigint, ${v.status}::text, ${JSON.stringify([
            v.status,
            v.submission.answer,
            v.submission.challengeTitle,
            String(v.submission.challengeId),
          ])}::jsonb)`,
      );
      const claimed = await sql<{ id: number | string }>`
        with v(id, status, event_values) as (values ${sql.join(rows)}),
        claimed as (
          update submissions as s set status = v.status, checked_at = ${now}
          from v where s.id = v.id and s.status = 'FlagSubmitted'
          returning s.id, s.game_id, s.user_id, s.participation_id
        ),
        events as (
          insert into game_events (game_id, type, values, user_id, team_id, published_at)
          select c.game_id, 'FlagSubmit', v.event_values, c.user_id, p.team_id, ${now}
          from claimed c join v on v.id = c.id join participations p on p.id = c.participation_id
          order by c.id
        )
        select id from claimed`.execute(db);
      const claimedIds = new Set(claimed.rows.map((r) => Number(r.id)));
      return verdicts.filter((v) => claimedIds.has(v.submission.id));
    },

    /**
     * Applies verdicts in one transaction. Accepted answers lock their challenge rows first (in id order, so
     * workers never deadlock); solves are inserted with ON CONFLICT DO NOTHING (the primary key keeps one per
     * team and challenge); blood ranks are counted under the challenge lock, so two solves can never both be
     * first. Only submissions still FlagSubmitted are claimed, so a submission is judged once even when two
     * processes pick it up.
     */
    async commit(verdicts: readonly Verdict[], now: Date): Promise<CommitResult> {
      const result: CommitResult = { applied: [], notices: [], solves: new Map(), checkedAt: now };
      if (verdicts.length === 0) return result;
      await db.transaction().execute(async (trx) => {
        const acceptedChallenges = [
          ...new Set(verdicts.filter((v) => v.status === 'Accepted').map((v) => v.submission.challengeId)),
        ].sort((a, b) => a - b);
        if (acceptedChallenges.length > 0) {
          await trx
            .selectFrom('challenges')
            .select('id')
            .where('id', 'in', acceptedChallenges)
            .orderBy('id')
            // Not FOR UPDATE: that would also block the foreign-key checks of new submissions to these challenges.
            .forNoKeyUpdate()
            .execute();
        }
        const claimed = await sql<{ id: number | string }>`
          update submissions as s set status = v.status, checked_at = ${now}
          from (values ${sql.join(verdicts.map((v) => sql`(${String(v.submission.id)}::bigint, ${v.status}::text)`))}) as v(id, status)
          where s.id = v.id and s.status = 'FlagSubmitted'
          returning s.id`.execute(trx);
        const claimedIds = new Set(claimed.rows.map((r) => Number(r.id)));
        result.applied = verdicts.filter((v) => claimedIds.has(v.submission.id));
        if (result.applied.length === 0) return;

        const cheats = result.applied.filter((v) => v.status === 'CheatDetected' && v.source);
        if (cheats.length > 0) {
          await trx
            .insertInto('cheat_infos')
            .values(
              cheats.map((v) => ({
                submission_id: String(v.submission.id),
                game_id: v.submission.gameId,
                submit_participation_id: v.submission.participationId,
                source_participation_id: v.source?.participationId ?? v.submission.participationId,
              })),
            )
            .onConflict((oc) => oc.doNothing())
            .execute();
        }

        await trx
          .insertInto('game_events')
          .values([
            ...result.applied.map((v) => ({
              game_id: v.submission.gameId,
              type: 'FlagSubmit' as const,
              values: JSON.stringify([
                v.status,
                v.submission.answer,
                v.submission.challengeTitle,
                String(v.submission.challengeId),
              ]),
              user_id: v.submission.userId,
              team_id: v.submission.teamId,
              published_at: now,
            })),
            ...cheats.map((v) => ({
              game_id: v.submission.gameId,
              type: 'CheatDetected' as const,
              values: JSON.stringify([v.submission.challengeTitle, v.submission.teamName, v.source?.teamName ?? '']),
              user_id: v.submission.userId,
              team_id: v.submission.teamId,
              published_at: now,
            })),
          ])
          .execute();

        const accepted = result.applied.filter((v) => v.status === 'Accepted');
        if (accepted.length === 0) return;
        const inserted = await trx
          .insertInto('solves')
          .values(
            accepted.map((v) => ({
              participation_id: v.submission.participationId,
              challenge_id: v.submission.challengeId,
              game_id: v.submission.gameId,
              submission_id: String(v.submission.id),
              solved_at: v.submission.submittedAt,
            })),
          )
          // The earliest correct submission is the solve, whatever order the workers judged them in.
          .onConflict((oc) =>
            oc
              .columns(['participation_id', 'challenge_id'])
              .doUpdateSet({
                submission_id: (eb) => eb.ref('excluded.submission_id'),
                solved_at: (eb) => eb.ref('excluded.solved_at'),
              })
              .whereRef('solves.solved_at', '>', 'excluded.solved_at'),
          )
          .returning(['submission_id', sql<boolean>`(xmax = 0)`.as('inserted')])
          .execute();
        const written = new Set(inserted.map((r) => Number(r.submission_id)));
        for (const { submission } of accepted) {
          if (!written.has(submission.id)) continue;
          const solves = result.solves.get(submission.gameId) ?? [];
          solves.push({
            participationId: submission.participationId,
            challengeId: submission.challengeId,
            userName: submission.userName,
            time: submission.submittedAt.getTime(),
          });
          result.solves.set(submission.gameId, solves);
        }
        const newIds = new Set(inserted.filter((r) => r.inserted).map((r) => Number(r.submission_id)));
        if (newIds.size === 0) return;
        const newSolves = accepted.filter((v) => newIds.has(v.submission.id));
        result.notices = await awardBloods(trx, newSolves, now, notices);
      });
      return result;
    },
  };
}

/**
 * Blood notices for new solves, decided under the challenge row locks taken by the caller: a new solve is
 * the k-th blood when k-1 earlier eligible solves of the challenge are already committed (commit order).
 * Eligible: the team is Accepted, its division (if any) has GetBlood on the challenge, the challenge keeps
 * its blood bonus, and the solve lies in [start, end) and not after the challenge deadline — the scoreboard's
 * rule (scoring/README.md). No notice once the game has ended.
 */
async function awardBloods(
  trx: Transaction<Database>,
  newSolves: readonly Verdict[],
  now: Date,
  notices: NoticeRepository,
): Promise<BloodNotice[]> {
  const challengeIds = [...new Set(newSolves.map((v) => v.submission.challengeId))];
  const newIds = newSolves.map((v) => String(v.submission.id));
  const [info, eligibleTeams, priorCounts] = await Promise.all([
    trx
      .selectFrom('challenges as c')
      .innerJoin('games as g', 'g.id', 'c.game_id')
      .select(['c.id', 'c.disable_blood_bonus', 'c.deadline_at', 'g.start_at', 'g.end_at'])
      .where('c.id', 'in', challengeIds)
      .execute(),
    // Each new solve's team, if Accepted, with its permissions on the challenge (All without a division).
    sql<{ participation_id: number; challenge_id: number; permissions: number }>`
      select v.participation_id, v.challenge_id,
        coalesce(dc.permissions, d.default_permissions, ${GamePermission.All}::int) as permissions
      from (values ${sql.join(
        newSolves.map((v) => sql`(${v.submission.participationId}::int, ${v.submission.challengeId}::int)`),
      )}) as v(participation_id, challenge_id)
      join participations p on p.id = v.participation_id and p.status = 'Accepted'
      left join divisions d on d.id = p.division_id
      left join division_challenge_configs dc on dc.division_id = p.division_id and dc.challenge_id = v.challenge_id`
      .execute(trx)
      .then((r) => r.rows),
    // Only the first three eligible solves matter (ranks past third blood award nothing), so each
    // challenge's count stops at three: an index walk of a few rows instead of every solve of the game.
    sql<{ challenge_id: number; n: number }>`
      select c.id as challenge_id, (
        select count(*)::int from (
          select 1 from solves s
          join participations p on p.id = s.participation_id
          join games g on g.id = s.game_id
          where s.challenge_id = c.id
            and s.submission_id not in (${sql.join(newIds)})
            and p.status = 'Accepted'
            and (p.division_id is null or (coalesce(
              (select dc.permissions from division_challenge_configs dc
                where dc.division_id = p.division_id and dc.challenge_id = c.id),
              (select d.default_permissions from divisions d where d.id = p.division_id)
            ) & ${GamePermission.GetBlood}::int) <> 0)
            and s.solved_at >= g.start_at and s.solved_at < g.end_at
            and (c.deadline_at is null or s.solved_at <= c.deadline_at)
          limit 3
        ) as first_three
      ) as n
      from challenges c
      where c.id in (${sql.join(challengeIds)})`
      .execute(trx)
      .then((r) => r.rows),
  ]);
  const infoById = new Map(info.map((c) => [c.id, c]));
  const bloodEligible = new Set(
    eligibleTeams
      .filter((row) => hasPermission(row.permissions, GamePermission.GetBlood))
      .map((row) => `${row.participation_id}:${row.challenge_id}`),
  );
  const counts = new Map(priorCounts.map((r) => [r.challenge_id, Number(r.n)]));
  const awarded: BloodNotice[] = [];
  for (const v of newSolves) {
    const c = infoById.get(v.submission.challengeId);
    if (!c || !bloodEligible.has(`${v.submission.participationId}:${v.submission.challengeId}`)) continue;
    const time = v.submission.submittedAt.getTime();
    const inWindow = time >= c.start_at.getTime() && time < c.end_at.getTime();
    const beforeDeadline = c.deadline_at === null || time <= c.deadline_at.getTime();
    if (!inWindow || !beforeDeadline) continue;
    const rank = (counts.get(c.id) ?? 0) + 1;
    counts.set(c.id, rank);
    const type = BLOOD_NOTICES[rank - 1];
    if (!type || c.disable_blood_bonus || now.getTime() >= c.end_at.getTime()) continue;
    const notice = await notices.insert(
      v.submission.gameId,
      type,
      [v.submission.teamName, v.submission.challengeTitle],
      now,
      trx,
    );
    awarded.push({ gameId: v.submission.gameId, notice });
  }
  return awarded;
}
