import { type BloodBonus, bloodBonusScore, dynamicScore, GamePermission, unpackBloodBonus } from '@flagpole/contract';
import {
  type Awards,
  BLOODS_PER_CHALLENGE,
  type ChallengeTable,
  present,
  SolveStatus,
  type SolveTable,
  type TeamTable,
} from './board-tables';
import { permissionOf } from './division-table';
import type { ScoreboardInput } from './types';

/* Steps 2 and 3 of the computation: which solves count, each challenge's value, the bloods and the points. */

export function awardSolves(
  input: ScoreboardInput,
  challenges: ChallengeTable,
  teams: TeamTable,
  solves: SolveTable,
): Awards {
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
