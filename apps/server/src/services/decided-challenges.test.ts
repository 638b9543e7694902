import { describe, expect, it } from 'vitest';
import { FakeClock } from '../lib/clock';
import { BUS_RESYNC, MemoryEventBus } from '../lib/event-bus';
import { createDecidedChallenges } from './decided-challenges';
import { GAMES_CHANGED } from './game-edit.service';
import { PLAY_LOOKUPS_CHANGED } from './play-lookups';
import { SCOREBOARD_INVALIDATE } from './scoreboard.service';

function memory(trustMs = 15_000) {
  const events = new MemoryEventBus();
  const clock = new FakeClock();
  return { events, clock, decided: createDecidedChallenges({ events, clock, trustMs }) };
}

describe('decided challenges', () => {
  it('knows a batch only when every challenge of it was found decided', () => {
    const { decided } = memory();
    expect(decided.allDecided([1])).toBe(false);
    decided.learn([1, 2]);
    expect(decided.allDecided([1, 2])).toBe(true);
    expect(decided.allDecided([2, 3])).toBe(false);
    expect(decided.allDecided([])).toBe(false);
  });

  it('trusts what it found for the lookup caches’ time only, and not at all with them off', () => {
    const { decided, clock } = memory(1_000);
    decided.learn([1]);
    clock.advance(999);
    expect(decided.allDecided([1])).toBe(true);
    clock.advance(1);
    expect(decided.allDecided([1])).toBe(false);
    const off = memory(0).decided;
    off.learn([1]);
    expect(off.allDecided([1])).toBe(false);
  });

  it.each([SCOREBOARD_INVALIDATE, GAMES_CHANGED, PLAY_LOOKUPS_CHANGED, BUS_RESYNC])(
    'forgets everything on %s (an organiser’s change may make a solve ineligible)',
    async (channel) => {
      const { decided, events } = memory();
      decided.learn([1, 2]);
      await events.publish(channel, { gameId: 7 });
      expect(decided.allDecided([1])).toBe(false);
    },
  );
});
