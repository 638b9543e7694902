import type { ScoreboardInput } from './types';

/*
 * The board of one game phase (docs/game-play.md, "Phases"): the same game, teams and divisions with the phase's
 * challenges only, so columns, scores, ranks, timelines and division tables are computed over those challenges.
 * A challenge's value and bloods depend on its own solves alone, so they are the same as on the whole board.
 * During a freeze the players' phase board is this rule applied to the frozen input (freeze.ts): the cut-off comes
 * first, the phase second. Every consumer of a phase board (the scoreboard route, the xlsx sheet, the CTFtime
 * feed of issue 26) reaches it through `ScoreboardService.viewPhase(gameId, organiser, phaseId)`, which serves it from
 * the cache.
 */

/** The input of the phase's board; null when the game has no phase `phaseId`. */
export function phaseInput(input: ScoreboardInput, phaseId: number): ScoreboardInput | null {
  if (!input.phases?.some((phase) => phase.id === phaseId)) return null;
  const challenges = input.challenges.filter((challenge) => challenge.phaseId === phaseId);
  const ids = new Set(challenges.map((challenge) => challenge.id));
  // The other challenges' solves would be dropped by the computation anyway; leaving them out is only faster.
  // Hint charges follow their challenge; awards belong to no challenge, so to the whole game's board only.
  return { ...input, challenges, solves: input.solves.filter((solve) => ids.has(solve.challengeId)), awards: [] };
}
