import { describe, expect, it } from 'vitest';
import { mergeSolves, mergeSolvesInto } from './merge-solves';
import type { ScoreboardSolveInput } from './types';

const solve = (participationId: number, challengeId: number, time: number, userName = `u${participationId}`) =>
  ({ participationId, challengeId, time, userName }) satisfies ScoreboardSolveInput;

const summary = (solves: ScoreboardSolveInput[]) =>
  solves.map((s) => `${s.participationId}/${s.challengeId}@${s.time}`);

describe('mergeSolves', () => {
  const loaded = [solve(1, 10, 100), solve(2, 10, 200), solve(1, 11, 300)];

  it('appends new solves in time order without touching the loaded list', () => {
    const merged = mergeSolves(loaded, [solve(3, 11, 500), solve(2, 11, 400)]);
    expect(summary(merged)).toEqual(['1/10@100', '2/10@200', '1/11@300', '2/11@400', '3/11@500']);
    expect(loaded).toHaveLength(3);
  });

  it('places a late-recorded solve by its time, after solves of the same millisecond', () => {
    const merged = mergeSolves(loaded, [solve(3, 10, 200)]);
    expect(summary(merged)).toEqual(['1/10@100', '2/10@200', '3/10@200', '1/11@300']);
  });

  it('ignores a solve it already has, so a repeated event changes nothing', () => {
    const once = mergeSolves(loaded, [solve(3, 11, 500)]);
    expect(mergeSolves(once, [solve(3, 11, 500)])).toEqual(once);
    expect(mergeSolves(loaded, [solve(2, 10, 250)])).toEqual(loaded);
  });

  it('moves a pair to an earlier time with its user, as the database keeps the earliest correct submission', () => {
    const merged = mergeSolves(loaded, [solve(1, 11, 150, 'early')]);
    expect(summary(merged)).toEqual(['1/10@100', '1/11@150', '2/10@200']);
    expect(merged[1]?.userName).toBe('early');
  });

  it('keeps the earliest of several new solves of one pair', () => {
    const merged = mergeSolves([], [solve(4, 12, 900), solve(4, 12, 700), solve(4, 12, 800)]);
    expect(summary(merged)).toEqual(['4/12@700']);
  });

  it('merges in place into a list the caller owns, with the same result', () => {
    const held = [...loaded];
    const added = [solve(1, 11, 150, 'early'), solve(3, 11, 500), solve(2, 10, 250)];
    const merged = mergeSolvesInto(held, added);
    expect(merged).toBe(held);
    expect(merged).toEqual(mergeSolves(loaded, added));
  });
});
