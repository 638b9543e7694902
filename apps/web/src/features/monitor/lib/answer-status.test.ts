import { describe, expect, it } from 'vitest';
import { answerOf } from './answer-status';

describe('answerOf', () => {
  it('reads a verdict from an event value', () => {
    expect(answerOf('CheatDetected')).toBe('CheatDetected');
    expect(answerOf('Accepted')).toBe('Accepted');
  });

  it('gives null for a missing or unknown value', () => {
    expect(answerOf(undefined)).toBeNull();
    expect(answerOf('Judging')).toBeNull();
    expect(answerOf('toString')).toBeNull();
  });
});
