import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock';
import { BUS_RESYNC, type EventBus } from '../lib/event-bus';
import type { ScoreboardRepository } from '../repositories/scoreboard.repository';
import { computeScoreboard } from '../scoring/compute-scoreboard';
import { frozenInput, frozenSolvesKey, isFrozen } from '../scoring/freeze';
import { mergeSolves, mergeSolvesInto } from '../scoring/merge-solves';
import { phaseInput } from '../scoring/phase';
import { releasedKey } from '../scoring/release';
import type { ScoreboardInput, ScoreboardSolveInput } from '../scoring/types';
import { assembleBoard, type BuiltScoreboard, type FrozenBoard, once, phasesOnce } from './scoreboard-built';
import { readIfChanged } from './scoreboard-refresh';

export { precompress, serialise } from './scoreboard-body';
export type { BuiltScoreboard } from './scoreboard-built';

/** The event-bus channel that tells every process a game's scoreboard is out of date. */
export const SCOREBOARD_INVALIDATE = 'scoreboard:invalidate';
/**
 * New solves only, payload `{ gameId, solves }`: every process merges the solves into the rows it loaded
 * and rebuilds without reading the database; the play lookups stay cached.
 */
export const SOLVES_CHANGED = 'scoreboard:solves';

interface Entry {
  board?: BuiltScoreboard;
  building?: Promise<BuiltScoreboard | null>;
  timer?: NodeJS.Timeout;
  /** An invalidation arrived while a build was running: build again when it ends. */
  again: boolean;
  /** The rows the board was computed from, with the solves merged since they were read. */
  loaded?: { input: ScoreboardInput; startAt: number; at: number };
  /** Something other than new solves changed: the next build reads every row again. */
  reload: boolean;
  /** The scheduled build is the periodic full read: listeners hear of it only if the board changed. */
  quiet?: boolean;
  /** Solves announced since the last build started. */
  pendingSolves: ScoreboardSolveInput[];
  /** The periodic check (scoreboard-refresh.ts), beside the builds: rows read if changed, solves announced since. */
  refresh?: { solves: ScoreboardSolveInput[]; rows?: NonNullable<Entry['loaded']> };
  /** The last frozen board (see `BuiltScoreboard.frozen`). */
  frozen?: FrozenBoard;
  /**
   * The last build's end plus its duration: the next build starts no earlier, so back-to-back rebuilds of a
   * large board take at most half a core (performance.now() milliseconds).
   */
  nextBuildAt: number;
}

export interface ScoreboardServiceOptions {
  repository: ScoreboardRepository;
  clock: Clock;
  events: EventBus;
  log: FastifyBaseLogger;
  /** Invalidations within this window are coalesced into one rebuild (the first one starts the window). */
  debounceMs?: number;
  /**
   * Every cached board is checked against the database this often (its rows read again only if they differ),
   * announced or not, so a change whose announcement was lost between processes (Redis pub/sub delivers at most
   * once) shows up within it.
   */
  reloadAfterMs?: number;
  /** Told how long each build of a board took, in milliseconds (metrics). */
  onBuilt?: (milliseconds: number) => void;
}

/**
 * Scoreboards per game. Readers get the current board from memory (stale-while-revalidate while a rebuild
 * runs); `scoreboard:invalidate` on the event bus, from any process, schedules one rebuild per burst; every
 * `reloadAfterMs` each cached board is checked against the database, changes announced or not, and read again
 * if it differs (beside the builds; announced solves keep being merged meanwhile). A failed rebuild keeps the
 * previous board. Listeners registered with `onRebuilt` (the live gateway) learn when a fresh board is ready in
 * this process, and get it with its live message (the delta from the board it replaced).
 */
