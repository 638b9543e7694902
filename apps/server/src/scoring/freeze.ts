import type { ScoreboardGameInput, ScoreboardInput, ScoreboardSolveInput } from './types';

/*
 * The scoreboard freeze (docs/game-play.md, "Freeze and reveal"). From `freezeAt` on, everyone but organisers sees
 * the game as it stood then: the board computed from the solves made before `freezeAt` and nothing else. Every
 * player-facing view (board, challenge values and solved counts, bloods, team pages, live versions) is read from
 * that one board, so no view can forget the cut-off. The board stays frozen after the end until an organiser
 * reveals it.
 */

/** Whether players see the frozen board at `now` (Unix ms). */
export function isFrozen(game: Pick<ScoreboardGameInput, 'freezeAt' | 'revealed'>, now: number): boolean {
  return game.freezeAt !== null && game.freezeAt !== undefined && !game.revealed && now >= game.freezeAt;
}

/**
 * The players' input: the same game, teams, divisions and challenges, with only the solves made strictly before
 * `freezeAt` (a solve at the freeze instant is after it). Dynamic values, bloods and ranks then follow from it, so
 * a challenge's worth does not decay in front of players during the freeze.
 */
export function frozenInput(input: ScoreboardInput, freezeAt: number): ScoreboardInput {
  return {
    ...input,
    solves: input.solves.filter((solve) => solve.time < freezeAt),
    // Hint charges and awards made during the freeze are hidden like solves (docs/game-play.md, "Freeze and reveal").
    hintCharges: input.hintCharges?.filter((charge) => charge.time < freezeAt),
    awards: input.awards?.filter((award) => award.time < freezeAt),
  };
}

/**
 * What the frozen board depends on among the solves, in one string: how many were made before `freezeAt` and the
 * sum of their offsets from it (a solve moved earlier changes it). Equal keys with the same other rows mean an
 * equal frozen board, so a rebuild after a solve made during the freeze reuses the frozen board it has.
 */
export function frozenSolvesKey(solves: readonly ScoreboardSolveInput[], freezeAt: number): string {
  let count = 0;
  let offsets = 0;
  for (const solve of solves) {
    if (solve.time >= freezeAt) continue;
    count++;
    offsets += freezeAt - solve.time;
  }
  return `${freezeAt}:${count}:${offsets}`;
}
