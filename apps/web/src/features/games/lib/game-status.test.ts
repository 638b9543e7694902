import { describe, expect, it } from 'vitest';
import {
  canOpenChallenges,
  countdownParts,
  countdownTarget,
  formatCountdown,
  gamePhase,
  gameProgress,
  groupByPhase,
} from './game-status';

const start = 1_000_000;
const end = 2_000_000;

describe('gamePhase', () => {
  it('is upcoming before the start, running from the start, ended from the end', () => {
    expect(gamePhase(start, end, start - 1)).toBe('upcoming');
    expect(gamePhase(start, end, start)).toBe('running');
    expect(gamePhase(start, end, end - 1)).toBe('running');
    expect(gamePhase(start, end, end)).toBe('ended');
  });
});

describe('gameProgress', () => {
  it('is clamped to 0..100', () => {
    expect(gameProgress(start, end, 0)).toBe(0);
    expect(gameProgress(start, end, 1_500_000)).toBe(50);
    expect(gameProgress(start, end, 9_000_000)).toBe(100);
  });

  it('copes with a zero-length game', () => {
    expect(gameProgress(start, start, start - 1)).toBe(0);
    expect(gameProgress(start, start, start)).toBe(100);
  });
});

describe('countdown', () => {
  it('counts to the start, then to the end, then nothing', () => {
    expect(countdownTarget(start, end, 0)).toBe(start);
    expect(countdownTarget(start, end, start)).toBe(end);
    expect(countdownTarget(start, end, end)).toBeNull();
  });

  it('splits durations', () => {
    expect(countdownParts(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
    expect(countdownParts(-10)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('formats with and without days', () => {
    expect(formatCountdown(65_000)).toBe('00:01:05');
    expect(formatCountdown((86_400 + 3661) * 1000)).toBe('1d 01:01:01');
    expect(formatCountdown((86_400 + 3661) * 1000, ' days')).toBe('1 days 01:01:01');
  });
});

describe('canOpenChallenges', () => {
  it('needs an accepted team and a started game', () => {
    expect(canOpenChallenges('Accepted', 'running', false)).toBe(true);
    expect(canOpenChallenges('Pending', 'running', false)).toBe(false);
    expect(canOpenChallenges('Accepted', 'upcoming', true)).toBe(false);
    expect(canOpenChallenges('Accepted', 'ended', false)).toBe(false);
    expect(canOpenChallenges('Accepted', 'ended', true)).toBe(true);
  });
});

describe('groupByPhase', () => {
  it('keeps order inside each group', () => {
    const games = [
      { id: 1, start: 0, end: 10 },
      { id: 2, start: 50, end: 100 },
      { id: 3, start: 0, end: 100 },
      { id: 4, start: 60, end: 70 },
    ];
    const groups = groupByPhase(games, 20);
    expect(groups.ended.map((g) => g.id)).toEqual([1]);
    expect(groups.running.map((g) => g.id)).toEqual([3]);
    expect(groups.upcoming.map((g) => g.id)).toEqual([2, 4]);
  });
});

describe('canPreviewBoard', () => {
  it('lets admins preview at any time and monitors once the game has started; players never', async () => {
    const { canPreviewBoard } = await import('./game-status');
    expect(canPreviewBoard('Admin', 'upcoming')).toBe(true);
    expect(canPreviewBoard('Admin', 'ended')).toBe(true);
    expect(canPreviewBoard('Monitor', 'upcoming')).toBe(false);
    expect(canPreviewBoard('Monitor', 'running')).toBe(true);
    expect(canPreviewBoard('User', 'running')).toBe(false);
    expect(canPreviewBoard(undefined, 'running')).toBe(false);
  });
});
