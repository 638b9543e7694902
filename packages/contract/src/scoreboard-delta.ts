import { z } from 'zod';
import { GamePermission } from './divisions';
import { Timestamp } from './schemas/common';
import {
  bloodBonusPerMille,
  bloodBonusScore,
  ChallengeInfo,
  ChallengeItem,
  ScoreAdjustment,
  type ScoreboardItem,
  type ScoreboardModel,
  TimeLineItem,
  type TopTimeLine,
  unpackBloodBonus,
} from './scoring';

/*
 * A scoreboard change small enough to push to every player on the live channel, instead of making each of
 * them fetch the whole board again. The server derives it from its previous board and the new one, once per
 * rebuild; `applyScoreboardDelta` turns the previous board into the new one exactly (deep-equal), in the
 * server and in the browser alike.
 *
 * What travels, and what the client derives with the board's own rules:
 *   - the challenge columns that changed (value, solve count, bloods: a few hundred bytes each);
 *   - the rows of teams whose solves changed other than by a new challenge value (a new solve, a blood);
 *   - every other solve of a challenge whose value changed is re-priced on the client: a scoring solve held
 *     the old value (or its blood bonus) and now holds the new one, a solve worth 0 stays 0;
 *   - a row's awards and hint deductions (`adjustments`) travel whole with the row when they changed;
 *   - totals are the sum of a row's solves and adjustments, the order is score desc, then last scoring solve asc (0 last),
 *     then the previous order; ranks and the top-10 curves follow from the order. Where that derivation would
 *     not give the server's board (ties the previous order cannot break, solves worth 0 that still score), the
 *     delta carries the order or the curves as well: the server checks the derivation before sending.
 */

/** A team row whose solves changed beyond re-pricing. */
export const ScoreboardDeltaRow = z.object({
  id: z.number().int(),
  lastSubmissionTime: Timestamp,
  solvedChallenges: z.array(ChallengeItem),
  /**
   * Flagpole: the row's awards and hint deductions, whole, when the row has or had any (empty: none left);
   * absent: the row has none.
   */
  adjustments: z.array(ScoreAdjustment).optional(),
});
export type ScoreboardDeltaRow = z.infer<typeof ScoreboardDeltaRow>;

export const ScoreboardDelta = z.object({
  /** The board version (`ScoreboardModel.version`) this delta applies to. */
  base: z.string(),
  /** The version of the board it produces. */
  version: z.string(),
  updateTimeUtc: Timestamp,
  /** Challenge columns that changed, whole. */
  challenges: z.array(ChallengeInfo),
  rows: z.array(ScoreboardDeltaRow),
  /** Team ids best first, sent only when the derived order would differ. */
  order: z.array(z.number().int()).optional(),
  /** The curves, sent only when the derived ones would differ. */
  timelines: z.array(TimeLineItem).optional(),
});
export type ScoreboardDelta = z.infer<typeof ScoreboardDelta>;

/** The top this many teams of the board and of each division get a curve (as the server computes them). */
const TIMELINE_TEAM_COUNT = 10;

/** Old value and new value of each re-priced challenge, by challenge id. */
type Repricing = Map<number, { from: number; to: number }>;

function challengeScores(board: Pick<ScoreboardModel, 'challenges'>): Map<number, number> {
  const scores = new Map<number, number>();
  for (const list of Object.values(board.challenges)) for (const info of list ?? []) scores.set(info.id, info.score);
  return scores;
}

/** The challenges whose value the delta changes. */
export function repricingOf(board: ScoreboardModel, changed: readonly ChallengeInfo[]): Repricing {
  const before = challengeScores(board);
  const repricing: Repricing = new Map();
  for (const info of changed) {
    const from = before.get(info.id);
    if (from !== undefined && from !== info.score) repricing.set(info.id, { from, to: info.score });
  }
  return repricing;
}

/**
 * A row's solves with re-priced challenges holding their new value; the same array when nothing changed.
 * A solve held the old value, or the old value with its blood bonus, when it scored; otherwise it is kept.
 */
export function repriceSolves(
  solves: readonly ChallengeItem[],
  repricing: Repricing,
  bloodBonus: number,
): readonly ChallengeItem[] {
  if (repricing.size === 0) return solves;
  let result: ChallengeItem[] | null = null;
  for (let index = 0; index < solves.length; index++) {
    const solve = solves[index] as ChallengeItem;
    const change = repricing.get(solve.id);
    if (!change) continue;
    const perMille = bloodBonusPerMille(unpackBloodBonus(bloodBonus), solve.type);
    if (solve.score !== bloodBonusScore(change.from, perMille)) continue;
    const score = bloodBonusScore(change.to, perMille);
    if (score === solve.score) continue;
    result ??= solves.slice();
    result[index] = { ...solve, score };
  }
  return result ?? solves;
}

function sumScores(solves: readonly ChallengeItem[], adjustments: readonly ScoreAdjustment[] = []): number {
  let total = 0;
  for (const solve of solves) total += solve.score;
  for (const adjustment of adjustments) total += adjustment.points;
  return total;
}

/** A row with its solves (and adjustments, when the delta row carries them) replaced, its total recomputed. */
function updatedRow(item: ScoreboardItem, solved: readonly ChallengeItem[], row?: ScoreboardDeltaRow): ScoreboardItem {
  const { adjustments: held, ...rest } = item;
  const adjustments = row ? row.adjustments : held;
  const result: ScoreboardItem = {
    ...rest,
    score: sumScores(solved, adjustments),
    lastSubmissionTime: row ? row.lastSubmissionTime : item.lastSubmissionTime,
    solvedChallenges: solved as ChallengeItem[],
    solvedCount: solved.length,
  };
  if (adjustments !== undefined && adjustments.length > 0) result.adjustments = adjustments;
  return result;
}

