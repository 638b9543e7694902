import { DEFAULT_BLOOD_BONUS, GamePermission, NO_BLOOD_BONUS } from '@flagpole/contract';
import type { ScoreboardChallengeInput, ScoreboardInput, ScoreboardSolveInput, ScoreboardTeamInput } from './types';

/*
 * Test support (imported by tests only): random games with dynamic scoring, bloods, divisions with every
 * permission mix, deadlines, solves outside the window, same-millisecond ties, late-announced solves and
 * challenges whose value falls to 0, and random steps of new solves.
 */

export const START = Date.UTC(2026, 5, 1, 8);
export const END = START + 10 * 3_600_000;
const { All, RankOverall, GetScore, GetBlood, AffectDynamicScore, ViewChallenge, SubmitFlags } = GamePermission;

/** Mulberry32: a small seeded generator, so a failing seed can be replayed. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T,
  };
}

export function randomGame(seed: number): { input: ScoreboardInput; rng: ReturnType<typeof random> } {
  const rng = random(seed);
  const challenges: ScoreboardChallengeInput[] = Array.from({ length: 4 + rng.int(6) }, (_, index) => ({
    id: 10 + index,
    title: `challenge ${index % 3}`,
    category: rng.pick(['Web', 'Pwn', 'Crypto'] as const),
    // Some values fall to 0 (1 × 0.0 after a few solves): scoring solves worth 0.
    originalScore: rng.pick([1000, 500, 100, 1]),
    minScoreRate: rng.pick([0.25, 0.1, 0]),
    difficulty: rng.pick([0.5, 3, 5, 20, 0]),
    disableBloodBonus: rng.next() < 0.2,
    deadline: rng.next() < 0.2 ? START + rng.int(END - START) : null,
    enabled: rng.next() < 0.9,
  }));
  const divisions =
    rng.next() < 0.25
      ? []
      : [
          { id: 1, name: 'open', defaultPermissions: All, challengeConfigs: [] },
          {
            id: 2,
            name: 'students',
            defaultPermissions: All & ~RankOverall,
            challengeConfigs: [{ challengeId: 10, permissions: ViewChallenge | SubmitFlags | GetBlood }],
          },
          {
            id: 3,
            name: 'guests',
            defaultPermissions: ViewChallenge | SubmitFlags | GetScore,
            challengeConfigs: [
              { challengeId: 11, permissions: ViewChallenge | SubmitFlags | AffectDynamicScore | GetScore },
            ],
          },
        ];
  const teams: ScoreboardTeamInput[] = Array.from({ length: 6 + rng.int(25) }, (_, index) => ({
    participationId: 1000 - index * 7,
    teamId: 500 + index,
    name: `team ${index}`,
    avatar: index % 4 === 0 ? null : `/assets/${index}`,
    bio: null,
    divisionId: divisions.length === 0 || rng.next() < 0.2 ? null : (rng.pick(divisions)?.id ?? null),
  }));
  return {
    input: {
      game: {
        start: START,
        end: END,
        bloodBonus: rng.pick([DEFAULT_BLOOD_BONUS, NO_BLOOD_BONUS, 1_000 << 20]),
        practiceMode: false,
      },
      challenges,
      teams,
      divisions,
      solves: [],
    },
    rng,
  };
}

/** A few new solves: mostly later than every earlier one, sometimes the same millisecond, before, or after the end. */
export function newSolves(
  input: ScoreboardInput,
  rng: ReturnType<typeof random>,
  clock: { time: number },
): ScoreboardSolveInput[] {
  const solves: ScoreboardSolveInput[] = [];
  for (let count = 1 + rng.int(3); count > 0; count--) {
    const roll = rng.next();
    if (roll < 0.6) clock.time += 1 + rng.int(60_000);
    let time = clock.time;
    if (roll > 0.9) time = START + rng.int(clock.time - START + 1); // announced late
    if (roll > 0.97) time = END + rng.int(1000); // after the end: listed, 0 points
    if (roll > 0.985) time = START - 1000; // before the start
    const team = rng.pick(input.teams);
    const challenge = rng.pick(input.challenges);
    solves.push({
      participationId: team.participationId,
      challengeId: challenge.id,
      userName: rng.pick(['ann', 'bo', null]),
      time,
    });
  }
  return solves;
}

/** `count` teams without division, avatar or bio, participation and team ids 1…count, named t0…. */
export function plainTeams(count: number): ScoreboardInput['teams'] {
  return Array.from({ length: count }, (_, index) => ({
    participationId: index + 1,
    teamId: index + 1,
    name: `t${index}`,
    avatar: null,
    bio: null,
    divisionId: null,
  }));
}
