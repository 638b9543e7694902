import type { Clock } from '../lib/clock';
import { BUS_RESYNC, type EventBus } from '../lib/event-bus';
import { isServiceUnavailable } from '../lib/unavailable';
import type {
  DivisionPermissionsRow,
  PlayChallengeRow,
  PlayerContextRow,
  PlayRepository,
} from '../repositories/play.repository';
import type { PrerequisiteRepository } from '../repositories/prerequisite.repository';
import type { GameRules } from './challenge-prerequisites';
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

type GameWindowRow = Awaited<ReturnType<PlayRepository['gameWindow']>>;

/**
 * Per-process cache of the lookups every play request makes: the caller's game and roster entry, the
 * challenge, and (for teams in a division) the division's permissions. Organiser and player changes (game edits, reviews, joins, challenge edits, team
 * changes) drop a game's entries in every process through the event bus; solves do not, so a burst of
 * correct flags keeps its hits. `trustMs` bounds how long a change made outside the platform can go
 * unnoticed; 0 turns caching off.
 */
export function createPlayLookups(deps: {
  repository: PlayRepository;
  prerequisites: PrerequisiteRepository;
  events: EventBus;
  clock: Clock;
  trustMs: number;
}) {
  const players = new Map<string, Entry<PlayerContextRow | undefined>>();
  const challenges = new Map<string, Entry<PlayChallengeRow | undefined>>();
  const windows = new Map<string, Entry<GameWindowRow | undefined>>();
  const divisions = new Map<string, Entry<DivisionPermissionsRow | undefined>>();
  const rules = new Map<string, Entry<GameRules>>();
  const maps = [players, challenges, windows, divisions, rules] as Map<string, Entry<unknown>>[];

  function forget(payload: unknown): void {
    const gameId = (payload as { gameId?: unknown } | null)?.gameId;
    if (typeof gameId !== 'number') {
      for (const map of maps) map.clear();
      return;
    }
    for (const map of maps) {
      for (const [key, entry] of map) if (entry.gameId === gameId) map.delete(key);
    }
  }
  // BUS_RESYNC: events may have been missed, so nothing cached can be trusted.
  const unsubscribers = [PLAY_LOOKUPS_CHANGED, SCOREBOARD_INVALIDATE, GAMES_CHANGED, BUS_RESYNC].map((channel) =>
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
    let value: T;
    try {
      value = await load();
    } catch (error) {
      // The database is unreachable: what was read last is still the best answer (events keep dropping
      // entries that changed through the platform), so reads served from memory keep working.
      if (hit && isServiceUnavailable(error)) return hit.value;
      throw error;
    }
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

    /** The game's start, end and practice mode (public views, the live channel's check). */
    gameWindow(gameId: number): Promise<GameWindowRow | undefined> {
      return cached(windows, String(gameId), gameId, () => deps.repository.gameWindow(gameId));
    },

    /** Division changes publish `scoreboard:invalidate`, which drops these too. */
    divisionPermissions(gameId: number, divisionId: number): Promise<DivisionPermissionsRow | undefined> {
      return cached(divisions, `${gameId}:${divisionId}`, gameId, () =>
        deps.repository.divisionPermissions(gameId, divisionId),
      );
    },

    /** The game's prerequisite rules; challenge edits publish `scoreboard:invalidate`, which drops them. */
    prerequisites(gameId: number): Promise<GameRules> {
      return cached(rules, String(gameId), gameId, () => deps.prerequisites.rulesOfGame(gameId));
    },

    close(): void {
      for (const unsubscribe of unsubscribers) unsubscribe();
      for (const map of maps) map.clear();
    },
  };
}
export type PlayLookups = ReturnType<typeof createPlayLookups>;
