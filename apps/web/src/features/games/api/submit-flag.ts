import type { AnswerResult, FlagSubmitModel } from '@flagpole/contract';
import { http } from '@/lib/http';
import { gameKeys } from './keys';

/** Sends a flag; the answer is the submission id to poll. */
export function submitFlag(id: number, challengeId: number, body: FlagSubmitModel): Promise<number> {
  return http.post<number>(gameKeys.challenge(id, challengeId), body);
}

/** The judging state of one of the caller's submissions. */
export function getSubmissionStatus(id: number, challengeId: number, submissionId: number): Promise<AnswerResult> {
  return http.get<AnswerResult>(gameKeys.status(id, challengeId, submissionId));
}
