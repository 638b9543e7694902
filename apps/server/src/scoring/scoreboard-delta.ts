import {
  applyScoreboardDelta,
  type ChallengeInfo,
  type ChallengeItem,
  repriceSolves,
  repricingOf,
  type ScoreboardDelta,
  type ScoreboardDeltaRow,
  type ScoreboardItem,
  type ScoreboardModel,
} from '@flagpole/contract';

/*
 * The live channel's delta from one board to the next (`applyScoreboardDelta` in the contract is its inverse).
 * Only changes made of solves, challenge values and a row's adjustments (awards, hint deductions) travel as a
 * delta; anything else (a team joins, leaves or
 * is renamed, a division or a challenge is edited, the blood bonus changes) returns null and clients fetch
 * the board again. The result is checked by applying it here before it is sent, so a delta that would not
 * reproduce the board exactly is never sent: the derived order or curves are replaced by the real ones, and
 * anything else falls back to null.
 */

function sameSolves(a: readonly ChallengeItem[], b: readonly ChallengeItem[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) {
    const x = a[index] as ChallengeItem;
    const y = b[index] as ChallengeItem;
    if (x.id !== y.id || x.score !== y.score || x.type !== y.type || x.userName !== y.userName || x.time !== y.time) {
      return false;
    }
  }
  return true;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of a column that only an edit changes (not a solve). */
const columnShape = (info: ChallengeInfo) => [
  info.id,
  info.title,
  info.category,
  info.deadline,
  info.disableBloodBonus,
];
/** The fields of a row that only a team or division change touches. */
const sameTeam = (a: ScoreboardItem, b: ScoreboardItem) =>
  a.id === b.id && a.name === b.name && a.bio === b.bio && a.avatar === b.avatar && a.divisionId === b.divisionId;

function changedColumns(previous: ScoreboardModel, next: ScoreboardModel): ChallengeInfo[] | null {
  const categories = Object.keys(next.challenges);
  if (!sameJson(Object.keys(previous.challenges), categories)) return null;
  const changed: ChallengeInfo[] = [];
  for (const category of categories as (keyof ScoreboardModel['challenges'])[]) {
    const before = previous.challenges[category] ?? [];
    const after = next.challenges[category] ?? [];
    if (before.length !== after.length) return null;
    for (let index = 0; index < after.length; index++) {
      const a = before[index] as ChallengeInfo;
      const b = after[index] as ChallengeInfo;
      if (!sameJson(columnShape(a), columnShape(b))) return null;
      if (a.score !== b.score || a.solved !== b.solved || !sameJson(a.bloods, b.bloods)) changed.push(b);
    }
  }
  return changed;
}

/**
 * The delta from `previous` (which must have a version) to `next`, or null when the change is not one of
 * solves (clients refetch). Its `version` is `next.version`, or empty for the caller to fill in.
 */
export function diffScoreboards(previous: ScoreboardModel, next: ScoreboardModel): ScoreboardDelta | null {
  if (previous.version === undefined) return null;
  if (
    previous.bloodBonus !== next.bloodBonus ||
    previous.challengeCount !== next.challengeCount ||
    previous.items.length !== next.items.length ||
    !sameJson(previous.divisions, next.divisions)
  ) {
    return null;
  }
  const challenges = changedColumns(previous, next);
  if (!challenges) return null;
  const repricing = repricingOf(previous, challenges);
  const before = new Map(previous.items.map((item) => [item.id, item]));
  const rows: ScoreboardDeltaRow[] = [];
  for (const item of next.items) {
    const old = before.get(item.id);
    if (!old || !sameTeam(old, item)) return null;
    const repriced = repriceSolves(old.solvedChallenges, repricing, previous.bloodBonus);
    const adjustmentsChanged = !sameJson(old.adjustments, item.adjustments);
    if (
      adjustmentsChanged ||
      old.lastSubmissionTime !== item.lastSubmissionTime ||
      !sameSolves(repriced, item.solvedChallenges)
    ) {
      const row: ScoreboardDeltaRow = {
        id: item.id,
        lastSubmissionTime: item.lastSubmissionTime,
        solvedChallenges: item.solvedChallenges,
      };
      // The receiver keeps a row's adjustments unless the row carries them: carry them whenever there are any.
      if (old.adjustments !== undefined || item.adjustments !== undefined) row.adjustments = item.adjustments ?? [];
      rows.push(row);
    }
  }
  const delta: ScoreboardDelta = {
    base: previous.version,
    version: next.version ?? '',
    updateTimeUtc: next.updateTimeUtc,
    challenges,
    rows,
  };
  let result = applyScoreboardDelta(previous, delta);
  if (!sameOrder(result.items, next.items)) {
    delta.order = next.items.map((item) => item.id);
    result = applyScoreboardDelta(previous, delta);
  }
  if (!sameJson(result.timelines, next.timelines)) delta.timelines = next.timelines;
  return sameRows(result.items, next.items) ? delta : null;
}

function sameOrder(a: readonly ScoreboardItem[], b: readonly ScoreboardItem[]): boolean {
  return a.length === b.length && a.every((item, index) => item.id === b[index]?.id);
}

/** Everything the delta's receiver derives per row (the solves themselves were compared above). */
function sameRows(a: readonly ScoreboardItem[], b: readonly ScoreboardItem[]): boolean {
  return (
    sameOrder(a, b) &&
    a.every((item, index) => {
      const other = b[index] as ScoreboardItem;
      return (
        item.score === other.score &&
        item.rank === other.rank &&
        item.divisionRank === other.divisionRank &&
        item.lastSubmissionTime === other.lastSubmissionTime &&
        item.solvedCount === other.solvedCount &&
        sameJson(item.adjustments, other.adjustments)
      );
    })
  );
}
