import {
  type Blood,
  type BloodBonus,
  bloodBonusScore,
  ChallengeCategory,
  type ChallengeInfo,
  type ChallengeItem,
  dynamicScore,
  GamePermission,
  type ScoreboardItem,
  type ScoreboardModel,
  type SubmissionType,
  type TimeLine,
  type TimeLineItem,
  type TopTimeLine,
  unpackBloodBonus,
} from '@flagpole/contract';
import {
  assignRanks,
  type DivisionTable,
  divisionIdOf,
  divisionItems,
  indexDivisions,
  permissionOf,
  type Ranks,
} from './division-table';
import { createIdIndex, type IdIndex } from './id-index';
import type { ScoreboardChallengeInput, ScoreboardInput, ScoreboardOptions, ScoreboardTeamInput } from './types';

/*
 * Builds the whole scoreboard from plain rows, in a few linear passes over typed arrays:
 *
 *   1. index enabled challenges, teams and divisions, keep the solves that belong to both, order them by time;
 *   2. classify each solve: duplicate (dropped), listed only, or in the window (inside [start, end) and at or
 *      before the challenge deadline) — solves in the window whose team's division may AffectDynamicScore on
 *      the challenge make up its `n`;
 *   3. price each challenge once from its `n` (every solver holds the current value) and walk the solves
 *      in time order handing out the three bloods (to GetBlood teams) and the points (to GetScore teams);
 *   4. sort the teams once, rank them overall and per division, and assemble the response objects.
 *
 * Permissions (`GamePermission`): a team without a division has all of them; otherwise the division's
 * override for the challenge, else its default permissions. Overall ranks go only to teams whose division has
 * RankOverall (others get 0); division ranks count 1..n inside each division.
 *
 * Rules the references leave open (README.md beside this file explains each choice):
 *   - A solve that does not count (outside the game window or after the deadline, including practice-mode
 *     solves after the end) is still listed on the team's row as `Normal` with 0 points, like the reference
 *     platform; it is part of `solvedCount` but not of the timeline, the bloods or `lastSubmissionTime`.
 *   - Ties: score desc, then time of the last scoring solve asc, then participation id asc (the team that
 *     joined the game first). Teams without a scoring solve sort after every team with the same score and
 *     report `lastSubmissionTime` 0.
 *   - Solves at the same millisecond keep their input order (the repository orders by submission id).
 *   - Only the earliest solve per team and challenge is used, should the input hold more than one.
 */

/** The top this many teams get a score curve. */
const TIMELINE_TEAM_COUNT = 10;
/** `TimeLineItem.divisionId` of the overall board. */
const OVERALL_DIVISION_ID = 0;
const BLOODS_PER_CHALLENGE = 3;

/**
 * Submission types as small integers so they fit a typed array; the index is the code. A zero-filled array
 * therefore reads as `Normal`, and blood k (1-based) is code k.
 */
const SUBMISSION_TYPE_BY_CODE: readonly SubmissionType[] = ['Normal', 'FirstBlood', 'SecondBlood', 'ThirdBlood'];

/**
 * What a solve is worth to the board, after de-duplication, the time rules and the permissions: `InWindow`
 * solves may take a blood but score nothing (no GetScore); `Scoring` solves add their points.
 */
const SolveStatus = { Duplicate: 0, ListedOnly: 1, InWindow: 2, Scoring: 3 } as const;

/** Reading a typed array or list with an index the code itself produced; a miss is a bug, not input. */
function present<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('scoreboard: index out of range');
  return value;
}

interface ChallengeTable {
  list: readonly ScoreboardChallengeInput[];
  indexById: IdIndex;
}

interface TeamTable {
  list: readonly ScoreboardTeamInput[];
  indexByParticipation: IdIndex;
  divisions: DivisionTable;
}

/**
 * Solves of known teams and enabled challenges as parallel columns, ordered by time; a solve's index in
 * the columns is its "position". Copying the input once into columns keeps every later pass sequential.
 */
interface SolveTable {
  count: number;
  team: Int32Array;
  challenge: Int32Array;
  time: Float64Array;
  userName: (string | null)[];
}

/**
 * Each team's listed solves, time-ordered: `solved[t]` is team index t's `solvedChallenges`, and
 * `positions[offsets[t] .. offsets[t + 1])` are the solve positions of those rows.
 */
interface TeamRows {
  offsets: Int32Array;
  /** Solve position of each row, to tell scoring rows from the others. */
  positions: Int32Array;
  solved: ChallengeItem[][];
}

