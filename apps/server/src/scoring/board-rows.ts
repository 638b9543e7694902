import type { ChallengeItem, ScoreboardItem, SubmissionType } from '@flagpole/contract';
import type { TeamAdjustments } from './adjustments';
import {
  type Awards,
  type ChallengeTable,
  present,
  SolveStatus,
  type SolveTable,
  type TeamTable,
} from './board-tables';
import { divisionIdOf, type Ranks } from './division-table';

/*
 * Step 4 of the computation: each team's solve rows, the ranking and the team rows of the response.
 *
 * A board of 10,000 teams holds 200,000 solve rows. Rebuilt for every burst of solves, it would allocate them all
 * again, and since each board lives until the next one replaces it, every copy reaches V8's old space: the heap
 * grows with the garbage of previous boards (hundreds of MB) before a full collection. So when the previous board
 * is given, a row object, a team's row array or a team row that is equal to the previous board's is reused
 * rather than made again; only what changed (the new solve, the re-priced solves of a challenge whose value
 * moved, the teams whose rank moved) is new. The result is the same as without a previous board: reused objects
 * are only ever ones whose every field is equal, and nothing here or downstream mutates a board's rows.
 */

/**
 * Submission types as small integers so they fit a typed array; the index is the code. A zero-filled array
 * therefore reads as `Normal`, and blood k (1-based) is code k.
 */
const SUBMISSION_TYPE_BY_CODE: readonly SubmissionType[] = ['Normal', 'FirstBlood', 'SecondBlood', 'ThirdBlood'];

/**
 * Each team's listed solves, time-ordered: `solved[t]` is team index t's `solvedChallenges`, and
 * `positions[offsets[t] .. offsets[t + 1])` are the solve positions of those rows.
 */
export interface TeamRows {
  offsets: Int32Array;
  /** Solve position of each row, to tell scoring rows from the others. */
  positions: Int32Array;
  solved: ChallengeItem[][];
}

/** The previous board's team rows by team id, whose unchanged parts the new board reuses. */
export type PreviousRows = ReadonlyMap<number, ScoreboardItem>;

/**
 * Files every listed solve under its team with a counting sort (so each team's rows stay in time order without
 * a per-team sort), then makes each team's `solvedChallenges`, reusing the previous board's where equal. Every
 * pass walks the solves in time order: the columns (and the previous board's rows, made in that order) are read
 * sequentially, which matters at 200,000 rows — walking team by team instead jumps through memory and took
 * twice as long.
 */
export function buildTeamRows(
  challenges: ChallengeTable,
  teams: TeamTable,
  solves: SolveTable,
  awards: Awards,
  previous: PreviousRows | undefined,
): TeamRows {
  const teamCount = teams.list.length;
  const offsets = new Int32Array(teamCount + 1);
  for (let position = 0; position < solves.count; position++) {
    if (awards.status[position] === SolveStatus.Duplicate) continue;
    const next = present(solves.team[position]) + 1;
    offsets[next] = present(offsets[next]) + 1;
  }
  for (let team = 0; team < teamCount; team++) {
    offsets[team + 1] = present(offsets[team + 1]) + present(offsets[team]);
  }
  const positions = new Int32Array(present(offsets[teamCount]));
  const cursor = offsets.slice(0, teamCount);
  for (let position = 0; position < solves.count; position++) {
    if (awards.status[position] === SolveStatus.Duplicate) continue;
    const team = present(solves.team[position]);
    const slot = present(cursor[team]);
    cursor[team] = slot + 1;
    positions[slot] = position;
  }
  const rows = rowReader(challenges, solves, awards);
  const before = teams.list.map((team) => previous?.get(team.teamId)?.solvedChallenges);
  const changed = changedTeams(offsets, solves, awards, rows, before);
  // Exact-size arrays for the teams whose rows changed, filled in place in time order; the others keep theirs.
  const solved = before.map((rowsBefore, team): ChallengeItem[] =>
    rowsBefore !== undefined && changed[team] === 0
      ? rowsBefore
      : new Array(present(offsets[team + 1]) - present(offsets[team])),
  );
  const filled = new Int32Array(teamCount); // rows made so far, per team
  for (let position = 0; position < solves.count; position++) {
    if (awards.status[position] === SolveStatus.Duplicate) continue;
    const team = present(solves.team[position]);
    if (changed[team] === 0) continue;
    const index = present(filled[team]);
    filled[team] = index + 1;
    const old = before[team]?.[index];
    present(solved[team])[index] = old !== undefined && rows.equals(position, old) ? old : rows.make(position);
  }
  return { offsets, positions, solved };
}

/**
 * 1 for each team whose rows differ from its previous ones (or that had none), 0 where every row is equal: one
 * pass over the solves in time order, comparing each with the previous row at its place.
 */
