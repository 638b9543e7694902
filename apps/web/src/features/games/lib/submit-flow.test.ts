import type { AnswerResult } from '@flagpole/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canSubmit, limitReached, runSubmitFlow, type SubmitState, toVerdict } from './submit-flow';

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