/** Everything the award pass produces, per solve position, per challenge and per team. */
interface Awards {
  status: Uint8Array;
  typeCode: Uint8Array;
  points: Int32Array;
  challengeScore: Int32Array;
  solvedCount: Int32Array;
  bloodCount: Uint8Array;
  /** Solve positions of each challenge's bloods, `BLOODS_PER_CHALLENGE` slots per challenge. */
  bloodSolve: Int32Array;
  teamScore: Float64Array;
  /** Time of the team's last scoring solve; +Infinity when it has none, so it sorts after its equals. */
  teamLastScoring: Float64Array;
}

export function computeScoreboard(input: ScoreboardInput, options: ScoreboardOptions): ScoreboardModel {
  const challenges = indexChallenges(input.challenges);
  const teams = indexTeams(input, challenges);
  const solves = collectSolvesInTimeOrder(input, challenges, teams);
  const awards = awardSolves(input, challenges, teams, solves);
  const teamRows = buildTeamRows(challenges, teams, solves, awards);
  const ranking = rankTeams(teams, awards);
  const ranks = assignRanks(teams.divisions, ranking);
  const items = buildItems(teams, awards, teamRows, ranking, ranks);

  return {
    updateTimeUtc: options.now,
    bloodBonus: input.game.bloodBonus,
    timelines: buildTimelines(teams, ranking, ranks, teamRows, solves, awards),
    items,
    divisions: divisionItems(teams.divisions),
    challenges: buildChallengeColumns(challenges, teams, solves, awards),
    challengeCount: challenges.list.length,
  };
}

// ---------------------------------------------------------------------------------------------------------
// 1. Indexing and ordering
// ---------------------------------------------------------------------------------------------------------

function indexChallenges(all: readonly ScoreboardChallengeInput[]): ChallengeTable {
  const list = all.filter((challenge) => challenge.enabled);
  return { list, indexById: createIdIndex(list.map((challenge) => challenge.id)) };
}

function indexTeams(input: ScoreboardInput, challenges: ChallengeTable): TeamTable {
  const list = input.teams;
  return {
    list,
    indexByParticipation: createIdIndex(list.map((team) => team.participationId)),
    divisions: indexDivisions(input.divisions, list, challenges.indexById, challenges.list.length),
  };
}

function collectSolvesInTimeOrder(input: ScoreboardInput, challenges: ChallengeTable, teams: TeamTable): SolveTable {
  const capacity = input.solves.length;
  const team = new Int32Array(capacity);
  const challenge = new Int32Array(capacity);
  const time = new Float64Array(capacity);
  const userName: (string | null)[] = [];
  let count = 0;
  for (const solve of input.solves) {
    const teamIndex = teams.indexByParticipation.get(solve.participationId);
    const challengeIndex = challenges.indexById.get(solve.challengeId);
    if (teamIndex < 0 || challengeIndex < 0) continue;
    team[count] = teamIndex;
    challenge[count] = challengeIndex;
    time[count] = solve.time;
    userName.push(solve.userName);
    count++;
  }
  const order = timeOrder(time, count);
  if (order === null) return { count, team, challenge, time, userName };
  return {
    count,
    team: permute(team, order),
    challenge: permute(challenge, order),
    time: permute(time, order),
    userName: permuteList(userName, order),
  };
}

function permute<T extends Int32Array | Float64Array>(values: T, order: Int32Array): T {
  const result = values.slice(0, order.length) as T;
  for (let position = 0; position < order.length; position++) {
    result[position] = present(values[present(order[position])]);
  }
  return result;
}

function permuteList<T>(values: readonly T[], order: Int32Array): T[] {
  const result: T[] = new Array(order.length);
  for (let position = 0; position < order.length; position++) {
    result[position] = present(values[present(order[position])]);
  }
  return result;
}

/**
 * A stable ascending order of the first `count` times, or null when they already are in order (the
 * repository sorts by time, so this is the common case and costs one scan). Integer times — Unix
 * milliseconds — are ordered by a radix sort; anything else falls back to a comparator sort.
 */
function timeOrder(time: Float64Array, count: number): Int32Array | null {
  let earliest = Number.POSITIVE_INFINITY;
  let latest = Number.NEGATIVE_INFINITY;
  let sorted = true;
  let allIntegers = true;
  for (let index = 0; index < count; index++) {
    const value = present(time[index]);
    if (value < latest) sorted = false;
    else latest = value;
    if (value < earliest) earliest = value;
    if (!Number.isSafeInteger(value)) allIntegers = false;
  }
  if (sorted) return null;
  if (allIntegers && latest - earliest < 2 ** 32) return radixOrder(time, count, earliest, latest - earliest);
  const order = Int32Array.from({ length: count }, (_, index) => index);
  return order.sort((a, b) => present(time[a]) - present(time[b]) || a - b);
}

