import {
  applyScoreboardDelta,
  DEFAULT_BLOOD_BONUS,
  GamePermission,
  LiveMessage,
  NO_BLOOD_BONUS,
  type ScoreboardModel,
} from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { serialise, versionBoard } from '../services/scoreboard-body';
import { computeScoreboard } from './compute-scoreboard';
import { mergeSolves } from './merge-solves';
import { diffScoreboards } from './scoreboard-delta';
import type { ScoreboardChallengeInput, ScoreboardInput, ScoreboardSolveInput, ScoreboardTeamInput } from './types';

/*
 * Applying every delta, in turn, to the first board must give exactly the board the server serves after the
 * same solves: random games with dynamic scoring, bloods, divisions with every permission mix, deadlines, solves
 * outside the window, same-millisecond ties, late-announced solves and challenges whose value falls to 0.
 */

const START = Date.UTC(2026, 5, 1, 8);
const END = START + 10 * 3_600_000;
const { All, RankOverall, GetScore, GetBlood, AffectDynamicScore, ViewChallenge, SubmitFlags } = GamePermission;

/** Mulberry32: a small seeded generator, so a failing seed can be replayed. */
function random(seed: number) {
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

function randomGame(seed: number): { input: ScoreboardInput; rng: ReturnType<typeof random> } {
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

function board(input: ScoreboardInput, now: number): ScoreboardModel {
  const model = computeScoreboard(input, { now });
  // As served: with its version, through JSON.
  return JSON.parse(serialise(model).body) as ScoreboardModel;
}

/** What the scoreboard service holds and serves after `previous` (its model), and the delta it sends. */
function rebuild(previous: ScoreboardModel, input: ScoreboardInput, now: number) {
  const model = computeScoreboard(input, { now });
  const { delta, body } = versionBoard(previous, model);
  return { model, delta, served: JSON.parse(body ?? serialise(model).body) as ScoreboardModel };
}

/** A few new solves: mostly later than every earlier one, sometimes the same millisecond, before, or after the end. */
function newSolves(
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

describe('scoreboard delta', () => {
  it('turns each board into the next exactly, over random games and solve sequences', () => {
    let deltas = 0;
    let ordered = 0;
    let curves = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const { input, rng } = randomGame(seed);
      const clock = { time: START };
      let current = input;
      let model = computeScoreboard(current, { now: START });
      let held = JSON.parse(serialise(model).body) as ScoreboardModel;
      for (let step = 0; step < 60; step++) {
        current = { ...current, solves: mergeSolves(current.solves, newSolves(current, rng, clock)) };
        const { model: nextModel, delta, served: next } = rebuild(model, current, START + step + 1);
        expect(delta, `seed ${seed} step ${step}`).not.toBeNull();
        // Through the wire format the browser parses.
        const message = LiveMessage.parse(
          JSON.parse(JSON.stringify({ type: 'scoreboard', data: { gameId: 1, version: next.version, delta } })),
        );
        if (message.type !== 'scoreboard' || !message.data.delta) throw new Error('no delta');
        expect(message.data.delta.base).toBe(held.version);
        held = applyScoreboardDelta(held, message.data.delta);
        expect(held, `seed ${seed} step ${step}`).toEqual(next);
        deltas++;
        if (delta?.order) ordered++;
        if (delta?.timelines) curves++;
        model = nextModel;
      }
    }
    expect(deltas).toBe(3600);
    // The fallbacks were exercised too.
    expect(ordered).toBeGreaterThan(0);
    expect(curves).toBeGreaterThan(0);
  });

  it('sends the new solve and the changed columns, not every row, when a value change re-prices many solvers', () => {
    const { input } = randomGame(7);
    const teams = Array.from({ length: 200 }, (_, index) => ({
      participationId: index + 1,
      teamId: index + 1,
      name: `t${index}`,
      avatar: null,
      bio: null,
      divisionId: null,
    }));
    const challenge = {
      ...input.challenges[0],
      id: 1,
      enabled: true,
      deadline: null,
      originalScore: 1000,
      minScoreRate: 0.1,
      difficulty: 50,
    } as ScoreboardChallengeInput;
    const solves = teams.slice(0, 150).map((team, index) => ({
      participationId: team.participationId,
      challengeId: 1,
      userName: null,
      time: START + index * 1000,
    }));
    const base: ScoreboardInput = { ...input, divisions: [], teams, challenges: [challenge], solves };
    const before = board(base, START);
    const after = board(
      {
        ...base,
        solves: mergeSolves(solves, [{ participationId: 190, challengeId: 1, userName: 'x', time: START + 500_000 }]),
      },
      START + 1,
    );
    const delta = diffScoreboards(before, after);
    expect(delta?.rows.map((row) => row.id)).toEqual([190]);
    expect(delta?.challenges.map((info) => info.id)).toEqual([1]);
    expect(delta?.order).toBeUndefined();
    expect(JSON.stringify(delta).length).toBeLessThan(JSON.stringify(after).length / 20);
    expect(applyScoreboardDelta(before, delta as NonNullable<typeof delta>)).toEqual(after);
  });

  it('versions boards by content: equal content built at other times, or by an empty delta, keeps its version', () => {
    const { input } = randomGame(11);
    const first = computeScoreboard(input, { now: START });
    const again = computeScoreboard(input, { now: START + 5_000 });
    expect(serialise(first).version).toBe(serialise(again).version);
    const later = rebuild(first, input, START + 9_000);
    expect(later.delta).toMatchObject({ base: first.version, version: first.version, challenges: [], rows: [] });
    expect(later.served.version).toBe(first.version);
    expect(later.served.updateTimeUtc).toBe(START + 9_000);
  });

  it('gives no delta for changes other than solves, so clients fetch the board again', () => {
    const { input } = randomGame(3);
    const before = board(input, START);
    const renamed = {
      ...input,
      teams: input.teams.map((team, index) => (index === 0 ? { ...team, name: 'renamed' } : team)),
    };
    expect(diffScoreboards(before, board(renamed, START))).toBeNull();
    const fewer = { ...input, teams: input.teams.slice(1) };
    expect(diffScoreboards(before, board(fewer, START))).toBeNull();
    const bonus = { ...input, game: { ...input.game, bloodBonus: 7 } };
    if (bonus.game.bloodBonus !== input.game.bloodBonus)
      expect(diffScoreboards(before, board(bonus, START))).toBeNull();
  });
});
