import type { AnswerResult } from '@flagpole/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import {
  answerMayBeLost,
  canSubmit,
  FALLBACK_RETRY_SECONDS,
  limitReached,
  retryAtAfterRefusal,
  runSubmitFlow,
  type SubmitState,
  secondsUntil,
  toVerdict,
} from './submit-flow';

describe('runSubmitFlow', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(results: AnswerResult[], submit: () => Promise<number> = async () => 42) {
    const states: SubmitState[] = [];
    const status = vi.fn(async (_id: number) => results.shift() ?? 'FlagSubmitted');
    const promise = runSubmitFlow({ submit, status, onState: (state) => states.push(state) });
    return { states, status, promise };
  }

  it('polls every 500 ms until a verdict arrives', async () => {
    const { states, status, promise } = setup(['FlagSubmitted', 'FlagSubmitted', 'Accepted']);
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual([{ phase: 'submitting' }, { phase: 'judging', submissionId: 42 }]);
    await vi.advanceTimersByTimeAsync(499);
    expect(status).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(status).toHaveBeenCalledTimes(1);
    expect(status).toHaveBeenCalledWith(42);
    await vi.advanceTimersByTimeAsync(1000);
    expect(status).toHaveBeenCalledTimes(3);
    await expect(promise).resolves.toEqual({ phase: 'done', verdict: 'Accepted' });
    expect(states.at(-1)).toEqual({ phase: 'done', verdict: 'Accepted' });
  });

  it('reports wrong answers (and hides cheat detection as wrong)', async () => {
    const wrong = setup(['WrongAnswer']);
    await vi.advanceTimersByTimeAsync(500);
    await expect(wrong.promise).resolves.toEqual({ phase: 'done', verdict: 'WrongAnswer' });
    const cheat = setup(['CheatDetected']);
    await vi.advanceTimersByTimeAsync(500);
    await expect(cheat.promise).resolves.toEqual({ phase: 'done', verdict: 'WrongAnswer' });
    const missing = setup(['NotFound']);
    await vi.advanceTimersByTimeAsync(500);
    await expect(missing.promise).resolves.toEqual({ phase: 'done', verdict: 'NotFound' });
  });

  it('gives up after about 30 s of judging', async () => {
    const { status, promise } = setup([]);
    await vi.advanceTimersByTimeAsync(29_500);
    expect(status).toHaveBeenCalledTimes(59);
    await vi.advanceTimersByTimeAsync(500);
    await expect(promise).resolves.toEqual({ phase: 'timeout', submissionId: 42 });
    expect(status).toHaveBeenCalledTimes(60);
    await vi.advanceTimersByTimeAsync(5000);
    expect(status).toHaveBeenCalledTimes(60);
  });

  it('ends in failed when the submit or a status read fails', async () => {
    const rejected = new Error('429');
    const first = setup([], () => Promise.reject(rejected));
    await expect(first.promise).resolves.toEqual({ phase: 'failed', error: rejected });
    expect(first.status).not.toHaveBeenCalled();

    const states: SubmitState[] = [];
    const broken = new Error('gone');
    const promise = runSubmitFlow({
      submit: async () => 1,
      status: () => Promise.reject(broken),
      onState: (state) => states.push(state),
    });
    await vi.advanceTimersByTimeAsync(500);
    await expect(promise).resolves.toEqual({ phase: 'failed', error: broken });
  });
});

describe('submit helpers', () => {
  it('maps results to verdicts', () => {
    expect(toVerdict('FlagSubmitted')).toBeNull();
    expect(toVerdict('Accepted')).toBe('Accepted');
  });

  it('treats limit 0 as unlimited', () => {
    expect(limitReached(100, 0)).toBe(false);
    expect(limitReached(2, 3)).toBe(false);
    expect(limitReached(3, 3)).toBe(true);
  });

  it('blocks while in flight, after acceptance, and at the limit', () => {
    expect(canSubmit({ phase: 'idle' }, 0, 0)).toBe(true);
    expect(canSubmit({ phase: 'submitting' }, 0, 0)).toBe(false);
    expect(canSubmit({ phase: 'judging', submissionId: 1 }, 0, 0)).toBe(false);
    expect(canSubmit({ phase: 'done', verdict: 'WrongAnswer' }, 1, 5)).toBe(true);
    expect(canSubmit({ phase: 'done', verdict: 'Accepted' }, 1, 5)).toBe(false);
    expect(canSubmit({ phase: 'done', verdict: 'WrongAnswer' }, 5, 5)).toBe(false);
    expect(canSubmit({ phase: 'timeout', submissionId: 1 }, 0, 0)).toBe(true);
  });
});

describe('waiting after too many submissions', () => {
  const refused = (retryAfterSeconds?: number) =>
    new ApiError('Too many requests', 429, 429, undefined, retryAfterSeconds);

  it('waits as long as Retry-After says', () => {
    expect(retryAtAfterRefusal(refused(7), 1_000)).toBe(8_000);
    expect(retryAtAfterRefusal(refused(2.2), 0)).toBe(3_000);
  });

  it('waits a short default when the server did not say how long', () => {
    expect(retryAtAfterRefusal(refused(), 0)).toBe(FALLBACK_RETRY_SECONDS * 1000);
    expect(retryAtAfterRefusal(refused(0), 0)).toBe(1000);
  });

  it('does not wait after any other failure', () => {
    expect(retryAtAfterRefusal(new ApiError('Wrong', 400, 400, undefined), 0)).toBeNull();
    expect(retryAtAfterRefusal(new Error('offline'), 0)).toBeNull();
  });

  it('counts whole seconds down to zero', () => {
    expect(secondsUntil(null, 0)).toBe(0);
    expect(secondsUntil(10_000, 0)).toBe(10);
    expect(secondsUntil(10_000, 9_001)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(10_000, 12_000)).toBe(0);
  });
});

describe('answerMayBeLost', () => {
  it('is true when no answer came or the server failed, false for answers and refusals', () => {
    expect(answerMayBeLost({ phase: 'failed', error: new TypeError('Failed to fetch') })).toBe(true);
    expect(answerMayBeLost({ phase: 'failed', error: new ApiError('timed out', 0, undefined, undefined) })).toBe(true);
    expect(answerMayBeLost({ phase: 'failed', error: new ApiError('unavailable', 503, 503, undefined) })).toBe(true);
    expect(answerMayBeLost({ phase: 'failed', error: new ApiError('slow down', 429, 429, undefined) })).toBe(false);
    expect(answerMayBeLost({ phase: 'done', verdict: 'WrongAnswer' })).toBe(false);
  });
});
