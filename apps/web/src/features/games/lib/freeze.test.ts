import { describe, expect, it } from 'vitest';
import { isBoardFrozen } from './freeze';

describe('isBoardFrozen', () => {
  it('is frozen from freezeAt until revealed, never without a freeze', () => {
    expect(isBoardFrozen({ freezeAt: 1000, scoreboardRevealed: false }, 999)).toBe(false);
    expect(isBoardFrozen({ freezeAt: 1000, scoreboardRevealed: false }, 1000)).toBe(true);
    expect(isBoardFrozen({ freezeAt: 1000, scoreboardRevealed: true }, 5000)).toBe(false);
    expect(isBoardFrozen({ freezeAt: null }, 5000)).toBe(false);
    expect(isBoardFrozen({}, 5000)).toBe(false);
  });
});
