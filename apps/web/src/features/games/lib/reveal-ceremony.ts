import { type ChallengeItem, GamePermission, type ScoreboardModel } from '@flagpole/contract';

/*
 * The reveal ceremony (docs/game-play.md, "Freeze and reveal"), after the ICPC resolver: the frozen board is
 * unveiled from the bottom up. The cursor is always on the lowest-ranked team not yet resolved; one step either
 * opens that team's next solve made during the freeze (in time order) or, when it has none left, resolves it.
 *
 * Values during the steps:
 *   - the start is the players' frozen board: scores and last-solve times as at the freeze;
 *   - an opened solve adds the points the live board gives that team for that challenge (its final value,
 *     blood bonus included) and makes its time the row's last-solve time;
 *   - resolving a team sets its score and last-solve time to the live board's exactly (dynamic values of the
 *     challenges it solved before the freeze may have decayed since, so the total may move once more).
 * Solves that score nothing (after a deadline, say) are not stepped; resolving shows them in the total anyway.
 *
 * Order: score desc, then last scoring solve asc (none: last), then among equals unresolved teams above resolved
 * ones, unresolved ones in their frozen order and resolved ones in their live order. When every team is resolved
 * the scores and times are the live ones, so the order is the live board's exactly (its last tie-break, the entry
 * order, is what the live order of equals already is). Ranks are numbered like the board's: only teams whose
 * division ranks overall get a number (others show none); there is one overall sequence, whatever the divisions.
 */

export interface CeremonyRow {
  id: number;
  name: string;
  divisionId: number | null;
  /** The score shown now. */
  score: number;
  /** Time of the last scoring solve shown (0: none). */
  lastTime: number;
  /** Overall rank shown now; 0: the team's division does not rank overall. */
  rank: number;
  /** Solves made during the freeze still to open, in time order. */
  pending: readonly ChallengeItem[];
  /** Solves made during the freeze already opened, in the order they were. */
  opened: readonly ChallengeItem[];
  resolved: boolean;
  /** Place (0-based) on the frozen board (teams absent from it come after every frozen one). */
  frozenPlace: number;
  /** Place (0-based) on the live board. */
  livePlace: number;
}

export type CeremonyAction =
  | { kind: 'start' }
  | { kind: 'solve'; teamId: number; solve: ChallengeItem; from: number; to: number }
  | { kind: 'resolve'; teamId: number; from: number; to: number };

export interface CeremonyStep {
  /** The rows in display order (best first). */
  rows: readonly CeremonyRow[];
  /** The team the next step acts on; null once every team is resolved. */
  cursor: number | null;
  /** What this step did (`from`/`to`: the team's place before and after, 0-based). */
  action: CeremonyAction;
}

const lastKey = (row: CeremonyRow) => (row.lastTime === 0 ? Number.POSITIVE_INFINITY : row.lastTime);

function compareRows(a: CeremonyRow, b: CeremonyRow): number {
  if (a.score !== b.score) return b.score - a.score;
  const lastA = lastKey(a);
  const lastB = lastKey(b);
  if (lastA !== lastB) return lastA < lastB ? -1 : 1;
  if (a.resolved !== b.resolved) return a.resolved ? 1 : -1;
  return a.resolved ? a.livePlace - b.livePlace : a.frozenPlace - b.frozenPlace;
}

/** Sorted rows, with the overall ranks numbered as the board does. */
function ordered(rows: CeremonyRow[], overall: (divisionId: number | null) => boolean): CeremonyRow[] {
  rows.sort(compareRows);
  let next = 1;
  return rows.map((row) => {
    const rank = overall(row.divisionId) ? next++ : 0;
    return rank === row.rank ? row : { ...row, rank };
  });
}

/** The lowest-ranked unresolved team, or null. */
function cursorOf(rows: readonly CeremonyRow[]): number | null {
  for (let index = rows.length - 1; index >= 0; index--) {
    const row = rows[index] as CeremonyRow;
    if (!row.resolved) return row.id;
  }
  return null;
}

/**
 * Every step of the ceremony, the start first: step k is the board after k presses of "next", so "back" is
 * step k - 1 exactly. `frozen` is the players' board, `live` the organisers' one, `freezeAt` the game's freeze.
 */
export function planCeremony(frozen: ScoreboardModel, live: ScoreboardModel, freezeAt: number): CeremonyStep[] {
  const known = new Set(live.divisions.map((division) => division.id));
  const overallIds = new Set(
    live.divisions
      .filter((division) => (division.defaultPermissions & GamePermission.RankOverall) !== 0)
      .map((division) => division.id),
  );
  const overall = (divisionId: number | null) =>
    divisionId === null || !known.has(divisionId) || overallIds.has(divisionId);
  const frozenPlace = new Map(frozen.items.map((item, place) => [item.id, place]));
  const frozenItem = new Map(frozen.items.map((item) => [item.id, item]));
  const liveItem = new Map(live.items.map((item) => [item.id, item]));

  const start = live.items.map((item, place): CeremonyRow => {
    const before = frozenItem.get(item.id);
    // A solve already on the frozen row is not opened again (after a reveal players' board is the live one).
    const shown = new Set(before?.solvedChallenges.map((solve) => solve.id));
    return {
      id: item.id,
      name: item.name,
      divisionId: item.divisionId,
      score: before?.score ?? 0,
      lastTime: before?.lastSubmissionTime ?? 0,
      rank: 0,
      pending: item.solvedChallenges
        .filter((solve) => solve.time >= freezeAt && solve.score > 0 && !shown.has(solve.id))
        .sort((a, b) => a.time - b.time),
      opened: [],
      resolved: false,
      frozenPlace: frozenPlace.get(item.id) ?? frozen.items.length + place,
      livePlace: place,
    };
  });
  let rows = ordered(start, overall);
  const steps: CeremonyStep[] = [{ rows, cursor: cursorOf(rows), action: { kind: 'start' } }];

  for (;;) {
    const cursor = cursorOf(rows);
    if (cursor === null) break;
    const from = rows.findIndex((row) => row.id === cursor);
    const row = rows[from] as CeremonyRow;
    const [solve, ...rest] = row.pending;
    let changed: CeremonyRow;
    if (solve) {
      changed = {
        ...row,
        score: row.score + solve.score,
        lastTime: Math.max(row.lastTime, solve.time),
        pending: rest,
        opened: [...row.opened, solve],
      };
    } else {
      const final = liveItem.get(cursor);
      changed = { ...row, score: final?.score ?? row.score, lastTime: final?.lastSubmissionTime ?? 0, resolved: true };
    }
    rows = ordered(
      rows.map((other) => (other.id === cursor ? changed : other)),
      overall,
    );
    const to = rows.findIndex((other) => other.id === cursor);
    const action: CeremonyAction = solve
      ? { kind: 'solve', teamId: cursor, solve, from, to }
      : { kind: 'resolve', teamId: cursor, from, to };
    steps.push({ rows, cursor: cursorOf(rows), action });
  }
  return steps;
}
