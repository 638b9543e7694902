import type { ScoreAdjustment } from '@flagpole/contract';
import {
  type Awards,
  type ChallengeTable,
  present,
  SolveStatus,
  type SolveTable,
  type TeamTable,
} from './board-tables';
import type { ScoreboardAwardInput, ScoreboardHintChargeInput, ScoreboardInput } from './types';

/*
 * Hint costs and organisers' awards (issue 28; docs/game-play.md, "Hints with a cost", "Awards and penalties"), applied
 * to the totals the award pass computed, before the teams are ranked. Rules:
 *   - Only teams on the board count, and only hints of challenges on the board (enabled and released): a hint of a
 *     disabled or unreleased challenge costs nothing, as its solves score nothing, and never shows.
 *   - RewardShare: a scoring solve loses round(points × p / 100), p the sum (at most 100) of the team's reward-share
 *     unlocks of that challenge made at or before the solve; a hint unlocked after the solve, or for a challenge
 *     never solved (or solved for 0 points), costs nothing.
 *   - Awards add their signed points; one that counts for tie-breaks moves the team's last scoring time to its time
 *     if later.
 *   - Points: each unlock takes its cost. Unless the hint allows it, the charge stops at zero: these charges, in time
 *     order, take at most what the team's total (everything above included) still holds, so a team never goes below
 *     zero through them. Being computed, the bound holds whatever the order of concurrent unlocks and solves.
 * Each team's adjustments are listed on its row in time order (kind order at equal times).
 */

/** Per team index: its adjustments in time order; undefined for a team with none. */
export type TeamAdjustments = (ScoreAdjustment[] | undefined)[];

const KIND_ORDER: Record<ScoreAdjustment['kind'], number> = { HintShare: 0, Award: 1, HintPoints: 2 };

export function applyAdjustments(
  input: ScoreboardInput,
  challenges: ChallengeTable,
  teams: TeamTable,
  solves: SolveTable,
  awards: Awards,
): TeamAdjustments {
  const charges = input.hintCharges ?? [];
  const given = input.awards ?? [];
  const result: TeamAdjustments = new Array(teams.list.length);
  if (charges.length === 0 && given.length === 0) return result;
  const add = (team: number, adjustment: ScoreAdjustment) => {
    awards.teamScore[team] = present(awards.teamScore[team]) + adjustment.points;
    const list = result[team] ?? [];
    list.push(adjustment);
    result[team] = list;
  };
  chargeRewardShares(charges, challenges, teams, solves, awards, add);
  for (const award of given) giveAward(award, teams, awards, add);
  chargePoints(charges, challenges, teams, awards, add);
  for (const list of result) list?.sort((a, b) => a.time - b.time || KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
  return result;
}

type Add = (team: number, adjustment: ScoreAdjustment) => void;

function chargeRewardShares(
  charges: readonly ScoreboardHintChargeInput[],
  challenges: ChallengeTable,
  teams: TeamTable,
  solves: SolveTable,
  awards: Awards,
  add: Add,
): void {
  const shares = new Map<string, ScoreboardHintChargeInput[]>();
  for (const charge of charges) {
    if (charge.kind !== 'RewardShare') continue;
    const key = `${charge.participationId}:${charge.challengeId}`;
    shares.set(key, [...(shares.get(key) ?? []), charge]);
  }
  if (shares.size === 0) return;
  for (let position = 0; position < solves.count; position++) {
    if (awards.status[position] !== SolveStatus.Scoring) continue;
    const points = present(awards.points[position]);
    if (points <= 0) continue;
    const team = present(solves.team[position]);
    const challenge = present(challenges.list[present(solves.challenge[position])]);
    const time = present(solves.time[position]);
    const unlocked = shares.get(`${present(teams.list[team]).participationId}:${challenge.id}`) ?? [];
    const percent = Math.min(
      100,
      unlocked.reduce((sum, charge) => (charge.time <= time ? sum + charge.cost : sum), 0),
    );
    if (percent === 0) continue;
    const deduction = Math.round((points * percent) / 100);
    add(team, { kind: 'HintShare', points: -deduction, reason: null, challengeId: challenge.id, time });
  }
}

function giveAward(award: ScoreboardAwardInput, teams: TeamTable, awards: Awards, add: Add): void {
  const team = teams.indexByParticipation.get(award.participationId);
  if (team < 0) return;
  add(team, { kind: 'Award', points: award.points, reason: award.reason, challengeId: null, time: award.time });
  if (!award.countsForTieBreak) return;
  const last = present(awards.teamLastScoring[team]);
  if (!Number.isFinite(last) || award.time > last) awards.teamLastScoring[team] = award.time;
}

function chargePoints(
  charges: readonly ScoreboardHintChargeInput[],
  challenges: ChallengeTable,
  teams: TeamTable,
  awards: Awards,
  add: Add,
): void {
  const points = charges
    .filter((charge) => charge.kind === 'Points' && challenges.indexById.get(charge.challengeId) >= 0)
    .sort((a, b) => a.time - b.time);
  // Uncapped charges first, so the capped ones see the total they may not take below zero.
  for (const allowNegative of [true, false]) {
    for (const charge of points) {
      if (charge.allowNegative !== allowNegative) continue;
      const team = teams.indexByParticipation.get(charge.participationId);
      if (team < 0) continue;
      const held = Math.max(0, present(awards.teamScore[team]));
      const taken = allowNegative ? charge.cost : Math.min(charge.cost, held);
      add(team, {
        kind: 'HintPoints',
        points: taken === 0 ? 0 : -taken,
        reason: null,
        challengeId: charge.challengeId,
        time: charge.time,
      });
    }
  }
}
