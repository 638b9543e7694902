import { DEFAULT_BLOOD_BONUS, ScoreboardModel } from '@flagpole/contract';
import { expect } from 'vitest';
import { computeScoreboard } from './compute-scoreboard';
import type {
  ScoreboardChallengeInput,
  ScoreboardGameInput,
  ScoreboardInput,
  ScoreboardSolveInput,
  ScoreboardTeamInput,
} from './types';

/*
 * Test support (imported by tests only): small hand-written boards. A game of 600 minutes, challenges worth
 * O=1000 with r=0.25 and d=5, team `n` with participation n and team id 100 + n, solves at whole minutes.
 */

export const MINUTE = 60_000;
export const START = Date.UTC(2026, 2, 1, 9);
export const END = START + 600 * MINUTE;
/** After the end: every board here is of a finished game unless a test says otherwise. */
export const NOW = START + 700 * MINUTE;

/** Minutes after the start of the game, as a Unix-ms timestamp. */
export const at = (minutes: number): number => START + minutes * MINUTE;

export function challenge(id: number, overrides: Partial<ScoreboardChallengeInput> = {}): ScoreboardChallengeInput {
  return {
    id,
    title: `challenge ${id}`,
    category: 'Web',
    originalScore: 1000,
    minScoreRate: 0.25,
    difficulty: 5,
    disableBloodBonus: false,
    deadline: null,
    enabled: true,
    ...overrides,
  };
}

/** Team `n` has participation id n, team id 100 + n and name `team n`. */
export function team(n: number, divisionId: number | null = null): ScoreboardTeamInput {
  return { participationId: n, teamId: 100 + n, name: `team ${n}`, avatar: null, bio: null, divisionId };
}

/** Teams 1 to `count`, in no division. */
export function teams(count: number): ScoreboardTeamInput[] {
  return Array.from({ length: count }, (_, index) => team(index + 1));
}

export function solve(participationId: number, challengeId: number, minutes: number): ScoreboardSolveInput {
  return { participationId, challengeId, userName: `user ${participationId}`, time: at(minutes) };
}

/** The board of a game from START to END with the default blood bonus, unless `parts.game` says otherwise. */
export function board(
  parts: Omit<ScoreboardInput, 'game' | 'divisions'> & {
    game?: Partial<ScoreboardGameInput>;
    divisions?: ScoreboardInput['divisions'];
  },
  now = NOW,
): ScoreboardModel {
  const game: ScoreboardGameInput = {
    start: START,
    end: END,
    bloodBonus: DEFAULT_BLOOD_BONUS,
    practiceMode: false,
    ...parts.game,
  };
  const result = computeScoreboard({ divisions: [], ...parts, game }, { now });
  // Every board must be a valid response.
  expect(ScoreboardModel.safeParse(result).success).toBe(true);
  return result;
}

export function row(result: ScoreboardModel, teamId: number) {
  const item = result.items.find((candidate) => candidate.id === teamId);
  if (item === undefined) throw new Error(`team ${teamId} is not on the board`);
  return item;
}

export function column(result: ScoreboardModel, challengeId: number) {
  const info = Object.values(result.challenges)
    .flat()
    .find((candidate) => candidate.id === challengeId);
  if (info === undefined) throw new Error(`challenge ${challengeId} is not on the board`);
  return info;
}
