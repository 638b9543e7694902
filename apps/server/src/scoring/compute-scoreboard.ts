import type { ScoreboardItem, ScoreboardModel } from '@flagpole/contract';
import { applyAdjustments } from './adjustments';
import { awardSolves } from './award-solves';
import { buildChallengeColumns, buildTimelines } from './board-columns';
import { buildItems, buildTeamRows, type PreviousRows, rankTeams } from './board-rows';
import type { ChallengeTable, TeamTable } from './board-tables';
import { assignRanks, divisionItems, indexDivisions } from './division-table';
import { createIdIndex } from './id-index';
import { isPlayable } from './release';
import { collectSolvesInTimeOrder } from './solve-order';
import type { ScoreboardChallengeInput, ScoreboardInput, ScoreboardOptions } from './types';

/*
 * Builds the whole scoreboard from plain rows, in a few linear passes over typed arrays:
 *
 *   1. index enabled and released challenges, teams and divisions, keep the solves that belong to both, order them by time;
 *   2. classify each solve: duplicate (dropped), listed only, or in the window (inside [start, end) and at or
 *      before the challenge deadline) — solves in the window whose team's division may AffectDynamicScore on
 *      the challenge make up its `n`;
 *   3. price each challenge once from its `n` (every solver holds the current value) and walk the solves
 *      in time order handing out the three bloods (to GetBlood teams) and the points (to GetScore teams);
 *   4. sort the teams once, rank them overall and per division, and assemble the response objects, reusing
 *      the previous board's rows where they are equal (`options.previous`, see board-rows.ts).
 *
 * One file per step: solve-order.ts (1), award-solves.ts (2-3), board-rows.ts and board-columns.ts (4), the
 * tables they share in board-tables.ts.
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

export function computeScoreboard(input: ScoreboardInput, options: ScoreboardOptions): ScoreboardModel {
  const previous = previousRows(options.previous);
  const challenges = indexChallenges(input.challenges, options.now);
  const teams = indexTeams(input, challenges);
  const solves = collectSolvesInTimeOrder(input, challenges, teams);
  const awards = awardSolves(input, challenges, teams, solves);
  // Hint costs and organisers' awards (adjustments.ts) move the totals before the ranking.
  const adjustments = applyAdjustments(input, challenges, teams, solves, awards);
  const teamRows = buildTeamRows(challenges, teams, solves, awards, previous);
  const ranking = rankTeams(teams, awards);
  const ranks = assignRanks(teams.divisions, ranking);
  const items = buildItems(teams, awards, teamRows, ranking, ranks, previous, adjustments);

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

function previousRows(previous: ScoreboardModel | undefined): PreviousRows | undefined {
  if (previous === undefined) return undefined;
  return new Map(previous.items.map((item): [number, ScoreboardItem] => [item.id, item]));
}

/** The challenges players see at `now`: enabled and released (release.ts). */
function indexChallenges(all: readonly ScoreboardChallengeInput[], now: number): ChallengeTable {
  const list = all.filter((challenge) => isPlayable(challenge, now));
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
