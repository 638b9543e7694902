import type { Clock } from '../lib/clock';
import type { EventBus } from '../lib/event-bus';
import type { PlayChallengeRow, PlayerContextRow, PlayRepository } from '../repositories/play.repository';
import { GAMES_CHANGED } from './game-edit.service';
import { SCOREBOARD_INVALIDATE } from './scoreboard.service';

/**
 * Event-bus channel for changes that alter who plays a game or what a challenge accepts, but not the
 * scoreboard: `{ gameId }`, or `{}` for changes that may touch any game (a team renamed, a member left).
 */
export const PLAY_LOOKUPS_CHANGED = 'play:lookups-changed';

interface Entry<T> {
  value: T;
  gameId: number;
  loadedAt: number;
}

const ENTRY_LIMIT = 100_000;

/**
 * Per-process cache of the two lookups every play request makes: the caller's game and roster entry,
 * and the challenge. Organiser and player changes (game edits, reviews, joins, challenge edits, team
 * changes) drop a game's entries in every process through the event bus; solves do not, so a burst of
 * correct flags keeps its hits. `trustMs` bounds how long a change made outside the platform can go
 * unnoticed; 0 turns caching off.
 */
export function createPlayLookups(deps: {
  repository: PlayRepository;
  events: EventBus;
  clock: Clock;
  trustMs: number;
}) {
  const players = new Map<string, Entry<PlayerContextRow | undefined>>();
  const challenges = new Map<string, Entry<PlayChallengeRow | undefined>>();

  function forget(payload: unknown): void {
    const gameId = (payload as { gameId?: unknown } | null)?.gameId;
    if (typeof gameId !== 'number') {
      players.clear();
      challenges.clear();
      return;
    }
    for (const map of [players, challenges] as Map<string, Entry<unknown>>[]) {
      for (const [key, entry] of map) if (entry.gameId === gameId) map.delete(key);
    }
  }
  const unsubscribers = [PLAY_LOOKUPS_CHANGED, SCOREBOARD_INVALIDATE, GAMES_CHANGED].map((channel) =>
    deps.events.subscribe(channel, forget),
  );

  async function cached<T>(
    map: Map<string, Entry<T>>,
    key: string,
    gameId: number,
    load: () => Promise<T>,
  ): Promise<T> {
    if (deps.trustMs <= 0) return load();
    const now = deps.clock.now().getTime();
    const hit = map.get(key);
    if (hit && now - hit.loadedAt < deps.trustMs) return hit.value;
    const value = await load();
    if (map.size >= ENTRY_LIMIT) map.clear();
    map.set(key, { value, gameId, loadedAt: now });
    return value;
  }

  return {
    playerContext(gameId: number, userId: string): Promise<PlayerContextRow | undefined> {
      return cached(players, `${gameId}:${userId}`, gameId, () => deps.repository.playerContext(gameId, userId));
    },

    enabledChallenge(gameId: number, challengeId: number): Promise<PlayChallengeRow | undefined> {
      return cached(challenges, `${gameId}:${challengeId}`, gameId, () =>
        deps.repository.enabledChallenge(gameId, challengeId),
      );
    },

    close(): void {
      for (const unsubscribe of unsubscribers) unsubscribe();
      players.clear();
      challenges.clear();
    },
  };
}
export type PlayLookups = ReturnType<typeof createPlayLookups>;
