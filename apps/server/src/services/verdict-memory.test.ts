import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../lib/clock';
import { createVerdictMemory } from './verdict-memory';

const ANN = '00000000-0000-4000-8000-00000000000a';
const BOB = '00000000-0000-4000-8000-00000000000b';

function memory(limit: number, judging: (id: number) => boolean = () => false) {
  const clock = new FakeClock();
  return { clock, memory: createVerdictMemory({ clock, limit, isJudging: judging }) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('verdict memory', () => {
  it('answers only the submitter, for the game and challenge it was stored for', () => {
    const { memory: m } = memory(10);
    m.remember(7, { userId: ANN, gameId: 1, challengeId: 2, status: 'WrongAnswer' });
    expect(m.known(7, ANN, 1, 2)).toBe('WrongAnswer');
    expect(m.known(7, BOB, 1, 2)).toBeUndefined();
    expect(m.known(7, ANN, 9, 2)).toBeUndefined();
    expect(m.known(7, ANN, 1, 9)).toBeUndefined();
    expect(m.known(8, ANN, 1, 2)).toBeUndefined();
  });

  it('trusts a pending entry for two seconds, then leaves it to the database', () => {
    const { clock, memory: m } = memory(10);
    m.remember(1, { userId: ANN, gameId: 1, challengeId: 2, status: 'FlagSubmitted' });
    clock.advance(2_000);
    expect(m.known(1, ANN, 1, 2)).toBe('FlagSubmitted');
    clock.advance(1);
    expect(m.known(1, ANN, 1, 2)).toBeUndefined();
    // A settled verdict is trusted however old.
    m.settle(1, 'Accepted');
    expect(m.known(1, ANN, 1, 2)).toBe('Accepted');
  });

  it('forgets the oldest entries beyond its bound, in the order they were first remembered', () => {
    const { memory: m } = memory(3);
    for (const id of [1, 2, 3]) m.remember(id, { userId: ANN, gameId: 1, challengeId: 2, status: 'WrongAnswer' });
    // Remembered again: keeps its place, takes the new verdict.
    m.remember(1, { userId: ANN, gameId: 1, challengeId: 2, status: 'Accepted' });
    m.remember(4, { userId: BOB, gameId: 1, challengeId: 2, status: 'WrongAnswer' });
    expect(m.known(1, ANN, 1, 2)).toBeUndefined();
    expect(m.known(2, ANN, 1, 2)).toBe('WrongAnswer');
    expect(m.known(4, BOB, 1, 2)).toBe('WrongAnswer');
    m.remember(5, { userId: BOB, gameId: 1, challengeId: 2, status: 'WrongAnswer' });
    m.remember(6, { userId: BOB, gameId: 1, challengeId: 2, status: 'WrongAnswer' });
    expect(m.known(2, ANN, 1, 2)).toBeUndefined();
    expect(m.known(3, ANN, 1, 2)).toBeUndefined();
    for (const id of [4, 5, 6]) expect(m.known(id, BOB, 1, 2)).toBe('WrongAnswer');
  });

  it('never answers a user whose entries were forgotten with the entries of the user who took their place', () => {
    const { memory: m } = memory(1);
    m.remember(1, { userId: ANN, gameId: 1, challengeId: 2, status: 'WrongAnswer' });
    m.remember(2, { userId: BOB, gameId: 1, challengeId: 2, status: 'WrongAnswer' });
    expect(m.known(2, ANN, 1, 2)).toBeUndefined();
    expect(m.known(2, BOB, 1, 2)).toBe('WrongAnswer');
    m.remember(3, { userId: ANN, gameId: 1, challengeId: 2, status: 'Accepted' });
    expect(m.known(3, BOB, 1, 2)).toBeUndefined();
    expect(m.known(3, ANN, 1, 2)).toBe('Accepted');
  });

  it('keeps submission ids beyond 32 bits apart', () => {
    const { memory: m } = memory(4);
    const big = 2 ** 40 + 5;
    m.remember(big, { userId: ANN, gameId: 1, challengeId: 2, status: 'WrongAnswer' });
    m.remember(5, { userId: ANN, gameId: 1, challengeId: 2, status: 'Accepted' });
    expect(m.known(big, ANN, 1, 2)).toBe('WrongAnswer');
    expect(m.known(5, ANN, 1, 2)).toBe('Accepted');
  });

  it('holds a status call for a submission being judged until its verdict is settled', async () => {
    const { memory: m } = memory(10, (id) => id === 1);
    m.remember(1, { userId: ANN, gameId: 1, challengeId: 2, status: 'FlagSubmitted' });
    const waiting = m.await(1, ANN, 1, 2, 10_000);
    m.settle(1, 'WrongAnswer');
    await expect(waiting).resolves.toBe('WrongAnswer');
  });

  it('answers a held status call as pending when its batch is released unjudged or the wait runs out', async () => {
    vi.useFakeTimers();
    const { memory: m } = memory(10, () => true);
    m.remember(1, { userId: ANN, gameId: 1, challengeId: 2, status: 'FlagSubmitted' });
    m.remember(2, { userId: ANN, gameId: 1, challengeId: 2, status: 'FlagSubmitted' });
    const released = m.await(1, ANN, 1, 2, 10_000);
    const timedOut = m.await(2, ANN, 1, 2, 50);
    m.release(1);
    await expect(released).resolves.toBe('FlagSubmitted');
    vi.advanceTimersByTime(50);
    await expect(timedOut).resolves.toBe('FlagSubmitted');
    // Another user's call is not held: it is left to the database.
    await expect(m.await(2, BOB, 1, 2, 50)).resolves.toBeUndefined();
  });
});
