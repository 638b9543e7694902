import type { AnswerResult, GameNotice } from '@flagpole/contract';
import type { ChallengeTypeName, FlagMatchTypeName } from '../db/schema';
import type { ScoreboardSolveInput } from '../scoring/types';

/** The shapes the judge passes around: a submission waiting for its verdict, candidate flags, verdicts. */

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
