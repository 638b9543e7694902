import type { CtftimeFeed, CtftimeStanding, CtftimeTaskStat, ScoreboardModel } from '@flagpole/contract';
import type { BuiltScoreboard } from './scoreboard-built';

/*
 * CTFtime's scoreboard feed (ctftime.org/json-scoreboard-feed, "full Jeopardy" shape), built from a scoreboard
 * model that is already what the public sees: the caller passes the players' board (frozen during a freeze, hidden
 * and unreleased challenges already dropped), so the feed never shows more than the public board.
 */

const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * Task names: CTFtime keys `taskStats` by name, so two challenges with the same title get a numbered suffix
 * (` (2)`, …) rather than sharing a column.
 */
function taskNames(model: ScoreboardModel): Map<number, string> {
  const names = new Map<number, string>();
  const used = new Set<string>();
  for (const list of Object.values(model.challenges)) {
    for (const challenge of list ?? []) {
      let name = challenge.title;
      for (let n = 2; used.has(name); n++) name = `${challenge.title} (${n})`;
      used.add(name);
      names.set(challenge.id, name);
    }
  }
  return names;
}

/**
 * The feed of `model`. Without `divisionId`: every team in board order, `pos` the overall rank; teams of divisions
 * that do not rank overall (rank 0) are `outward` and take the place a ranked team with their standing would have.
 * With `divisionId`: that division's teams only, `pos` the division rank.
 */
export function buildCtftimeFeed(model: ScoreboardModel, divisionId?: number): CtftimeFeed {
  const names = taskNames(model);
  const standings: CtftimeStanding[] = [];
  let rankedAhead = 0;
  for (const item of model.items) {
    if (divisionId !== undefined && item.divisionId !== divisionId) continue;
    const taskStats: Record<string, CtftimeTaskStat> = {};
    let last = 0;
    for (const solve of item.solvedChallenges) {
      const name = names.get(solve.id);
      if (name === undefined) continue;
      taskStats[name] = { points: solve.score, time: seconds(solve.time) };
      last = Math.max(last, solve.time);
    }
    const outward = divisionId === undefined && item.rank === 0;
    const pos = divisionId !== undefined ? (item.divisionRank ?? 0) : outward ? rankedAhead + 1 : item.rank;
    if (divisionId === undefined && !outward) rankedAhead++;
    const standing: CtftimeStanding = { pos, team: item.name, score: item.score, taskStats };
    if (last > 0) standing.lastAccept = seconds(last);
    if (outward) standing.outward = true;
    standings.push(standing);
  }
  return { tasks: [...names.values()], standings };
}

/** JSON with every character outside ASCII written as a `\uXXXX` escape (UTF-16 units: surrogate pairs above U+FFFF). */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export interface ServedFeed {
  body: string;
  etag: string;
}

/** Feeds made from a board, by division (`''`: overall), kept with the board and dropped with it. */
const feeds = new WeakMap<BuiltScoreboard, Map<string, ServedFeed>>();

/** The served feed of `board` (the players' board, or one of its phase boards), made once per board and division. */
export function ctftimeFeedOf(board: BuiltScoreboard, divisionId?: number): ServedFeed {
  let made = feeds.get(board);
  if (!made) {
    made = new Map();
    feeds.set(board, made);
  }
  const key = divisionId === undefined ? '' : String(divisionId);
  let feed = made.get(key);
  if (!feed) {
    const body = asciiJson(buildCtftimeFeed(board.model, divisionId));
    // The board's ETag names its content and build; the feed's adds the division and marks it as a feed.
    feed = { body, etag: `${board.etag.slice(0, -1)}-ctftime${key === '' ? '' : `-d${key}`}"` };
    made.set(key, feed);
  }
  return feed;
}
