import type { AnswerResult } from '@flagpole/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock';
import { constantTimeEqual } from '../lib/crypto';
import type { EventBus } from '../lib/event-bus';
import type { CommitResult, JudgeRepository, PendingSubmission, Verdict } from '../repositories/judge.repository';
import type { AuditLog } from './audit-log';
import type { FlagCache } from './flag-cache';
import { EMPTY_MATCHER, matchesFlag } from './flag-match';
import type { NoticeService } from './notice.service';
import type { ScoreboardService } from './scoreboard.service';
import { announceVerdict } from './verdict-announcement';

export interface FlagCheckerOptions {
  repository: JudgeRepository;
  /** This process's lease id: the owner written on the submissions it stores, and who takes over orphans. */
  owner: string;
  /** Cached candidate flags (static flags per challenge, a team's own dynamic flag). */
  flags: FlagCache;
  notices: NoticeService;
  scoreboard: ScoreboardService;
  events: EventBus;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Each verdict goes to the audit trail (the result, never the flag). */
  audit?: AuditLog;
  /**
   * Batches judged at the same time (each is one transaction on its own connection). Default 1: a batch
   * with solves locks the challenge rows it touches, so concurrent batches mostly wait for each other; one
   * transaction at a time with larger batches judged ~40 % more correct flags per second in the benchmark.
   */
  concurrency?: number;
  /** Submissions judged together in one batch. */
  batchSize?: number;
  /** Told each verdict this process commits (metrics). */
  onVerdict?: (status: AnswerResult) => void;
  /** Submissions whose owner and verdict are kept for status calls (default 50,000); older ones are read. */
  recentLimit?: number;
}

/** What status calls need of a submission this process stored: whose it is, and its verdict once known. */
interface RecentEntry {
  userId: string;
  gameId: number;
  challengeId: number;
  status: AnswerResult;
  at: number;
}

const isDynamic = (type: PendingSubmission['challengeType']) =>
  type === 'DynamicAttachment' || type === 'DynamicContainer';

/** Submissions taken over from processes that are gone, at most this many per pass. */
const TAKEOVER_BATCH = 1_000;
/** A submission whose judging failed is tried again after this long, doubling up to the maximum. */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 5_000;

/**
 * Judges stored submissions off the request path. Submissions are queued by id (FIFO); up to `concurrency`
 * batches run at once, each taking up to `batchSize` waiting ids, so a burst is judged in few transactions.
 * A failed batch is retried one submission at a time; one that still fails (the database is unreachable)
 * is tried again after a pause, longer each time up to a few seconds. `takeOver()`, run by the process lease
 * every tick, queues the unjudged submissions of processes that are gone. Side effects (live messages,
 * notices, scoreboard invalidation) happen only after the verdict transaction commits. Flags are never logged.
 */
