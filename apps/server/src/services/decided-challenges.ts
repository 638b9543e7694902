import type { Clock } from '../lib/clock';
import { BUS_RESYNC, type EventBus } from '../lib/event-bus';
import { GAMES_CHANGED } from './game-edit.service';
import { PLAY_LOOKUPS_CHANGED } from './play-lookups';
import { SCOREBOARD_INVALIDATE } from './scoreboard.service';

/** Beyond this many challenges the memory starts again (a bound, not an expected size). */
const ENTRY_LIMIT = 100_000;

/**
 * The challenges this process found with all three bloods given (three eligible solves committed), so a group
 * commit of correct answers to them skips the blood check's round trip: committed solves stay, so such a
 * challenge stays decided. What can undo it is an organiser's change (a team suspended or deleted, a division's
 * permissions, the game's window or a challenge's deadline), and each of those announces itself on the event
 * bus (`scoreboard:invalidate`, `games:changed`, `play:lookups-changed`) from whichever process made it: the
 * whole memory is dropped, and on a resync too. Entries are trusted for `trustMs`, the bound of the other
 * per-process caches for changes made by hand in the database; 0 turns the memory off.
 */
export function createDecidedChallenges(deps: { events: EventBus; clock: Clock; trustMs: number }) {
  /** Challenge id → when it was found decided (ms). */
  const foundAt = new Map<number, number>();
  const forget = () => foundAt.clear();
  const unsubscribers = [SCOREBOARD_INVALIDATE, GAMES_CHANGED, PLAY_LOOKUPS_CHANGED, BUS_RESYNC].map((channel) =>
    deps.events.subscribe(channel, forget),
  );

  return {
    /** Whether every one of `challengeIds` was found decided within the trusted time. */
    allDecided(challengeIds: readonly number[]): boolean {
      if (deps.trustMs <= 0 || challengeIds.length === 0) return false;
      const now = deps.clock.now().getTime();
      for (const id of challengeIds) {
        const at = foundAt.get(id);
        if (at === undefined || now - at >= deps.trustMs) return false;
      }
      return true;
    },

    /** Remembers challenges a blood check found decided. */
    learn(challengeIds: readonly number[]): void {
      if (deps.trustMs <= 0 || challengeIds.length === 0) return;
      if (foundAt.size + challengeIds.length > ENTRY_LIMIT) foundAt.clear();
      const now = deps.clock.now().getTime();
      for (const id of challengeIds) foundAt.set(id, now);
    },

    close(): void {
      for (const unsubscribe of unsubscribers) unsubscribe();
      foundAt.clear();
    },
  };
}
export type DecidedChallenges = ReturnType<typeof createDecidedChallenges>;