function changedTeams(
  offsets: Int32Array,
  solves: SolveTable,
  awards: Awards,
  rows: RowReader,
  before: readonly (ChallengeItem[] | undefined)[],
): Uint8Array {
  const teamCount = before.length;
  const changed = new Uint8Array(teamCount);
  for (let team = 0; team < teamCount; team++) {
    const rowsBefore = before[team];
    if (rowsBefore === undefined || rowsBefore.length !== present(offsets[team + 1]) - present(offsets[team])) {
      changed[team] = 1;
    }
  }
  const compared = new Int32Array(teamCount); // rows compared so far, per team
  for (let position = 0; position < solves.count; position++) {
    if (awards.status[position] === SolveStatus.Duplicate) continue;
    const team = present(solves.team[position]);
    if (changed[team] === 1) continue;
    const index = present(compared[team]);
    compared[team] = index + 1;
    if (!rows.equals(position, present(present(before[team])[index]))) changed[team] = 1;
  }
  return changed;
}

/** Compares the solve at a position with an existing row, and makes the row of a position. */
interface RowReader {
  equals(position: number, row: ChallengeItem): boolean;
  make(position: number): ChallengeItem;
}

function rowReader(challenges: ChallengeTable, solves: SolveTable, awards: Awards): RowReader {
  const challengeIds = Int32Array.from(challenges.list, (challenge) => challenge.id);
  const typeOf = (position: number) => present(SUBMISSION_TYPE_BY_CODE[present(awards.typeCode[position])]);
  const idOf = (position: number) => present(challengeIds[present(solves.challenge[position])]);
  const { names } = solves;
  const userNameOf = (position: number) =>
    names === null ? present(solves.rows[present(solves.source[position])]).userName : present(names[position]);
  return {
    equals: (position, row) =>
      row.id === idOf(position) &&
      row.score === awards.points[position] &&
      row.type === typeOf(position) &&
      row.userName === userNameOf(position) &&
      row.time === solves.time[position],
    make: (position) => ({
      id: idOf(position),
      score: present(awards.points[position]),
      type: typeOf(position),
      userName: userNameOf(position),
      time: present(solves.time[position]),
    }),
  };
}

/** Team indices, best first: score desc, last scoring solve asc, participation id asc. */
export function rankTeams(teams: TeamTable, awards: Awards): Int32Array {
  const { teamScore, teamLastScoring } = awards;
  const participationId = Float64Array.from(teams.list, (team) => team.participationId);
  const order = Int32Array.from({ length: teams.list.length }, (_, index) => index);
  return order.sort((a, b) => {
    const scoreA = present(teamScore[a]);
    const scoreB = present(teamScore[b]);
    if (scoreA !== scoreB) return scoreB - scoreA;
    const lastA = present(teamLastScoring[a]);
    const lastB = present(teamLastScoring[b]);
    if (lastA !== lastB) return lastA < lastB ? -1 : 1;
    return present(participationId[a]) - present(participationId[b]);
  });
}

/** The team rows in ranking order; a row equal to the previous board's is that row. */
export function buildItems(
  teams: TeamTable,
  awards: Awards,
  teamRows: TeamRows,
  ranking: Int32Array,
  ranks: Ranks,
  previous: PreviousRows | undefined,
  adjustments: TeamAdjustments = [],
): ScoreboardItem[] {
  const items: ScoreboardItem[] = new Array(ranking.length);
  for (let place = 0; place < ranking.length; place++) {
    const teamIndex = present(ranking[place]);
    const team = present(teams.list[teamIndex]);
    const solvedChallenges = present(teamRows.solved[teamIndex]);
    const lastScoring = present(awards.teamLastScoring[teamIndex]);
    const divisionId = divisionIdOf(teams.divisions, teamIndex);
    const item: ScoreboardItem = {
      id: team.teamId,
      name: team.name,
      bio: team.bio,
      divisionId,
      avatar: team.avatar,
      score: present(awards.teamScore[teamIndex]),
      rank: present(ranks.overall[teamIndex]),
      divisionRank: divisionId === null ? null : present(ranks.division[teamIndex]),
      lastSubmissionTime: Number.isFinite(lastScoring) ? lastScoring : 0,
      solvedChallenges,
      solvedCount: solvedChallenges.length,
    };
    const teamAdjustments = adjustments[teamIndex];
    if (teamAdjustments !== undefined) item.adjustments = teamAdjustments;
    const old = previous?.get(team.teamId);
    items[place] = old !== undefined && sameItem(old, item) ? old : item;
  }
  return items;
}

function sameItem(a: ScoreboardItem, b: ScoreboardItem): boolean {
  return (
    a.id === b.id &&
    a.name === b.name &&
    a.bio === b.bio &&
    a.divisionId === b.divisionId &&
    a.avatar === b.avatar &&
    a.score === b.score &&
    a.rank === b.rank &&
    a.divisionRank === b.divisionRank &&
    a.lastSubmissionTime === b.lastSubmissionTime &&
    a.solvedChallenges === b.solvedChallenges &&
    a.solvedCount === b.solvedCount &&
    a.adjustments === undefined &&
    b.adjustments === undefined
  );
}
