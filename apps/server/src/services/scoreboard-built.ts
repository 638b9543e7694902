import type { LiveMessage, ScoreboardItem, ScoreboardModel } from '@flagpole/contract';
import { type BoardEncoding, compressBody, serialise, versionBoard } from './scoreboard-body';

/*
 * A built board and its served forms (body, compressed bodies, ETag, live message, lookups), made around a computed
 * model. The scoreboard service (scoreboard.service.ts) keeps one per game, and during a freeze a second, frozen
 * one that players see (scoring/freeze.ts).
 */

/**
 * A game's scoreboard, served from memory. A rebuild computes the model and the live message; the JSON body and
 * its compressed forms are made once, on the first request for them.
 */
export interface BuiltScoreboard {
  gameId: number;
  startAt: number;
  model: ScoreboardModel;
  /** The JSON body, made on first use and kept. */
  body: () => string;
  /**
   * The body in `encoding`, compressed on the first request that asks for it and kept with the board: players
   * following the live channel apply deltas and rarely fetch the board, so a rebuild does not compress it for
   * nobody (16 MiB of JSON costs several hundred milliseconds of CPU to gzip and brotli).
   */
  encoded: (encoding: BoardEncoding) => Promise<Buffer>;
  etag: string;
  lastModified: Date;
  /** Each challenge's current value, for the challenge page. */
  scoreByChallenge: Map<number, number>;
  /** Each team's row, by team id, for the details page. */
  itemByTeam: Map<number, ScoreboardItem>;
  /** `challenges` of the model as JSON, spliced into the details body. */
  challengesJson: string;
  /**
   * The live channel's `scoreboard` message for this board, serialised once, when first asked for (a process with
   * no live socket on the game never makes it): the version and, when the change from the board it replaced was
   * one of solves, the delta from that board.
   */
  liveMessage: () => string;
  /** Details bodies built from this board, by participation: dropped with the board. */
  details: Map<number, { key: string; value: { body: string; etag: string; lastModified: Date } }>;
  /** `challenges` as a division's teams see them (ViewChallenge only), by division id: dropped with the board. */
  visibleByDivision: Map<number, { json: string; count: number }>;
  /** The game's scoreboard freeze as this board was built (null: none; see scoring/freeze.ts). */
  freeze: { at: number; revealed: boolean } | null;
  /**
   * The board players see during the freeze, computed from the solves before `freeze.at` on first use and reused
   * by later builds while those solves and the other rows stay the same; null without a freeze. The frozen
   * board's own `frozen` is null.
   */
  frozen: () => BuiltScoreboard | null;
  /**
   * The board of one game phase (scoring/phase.ts), computed from this board's input on the first request for it
   * and kept with this board (so a frozen board's phase boards are frozen too); null when the game has no such
   * phase. A phase board's own `frozen` and `phase` are null.
   */
  phase: (phaseId: number) => BuiltScoreboard | null;
}

/** The last frozen board of a game, with what it was computed from. */
export interface FrozenBoard {
  key: string;
  /** The non-solve rows it was computed from (compared by reference: a merge of new solves keeps them). */
  sources: readonly unknown[];
  board: BuiltScoreboard;
}

/** `make()`, called once, on first use. */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

function encodedOnce(body: () => string): BuiltScoreboard['encoded'] {
  const made = new Map<BoardEncoding, Promise<Buffer>>();
  return (encoding) => {
    let done = made.get(encoding);
    if (!done) {
      done = compressBody(Buffer.from(body(), 'utf8'), encoding);
      // A failure is not kept: the next request tries again.
      done.catch(() => made.delete(encoding));
      made.set(encoding, done);
    }
    return done;
  };
}

/** `make(phaseId)` once per phase, on first use; a phase the game does not have is null (not kept). */
export function phasesOnce(make: (phaseId: number) => BuiltScoreboard | null): BuiltScoreboard['phase'] {
  const made = new Map<number, BuiltScoreboard>();
  return (phaseId) => {
    const known = made.get(phaseId);
    if (known) return known;
    const board = make(phaseId);
    if (board) made.set(phaseId, board);
    return board;
  };
}

/**
 * What a board is beside its model: the live board has a freeze (and its frozen board); the live and frozen boards
 * have phase boards; `tag` tells the ETags of the frozen board (`f`) and of phase boards (`p{id}-`, `fp{id}-`)
 * from the live one's.
 */
export interface BoardKind {
  freeze?: BuiltScoreboard['freeze'];
  frozen?: BuiltScoreboard['frozen'];
  phase?: BuiltScoreboard['phase'];
  tag: string;
}

/** A board's served forms around its computed model, versioned after `previous` (the board it replaces). */
export function assembleBoard(
  gameId: number,
  startAt: number,
  model: ScoreboardModel,
  previous: ScoreboardModel | undefined,
  now: Date,
  kind: BoardKind,
): BuiltScoreboard {
  const versioned = versionBoard(previous, model);
  const body = once(() => versioned.body ?? serialise(model).body);
  const { version, delta } = versioned;
  const live: LiveMessage = { type: 'scoreboard', data: delta ? { gameId, version, delta } : { gameId, version } };
  const scoreByChallenge = new Map<number, number>();
  for (const list of Object.values(model.challenges)) for (const c of list) scoreByChallenge.set(c.id, c.score);
  return {
    gameId,
    startAt,
    model,
    body,
    encoded: encodedOnce(body),
    // The content version and the build time (hex): equal content built later is another body.
    etag: `W/"${gameId}-${kind.tag}${version}${now.getTime().toString(16)}"`,
    lastModified: now,
    scoreByChallenge,
    itemByTeam: new Map(model.items.map((item) => [item.id, item])),
    challengesJson: JSON.stringify(model.challenges),
    liveMessage: once(() => JSON.stringify(live)),
    details: new Map(),
    visibleByDivision: new Map(),
    freeze: kind.freeze ?? null,
    frozen: kind.frozen ?? (() => null),
    phase: kind.phase ?? (() => null),
  };
}
