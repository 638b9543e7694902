import { describe, expect, it } from 'vitest';
import { fromLocalInput, gamePhase, toLocalInput } from './datetime';

describe('datetime-local conversion', () => {
  it('round-trips a minute-precision time', () => {
    const ms = new Date(2026, 4, 17, 9, 5).getTime();
    expect(toLocalInput(ms)).toBe('2026-05-17T09:05');
    expect(fromLocalInput('2026-05-17T09:05')).toBe(ms);
  });

  it('accepts seconds', () => {
    expect(fromLocalInput('2026-05-17T09:05:30')).toBe(new Date(2026, 4, 17, 9, 5, 30).getTime());
  });

  it('refuses empty, malformed and impossible dates', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNull();
    expect(fromLocalInput('2026-02-30T10:00')).toBeNull();
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput(Number.NaN)).toBe('');
  });
});

describe('gamePhase', () => {
  it('classifies the time window', () => {
    expect(gamePhase(10, 20, 5)).toBe('upcoming');
    expect(gamePhase(10, 20, 10)).toBe('running');
    expect(gamePhase(10, 20, 20)).toBe('ended');
  });
});