const RADIX_BITS = 11;
const RADIX_MASK = (1 << RADIX_BITS) - 1;

/**
 * Least-significant-digit radix sort of indices by `time - earliest` (below 2^32: 49 days of milliseconds),
 * 11 bits per pass: a two-day game needs 3 linear passes where a comparison sort needs ~18 rounds. Each
 * pass is stable, so equal times keep their input order.
 */
function radixOrder(time: Float64Array, count: number, earliest: number, span: number): Int32Array {
  const offsets = new Uint32Array(count);
  for (let index = 0; index < count; index++) offsets[index] = present(time[index]) - earliest;
  let order = Int32Array.from({ length: count }, (_, index) => index);
  let spare = new Int32Array(count);
  const bucketStart = new Int32Array(RADIX_MASK + 1);
  for (let shift = 0; shift < 32 && span >>> shift > 0; shift += RADIX_BITS) {
    bucketStart.fill(0);
    for (let index = 0; index < count; index++) {
      const digit = (present(offsets[index]) >>> shift) & RADIX_MASK;
      bucketStart[digit] = present(bucketStart[digit]) + 1;
    }
    let running = 0;
    for (let digit = 0; digit <= RADIX_MASK; digit++) {
      const size = present(bucketStart[digit]);
      bucketStart[digit] = running;
      running += size;
    }
    for (let slot = 0; slot < count; slot++) {
      const index = present(order[slot]);
      const digit = (present(offsets[index]) >>> shift) & RADIX_MASK;
      const target = present(bucketStart[digit]);
      spare[target] = index;
      bucketStart[digit] = target + 1;
    }
    const sortedSoFar = spare;
    spare = order;
    order = sortedSoFar;
  }
  return order;
}

// ---------------------------------------------------------------------------------------------------------
// 2-3. Counting, pricing and awarding
// ---------------------------------------------------------------------------------------------------------

function awardSolves(input: ScoreboardInput, challenges: ChallengeTable, teams: TeamTable, solves: SolveTable): Awards {
  const challengeCount = challenges.list.length;
  const awards: Awards = {
    status: new Uint8Array(solves.count),
    typeCode: new Uint8Array(solves.count),
    points: new Int32Array(solves.count),
    challengeScore: new Int32Array(challengeCount),
    solvedCount: new Int32Array(challengeCount),
    bloodCount: new Uint8Array(challengeCount),
    bloodSolve: new Int32Array(challengeCount * BLOODS_PER_CHALLENGE),
    teamScore: new Float64Array(teams.list.length),
    teamLastScoring: new Float64Array(teams.list.length).fill(Number.POSITIVE_INFINITY),
  };
  classifySolves(input, challenges, teams, solves, awards);
  const bloodPoints = priceChallenges(challenges, unpackBloodBonus(input.game.bloodBonus), awards);
  distributePoints(challenges, teams, solves, awards, bloodPoints);
  return awards;
}

/** Marks duplicates and solves in the window, and counts each challenge's `n` (AffectDynamicScore solves). */
function classifySolves(
  input: ScoreboardInput,
  challenges: ChallengeTable,
  teams: TeamTable,
  solves: SolveTable,
  awards: Awards,
): void {
  const challengeCount = challenges.list.length;
  const deadline = Float64Array.from(challenges.list, (challenge) => challenge.deadline ?? Number.POSITIVE_INFINITY);
  const seen = new Uint8Array(input.teams.length * challengeCount); // one flag per (team, challenge)
  const { start, end } = input.game;
  for (let position = 0; position < solves.count; position++) {
    const challenge = present(solves.challenge[position]);
    const team = present(solves.team[position]);
    const pair = team * challengeCount + challenge;
    if (seen[pair] === 1) continue; // status stays Duplicate
    seen[pair] = 1;
    const time = present(solves.time[position]);
    if (time >= start && time < end && time <= present(deadline[challenge])) {
      awards.status[position] = SolveStatus.InWindow;
      if ((permissionOf(teams.divisions, team, challenge) & GamePermission.AffectDynamicScore) !== 0) {
        awards.solvedCount[challenge] = present(awards.solvedCount[challenge]) + 1;
      }
    } else {
      awards.status[position] = SolveStatus.ListedOnly;
    }
  }
}

