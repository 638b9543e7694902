import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { CheatSource, CommitResult, FlagRow, PendingSubmission, Verdict } from './judge-types';
import type { NoticeRepository } from './notice.repository';
import { ownerIsGone } from './process-lease.repository';
import { lockChallenges, openChallenges, recordSolves, solvesByGame } from './solve-recording';
import { submissionsWithDetails } from './submission-details';
import {
  insertAcceptingSubmissions,
  insertSubmissions,
  type NewSubmission,
  type StoredSubmission,
} from './submission-store';

export type { BloodNotice, CheatSource, CommitResult, FlagRow, PendingSubmission, Verdict } from './judge-types';

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
        const locked = await lockChallenges(
          trx,
          verdicts.filter((v) => v.status === 'Accepted').map((v) => v.submission.challengeId),
        );
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
        const recorded = await recordSolves(trx, accepted, now, notices, locked);
        result.solves = recorded.solves;
        result.notices = recorded.notices;
      });
      return result;
    },

    /**
     * Stores a group commit of submissions of which some are correct answers judged on entry (stored Accepted,
     * with their FlagSubmit event), atomically with their solves (one statement when no challenge needs locking): the challenge rows are locked first,
     * as the verdict transaction locks them, so bloods and the earliest-solve rule hold across both paths.
     * `details(index, id)` describes the submission stored for input `index`. A replayed Idempotency-Key
     * stores nothing and records no solve. `knownDecided`: the caller knows every accepting challenge to have all
     * its bloods given (it found them so before), so the check is skipped. Returns each input's stored submission,
     * what was recorded, and the challenges the check found decided.
     */
    async storeAccepting(
      inputs: readonly NewSubmission[],
      details: (index: number, id: number) => PendingSubmission,
      now: Date,
      knownDecided = false,
    ): Promise<{ stored: StoredSubmission[]; result: CommitResult; decided: number[] }> {
      const isAccepted = (input: NewSubmission) => input.judged?.status === 'Accepted';
      const appliedOf = (stored: readonly StoredSubmission[]): Verdict[] =>
        inputs.flatMap((input, index) => {
          const own = stored[index];
          if (!isAccepted(input) || !own || own.replayOf) return [];
          return [{ submission: details(index, own.id), status: 'Accepted' as const }];
        });
      // Once a game is under way nearly every batch holds only challenges with all their bloods given: nothing to
      // lock, so the submissions, their events and their solves are one statement that commits on its own (two
      // round trips with this check instead of a transaction of five, which held each POST under load). The
      // check is the one `lockChallenges` makes; committed solves stay, so a challenge found decided stays so.
      const accepting = [...new Set(inputs.filter(isAccepted).map((input) => input.challengeId))];
      const open = knownDecided ? [] : await openChallenges(db, accepting);
      const decided = knownDecided ? [] : accepting.filter((id) => !open.includes(id));
      if (open.length === 0) {
        const { stored, solved } = await insertAcceptingSubmissions(db, inputs);
        const applied = appliedOf(stored);
        const result = { applied, solves: solvesByGame(applied, solved), notices: [], checkedAt: now };
        return { stored, result, decided };
      }
      return db.transaction().execute(async (trx) => {
        const locked = await lockChallenges(trx, accepting);
        const stored = await insertSubmissions(trx, inputs);
        const applied = appliedOf(stored);
        const recorded = await recordSolves(trx, applied, now, notices, locked);
        return { stored, result: { applied, ...recorded, checkedAt: now }, decided };
      });
    },
  };
}
