import { applyScoreboardDelta, LiveMessage, type ScoreboardModel } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { serialise, versionBoard } from '../services/scoreboard-body';
import { computeScoreboard } from './compute-scoreboard';
import { mergeSolves } from './merge-solves';
import { diffScoreboards } from './scoreboard-delta';
import { newSolves, plainTeams, randomGame, START } from './test-games';
import type {
  ScoreboardAwardInput,
  ScoreboardChallengeInput,
  ScoreboardHintChargeInput,
  ScoreboardInput,
} from './types';

/*
 * Applying every delta, in turn, to the first board must give exactly the board the server serves after the
 * same solves: random games with dynamic scoring, bloods, divisions with every permission mix, deadlines, solves
 * outside the window, same-millisecond ties, late-announced solves and challenges whose value falls to 0.
 */

function board(input: ScoreboardInput, now: number): ScoreboardModel {
  const model = computeScoreboard(input, { now });
  // As served: with its version, through JSON.
  return JSON.parse(serialise(model).body) as ScoreboardModel;
}

/** What the scoreboard service holds and serves after `previous` (its model), and the delta it sends. */
function rebuild(previous: ScoreboardModel, input: ScoreboardInput, now: number) {
  const model = computeScoreboard(input, { now, previous });
  const { delta, body } = versionBoard(previous, model);
  return { model, delta, served: JSON.parse(body ?? serialise(model).body) as ScoreboardModel };
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

  it('carries awards and hint deductions of the rows they change, and turns each board into the next exactly', () => {
    let carried = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const { input, rng } = randomGame(seed);
      const clock = { time: START };
      const awards: ScoreboardAwardInput[] = [];
      const hintCharges: ScoreboardHintChargeInput[] = [];
      let current: ScoreboardInput = { ...input, awards, hintCharges };
      let model = computeScoreboard(current, { now: START });
      let held = JSON.parse(serialise(model).body) as ScoreboardModel;
      for (let step = 0; step < 30; step++) {
        const team = rng.pick(input.teams);
        const challenge = rng.pick(input.challenges);
        if (!team || !challenge) throw new Error('empty game');
        const time = clock.time + 1;
        const roll = rng.next();
        if (roll < 0.3) {
          const points = rng.pick([-300, -1, 50, 200]) as number;
          const tieBreak = rng.next() < 0.5;
          awards.push({
            participationId: team.participationId,
            points,
            reason: `r${step}`,
            countsForTieBreak: tieBreak,
            time,
          });
        } else if (roll < 0.5 && awards.length > 0) {
          awards.splice(rng.int(awards.length), 1);
        } else if (roll < 0.7) {
          const kind = rng.next() < 0.5 ? 'Points' : 'RewardShare';
          const cost = kind === 'Points' ? 100 : 25;
          const charge = {
            participationId: team.participationId,
            challengeId: challenge.id,
            allowNegative: false,
            time,
          };
          hintCharges.push({ ...charge, kind, cost });
        }
        const solves = mergeSolves(current.solves, newSolves(current, rng, clock));
        current = { ...current, solves, awards: [...awards], hintCharges: [...hintCharges] };
        const { model: nextModel, delta, served: next } = rebuild(model, current, START + step + 1);
        expect(delta, `seed ${seed} step ${step}`).not.toBeNull();
        const message = LiveMessage.parse(
          JSON.parse(JSON.stringify({ type: 'scoreboard', data: { gameId: 1, version: next.version, delta } })),
        );
        if (message.type !== 'scoreboard' || !message.data.delta) throw new Error('no delta');
        held = applyScoreboardDelta(held, message.data.delta);
        expect(held, `seed ${seed} step ${step}`).toEqual(next);
        if (delta?.rows.some((row) => row.adjustments !== undefined)) carried++;
        model = nextModel;
      }
    }
    expect(carried).toBeGreaterThan(50);
  });

  it('sends the new solve and the changed columns, not every row, when a value change re-prices many solvers', () => {
    const { input } = randomGame(7);
    const teams = plainTeams(200);
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
