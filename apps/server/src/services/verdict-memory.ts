import type { AnswerResult } from '@flagpole/contract';
import type { Clock } from '../lib/clock';

/** What status calls need of a submission this process stored: whose it is, and its verdict once known. */
interface RememberedSubmission {
  userId: string;
  gameId: number;
  challengeId: number;
  status: AnswerResult;
}

/** A pending entry older than this is checked in the database (another process may have judged it). */
const PENDING_TRUST_MS = 2_000;

/** Verdicts stored as their index in this list (one byte each). */
const STATUSES: readonly AnswerResult[] = ['FlagSubmitted', 'Accepted', 'WrongAnswer', 'CheatDetected', 'NotFound'];
const STATUS_CODE = new Map(STATUSES.map((status, code) => [status, code]));

/**
 * The owners of the remembered submissions, each user id kept once and named by a small number, so that an
 * entry holds a number instead of a reference. A user is forgotten with the last entry naming them.
 */
function createOwnerTable() {
  const indexOf = new Map<string, number>();
  const users: Array<string | undefined> = [];
  const counts: number[] = [];
  const free: number[] = [];
  return {
    find: (userId: string): number | undefined => indexOf.get(userId),
    /** The user's number, counting one more entry that names them. */
    hold(userId: string): number {
      let index = indexOf.get(userId);
      if (index === undefined) {
        index = free.pop() ?? users.length;
        indexOf.set(userId, index);
        users[index] = userId;
        counts[index] = 0;
      }
      counts[index] = (counts[index] ?? 0) + 1;
      return index;
    },
    /** One entry fewer names the user; the last one frees their number. */
    drop(index: number): void {
      const left = (counts[index] ?? 1) - 1;
      counts[index] = left;
      if (left > 0) return;
      const userId = users[index];
      if (userId !== undefined) indexOf.delete(userId);
      users[index] = undefined;
      free.push(index);
    },
  };
}

/**
 * The verdicts of submissions this process stored, so that status calls by the submitter are answered
 * without a query, and status calls for a submission still being judged here can wait for its verdict.
 * Bounded (the oldest entries are forgotten); anything missing is read from the database.
 *
 * Entries live in a ring of typed arrays (one slot per entry, overwritten oldest first) found through a map
 * of submission id to slot whose keys and values are small integers: a full store is a handful of arrays,
 * not tens of thousands of objects that every full garbage collection would traverse and every new entry
 * would copy out of the young generation.
 */
export function createVerdictMemory(options: {
  clock: Clock;
  /** Entries kept (default 50,000). */
  limit?: number;
  /** Whether this process is still going to judge the submission (queued or in a running batch). */
  isJudging: (submissionId: number) => boolean;
}) {
  const limit = Math.max(1, options.limit ?? 50_000);
  /** Slot of each remembered submission id. */
  const slotOf = new Map<number, number>();
  const ids = new Float64Array(limit);
  const owners = new Int32Array(limit);
  const games = new Float64Array(limit);
  const challenges = new Float64Array(limit);
  const statuses = new Uint8Array(limit);
  /** When the entry was remembered (ms since the epoch). */
  const times = new Float64Array(limit);
  const ownerTable = createOwnerTable();
  /** The slot the next new entry takes; once the ring is full, the oldest entry's. */
  let next = 0;
  /** Status calls holding for a verdict, by submission id. */
  const waiters = new Map<number, Array<(status: AnswerResult) => void>>();

  const statusAt = (slot: number): AnswerResult => STATUSES[statuses[slot] as number] as AnswerResult;

  function answerWaiters(submissionId: number, status: AnswerResult): void {
    const list = waiters.get(submissionId);
    if (!list) return;
    waiters.delete(submissionId);
    for (const resolve of list) resolve(status);
  }

  function known(submissionId: number, userId: string, gameId: number, challengeId: number): AnswerResult | undefined {
    const slot = slotOf.get(submissionId);
    if (slot === undefined) return undefined;
    const owner = ownerTable.find(userId);
    if (owner !== owners[slot] || games[slot] !== gameId || challenges[slot] !== challengeId) return undefined;
    const status = statusAt(slot);
    if (status === 'FlagSubmitted' && options.clock.now().getTime() - (times[slot] as number) > PENDING_TRUST_MS) {
      return undefined;
    }
    return status;
  }

  return {
    /** Keeps a submission's owner and verdict, forgetting the oldest beyond the bound. */
    remember(id: number, entry: RememberedSubmission): void {
      let slot = slotOf.get(id);
      if (slot === undefined) {
        slot = next;
        next = (next + 1) % limit;
        if (slotOf.size >= limit) {
          // The ring is full: this slot holds the oldest entry.
          slotOf.delete(ids[slot] as number);
          ownerTable.drop(owners[slot] as number);
        }
        slotOf.set(id, slot);
        ids[slot] = id;
      } else {
        // Remembered again (same place in the order, as a map entry set again keeps its place).
        ownerTable.drop(owners[slot] as number);
      }
      owners[slot] = ownerTable.hold(entry.userId);
      games[slot] = entry.gameId;
      challenges[slot] = entry.challengeId;
      statuses[slot] = STATUS_CODE.get(entry.status) ?? 0;
      times[slot] = options.clock.now().getTime();
    },

    /** Records a committed verdict and answers the status calls waiting for it. */
    settle(submissionId: number, status: AnswerResult): void {
      const slot = slotOf.get(submissionId);
      if (slot !== undefined) statuses[slot] = STATUS_CODE.get(status) ?? 0;
      answerWaiters(submissionId, status);
    },

    /** Answers the waiting status calls with what is known (still pending when its batch failed or stopped). */
    release(submissionId: number): void {
      if (!waiters.has(submissionId)) return;
      const slot = slotOf.get(submissionId);
      answerWaiters(submissionId, slot === undefined ? 'FlagSubmitted' : statusAt(slot));
    },

    /** The verdict of a submission this process stored, if the caller made it; undefined: ask the database. */
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
