import type { AnswerResult } from '@flagpole/contract';
import type { Clock } from '../lib/clock';

/** What status calls need of a submission this process stored: whose it is, and its verdict once known. */
interface RecentEntry {
  userId: string;
  gameId: number;
  challengeId: number;
  status: AnswerResult;
  at: number;
}

/** A pending entry older than this is checked in the database (another process may have judged it). */
const PENDING_TRUST_MS = 2_000;

/**
 * The verdicts of submissions this process stored, so that status calls by the submitter's team are answered
 * without a query, and status calls for a submission still being judged here can wait for its verdict.
 * Bounded (the oldest entries are forgotten); anything missing is read from the database.
 */
export function createVerdictMemory(options: {
  clock: Clock;
  /** Entries kept (default 50,000). */
  limit?: number;
  /** Whether this process is still going to judge the submission (queued or in a running batch). */
  isJudging: (submissionId: number) => boolean;
}) {
  const recent = new Map<number, RecentEntry>();
  const limit = Math.max(1, options.limit ?? 50_000);
  /** Status calls holding for a verdict, by submission id. */
  const waiters = new Map<number, Array<(status: AnswerResult) => void>>();

  function answerWaiters(submissionId: number, status: AnswerResult): void {
    const list = waiters.get(submissionId);
    if (!list) return;
    waiters.delete(submissionId);
    for (const resolve of list) resolve(status);
  }

  function known(submissionId: number, userId: string, gameId: number, challengeId: number): AnswerResult | undefined {
    const entry = recent.get(submissionId);
    if (!entry || entry.userId !== userId || entry.gameId !== gameId || entry.challengeId !== challengeId) {
      return undefined;
    }
    if (entry.status === 'FlagSubmitted' && options.clock.now().getTime() - entry.at > PENDING_TRUST_MS) {
      return undefined;
    }
    return entry.status;
  }

  return {
    /** Keeps a submission's owner and verdict, forgetting the oldest beyond the bound. */
    remember(id: number, entry: Omit<RecentEntry, 'at'>): void {
      if (recent.size >= limit && !recent.has(id)) {
        const oldest = recent.keys().next();
        if (!oldest.done) recent.delete(oldest.value);
      }
      recent.set(id, { ...entry, at: options.clock.now().getTime() });
    },

    /** Records a committed verdict and answers the status calls waiting for it. */
    settle(submissionId: number, status: AnswerResult): void {
      const entry = recent.get(submissionId);
      if (entry) entry.status = status;
      answerWaiters(submissionId, status);
    },

    /** Answers the waiting status calls with what is known (still pending when its batch failed or stopped). */
    release(submissionId: number): void {
      answerWaiters(submissionId, recent.get(submissionId)?.status ?? 'FlagSubmitted');
    },

    /** The verdict of a submission this process stored, if the caller's team made it; undefined: ask the database. */
    known,

    /** Like `known`, but a submission still being judged here is waited for (up to `maxWaitMs`). */
    async await(
      submissionId: number,
      userId: string,
      gameId: number,
      challengeId: number,
      maxWaitMs: number,
    ): Promise<AnswerResult | undefined> {
      const status = known(submissionId, userId, gameId, challengeId);
      if (status !== 'FlagSubmitted' || !options.isJudging(submissionId)) return status;
      return new Promise<AnswerResult>((resolve) => {
        const timer = setTimeout(() => {
          const list = waiters.get(submissionId);
          const index = list?.indexOf(finish) ?? -1;
          if (list && index >= 0) list.splice(index, 1);
          if (list?.length === 0) waiters.delete(submissionId);
          resolve('FlagSubmitted');
        }, maxWaitMs);
        function finish(verdict: AnswerResult) {
          clearTimeout(timer);
          resolve(verdict);
        }
        const list = waiters.get(submissionId) ?? [];
        list.push(finish);
        waiters.set(submissionId, list);
      });
    },
  };
}
