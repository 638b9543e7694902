import type { HealthCheckEditModel, HealthRunOutcome, HealthRunTrigger } from '@flagpole/contract';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database';
import type { HealthCheckRunsTable, HealthChecksTable } from '../db/schema';
import type { StoredFlag } from '../services/flag-match';
import { KEPT_RUNS } from './health-rules';

export type HealthCheckRow = Selectable<HealthChecksTable>;
export type HealthRunRow = Selectable<HealthCheckRunsTable>;

export interface ChallengeMaterial {
  id: number;
  game_id: number;
  title: string;
  type: string;
  flag_template: string | null;
  file_name: string | null;
  flags: StoredFlag[];
  attachment: {
    type: 'None' | 'Local' | 'Remote';
    remote_url: string | null;
    file_hash: string | null;
    file_name: string | null;
  } | null;
}

/** A check that may be due, with what the schedule rule needs of its challenge and game. */
export interface CandidateRow extends HealthCheckRow {
  challenge_enabled: boolean;
  start_at: Date;
  end_at: Date;
}

export interface RecordedRun {
  trigger: HealthRunTrigger;
  startedAt: Date;
  durationMs: number;
  outcome: HealthRunOutcome;
  exitCode: number | null;
  output: string;
}

/** SQL of health checks (`health_checks`, `health_check_runs`, migration 0024). */
export function createHealthRepository(db: Db) {
  return {
    async challengeTitle(gameId: number, challengeId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('challenges')
        .select('title')
        .where('id', '=', challengeId)
        .where('game_id', '=', gameId)
        .executeTakeFirst();
      return row?.title;
    },

    /**
     * What a run needs of its challenge: its type, flag template, the static flags (a dynamic attachment
     * challenge's first flag) and the attachment to hand to the script (the challenge's, else that flag's).
     */
    async material(challengeId: number): Promise<ChallengeMaterial | undefined> {
      const challenge = await db
        .selectFrom('challenges')
        .select(['id', 'game_id', 'title', 'type', 'flag_template', 'attachment_id', 'file_name'])
        .where('id', '=', challengeId)
        .executeTakeFirst();
      if (!challenge) return undefined;
      const flags = await db
        .selectFrom('flags')
        .select(['flag', 'match_type', 'attachment_id'])
        .where('challenge_id', '=', challengeId)
        .where('participation_id', 'is', null)
        .orderBy('id')
        .limit(challenge.type === 'DynamicAttachment' ? 1 : 1000)
        .execute();
      const attachmentId = challenge.attachment_id ?? flags.find((flag) => flag.attachment_id !== null)?.attachment_id;
      const attachment = attachmentId
        ? await db
            .selectFrom('attachments')
            .select(['type', 'remote_url', 'file_hash', 'file_name'])
            .where('id', '=', attachmentId)
            .executeTakeFirst()
        : undefined;
      return {
        ...challenge,
        flags: flags.map((flag) => ({ flag: flag.flag, matchType: flag.match_type })),
        attachment: attachment && attachment.type !== 'None' ? attachment : null,
      };
    },

    async gameExists(gameId: number): Promise<boolean> {
      return (await db.selectFrom('games').select('id').where('id', '=', gameId).executeTakeFirst()) !== undefined;
    },

    async get(challengeId: number): Promise<HealthCheckRow | undefined> {
      return db.selectFrom('health_checks').selectAll().where('challenge_id', '=', challengeId).executeTakeFirst();
    },

    /** Creates or replaces a check; a new or changed check is due at once (then its interval applies). */
    async save(gameId: number, challengeId: number, edit: HealthCheckEditModel, now: Date): Promise<void> {
      const values = {
        image: edit.image,
        script: edit.script,
        timeout_seconds: edit.timeoutSeconds,
        interval_seconds: edit.intervalSeconds,
        enabled: edit.enabled,
        next_run_at: now,
        updated_at: now,
      };
      await db
        .insertInto('health_checks')
        .values({ challenge_id: challengeId, game_id: gameId, ...values })
        .onConflict((oc) => oc.column('challenge_id').doUpdateSet(values))
        .execute();
    },

    async remove(challengeId: number): Promise<boolean> {
      const result = await db.deleteFrom('health_checks').where('challenge_id', '=', challengeId).executeTakeFirst();
      await db.deleteFrom('health_check_runs').where('challenge_id', '=', challengeId).execute();
      return result.numDeletedRows > 0n;
    },

    /** Asks for a run now (kept until a run that started after it ends). */
    async request(challengeId: number, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('health_checks')
        .set({ requested_at: now })
        .where('challenge_id', '=', challengeId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async listByGame(gameId: number): Promise<Array<HealthCheckRow & { title: string }>> {
      return db
        .selectFrom('health_checks as h')
        .innerJoin('challenges as c', 'c.id', 'h.challenge_id')
        .selectAll('h')
        .select('c.title')
        .where('h.game_id', '=', gameId)
        .orderBy('h.challenge_id')
        .execute();
    },

    async runs(challengeId: number, count: number): Promise<HealthRunRow[]> {
      return db
        .selectFrom('health_check_runs')
        .selectAll()
        .where('challenge_id', '=', challengeId)
        .orderBy('id', 'desc')
        .limit(count)
        .execute();
    },

    /** Checks nobody holds that are asked for or past their next run (the schedule rule picks among them). */
    async candidates(now: Date): Promise<CandidateRow[]> {
      return db
        .selectFrom('health_checks as h')
        .innerJoin('challenges as c', 'c.id', 'h.challenge_id')
        .innerJoin('games as g', 'g.id', 'h.game_id')
        .selectAll('h')
        .select(['c.is_enabled as challenge_enabled', 'g.start_at', 'g.end_at'])
        .where((eb) => eb.or([eb('h.claimed_until', 'is', null), eb('h.claimed_until', '<', now)]))
        .where((eb) => eb.or([eb('h.requested_at', 'is not', null), eb('h.next_run_at', '<=', now)]))
        .orderBy('h.requested_at')
        .orderBy('h.next_run_at')
        .limit(20)
        .execute();
    },

    /** Claims a check for this process until `until`; false when another process claimed it first. */
    async claim(challengeId: number, leaseId: string, now: Date, until: Date): Promise<boolean> {
      const result = await db
        .updateTable('health_checks')
        .set({ claimed_by: leaseId, claimed_until: until })
        .where('challenge_id', '=', challengeId)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Records a run of a check this process holds and sets its status with `decide` (given the status before, under
     * the row lock), in one transaction; undefined when the check was removed or taken over meanwhile. Keeps the
     * newest KEPT_RUNS runs.
     */
    async finish<T extends { status: HealthCheckRow['status']; failing_since: Date | null }>(
      challengeId: number,
      leaseId: string,
      run: RecordedRun,
      decide: (before: HealthCheckRow) => T,
    ): Promise<{ before: HealthCheckRow; after: T } | undefined> {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('health_checks')
          .selectAll()
          .where('challenge_id', '=', challengeId)
          .forUpdate()
          .executeTakeFirst();
        if (!before || before.claimed_by !== leaseId) return undefined;
        const after = decide(before);
        const finishedAt = new Date(run.startedAt.getTime() + run.durationMs);
        await trx
          .updateTable('health_checks')
          .set({
            status: after.status,
            failing_since: after.failing_since,
            last_run_at: run.startedAt,
            next_run_at: new Date(finishedAt.getTime() + before.interval_seconds * 1000),
            // A request made while this run went on asks for another run.
            requested_at: before.requested_at && before.requested_at > run.startedAt ? before.requested_at : null,
            claimed_by: null,
            claimed_until: null,
          })
          .where('challenge_id', '=', challengeId)
          .execute();
        await trx
          .insertInto('health_check_runs')
          .values({
            challenge_id: challengeId,
            trigger: run.trigger,
            started_at: run.startedAt,
            duration_ms: run.durationMs,
            outcome: run.outcome,
            exit_code: run.exitCode,
            output: run.output,
          })
          .execute();
        await sql`
          delete from health_check_runs where challenge_id = ${challengeId} and id not in (
            select id from health_check_runs where challenge_id = ${challengeId} order by id desc limit ${KEPT_RUNS})`.execute(
          trx,
        );
        return { before, after };
      });
    },

    /** Gives a claimed check back without a run (the process is stopping). */
    async release(challengeId: number, leaseId: string): Promise<void> {
      await db
        .updateTable('health_checks')
        .set({ claimed_by: null, claimed_until: null })
        .where('challenge_id', '=', challengeId)
        .where('claimed_by', '=', leaseId)
        .execute();
    },
  };
}
export type HealthRepository = ReturnType<typeof createHealthRepository>;
