import {
  type Blood,
  ChallengeCategory,
  type ChallengeInfo,
  type ScoreboardModel,
  type TimeLine,
  type TimeLineItem,
  type TopTimeLine,
} from '@flagpole/contract';
import type { TeamRows } from './board-rows';
import {
  type Awards,
  BLOODS_PER_CHALLENGE,
  type ChallengeTable,
  present,
  SolveStatus,
  type SolveTable,
  type TeamTable,
} from './board-tables';
import type { Ranks } from './division-table';

/* Step 4 of the computation, the parts other than the rows: the top-10 curves and the challenge columns. */

/** The top this many teams get a score curve. */
const TIMELINE_TEAM_COUNT = 10;
/** `TimeLineItem.divisionId` of the overall board. */
const OVERALL_DIVISION_ID = 0;

/**
 * The top 10 curves overall (`divisionId` 0: teams with an overall rank) and the top 10 of each division that
 * has teams, in division id order. A curve is the cumulative score after each scoring solve; other solves add
 * no step.
 */
export function buildTimelines(
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
export function buildChallengeColumns(
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