/**
 * Sets each challenge's current value from its `n` and returns the points of its three bloods
 * (`BLOODS_PER_CHALLENGE` slots per challenge), computed once rather than per solve.
 */
function priceChallenges(challenges: ChallengeTable, bonus: BloodBonus, awards: Awards): Int32Array {
  const perMille = [bonus.first, bonus.second, bonus.third];
  const bloodPoints = new Int32Array(challenges.list.length * BLOODS_PER_CHALLENGE);
  challenges.list.forEach((challenge, index) => {
    const n = present(awards.solvedCount[index]);
    const score = dynamicScore(challenge.originalScore, challenge.minScoreRate, challenge.difficulty, n);
    awards.challengeScore[index] = score;
    perMille.forEach((value, slot) => {
      bloodPoints[index * BLOODS_PER_CHALLENGE + slot] = bloodBonusScore(score, value);
    });
  });
  return bloodPoints;
}

/**
 * Walks the solves in the window in time order: the first three GetBlood solves of a challenge are bloods
 * (a blood of a team without GetScore still takes its slot, and scores 0), the rest `Normal`; only GetScore
 * solves add points and move the team's last scoring time.
 */
function distributePoints(
  challenges: ChallengeTable,
  teams: TeamTable,
  solves: SolveTable,
  awards: Awards,
  bloodPoints: Int32Array,
): void {
  for (let position = 0; position < solves.count; position++) {
    if (awards.status[position] !== SolveStatus.InWindow) continue;
    const challenge = present(solves.challenge[position]);
    const team = present(solves.team[position]);
    const permissions = permissionOf(teams.divisions, team, challenge);
    const bloodsSoFar = present(awards.bloodCount[challenge]);
    let points = present(awards.challengeScore[challenge]);
    if (
      bloodsSoFar < BLOODS_PER_CHALLENGE &&
      !present(challenges.list[challenge]).disableBloodBonus &&
      (permissions & GamePermission.GetBlood) !== 0
    ) {
      const slot = challenge * BLOODS_PER_CHALLENGE + bloodsSoFar;
      awards.bloodCount[challenge] = bloodsSoFar + 1;
      awards.bloodSolve[slot] = position;
      awards.typeCode[position] = bloodsSoFar + 1; // FirstBlood = 1, SecondBlood = 2, ThirdBlood = 3
      points = present(bloodPoints[slot]);
    }
    if ((permissions & GamePermission.GetScore) === 0) continue; // listed with 0 points
    awards.status[position] = SolveStatus.Scoring;
    awards.points[position] = points;
    awards.teamScore[team] = present(awards.teamScore[team]) + points;
    awards.teamLastScoring[team] = present(solves.time[position]);
  }
}

/**
 * Creates the response row of every listed solve, in one sequential pass, and files it under its team with a
 * counting sort, so each team's rows stay in time order without a per-team sort.
 */
function buildTeamRows(challenges: ChallengeTable, teams: TeamTable, solves: SolveTable, awards: Awards): TeamRows {
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
  const rowCount = present(offsets[teamCount]);
  const positions = new Int32Array(rowCount);
  // Exact-size arrays, filled in place: no intermediate list to copy from.
  const solved = Array.from(
    { length: teamCount },
    (_, team): ChallengeItem[] => new Array(present(offsets[team + 1]) - present(offsets[team])),
  );
  const challengeIds = Int32Array.from(challenges.list, (challenge) => challenge.id);
  const cursor = offsets.slice(0, teamCount);
  for (let position = 0; position < solves.count; position++) {
    if (awards.status[position] === SolveStatus.Duplicate) continue;
    const team = present(solves.team[position]);
    const slot = present(cursor[team]);
    cursor[team] = slot + 1;
    positions[slot] = position;
    present(solved[team])[slot - present(offsets[team])] = {
      id: present(challengeIds[present(solves.challenge[position])]),
      score: present(awards.points[position]),
      type: present(SUBMISSION_TYPE_BY_CODE[present(awards.typeCode[position])]),
      userName: present(solves.userName[position]),
      time: present(solves.time[position]),
    };
  }
  return { offsets, positions, solved };
}

// ---------------------------------------------------------------------------------------------------------
// 4. Ranking and output
// ---------------------------------------------------------------------------------------------------------

