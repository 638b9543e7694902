import type { Clock } from '../lib/clock';
import { BUS_RESYNC, type EventBus } from '../lib/event-bus';
import type { FlagRow, JudgeRepository } from '../repositories/judge.repository';
import { buildMatcher, type FlagMatcher, type StoredFlag } from './flag-match';
import { GAMES_CHANGED } from './game-edit.service';
import { PLAY_LOOKUPS_CHANGED } from './play-lookups';
import { SCOREBOARD_INVALIDATE } from './scoreboard.service';

interface Entry {
  gameId: number;
  flags: FlagMatcher;
  loadedAt: number;
}

const ENTRY_LIMIT = 100_000;

export interface FlagQuery {
  gameId: number;
  challengeId: number;
  /** Set for dynamic challenges: the team whose own flag counts. */
  participationId: number | null;
}

const keyOf = (q: Pick<FlagQuery, 'challengeId' | 'participationId'>) => `${q.challengeId}:${q.participationId ?? ''}`;

/**
 * Per-process cache of the flags the checker compares answers with: a static challenge's flags and a team's
 * own flag of a dynamic one, each set held as a matcher built once (case-insensitive flags folded, patterns
 * compiled) so judging never recompiles. Flag edits announce themselves on the event bus (PLAY_LOOKUPS_CHANGED, and the
 * scoreboard/game channels for enabling and deleting), which drops the game's entries in every process.
 * A team without a flag yet (a pool flag not handed out) is never cached, so its first assignment is seen.
 */
export function createFlagCache(deps: {
  repository: Pick<JudgeRepository, 'candidateFlags'>;
  events: EventBus;
  clock: Clock;
  trustMs: number;
}) {
  const entries = new Map<string, Entry>();

  function forget(payload: unknown): void {
    const gameId = (payload as { gameId?: unknown } | null)?.gameId;
    if (typeof gameId !== 'number') {
      entries.clear();
      return;
    }
    for (const [key, entry] of entries) if (entry.gameId === gameId) entries.delete(key);
  }
  const unsubscribers = [PLAY_LOOKUPS_CHANGED, SCOREBOARD_INVALIDATE, GAMES_CHANGED, BUS_RESYNC].map((channel) =>
    deps.events.subscribe(channel, forget),
  );

  return {
    /** The candidate flags of each query, keyed by challenge and team; one query for everything missing. */
    async flagsFor(queries: readonly FlagQuery[]): Promise<Map<string, FlagMatcher>> {
      const now = deps.clock.now().getTime();
      const found = new Map<string, FlagMatcher>();
      const missing = new Map<string, FlagQuery>();
      for (const q of queries) {
        const key = keyOf(q);
        const hit = entries.get(key);
        if (hit && now - hit.loadedAt < deps.trustMs) found.set(key, hit.flags);
        else missing.set(key, q);
      }
      if (missing.size === 0) return found;
      const wanted = [...missing.values()];
      const rows: FlagRow[] = await deps.repository.candidateFlags(
        [...new Set(wanted.filter((q) => q.participationId === null).map((q) => q.challengeId))],
        wanted.flatMap((q) =>
          q.participationId === null ? [] : [{ challengeId: q.challengeId, participationId: q.participationId }],
        ),
      );
      const loaded = new Map<string, StoredFlag[]>();
      for (const row of rows) {
        const key = keyOf(row);
        const list = loaded.get(key) ?? [];
        list.push({ flag: row.flag, matchType: row.matchType });
        loaded.set(key, list);
      }
      if (entries.size + missing.size > ENTRY_LIMIT) entries.clear();
      for (const [key, q] of missing) {
        const flags = buildMatcher(loaded.get(key) ?? []);
        found.set(key, flags);
        if (deps.trustMs > 0 && (flags.size > 0 || q.participationId === null)) {
          entries.set(key, { gameId: q.gameId, flags, loadedAt: now });
        }
      }
      return found;
    },

    /** The cached flags of a static challenge, if cached and fresh; never reads the database. */
    peekStatic(challengeId: number): FlagMatcher | undefined {
      const hit = entries.get(keyOf({ challengeId, participationId: null }));
      if (!hit || deps.clock.now().getTime() - hit.loadedAt >= deps.trustMs) return undefined;
      return hit.flags;
    },

    key: keyOf,

    close(): void {
      for (const unsubscribe of unsubscribers) unsubscribe();
      entries.clear();
    },
  };
}
export type FlagCache = ReturnType<typeof createFlagCache>;
