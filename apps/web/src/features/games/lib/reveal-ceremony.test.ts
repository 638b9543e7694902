import {
  type ChallengeItem,
  type DivisionItem,
  GamePermission,
  type ScoreboardItem,
  type ScoreboardModel,
} from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { type CeremonyRow, planCeremony } from './reveal-ceremony';

const T0 = Date.UTC(2026, 5, 1, 8);
const FREEZE = T0 + 3_600_000;

const solve = (id: number, score: number, time: number): ChallengeItem => ({
  id,
  score,
  type: 'Normal',
  userName: null,
  time,
});

const item = (id: number, solves: ChallengeItem[], divisionId: number | null = null): ScoreboardItem => {
  const scoring = solves.filter((s) => s.score > 0);
  return {
    id,
    name: `team ${id}`,
    bio: null,
    divisionId,
    avatar: null,
    score: scoring.reduce((total, s) => total + s.score, 0),
    rank: 0,
    divisionRank: null,
    lastSubmissionTime: scoring.length === 0 ? 0 : Math.max(...scoring.map((s) => s.time)),
    solvedChallenges: solves,
    solvedCount: solves.length,
  };
};

/** A board of these rows, ranked like the server does (score, last solve, then the given order). */
const board = (items: ScoreboardItem[], divisions: DivisionItem[] = []): ScoreboardModel => {
  const last = (i: ScoreboardItem) => (i.lastSubmissionTime === 0 ? Number.POSITIVE_INFINITY : i.lastSubmissionTime);
  const sorted = items
    .map((i, entry) => ({ i, entry }))
    .sort((a, b) => b.i.score - a.i.score || last(a.i) - last(b.i) || a.entry - b.entry)
    .map(({ i }, place) => ({ ...i, rank: place + 1 }));
  return {
    updateTimeUtc: T0,
    bloodBonus: 0,
    timelines: [],
    items: sorted,
    divisions,
    challenges: {},
    challengeCount: 5,
  };
};

/** Frozen: the same teams with only the solves before the freeze, at these (frozen) values. */
const frozenOf = (live: ScoreboardItem[], frozenScore: (s: ChallengeItem) => number = (s) => s.score) =>
  board(
    live.map((i) => {
      const before = i.solvedChallenges.filter((s) => s.time < FREEZE).map((s) => ({ ...s, score: frozenScore(s) }));
      return item(i.id, before, i.divisionId);
    }),
  );

const order = (rows: readonly { id: number }[]) => rows.map((row) => row.id);

