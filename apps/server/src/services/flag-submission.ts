import type { AnswerResult } from '@flagpole/contract';
import { AppError, notFound } from '../http/errors';
import { createBatcher } from '../lib/batcher';
import type { PendingSubmission } from '../repositories/judge.repository';
import type {
  NewSubmission,
  PlayChallengeRow,
  PlayRepository,
  StoredSubmission,
} from '../repositories/play.repository';
import type { FlagChecker } from './flag-checker.service';

/** Longest a status call holds for a verdict being judged; judging a batch takes milliseconds. */
const VERDICT_WAIT_MS = 2_000;

/** A submission on its way into a group commit, with what judging and announcing it need. */
export interface SubmissionIntake {
  submission: NewSubmission;
  details: Omit<PendingSubmission, 'id'> & { userId: string };
}

/** The team of a submission, as the caller's context checks found it (a Player of game-play.service). */
export interface SubmittingTeam {
  game: { id: number };
  participationId: number;
  teamId: number;
  teamName: string;
}

/**
 * Storing flag submissions once the caller's context has been checked, and reading their verdicts.
 * Submissions to challenges without a limit arriving together are stored in one group commit; each POST
 * answers only after its own row is committed. An answer to a static challenge whose flags are cached is
 * judged on entry: a wrong one is stored judged; a correct one is stored Accepted in the judge's transaction,
 * with its solve and bloods (docs/game-play.md, "Fast paths"). Everything else is queued for the flag checker.
 */
export function createFlagSubmission(deps: {
  repository: PlayRepository;
  flagChecker: FlagChecker;
  /** This process's lease id, written on the submissions it stores (whoever outlives it takes them over). */
  owner: string;
}) {
  const { repository, flagChecker } = deps;
  const writer = createBatcher({
    run: (items: SubmissionIntake[]): Promise<StoredSubmission[]> =>
      items.some((item) => item.submission.judged?.status === 'Accepted')
        ? flagChecker.storeAccepting(items)
        : repository.insertSubmissions(items.map((item) => item.submission)),
    maxBatch: 256,
    maxInFlight: 2,
  });

  return {
    /**
     * Stores the answer durably and returns the submission id; 400 at the submission limit. With an
     * idempotency key the caller used before, nothing is stored and the earlier submission's id is returned
     * (422 when that key was sent with another challenge or answer).
     */
    async store(
      team: SubmittingTeam,
      c: PlayChallengeRow,
      caller: { userId: string; userName: string },
      ip: string | null,
      flag: string,
      at: Date,
      idempotencyKey?: string,
    ): Promise<number> {
      const { userId } = caller;
      const gameId = team.game.id;
      const limited = c.submission_limit > 0;
      const verdict = limited ? undefined : flagChecker.verdictAtEntry(c.id, c.type, flag);
      // Built once, each object in its final shape: this runs for every flag sent.
      const judged = verdict && { status: verdict, at, challengeTitle: c.title, teamId: team.teamId };
      const submission: NewSubmission = {
        gameId,
        challengeId: c.id,
        participationId: team.participationId,
        userId,
        answer: flag,
        at,
        judged,
        owner: deps.owner,
        idempotencyKey,
      };
      const details = {
        gameId,
        challengeId: c.id,
        participationId: team.participationId,
        userId,
        userName: caller.userName,
        answer: flag,
        submittedAt: at,
        challengeType: c.type,
        challengeTitle: c.title,
        teamId: team.teamId,
        teamName: team.teamName,
        ip,
      };
      const stored = limited
        ? await repository.insertLimitedSubmission({ ...submission, limit: c.submission_limit })
        : await writer.add({ submission, details });
      if (stored === 'limit') throw new AppError(400, 'error.submissionLimitReached');
      const { id, replayOf } = stored;
      if (replayOf) {
        // A retry of a request whose answer was lost: the first submission stands, judged or being judged.
        const same = replayOf.gameId === gameId && replayOf.challengeId === c.id && replayOf.answer === flag;
        if (!same) throw new AppError(422, 'error.idempotencyKeyReused');
        return id;
      }
      // An Accepted answer was remembered and announced by the transaction that stored it.
      if (judged?.status === 'WrongAnswer') await flagChecker.judgedAtEntry({ ...details, id }, judged.status);
      else if (!judged) flagChecker.submitted({ ...details, id });
      return id;
    },

    /**
     * The verdict for the caller's team; CheatDetected is reported as WrongAnswer. A submission this
     * process is still judging is waited for briefly, so the first status call usually has the verdict.
     */
    async status(gameId: number, challengeId: number, submissionId: number, userId: string): Promise<AnswerResult> {
      const status =
        (await flagChecker.awaitStatus(submissionId, userId, gameId, challengeId, VERDICT_WAIT_MS)) ??
        (await repository.submissionStatus(gameId, challengeId, submissionId, userId));
      if (!status) throw notFound('error.submissionNotFound');
      return status === 'CheatDetected' ? 'WrongAnswer' : status;
    },
  };
}
export type FlagSubmission = ReturnType<typeof createFlagSubmission>;