/** Divisions whose teams get an overall rank; a team without a (known) division always does. */
function overallDivisions(board: ScoreboardModel): Set<number> {
  const ids = new Set<number>();
  for (const division of board.divisions) {
    if ((division.defaultPermissions & GamePermission.RankOverall) !== 0) ids.add(division.id);
  }
  return ids;
}

/** Score desc, last scoring solve asc (none sorts last), then the previous place. */
function deriveOrder(items: ScoreboardItem[], previousPlace: Map<number, number>): ScoreboardItem[] {
  const lastKey = (item: ScoreboardItem) =>
    item.lastSubmissionTime === 0 ? Number.POSITIVE_INFINITY : item.lastSubmissionTime;
  return items.slice().sort((a, b) => {
    if (a.score !== b.score) return b.score - a.score;
    const lastA = lastKey(a);
    const lastB = lastKey(b);
    if (lastA !== lastB) return lastA < lastB ? -1 : 1;
    return (previousPlace.get(a.id) ?? 0) - (previousPlace.get(b.id) ?? 0);
  });
}

/** Ranks 1..n over the teams that rank overall (others 0), and 1..n inside each division. */
function withRanks(ordered: ScoreboardItem[], board: ScoreboardModel): ScoreboardItem[] {
  const overall = overallDivisions(board);
  const known = new Set(board.divisions.map((division) => division.id));
  const nextInDivision = new Map<number, number>();
  let nextOverall = 1;
  return ordered.map((item) => {
    const division = item.divisionId !== null && known.has(item.divisionId) ? item.divisionId : null;
    const rank = division === null || overall.has(division) ? nextOverall++ : 0;
    let divisionRank: number | null = null;
    if (division !== null) {
      divisionRank = nextInDivision.get(division) ?? 1;
      nextInDivision.set(division, divisionRank + 1);
    }
    if (item.rank === rank && item.divisionRank === divisionRank) return item;
    return { ...item, rank, divisionRank };
  });
}

/** The top-10 curves as the server draws them, with every solve worth points counted as a step. */
export function deriveTimelines(items: readonly ScoreboardItem[], board: ScoreboardModel): TimeLineItem[] {
  const curve = (item: ScoreboardItem): TopTimeLine => {
    let total = 0;
    const steps = [];
    for (const solve of item.solvedChallenges) {
      if (solve.score === 0) continue;
      total += solve.score;
      steps.push({ time: solve.time, score: total });
    }
    return { id: item.id, name: item.name, items: steps };
  };
  const overall: TopTimeLine[] = [];
  const byDivision = new Map<number, TopTimeLine[]>(board.divisions.map((division) => [division.id, []]));
  for (const item of items) {
    if (item.rank > 0 && overall.length < TIMELINE_TEAM_COUNT) overall.push(curve(item));
    const lines = item.divisionId === null ? undefined : byDivision.get(item.divisionId);
    if (lines && lines.length < TIMELINE_TEAM_COUNT) lines.push(curve(item));
  }
  const timelines: TimeLineItem[] = [{ divisionId: 0, teams: overall }];
  const ids = [...byDivision.keys()].sort((a, b) => a - b);
  for (const id of ids) {
    const lines = byDivision.get(id) ?? [];
    if (lines.length > 0) timelines.push({ divisionId: id, teams: lines });
  }
  return timelines;
}

/** The new board: `board` must be the delta's base (its `version` equal to `delta.base`). Pure. */
export function applyScoreboardDelta(board: ScoreboardModel, delta: ScoreboardDelta): ScoreboardModel {
  const repricing = repricingOf(board, delta.challenges);
  const changedInfo = new Map(delta.challenges.map((info) => [info.id, info]));
  const challenges: ScoreboardModel['challenges'] = {};
  for (const [category, list] of Object.entries(board.challenges) as [
    keyof ScoreboardModel['challenges'],
    ChallengeInfo[],
  ][]) {
    challenges[category] = list.map((info) => changedInfo.get(info.id) ?? info);
  }
  const rows = new Map(delta.rows.map((row) => [row.id, row]));
  const previousPlace = new Map<number, number>();
  const items = board.items.map((item, place): ScoreboardItem => {
    previousPlace.set(item.id, place);
    const row = rows.get(item.id);
    const solved = row ? row.solvedChallenges : repriceSolves(item.solvedChallenges, repricing, board.bloodBonus);
    if (!row && solved === item.solvedChallenges) return item;
    return updatedRow(item, solved, row);
  });
  let ordered: ScoreboardItem[];
  if (delta.order) {
    const byId = new Map(items.map((item) => [item.id, item]));
    ordered = delta.order.map((id) => {
      const item = byId.get(id);
      if (!item) throw new Error(`scoreboard delta: unknown team ${id}`);
      return item;
    });
  } else {
    ordered = deriveOrder(items, previousPlace);
  }
  const ranked = withRanks(ordered, board);
  const result: ScoreboardModel = {
    updateTimeUtc: delta.updateTimeUtc,
    bloodBonus: board.bloodBonus,
    timelines: delta.timelines ?? deriveTimelines(ranked, board),
    items: ranked,
    divisions: board.divisions,
    challenges,
    challengeCount: board.challengeCount,
    version: delta.version,
  };
  return result;
}
