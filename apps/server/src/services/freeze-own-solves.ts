import type { ChallengeItem, ScoreboardItem } from '@flagpole/contract';
import type { BuiltScoreboard } from './scoreboard-built';

/* During a freeze a team still sees its own solves (docs/game-play.md, "Freeze and reveal"). */

/** The team's solves on the live board that the frozen board does not show. */
export function ownSolvesSinceFreeze(live: BuiltScoreboard, frozen: BuiltScoreboard, teamId: number): ChallengeItem[] {
  const solved = live.itemByTeam.get(teamId)?.solvedChallenges ?? [];
  const shown = new Set(frozen.itemByTeam.get(teamId)?.solvedChallenges.map((solve) => solve.id));
  return solved.filter((solve) => !shown.has(solve.id));
}

/**
 * The team's frozen row with its own solves since the freeze added, so that its page marks them solved: each at the
 * challenge's frozen worth and as a Normal solve (no blood: bloods are revealed with the board), while the row's
 * score and rank stay those of the freeze.
 */
export function withOwnSolves(
  row: ScoreboardItem,
  since: readonly ChallengeItem[],
  frozen: BuiltScoreboard,
): ScoreboardItem {
  const added = since.map(
    (solve): ChallengeItem => ({ ...solve, type: 'Normal', score: frozen.scoreByChallenge.get(solve.id) ?? 0 }),
  );
  const solvedChallenges = [...row.solvedChallenges, ...added];
  return { ...row, solvedChallenges, solvedCount: solvedChallenges.length };
}