export function createFlagChecker(options: FlagCheckerOptions) {
  const { repository, log } = options;
  const announcer = { events: options.events, audit: options.audit };
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const batchSize = Math.max(1, options.batchSize ?? 256);
  const waiting: number[] = [];
  const known = new Set<number>();
  let running = 0;
  let stopped = false;
  let idleWaiters: Array<() => void> = [];
  let pumpScheduled = false;
  /**
   * Submissions queued by this process, with their verdict once committed: status polls by the submitter are
   * answered from here without a query. Bounded; anything missing is read from the database.
   */
  const recent = new Map<number, RecentEntry>();
  /** A pending entry older than this is checked in the database (another process may have judged it). */
  const PENDING_TRUST_MS = 2_000;
  const recentLimit = Math.max(1, options.recentLimit ?? 50_000);
  /** Status polls holding for a verdict of this process's queue, by submission id. */
  const verdictWaiters = new Map<number, Array<(status: AnswerResult) => void>>();
  /** Details of submissions queued by this process, kept until judged, so judging needs no read. */
  const details = new Map<number, PendingSubmission>();
  /** Submissions waiting to be tried again after a failure: the pause before the next try, and its timer. */
  const retries = new Map<number, { delayMs: number; timer?: NodeJS.Timeout }>();

  /** Keeps a submission's owner and verdict for status calls, forgetting the oldest beyond the bound. */
  function remember(id: number, entry: RecentEntry): void {
    if (recent.size >= recentLimit && !recent.has(id)) {
      const oldest = recent.keys().next();
      if (!oldest.done) recent.delete(oldest.value);
    }
    recent.set(id, entry);
  }

  function settleWaiters(submissionId: number, status: AnswerResult): void {
    const waiters = verdictWaiters.get(submissionId);
    if (!waiters) return;
    verdictWaiters.delete(submissionId);
    for (const resolve of waiters) resolve(status);
  }

  function enqueue(submissionId: number): void {
    if (stopped || known.has(submissionId)) return;
    known.add(submissionId);
    waiting.push(submissionId);
    schedulePump();
  }

  /** Ids queued in the same tick go into one batch, in id order. */
  function schedulePump(): void {
    if (pumpScheduled) return;
    pumpScheduled = true;
    setImmediate(() => {
      pumpScheduled = false;
      pump();
    });
  }

  async function decide(pending: readonly PendingSubmission[]): Promise<Verdict[]> {
    const queries = pending.map((s) => ({
      gameId: s.gameId,
      challengeId: s.challengeId,
      participationId: isDynamic(s.challengeType) ? s.participationId : null,
    }));
    const flags = await options.flags.flagsFor(queries);
    const verdicts: Verdict[] = pending.map((submission, index) => {
      const query = queries[index] as (typeof queries)[number];
      const candidates = flags.get(options.flags.key(query)) ?? EMPTY_MATCHER;
      if (query.participationId !== null && candidates.size === 0) return { submission, status: 'NotFound' };
      return { submission, status: matchesFlag(submission.answer, candidates) ? 'Accepted' : 'WrongAnswer' };
    });
    // Cheat check: a wrong answer to a dynamic challenge that is another team's flag of the same challenge.
    // A team that never opened the challenge (so holds no flag of it) is checked too: copying a flag
    // without looking at the challenge is still copying.
    const suspects = verdicts.filter(
      (v) => (v.status === 'WrongAnswer' || v.status === 'NotFound') && isDynamic(v.submission.challengeType),
    );
    if (suspects.length > 0) {
      const sources = await repository.ownedFlagsMatching(
        [...new Set(suspects.map((v) => v.submission.challengeId))],
        [...new Set(suspects.map((v) => v.submission.answer))],
      );
      for (const v of suspects) {
        const source = sources.find(
          (s) =>
            s.challengeId === v.submission.challengeId &&
            s.participationId !== v.submission.participationId &&
            constantTimeEqual(s.flag, v.submission.answer),
        );
        if (source) {
          v.status = 'CheatDetected';
          v.source = source;
        }
      }
    }
    return verdicts;
  }

  function settle(v: Verdict): void {
    options.onVerdict?.(v.status);
    const entry = recent.get(v.submission.id);
    if (entry) entry.status = v.status;
    settleWaiters(v.submission.id, v.status);
  }

  async function publish(result: CommitResult): Promise<void> {
    for (const v of result.applied) settle(v);
    const time = result.checkedAt.getTime();
    for (const v of result.applied) await announceVerdict(announcer, v, time);
    for (const { gameId, notice } of result.notices) await options.notices.announce(gameId, notice);
    for (const [gameId, solves] of result.solves) await options.scoreboard.solvesChanged(gameId, solves);
  }

  /** Submissions of this process come with their details; others (recovered after a restart) are read. */
  async function pendingOf(ids: readonly number[]): Promise<PendingSubmission[]> {
    const inMemory: PendingSubmission[] = [];
    const unknown: number[] = [];
    for (const id of ids) {
      const submission = details.get(id);
      if (submission) inMemory.push(submission);
      else unknown.push(id);
    }
    if (unknown.length === 0) return inMemory;
    return [...inMemory, ...(await repository.loadPending(unknown))].sort((a, b) => a.id - b.id);
  }

  async function commit(verdicts: Verdict[], now: Date): Promise<CommitResult> {
    const simple = verdicts.every((v) => v.status === 'WrongAnswer' || v.status === 'NotFound');
    if (!simple) return repository.commit(verdicts, now);
    const applied = await repository.commitRejections(verdicts, now);
    return { applied, notices: [], solves: new Map(), checkedAt: now };
  }

  async function judge(ids: readonly number[]): Promise<void> {
    const pending = await pendingOf(ids);
    if (pending.length === 0) return;
    const verdicts = await decide(pending);
    const result = await commit(verdicts, options.clock.now());
    try {
      await publish(result);
    } catch (error) {
      log.error({ err: error }, 'flag checker: publishing results failed');
    }
  }

  /** Queues the submission again after a pause that doubles with each failure. */
  function retryLater(id: number, error: unknown): void {
    const previous = retries.get(id);
    const delayMs = previous ? Math.min(RETRY_MAX_MS, previous.delayMs * 2) : RETRY_FIRST_MS;
    // Logged once per submission: an outage would otherwise log every retry of every pending answer.
    if (!previous) log.error({ err: error, submissionId: id }, 'flag checker: judging failed; trying again');
    const entry: { delayMs: number; timer?: NodeJS.Timeout } = { delayMs };
    retries.set(id, entry);
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      if (!stopped) enqueue(id);
    }, delayMs);
    entry.timer.unref();
  }

  /** Judges the batch; returns the ids that failed even on their own. */
  async function runBatch(batch: number[]): Promise<number[]> {
    try {
      await judge(batch);
      for (const id of batch) retries.delete(id);
      return [];
    } catch (error) {
      if (batch.length === 1) {
        retryLater(batch[0] as number, error);
        return batch;
      }
      const failed: number[] = [];
      for (const id of batch) failed.push(...(await runBatch([id])));
      return failed;
    }
  }

  function pump(): void {
    while (!stopped && running < concurrency && waiting.length > 0) {
      const batch = waiting.splice(0, batchSize);
      running += 1;
      let failed = new Set<number>();
      void runBatch(batch)
        .then((ids) => {
          failed = new Set(ids);
        })
        .finally(() => {
          running -= 1;
          for (const id of batch) {
            known.delete(id);
            // A submission tried again keeps its details, so the next try needs no read either.
            if (!failed.has(id)) details.delete(id);
            // A submission left unjudged (its batch failed) answers its waiting polls as still pending.
            settleWaiters(id, recent.get(id)?.status ?? 'FlagSubmitted');
          }
          pump();
          if (running === 0 && (waiting.length === 0 || stopped)) {
            const waiters = idleWaiters;
            idleWaiters = [];
            for (const resolve of waiters) resolve();
          }
        });
    }
  }

  return {
    /**
     * The verdict of an answer to a static challenge when it can be given without the database: WrongAnswer
     * when the challenge's flags are cached and none matches. Anything else (a match, dynamic challenges, flags
     * not cached) is left to the queue, so solves, bloods and cheat checks always go through `commit`.
     */
    verdictAtEntry(challengeId: number, challengeType: PendingSubmission['challengeType'], answer: string) {
      if (isDynamic(challengeType)) return undefined;
      const flags = options.flags.peekStatic(challengeId);
      if (!flags || flags.size === 0 || matchesFlag(answer, flags)) return undefined;
      return 'WrongAnswer' as const;
    },

    /** A submission stored already judged (see `verdictAtEntry`): remembered for status calls and announced. */
    async judgedAtEntry(submission: PendingSubmission & { userId: string }, status: 'WrongAnswer'): Promise<void> {
      const { id, userId, gameId, challengeId } = submission;
      const at = options.clock.now().getTime();
      remember(id, { userId, gameId, challengeId, status, at });
      options.onVerdict?.(status);
      try {
        await announceVerdict(announcer, { submission, status }, at);
      } catch (error) {
        log.error({ err: error }, 'flag checker: publishing results failed');
      }
    },

    /**
     * Queues a submission just stored by this process, with its details (so judging needs no read) and its
     * owner (so the submitter's status calls need no query).
     */
    submitted(submission: PendingSubmission & { userId: string }): void {
      const { id, userId, gameId, challengeId } = submission;
      remember(id, { userId, gameId, challengeId, status: 'FlagSubmitted', at: options.clock.now().getTime() });
      if (stopped || known.has(id)) return;
      details.set(id, submission);
      enqueue(id);
    },

    /** The verdict of a submission this process queued, if the caller made it; undefined means "ask the database". */
    knownStatus(submissionId: number, userId: string, gameId: number, challengeId: number): AnswerResult | undefined {
      const entry = recent.get(submissionId);
      if (!entry || entry.userId !== userId || entry.gameId !== gameId || entry.challengeId !== challengeId) {
        return undefined;
      }
      if (entry.status === 'FlagSubmitted' && options.clock.now().getTime() - entry.at > PENDING_TRUST_MS)
        return undefined;
      return entry.status;
    },

    /**
     * Like `knownStatus`, but a submission still being judged here is waited for (up to `maxWaitMs`), so
     * that one status call usually brings the verdict instead of a series of polls.
     */
    async awaitStatus(
      submissionId: number,
      userId: string,
      gameId: number,
      challengeId: number,
      maxWaitMs: number,
    ): Promise<AnswerResult | undefined> {
      const status = this.knownStatus(submissionId, userId, gameId, challengeId);
      if (status !== 'FlagSubmitted' || !known.has(submissionId) || stopped) return status;
      return new Promise<AnswerResult>((resolve) => {
        const timer = setTimeout(() => {
          const waiters = verdictWaiters.get(submissionId);
          const index = waiters?.indexOf(finish) ?? -1;
          if (waiters && index >= 0) waiters.splice(index, 1);
          if (waiters?.length === 0) verdictWaiters.delete(submissionId);
          resolve('FlagSubmitted');
        }, maxWaitMs);
        function finish(verdict: AnswerResult) {
          clearTimeout(timer);
          resolve(verdict);
        }
        const waiters = verdictWaiters.get(submissionId) ?? [];
        waiters.push(finish);
        verdictWaiters.set(submissionId, waiters);
      });
    },

    /** Queues a stored submission for judging. */
    enqueue,

    /**
     * Queues the unjudged submissions of processes that are gone (and those stored before leases), taking
     * them over so that no other live process judges them too. Returns how many were taken.
     */
    async takeOver(): Promise<number> {
      if (stopped) return 0;
      const ids = await repository.claimOrphans(options.owner, TAKEOVER_BATCH);
      for (const id of ids) enqueue(id);
      if (ids.length > 0) log.info({ count: ids.length }, 'flag checker: took over unjudged submissions');
      return ids.length;
    },

    /** Starts taking work: the unjudged submissions left by processes that are gone are queued at once. */
    async start(): Promise<number> {
      stopped = false;
      return this.takeOver();
    },

    /** Resolves when nothing is queued or being judged. */
    drain(): Promise<void> {
      if (running === 0 && (waiting.length === 0 || stopped)) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },

    /**
     * Stops taking work and lets the running batches finish; queued ids stay FlagSubmitted, for whichever
     * process takes them over once this one's lease is given up (or for the next start).
     */
    async stop(): Promise<void> {
      stopped = true;
      for (const entry of retries.values()) clearTimeout(entry.timer);
      retries.clear();
      for (const id of waiting) {
        settleWaiters(id, 'FlagSubmitted');
        details.delete(id);
      }
      waiting.length = 0;
      known.clear();
      await this.drain();
    },

    get queued(): number {
      return waiting.length + running;
    },
  };
}
export type FlagChecker = ReturnType<typeof createFlagChecker>;