describe('planCeremony', () => {
  // Team 1 leads at the freeze; team 3, last at the freeze, solves twice during it and ends first.
  const teams = [
    item(1, [solve(1, 300, T0 + 1000)]),
    item(2, [solve(2, 200, T0 + 2000), solve(3, 150, FREEZE + 5000)]),
    item(3, [solve(4, 100, T0 + 3000), solve(1, 300, FREEZE + 1000), solve(5, 50, FREEZE + 2000)]),
  ];
  const live = board(teams);
  const frozen = frozenOf(teams);
  const steps = planCeremony(frozen, live, FREEZE);

  it('starts from the frozen board with the cursor on its last team', () => {
    const first = steps[0];
    expect(first?.action).toEqual({ kind: 'start' });
    expect(order(first?.rows ?? [])).toEqual([1, 2, 3]);
    expect(first?.rows.map((row) => row.score)).toEqual([300, 200, 100]);
    expect(first?.rows.map((row) => row.rank)).toEqual([1, 2, 3]);
    expect(first?.cursor).toBe(3);
  });

  it("opens the lowest team's solves in time order, moving it up, then resolves it", () => {
    expect(steps[1]?.action).toMatchObject({ kind: 'solve', teamId: 3, solve: { id: 1 }, from: 2, to: 0 });
    expect(order(steps[1]?.rows ?? [])).toEqual([3, 1, 2]);
    expect(steps[1]?.rows[0]).toMatchObject({ score: 400, rank: 1 });
    // The cursor follows the bottom: team 2 is now the lowest unresolved team.
    expect(steps[1]?.cursor).toBe(2);
    expect(steps[2]?.action).toMatchObject({ kind: 'solve', teamId: 2, solve: { id: 3 }, from: 2, to: 1 });
    expect(steps[2]?.cursor).toBe(1);
    // Team 1 has nothing pending: resolved where it is.
    expect(steps[3]?.action).toMatchObject({ kind: 'resolve', teamId: 1, from: 2, to: 2 });
    expect(steps[3]?.cursor).toBe(2);
  });

  it('ends on the live ranking with the live scores, every team resolved', () => {
    const last = steps.at(-1);
    expect(last?.cursor).toBeNull();
    expect(order(last?.rows ?? [])).toEqual(order(live.items));
    expect(last?.rows.map((row) => row.score)).toEqual(live.items.map((i) => i.score));
    expect(last?.rows.map((row) => row.rank)).toEqual(live.items.map((i) => i.rank));
    expect(last?.rows.every((row) => row.resolved && row.pending.length === 0)).toBe(true);
    // One step per solve made during the freeze and one per team, after the start.
    expect(steps).toHaveLength(1 + 3 + 3);
  });

  it('makes every step from the one before, so going back shows exactly the previous board', () => {
    const again = planCeremony(frozen, live, FREEZE);
    expect(again).toEqual(steps);
    for (let k = 1; k < steps.length; k++) {
      const moved = steps[k]?.action;
      if (!moved || moved.kind === 'start') throw new Error('a step acts on a team');
      const before = steps[k - 1]?.rows ?? [];
      const after = steps[k]?.rows ?? [];
      // Only the team acted on changed: every other row keeps its score, time, state and pending solves.
      const facts = (row: CeremonyRow) => [row.score, row.lastTime, row.resolved, row.pending];
      for (const row of after) {
        const was = before.find((b) => b.id === row.id);
        if (row.id !== moved.teamId && was) expect(facts(row)).toEqual(facts(was));
      }
      expect(before[moved.from]?.id).toBe(moved.teamId);
      expect(after[moved.to]?.id).toBe(moved.teamId);
    }
  });

  it('shows the exact live total on resolving when values decayed since the freeze', () => {
    // At the freeze challenge 1 was worth 500; it decays to 300 once team 3 solves it too.
    const decayed = planCeremony(
      frozenOf(teams, (s) => (s.id === 1 ? 500 : s.score)),
      live,
      FREEZE,
    );
    expect(decayed[0]?.rows.map((row) => [row.id, row.score])).toEqual([
      [1, 500],
      [2, 200],
      [3, 100],
    ]);
    const resolveOne = decayed.find((step) => step.action.kind === 'resolve' && step.action.teamId === 1);
    expect(resolveOne?.rows.find((row) => row.id === 1)?.score).toBe(300);
    expect(order(decayed.at(-1)?.rows ?? [])).toEqual(order(live.items));
  });

  it('breaks ties like the live board at the end and keeps the frozen order of unresolved equals', () => {
    // Teams 4 and 5 have nothing at the freeze; 5 (listed after 4 at the freeze) solves during it.
    const tied = [item(4, []), item(5, [solve(1, 100, FREEZE + 10)]), item(6, [solve(2, 100, FREEZE + 10)])];
    const liveTied = board(tied);
    const frozenTied = board(tied.map((i) => item(i.id, [])));
    const plan = planCeremony(frozenTied, liveTied, FREEZE);
    // The start does not give away who scored later: the frozen order.
    expect(order(plan[0]?.rows ?? [])).toEqual([4, 5, 6]);
    // Teams 5 and 6 end with the same score at the same millisecond: the live board's order decides.
    expect(order(plan.at(-1)?.rows ?? [])).toEqual(order(liveTied.items));
    expect(order(liveTied.items)).toEqual([5, 6, 4]);
  });

  it('opens nothing twice when the players’ board already shows the solves (a board revealed before)', () => {
    const replay = planCeremony(live, live, FREEZE);
    expect(replay.slice(1).every((s) => s.action.kind === 'resolve')).toBe(true);
    expect(order(replay.at(-1)?.rows ?? [])).toEqual(order(live.items));
    expect(replay.at(-1)?.rows.map((row) => row.score)).toEqual(live.items.map((i) => i.score));
  });

  it('numbers only teams whose division ranks overall, and skips solves worth nothing', () => {
    const divisions: DivisionItem[] = [
      { id: 1, name: 'Open', defaultPermissions: GamePermission.All, challengeConfigs: {} },
      { id: 2, name: 'Guests', defaultPermissions: GamePermission.ViewChallenge, challengeConfigs: {} },
    ];
    const mixed = [
      item(7, [solve(1, 100, T0 + 10), solve(2, 0, FREEZE + 10)], 1),
      item(8, [solve(1, 100, T0 + 20)], 2),
      item(9, [], 1),
    ];
    const plan = planCeremony(frozenOf(mixed), board(mixed, divisions), FREEZE);
    expect(plan[0]?.rows.map((row) => [row.id, row.rank])).toEqual([
      [7, 1],
      [8, 0],
      [9, 2],
    ]);
    // No solve steps (the only one scored 0): one resolve per team.
    expect(plan.slice(1).map((step) => step.action.kind)).toEqual(['resolve', 'resolve', 'resolve']);
  });
});
