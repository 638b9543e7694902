import type { AnswerResult } from '@flagpole/contract';
import { ApiError } from '@/lib/http';

/** The verdicts a player can get; `CheatDetected` is shown as a wrong answer. */
export type Verdict = 'Accepted' | 'WrongAnswer' | 'NotFound';

export type SubmitState =
  | { phase: 'idle' }
  | { phase: 'submitting' }
  | { phase: 'judging'; submissionId: number }
  | { phase: 'done'; verdict: Verdict }
  /** Judging took longer than the wait limit; the flag may still be judged later. */
  | { phase: 'timeout'; submissionId: number }
  | { phase: 'failed'; error: unknown };

export const POLL_INTERVAL_MS = 500;
export const POLL_MAX_WAIT_MS = 30_000;

export function toVerdict(result: AnswerResult): Verdict | null {
  switch (result) {
    case 'FlagSubmitted':
      return null;
    case 'Accepted':
      return 'Accepted';
    case 'NotFound':
      return 'NotFound';
    case 'WrongAnswer':
    case 'CheatDetected':
      return 'WrongAnswer';
  }
}

export interface SubmitFlowDeps {
  /** POSTs the flag and resolves to the submission id. */
  submit: () => Promise<number>;
  /** Reads the submission's current result. */
  status: (submissionId: number) => Promise<AnswerResult>;
  onState: (state: SubmitState) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  intervalMs?: number;
  maxWaitMs?: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Submit, then poll every `intervalMs` until the verdict is in or `maxWaitMs` has passed. Every step is
 * reported through `onState`; the final state is also returned. Errors end in `failed` (never thrown).
 */
export async function runSubmitFlow(deps: SubmitFlowDeps): Promise<SubmitState> {
  const sleep = deps.sleep ?? defaultSleep;
  const now = deps.now ?? Date.now;
  const intervalMs = deps.intervalMs ?? POLL_INTERVAL_MS;
  const maxWaitMs = deps.maxWaitMs ?? POLL_MAX_WAIT_MS;
  const finish = (state: SubmitState) => {
    deps.onState(state);
    return state;
  };

  deps.onState({ phase: 'submitting' });
  let submissionId: number;
  try {
    submissionId = await deps.submit();
  } catch (error) {
    return finish({ phase: 'failed', error });
  }
  deps.onState({ phase: 'judging', submissionId });

  const deadline = now() + maxWaitMs;
  for (;;) {
    await sleep(intervalMs);
    let result: AnswerResult;
    try {
      result = await deps.status(submissionId);
    } catch (error) {
      return finish({ phase: 'failed', error });
    }
    const verdict = toVerdict(result);
    if (verdict) return finish({ phase: 'done', verdict });
    if (now() >= deadline) return finish({ phase: 'timeout', submissionId });
  }
}

/** Whether the flag input and button accept a new attempt. */
export function canSubmit(state: SubmitState, attempts: number, limit: number): boolean {
  if (state.phase === 'submitting' || state.phase === 'judging') return false;
  if (state.phase === 'done' && state.verdict === 'Accepted') return false;
  return !limitReached(attempts, limit);
}

/** `limit` 0 means unlimited. */
export function limitReached(attempts: number, limit: number): boolean {
  return limit > 0 && attempts >= limit;
}

/** How long to hold the button when the server refused for too many submissions without saying how long. */
export const FALLBACK_RETRY_SECONDS = 10;

/**
 * When the team may submit again after the server refused a submission as too many (429, with Retry-After), in
 * ms since the epoch; null for any other failure.
 */
export function retryAtAfterRefusal(error: unknown, now: number): number | null {
  if (!(error instanceof ApiError) || error.httpStatus !== 429) return null;
  const seconds = error.retryAfterSeconds ?? FALLBACK_RETRY_SECONDS;
  return now + Math.max(1, Math.ceil(seconds)) * 1000;
}

/** Whole seconds left until `retryAt`, rounded up so the countdown never shows 0 while still waiting. */
export function secondsUntil(retryAt: number | null, now: number): number {
  return retryAt === null ? 0 : Math.max(0, Math.ceil((retryAt - now) / 1000));
}

/**
 * Whether a failed submission may have been stored without its answer reaching the browser (no response,
 * or the server failed or was unreachable): submitting the same flag again then reuses the key, so the
 * server answers with that first submission instead of counting a new attempt.
 */
export function answerMayBeLost(state: SubmitState): boolean {
  if (state.phase !== 'failed') return false;
  const error = state.error;
  return !(error instanceof ApiError) || error.httpStatus === 0 || error.httpStatus >= 500;
}
