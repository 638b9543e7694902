import type { GameReadinessItem, GameReadinessModel } from '@flagpole/contract';
import type { Db } from '../db/database';
import { notFound } from '../http/errors';
import type { Clock } from '../lib/clock';
import { createGameRepository } from '../repositories/game.repository';
import { createGameReadinessRepository, type EnabledChallengeFacts } from '../repositories/game-readiness.repository';

const isContainer = (type: EnabledChallengeFacts['type']) => type === 'StaticContainer' || type === 'DynamicContainer';

/** Why players could not play one enabled challenge; empty when they could. */
export function challengeProblems(
  challenge: EnabledChallengeFacts,
  containersEnabled: boolean,
): GameReadinessItem['problem'][] {
  const problems: GameReadinessItem['problem'][] = [];
  if (challenge.type === 'DynamicContainer') {
    if (!challenge.flagTemplate) problems.push('NoFlagTemplate');
  } else if (challenge.flags === 0) {
    problems.push('NoFlags');
  } else if (challenge.type === 'DynamicAttachment' && challenge.flagsWithoutAttachment > 0) {
    problems.push('FlagWithoutAttachment');
  }
  if (isContainer(challenge.type)) {
    if (challenge.containerImage.trim() === '') problems.push('NoContainerImage');
    if (!containersEnabled) problems.push('NoContainerEngine');
  }
  return problems;
}

/**
 * The publish checklist: the game can still be played (its end lies ahead), at least one challenge is enabled,
 * and players could play every enabled one. Game-wide problems come first, then challenges in id order.
 */
export function gameReadiness(
  game: { end: Date },
  challenges: EnabledChallengeFacts[],
  now: Date,
  containersEnabled: boolean,
): GameReadinessModel {
  const problems: GameReadinessItem[] = [];
  const gameWide = (problem: GameReadinessItem['problem']) =>
    problems.push({ problem, challengeId: null, challengeTitle: null });
  if (game.end.getTime() <= now.getTime()) gameWide('GameEnded');
  if (challenges.length === 0) gameWide('NoEnabledChallenge');
  for (const challenge of challenges) {
    for (const problem of challengeProblems(challenge, containersEnabled)) {
      problems.push({ problem, challengeId: challenge.id, challengeTitle: challenge.title });
    }
  }
  return { ready: problems.length === 0, enabledChallenges: challenges.length, problems };
}

/** `GET /api/edit/games/{id}/readiness`: the checklist the organiser's publish step shows. */
export function createGameReadinessService(deps: { db: Db; clock: Clock; containersEnabled: boolean }) {
  const games = createGameRepository(deps.db);
  const facts = createGameReadinessRepository(deps.db);
  return {
    async check(gameId: number): Promise<GameReadinessModel> {
      const game = await games.find(gameId);
      if (!game) throw notFound('error.gameNotFound');
      const challenges = await facts.enabledChallenges(gameId);
      return gameReadiness({ end: game.end_at }, challenges, deps.clock.now(), deps.containersEnabled);
    },
  };
}
export type GameReadinessService = ReturnType<typeof createGameReadinessService>;
