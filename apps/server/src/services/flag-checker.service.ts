import type { AnswerResult } from '@flagpole/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock';
import type { EventBus } from '../lib/event-bus';
import type { CommitResult, JudgeRepository, PendingSubmission, Verdict } from '../repositories/judge.repository';
import type { StoredSubmission } from '../repositories/play.repository';
import type { WebhookEmitter } from '../webhooks/webhook-queue';
import type { AuditLog } from './audit-log';
import type { DecidedChallenges } from './decided-challenges';
import type { FlagCache } from './flag-cache';
import { matchesFlag } from './flag-match';
import type { SubmissionIntake } from './flag-submission';
import type { NoticeService } from './notice.service';
import type { ScoreboardService } from './scoreboard.service';
import { announceVerdict } from './verdict-announcement';
import { decideVerdicts, isDynamic } from './verdict-decision';
import { createVerdictMemory } from './verdict-memory';
import { createVerdictSharing, type SharedVerdict } from './verdict-sharing';

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
  /**
   * Challenges found with all their bloods given: a group commit of correct answers to them only skips the blood
   * check (docs/game-play.md). Without it every such commit checks.
   */
  decided?: DecidedChallenges;
  /** Solves and cheat detections go to webhooks. */
  webhooks?: WebhookEmitter;
}

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
  const announcer = { audit: options.audit, webhooks: options.webhooks };
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const batchSize = Math.max(1, options.batchSize ?? 256);
  const waiting: number[] = [];
  const known = new Set<number>();
  let running = 0;
  let stopped = false;
  let idleWaiters: Array<() => void> = [];
  let pumpScheduled = false;
  /** Verdicts of the submissions this process stored, for status calls (answered without a query). */
  const memory = createVerdictMemory({
    clock: options.clock,
    limit: options.recentLimit,
    isJudging: (id) => known.has(id) && !stopped,
  });
  /** Details of submissions queued by this process, kept until judged, so judging needs no read. */
  const details = new Map<number, PendingSubmission>();
  /** Submissions waiting to be tried again after a failure: the pause before the next try, and its timer. */
  const retries = new Map<number, { delayMs: number; timer?: NodeJS.Timeout }>();

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

  function settle(v: Verdict): void {
    options.onVerdict?.(v.status);
    memory.settle(v.submission.id, v.status);
  }

  /** Verdicts are told to every process in one message per turn (verdict-sharing.ts). */
  const sharing = createVerdictSharing({
    events: options.events,
    owner: options.owner,
    log,
    remember: ([id, userId, gameId, challengeId, status]) =>
      memory.remember(id, { userId, gameId, challengeId, status }),
  });

  /** Records a committed verdict (audit, webhook) and queues it with its live messages for every process. */
  function announce(v: Verdict, time: number): void {
    const s = v.submission;
    const shared: SharedVerdict | null = s.userId === null ? null : [s.id, s.userId, s.gameId, s.challengeId, v.status];
    sharing.add(shared, s.gameId, announceVerdict(announcer, v, time));
  }

  async function publish(result: CommitResult): Promise<void> {
    for (const v of result.applied) settle(v);
    const time = result.checkedAt.getTime();
    for (const v of result.applied) announce(v, time);
    // Sent now, so the verdicts' live messages go out before the notices (a first blood) they caused.
    sharing.flush();
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
    const verdicts = await decideVerdicts(pending, options.flags, repository);
    const result = await commit(verdicts, options.clock.now());
    try {
      await publish(result);
    } catch (error) {
      log.error({ err: error }, 'flag checker: publishing results failed');
    }
  }

  /** Notes a failed try: the pause before the next one doubles with each failure. */
  function retryLater(id: number, error: unknown): void {
    const previous = retries.get(id);
    const delayMs = previous ? Math.min(RETRY_MAX_MS, previous.delayMs * 2) : RETRY_FIRST_MS;
    // Logged once per submission: an outage would otherwise log every retry of every pending answer.
    if (!previous) log.error({ err: error, submissionId: id }, 'flag checker: judging failed; trying again');
    retries.set(id, { delayMs });
  }

  /**
   * Queues a failed submission again after its pause. Started only once its batch has finished: a timer started
   * while the batch was still failing its other submissions one by one (an outage makes each try slow) could fire
   * while the id was still marked queued, and `enqueue` would drop it, leaving it unjudged until a restart.
   */
  function scheduleRetry(id: number): void {
    const entry = retries.get(id);
    if (!entry || stopped) return;
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      if (!stopped) enqueue(id);
    }, entry.delayMs);
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
            memory.release(id);
            if (failed.has(id)) scheduleRetry(id);
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
     * The verdict of an answer to a static challenge when its flags are cached: WrongAnswer when none matches,
     * Accepted when one does (then stored by `storeAccepting`, with its solve, in one transaction). Dynamic
     * challenges (cheat check) and flags not cached are left to the queue.
     */
    verdictAtEntry(challengeId: number, challengeType: PendingSubmission['challengeType'], answer: string) {
      if (isDynamic(challengeType)) return undefined;
      const flags = options.flags.peekStatic(challengeId);
      if (!flags || flags.size === 0) return undefined;
      return matchesFlag(answer, flags) ? ('Accepted' as const) : ('WrongAnswer' as const);
    },

    /** A submission stored already judged wrong (see `verdictAtEntry`): remembered for status calls and announced. */
    async judgedAtEntry(submission: PendingSubmission & { userId: string }, status: 'WrongAnswer'): Promise<void> {
      const { id, userId, gameId, challengeId } = submission;
      memory.remember(id, { userId, gameId, challengeId, status });
      options.onVerdict?.(status);
      try {
        // With the other answers judged this turn: one bus message for all of them.
        announce({ submission, status }, options.clock.now().getTime());
      } catch (error) {
        log.error({ err: error }, 'flag checker: publishing results failed');
      }
    },

    /**
     * Stores a group commit holding correct answers judged on entry, with their solves and bloods, in one
     * transaction under the challenge locks the verdict transaction takes; then remembers and announces them
     * as a committed batch. Returns each submission's stored id, in the order given.
     */
    async storeAccepting(items: readonly SubmissionIntake[]): Promise<StoredSubmission[]> {
      const accepting = items.flatMap((item) =>
        item.submission.judged?.status === 'Accepted' ? [item.submission.challengeId] : [],
      );
      const { stored, result, decided } = await repository.storeAccepting(
        items.map((item) => item.submission),
        (index, id) => ({ ...(items[index] as SubmissionIntake).details, id }),
        options.clock.now(),
        options.decided?.allDecided(accepting) ?? false,
      );
      options.decided?.learn(decided);
      for (const { submission: s } of result.applied) {
        if (s.userId === null) continue;
        memory.remember(s.id, { userId: s.userId, gameId: s.gameId, challengeId: s.challengeId, status: 'Accepted' });
      }
      try {
        await publish(result);
      } catch (error) {
        log.error({ err: error }, 'flag checker: publishing results failed');
      }
      return stored;
    },

    /**
     * Queues a submission just stored by this process, with its details (so judging needs no read) and its
     * owner (so the submitter's status calls need no query).
     */
    submitted(submission: PendingSubmission & { userId: string }): void {
      const { id, userId, gameId, challengeId } = submission;
      memory.remember(id, { userId, gameId, challengeId, status: 'FlagSubmitted' });
      if (stopped || known.has(id)) return;
      details.set(id, submission);
      enqueue(id);
    },

    /** The verdict of a submission this process stored, if the caller's team made it; undefined: ask the database. */
    knownStatus: memory.known,

    /**
     * Like `knownStatus`, but a submission still being judged here is waited for (up to `maxWaitMs`), so
     * that one status call usually brings the verdict instead of a series of polls.
     */
    awaitStatus: memory.await,

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
        memory.release(id);
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