/** Team indices, best first: score desc, last scoring solve asc, participation id asc. */
function rankTeams(teams: TeamTable, awards: Awards): Int32Array {
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

function buildItems(
  teams: TeamTable,
  awards: Awards,
  teamRows: TeamRows,
  ranking: Int32Array,
  ranks: Ranks,
): ScoreboardItem[] {
  const items: ScoreboardItem[] = new Array(ranking.length);
  for (let place = 0; place < ranking.length; place++) {
    const teamIndex = present(ranking[place]);
    const team = present(teams.list[teamIndex]);
    const solvedChallenges = present(teamRows.solved[teamIndex]);
    const lastScoring = present(awards.teamLastScoring[teamIndex]);
    const divisionId = divisionIdOf(teams.divisions, teamIndex);
    items[place] = {
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
  }
  return items;
}

/**
 * The top 10 curves overall (`divisionId` 0: teams with an overall rank) and the top 10 of each division that
 * has teams, in division id order. A curve is the cumulative score after each scoring solve; other solves add
 * no step.
 */
function buildTimelines(
  teams: TeamTable,
  ranking: Int32Array,
  ranks: Ranks,
  teamRows: TeamRows,
  solves: SolveTable,
  awards: Awards,
): TimeLineItem[] {
  const curve = (teamIndex: number): TopTimeLine => {
    const team = present(teams.list[teamIndex]);
    const steps: TimeLine[] = [];
    let total = 0;
    const end = present(teamRows.offsets[teamIndex + 1]);
    for (let slot = present(teamRows.offsets[teamIndex]); slot < end; slot++) {
      const position = present(teamRows.positions[slot]);
      if (awards.status[position] !== SolveStatus.Scoring) continue;
      total += present(awards.points[position]);
      steps.push({ time: present(solves.time[position]), score: total });
    }
    return { id: team.teamId, name: team.name, items: steps };
  };
  const { teamDivision, list } = teams.divisions;
  const overall: TopTimeLine[] = [];
  const byDivision: TopTimeLine[][] = list.map(() => []);
  for (const teamIndex of ranking) {
    if (present(ranks.overall[teamIndex]) > 0 && overall.length < TIMELINE_TEAM_COUNT) overall.push(curve(teamIndex));
    const division = present(teamDivision[teamIndex]);
    const lines = byDivision[division];
    if (lines && lines.length < TIMELINE_TEAM_COUNT) lines.push(curve(teamIndex));
  }
  const timelines: TimeLineItem[] = [{ divisionId: OVERALL_DIVISION_ID, teams: overall }];
  list.forEach((division, index) => {
    const lines = present(byDivision[index]);
    if (lines.length > 0) timelines.push({ divisionId: division.id, teams: lines });
  });
  return timelines;
}

/** Enabled challenges grouped by category (in enum order), each group ordered by title, then id. */
function buildChallengeColumns(
  challenges: ChallengeTable,
  teams: TeamTable,
  solves: SolveTable,
  awards: Awards,
): ScoreboardModel['challenges'] {
  const categoryOrder = new Map(ChallengeCategory.options.map((category, index) => [category, index]));
  const indices = challenges.list.map((_, index) => index);
  indices.sort((a, b) => {
    const challengeA = present(challenges.list[a]);
    const challengeB = present(challenges.list[b]);
    return (
      present(categoryOrder.get(challengeA.category)) - present(categoryOrder.get(challengeB.category)) ||
      compareOrdinal(challengeA.title, challengeB.title) ||
      challengeA.id - challengeB.id
    );
  });
  const columns: ScoreboardModel['challenges'] = {};
  for (const index of indices) {
    const challenge = present(challenges.list[index]);
    const info: ChallengeInfo = {
      id: challenge.id,
      title: challenge.title,
      category: challenge.category,
      score: present(awards.challengeScore[index]),
      solved: present(awards.solvedCount[index]),
      deadline: challenge.deadline,
      bloods: bloodsOf(index, teams, solves, awards),
      disableBloodBonus: challenge.disableBloodBonus,
    };
    const group = columns[challenge.category];
    if (group === undefined) columns[challenge.category] = [info];
    else group.push(info);
  }
  return columns;
}

function bloodsOf(challengeIndex: number, teams: TeamTable, solves: SolveTable, awards: Awards): Blood[] {
  const bloods: Blood[] = [];
  const count = present(awards.bloodCount[challengeIndex]);
  for (let slot = 0; slot < count; slot++) {
    const position = present(awards.bloodSolve[challengeIndex * BLOODS_PER_CHALLENGE + slot]);
    const team = present(teams.list[present(solves.team[position])]);
    bloods.push({
      id: team.teamId,
      name: team.name,
      avatar: team.avatar,
      submitTimeUtc: present(solves.time[position]),
    });
  }
  return bloods;
}

/** Code-unit order, the same on every machine and locale (unlike localeCompare). */
function compareOrdinal(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