export function createScoreboardService(options: ScoreboardServiceOptions) {
  const { repository, clock, events, log } = options;
  const debounceMs = options.debounceMs ?? 150;
  const reloadAfterMs = options.reloadAfterMs ?? 30_000;
  const entries = new Map<number, Entry>();
  const listeners = new Set<(gameId: number, board: BuiltScoreboard | null) => void>();
  const busy = new Set<Promise<unknown>>();
  let closed = false;

  const track = <T>(promise: Promise<T>): Promise<T> => {
    busy.add(promise);
    void promise.finally(() => busy.delete(promise)).catch(() => undefined);
    return promise;
  };

  /** The rows to compute from: the last ones with the announced solves merged, or all of them read again. */
  async function rowsOf(gameId: number, entry: Entry): Promise<Entry['loaded'] | null> {
    const solves = entry.pendingSolves;
    entry.pendingSolves = [];
    const refreshed = entry.reload ? undefined : entry.refresh?.rows;
    if (refreshed && entry.refresh) {
      // Solves announced during the read may or may not be in it; merging again is harmless.
      const since = [...entry.refresh.solves, ...solves];
      entry.refresh = undefined;
      return { ...refreshed, input: { ...refreshed.input, solves: mergeSolves(refreshed.input.solves, since) } };
    }
    const aged =
      !entry.refresh && entry.loaded !== undefined && clock.now().getTime() - entry.loaded.at >= reloadAfterMs;
    const stale = !entry.loaded || entry.reload || aged;
    if (!stale && entry.loaded) {
      const { input } = entry.loaded;
      // The held list is this entry's own (every path above makes a new one): merged in place, not copied.
      const merged = mergeSolvesInto(input.solves as ScoreboardSolveInput[], solves);
      return { ...entry.loaded, input: { ...input, solves: merged } };
    }
    entry.reload = false;
    entry.refresh = undefined;
    try {
      const read = await repository.load(gameId);
      if (!read) return null;
      // Solves announced while the rows were read may or may not be in them; merging again is harmless.
      const input = { ...read.input, solves: mergeSolves(read.input.solves, solves) };
      return { input, startAt: read.game.startAt, at: clock.now().getTime() };
    } catch (error) {
      entry.reload = true;
      entry.pendingSolves.unshift(...solves);
      throw error;
    }
  }

  async function build(gameId: number, entry: Entry): Promise<BuiltScoreboard | null> {
    const started = performance.now();
    const loaded = await rowsOf(gameId, entry);
    if (!loaded) return null;
    entry.loaded = loaded;
    const now = clock.now();
    const model = computeScoreboard(loaded.input, { now: now.getTime(), previous: entry.board?.model });
    const { freezeAt, revealed } = loaded.input.game;
    const freeze = freezeAt === null || freezeAt === undefined ? null : { at: freezeAt, revealed: revealed === true };
    if (!freeze) entry.frozen = undefined;
    const input = loaded.input;
    const frozen = freeze ? once(() => frozenBoard(gameId, entry, input, loaded.startAt, freeze.at)) : () => null;
    const phase = phaseBoards(gameId, input, loaded.startAt, now, '');
    const board = assembleBoard(gameId, loaded.startAt, model, entry.board?.model, now, {
      freeze,
      frozen,
      phase,
      tag: '',
    });
    const ended = performance.now();
    entry.nextBuildAt = ended + (ended - started);
    options.onBuilt?.(ended - started);
    return board;
  }

  /**
   * The players' board during the freeze: the last one while the solves before the freeze and the other rows are
   * unchanged (solves made during the freeze do not change it), else computed again from the held rows.
   */
  function frozenBoard(
    gameId: number,
    entry: Entry,
    input: ScoreboardInput,
    startAt: number,
    freezeAt: number,
  ): BuiltScoreboard {
    // The challenges released by now are part of the key: a release changes the frozen board's columns.
    const now = clock.now();
    const key = `${frozenSolvesKey(input.solves, freezeAt)}|${releasedKey(input.challenges, now.getTime())}`;
    const sources = [input.game, input.challenges, input.teams, input.divisions, input.phases];
    const last = entry.frozen;
    if (last && last.key === key && last.sources.every((source, index) => source === sources[index])) {
      return last.board;
    }
    const players = frozenInput(input, freezeAt);
    const model = computeScoreboard(players, { now: now.getTime(), previous: last?.board.model });
    const phase = phaseBoards(gameId, players, startAt, now, 'f');
    const board = assembleBoard(gameId, startAt, model, last?.board.model, now, { phase, tag: 'f' });
    entry.frozen = { key, sources, board };
    return board;
  }

  /**
   * The phase boards of a board computed from `input` (the live rows, or the frozen ones: the freeze applies before
   * the phase), each computed on its first request and kept with that board.
   */
  function phaseBoards(
    gameId: number,
    input: ScoreboardInput,
    startAt: number,
    now: Date,
    tag: string,
  ): BuiltScoreboard['phase'] {
    return phasesOnce((phaseId) => {
      const phased = phaseInput(input, phaseId);
      if (!phased) return null;
      const model = computeScoreboard(phased, { now: now.getTime() });
      return assembleBoard(gameId, startAt, model, undefined, now, { tag: `${tag}p${phaseId}-` });
    });
  }

  function entryOf(gameId: number): Entry {
    let entry = entries.get(gameId);
    if (!entry) {
      entry = { again: false, reload: false, pendingSolves: [], nextBuildAt: 0 };
      entries.set(gameId, entry);
    }
    return entry;
  }

  function notify(gameId: number, board: BuiltScoreboard | null) {
    for (const listener of listeners) {
      try {
        listener(gameId, board);
      } catch (error) {
        log.error({ err: error, gameId }, 'scoreboard listener failed');
      }
    }
  }

  function startBuild(gameId: number, entry: Entry): Promise<BuiltScoreboard | null> {
    const building = track(
      build(gameId, entry).then(
        (board) => {
          if (entries.get(gameId) !== entry) return board;
          entry.building = undefined;
          if (board) entry.board = board;
          else entries.delete(gameId);
          if (entry.again) {
            entry.again = false;
            schedule(gameId);
          }
          return board;
        },
        (error: unknown) => {
          entry.building = undefined;
          throw error;
        },
      ),
    );
    entry.building = building;
    return building;
  }

  /** One rebuild per burst of changes, `debounceMs` after the first (later if the last build was slow). */
  function schedule(gameId: number) {
    if (closed) return;
    const entry = entryOf(gameId);
    if (entry.timer) return;
    if (entry.building) {
      entry.again = true;
      return;
    }
    const fired = new Promise<void>((resolve) => {
      entry.timer = setTimeout(
        () => {
          entry.timer = undefined;
          resolve();
          const quiet = entry.quiet === true;
          entry.quiet = false;
          const previous = entry.board?.model.version;
          if (!entry.board) {
            // Nothing cached here: the next reader builds a fresh board; listeners may refetch now.
            if (!entry.building) entries.delete(gameId);
            notify(gameId, null);
            return;
          }
          startBuild(gameId, entry).then(
            (board) => {
              if (board && !(quiet && board.model.version === previous)) notify(gameId, board);
            },
            (error: unknown) => log.error({ err: error, gameId }, 'scoreboard rebuild failed'),
          );
        },
        Math.max(debounceMs, entry.nextBuildAt - performance.now()),
      );
    });
    track(fired);
  }

  const onInvalidate = (payload: unknown) => {
    const gameId = (payload as { gameId?: unknown } | null)?.gameId;
    if (typeof gameId !== 'number') return;
    entryOf(gameId).reload = true;
    schedule(gameId);
  };
  const onSolves = (payload: unknown) => {
    const { gameId, solves } = (payload ?? {}) as { gameId?: unknown; solves?: unknown };
    if (typeof gameId !== 'number') return;
    const entry = entryOf(gameId);
    if (Array.isArray(solves)) {
      entry.pendingSolves.push(...(solves as ScoreboardSolveInput[]));
      entry.refresh?.solves.push(...(solves as ScoreboardSolveInput[]));
    } else entry.reload = true;
    schedule(gameId);
  };
  /** Every cached board is read again from every row at once, its next build waiting for the read. */
  const reloadAll = () => {
    for (const [gameId, entry] of entries) {
      if (!entry.board) continue;
      entry.reload = true;
      schedule(gameId);
    }
  };
  /**
   * The periodic pass: every cached board's rows are checked beside the builds, and the board is rebuilt from
   * them if they changed; listeners hear of it only if the board changed.
   */
  const refreshAll = () => {
    for (const [gameId, entry] of entries) {
      if (!entry.board || entry.refresh || closed) continue;
      const refresh: NonNullable<Entry['refresh']> = { solves: [] };
      entry.refresh = refresh;
      const at = clock.now().getTime();
      const held = () =>
        entry.loaded && { input: entry.loaded.input, announced: [...entry.pendingSolves, ...refresh.solves] };
      const reading = readIfChanged(repository, gameId, at, held).then(
        (read) => {
          if (entries.get(gameId) !== entry || entry.refresh !== refresh) return;
          if (read.kind === 'changed') {
            refresh.rows = { input: read.input, startAt: read.startAt, at };
            if (!entry.timer && !entry.building) entry.quiet = true;
          } else {
            entry.refresh = undefined;
            // Unchanged: the held rows are the database's as of `at` (not old), and there is nothing to build.
            if (read.kind === 'unchanged') entry.loaded &&= { ...entry.loaded, at };
            else entry.reload = true;
          }
          if (read.kind !== 'unchanged') schedule(gameId);
        },
        (error: unknown) => {
          if (entry.refresh === refresh) entry.refresh = undefined;
          log.error({ err: error, gameId }, 'scoreboard periodic read failed');
        },
      );
      track(reading);
    }
  };
  const periodic = setInterval(refreshAll, reloadAfterMs);
  periodic.unref();
  const unsubscribers = [
    events.subscribe(SCOREBOARD_INVALIDATE, onInvalidate),
    events.subscribe(SOLVES_CHANGED, onSolves),
    // Announcements may have been missed: read everything again.
    events.subscribe(BUS_RESYNC, reloadAll),
  ];

  /** The current (live) board; built on first use. Null when the game does not exist. */
  async function get(gameId: number): Promise<BuiltScoreboard | null> {
    const entry = entries.get(gameId);
    if (entry?.board) return entry.board;
    if (entry?.building) return entry.building;
    return startBuild(gameId, entryOf(gameId));
  }

  /**
   * The board `board`'s players see now: the frozen one from the freeze until the reveal, else `board` itself.
   * Organisers read `board` (the live one) unless they ask for the players' view.
   */
  function forPlayers(board: BuiltScoreboard): BuiltScoreboard {
    const freeze = board.freeze;
    if (!freeze || !isFrozen({ freezeAt: freeze.at, revealed: freeze.revealed }, clock.now().getTime())) return board;
    return board.frozen() ?? board;
  }

  /** `board`'s phase board (`'no phase'` when the game has no phase `phaseId`). */
  function phaseOf(board: BuiltScoreboard, phaseId: number): BuiltScoreboard | 'no phase' {
    return board.phase(phaseId) ?? 'no phase';
  }

  return {
    get,
    forPlayers,
    phaseOf,

    /** The current board as `organiser` (live) or everyone else (frozen during a freeze) sees it. */
    async view(gameId: number, organiser: boolean): Promise<BuiltScoreboard | null> {
      const board = await get(gameId);
      if (!board || organiser) return board;
      return forPlayers(board);
    },

    /**
     * The board of game phase `phaseId` as `organiser` (live) or everyone else (frozen during a freeze) sees it
     * (scoring/phase.ts), from the cache. Null when the game does not exist; `'no phase'` when it has no such
     * phase. The CTFtime feed (issue 26) reads the public board of a phase here (`organiser` false).
     */
    async viewPhase(gameId: number, organiser: boolean, phaseId: number): Promise<BuiltScoreboard | null | 'no phase'> {
      const board = await get(gameId);
      if (!board) return board;
      return phaseOf(organiser ? board : forPlayers(board), phaseId);
    },

    /** Tells every process (this one included) that the game's board changed. */
    async invalidate(gameId: number): Promise<void> {
      await events.publish(SCOREBOARD_INVALIDATE, { gameId });
    },

    /**
     * Rebuilds the game's board in this process only, from every row read again: a change that comes with time
     * rather than with a write (a challenge's release, services/challenge-release.ts) is seen by each process itself.
     */
    rebuildHere(gameId: number): void {
      onInvalidate({ gameId });
    },

    /** Tells every process that the game has these new solves (play lookups stay cached). */
    async solvesChanged(gameId: number, solves: readonly ScoreboardSolveInput[]): Promise<void> {
      await events.publish(SOLVES_CHANGED, { gameId, solves });
    },

    /** Called in this process whenever a game's board was rebuilt (or dropped) after an invalidation. */
    onRebuilt(listener: (gameId: number, board: BuiltScoreboard | null) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Resolves when no rebuild is scheduled or running (tests, shutdown). */
    async settle(): Promise<void> {
      while (busy.size > 0) await Promise.allSettled([...busy]);
    },

    close(): void {
      closed = true;
      clearInterval(periodic);
      for (const unsubscribe of unsubscribers) unsubscribe();
      for (const entry of entries.values()) if (entry.timer) clearTimeout(entry.timer);
      entries.clear();
      busy.clear();
    },
  };
}
export type ScoreboardService = ReturnType<typeof createScoreboardService>;
