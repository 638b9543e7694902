import { type AnswerResult, type FlagSubmitModel, IDEMPOTENCY_KEY_HEADER } from '@flagpole/contract';
import { http } from '@/lib/http';
import { gameKeys } from './keys';

/**
 * A fresh idempotency key: random, unique to one submission. crypto.randomUUID needs a secure context
 * (HTTPS or localhost), which a platform reached over plain HTTP on a LAN address is not.
 */
export function newIdempotencyKey(random: Crypto = globalThis.crypto): string {
  if (typeof random.randomUUID === 'function' && globalThis.isSecureContext !== false) return random.randomUUID();
  const bytes = random.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Sends a flag; the answer is the submission id to poll. The request carries an idempotency key, so it is
 * sent again when its answer is lost (no response, 502/503/504): the server answers a repeat with the first
 * submission's id and never counts it as another attempt.
 */
export function submitFlag(
  id: number,
  challengeId: number,
  body: FlagSubmitModel,
  idempotencyKey: string = newIdempotencyKey(),
): Promise<number> {
  return http.request<number>(gameKeys.challenge(id, challengeId), {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    idempotent: true,
  });
}

/** The judging state of one of the caller's submissions. */
export function getSubmissionStatus(id: number, challengeId: number, submissionId: number): Promise<AnswerResult> {
  return http.get<AnswerResult>(gameKeys.status(id, challengeId, submissionId));
}
