import { describe, expect, it } from 'vitest';
import { at, board, challenge, column, solve, teams } from './board-inputs';
import { isPlayable, isReleased, nextRelease, releasedKey } from './release';

const RELEASE = at(120);

describe('timed release', () => {
  it('is out from the release instant on, and always without a release', () => {
    expect(isReleased(RELEASE, RELEASE - 1)).toBe(false);
    expect(isReleased(RELEASE, RELEASE)).toBe(true);
    expect(isReleased(null, 0)).toBe(true);
    expect(isReleased(undefined, 0)).toBe(true);
  });

  it('needs the challenge enabled as well', () => {
    expect(isPlayable({ enabled: true, release: RELEASE }, RELEASE)).toBe(true);
    expect(isPlayable({ enabled: false, release: RELEASE }, RELEASE)).toBe(false);
    expect(isPlayable({ enabled: true, release: RELEASE }, RELEASE - 1)).toBe(false);
    expect(isPlayable({ enabled: true }, 0)).toBe(true);
  });

  it('finds the next release still ahead', () => {
    expect(nextRelease([null, at(300), at(200), at(100)], at(150))).toBe(at(200));
    expect(nextRelease([null, at(100)], at(100))).toBeNull();
  });

  it('keys which releases have come', () => {
    const list = [challenge(1, { release: at(100) }), challenge(2), challenge(3, { release: at(200) })];
    expect(releasedKey(list, at(50))).toBe('');
    expect(releasedKey(list, at(100))).toBe('1,');
    expect(releasedKey(list, at(200))).toBe('1,3,');
  });

  it('leaves an unreleased challenge off the board (column, count, titles) until its release', () => {
    const parts = {
      challenges: [challenge(1), challenge(2, { title: 'Secret', release: RELEASE })],
      teams: teams(2),
      solves: [solve(1, 1, 10)],
    };
    const before = board(parts, RELEASE - 1);
    expect(before.challengeCount).toBe(1);
    expect(() => column(before, 2)).toThrow();
    expect(JSON.stringify(before)).not.toContain('Secret');
    const after = board(parts, RELEASE);
    expect(after.challengeCount).toBe(2);
    expect(column(after, 2)).toMatchObject({ title: 'Secret', solved: 0 });
  });
});
