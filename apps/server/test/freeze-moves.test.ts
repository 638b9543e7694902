import type { GameNotice, ScoreboardModel, TeamGameResult } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndSignIn, TestClient } from './client';
import { ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import {
  acceptParticipation,
  addFlag,
  createChallenge,
  createGame,
  createPlayer,
  createTeamWithMembers,
  userId,
} from './play-fixtures';

/*
 * Freeze rules beyond the board itself (docs/game-play.md, "Freeze and reveal"): moving `freezeAt` publishes exactly
 * the held bloods that now lie before it and never takes a published one back; the public team page follows the
 * scoreboard's rule (organisers live, everyone else frozen); a Monitor who plays reads the live board on their own
 * team's challenge list too, while a plain team-mate gets the frozen scores with the team's own solves marked.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let ctx: TestContext;
let admin: TestClient;
let anonymous: TestClient;
let t0: number;

async function settle() {
  await ctx.app.services.play.flagChecker.drain();
  await ctx.app.services.play.scoreboard.settle();
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUpAdmin(ctx, 'mvadmin');
  anonymous = new TestClient(ctx.app, '10.45.0.9');
  t0 = ctx.clock.now().getTime();
});
afterAll(() => ctx.close());

describe('moving freezeAt', () => {
  let gameId: number;
  const body = () => ({ title: 'Moving', start: t0 - HOUR, end: t0 + 2 * HOUR });
  const bloods = async () =>
    ok<GameNotice[]>(await anonymous.get(`/api/game/${gameId}/notices`))
      .filter((notice) => notice.type === 'FirstBlood')
      .map((notice) => notice.values[1])
      .reverse();

  beforeAll(async () => {
    gameId = await createGame(ctx.db, { start: new Date(t0 - HOUR), end: new Date(t0 + 2 * HOUR), title: 'Moving' });
    ok(await admin.put(`/api/edit/games/${gameId}`, { ...body(), freezeAt: t0 + 10 * MINUTE }));
    const player = await createPlayer(ctx.app, ctx.db, gameId, 'mvplayer');
    // Four first bloods during the freeze, at +12, +14, +25 and +27 minutes.
    for (const [title, at] of [
      ['A', 12],
      ['B', 14],
      ['C', 25],
      ['D', 27],
    ] as const) {
      const challengeId = await createChallenge(ctx.db, gameId, { title });
      await addFlag(ctx.db, challengeId, `flag{${title}}`);
      ctx.clock.set(new Date(t0 + at * MINUTE));
      // D is solved after the freeze has been moved (below).
      if (title === 'D') continue;
      ok(await player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag: `flag{${title}}` }));
      await settle();
    }
    ctx.clock.set(new Date(t0 + 26 * MINUTE));
  });

  it('holds every blood won after the freeze', async () => {
    expect(await bloods()).toEqual([]);
  });

  it('publishes, in order, the held bloods that now lie before a later freeze; later ones stay held', async () => {
    ok(await admin.put(`/api/edit/games/${gameId}`, { ...body(), freezeAt: t0 + 20 * MINUTE }));
    expect(await bloods()).toEqual(['A', 'B']);
  });

  it('never takes a published blood back when moved earlier, and holds the bloods won after it', async () => {
    ok(await admin.put(`/api/edit/games/${gameId}`, { ...body(), freezeAt: t0 + 5 * MINUTE }));
    expect(await bloods()).toEqual(['A', 'B']);
    ctx.clock.set(new Date(t0 + 27 * MINUTE));
    const d = ok<ScoreboardModel>(await admin.get(`/api/game/${gameId}/scoreboard`));
    const challengeD = Object.values(d.challenges)
      .flat()
      .find((c) => c?.title === 'D');
    const player = await createPlayer(ctx.app, ctx.db, gameId, 'mvlate');
    ok(await player.client.post(`/api/game/${gameId}/challenges/${challengeD?.id}`, { flag: 'flag{D}' }));
    await settle();
    expect(await bloods()).toEqual(['A', 'B']);
  });

  it('publishes the rest in the order they were won when the freeze is removed', async () => {
    ok(await admin.put(`/api/edit/games/${gameId}`, { ...body(), freezeAt: null }));
    expect(await bloods()).toEqual(['A', 'B', 'C', 'D']);
  });
});

describe('organisers and the frozen board elsewhere', () => {
  let gameId: number;
  let teamId: number;
  let monitor: TestClient;
  let mate: TestClient;
  let challengeId: number;
  interface Details {
    challenges: Record<string, { id: number; score: number; solved: number }[]>;
    rank: { score: number; solvedChallenges: { id: number }[] };
  }
  const details = async (client: TestClient) => ok<Details>(await client.get(`/api/game/${gameId}/details`));
  const column = (model: Details) =>
    Object.values(model.challenges)
      .flat()
      .find((c) => c.id === challengeId);
  const result = async (client: TestClient) =>
    ok<TeamGameResult[]>(await client.get(`/api/team/${teamId}/games`)).find((r) => r.game.id === gameId);

  beforeAll(async () => {
    ctx.clock.set(new Date(t0));
    gameId = await createGame(ctx.db, { start: new Date(t0 - HOUR), end: new Date(t0 + HOUR), title: 'Mixed' });
    challengeId = await createChallenge(ctx.db, gameId, {
      title: 'Decaying',
      originalScore: 1000,
      minScoreRate: 0.25,
      difficulty: 1,
    });
    await addFlag(ctx.db, challengeId, 'flag{decay}');
    // An early solver, so the challenge's worth moves when the Monitor's team solves during the freeze.
    const early = await createPlayer(ctx.app, ctx.db, gameId, 'mvearly');
    ok(await early.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag: 'flag{decay}' }));
    await settle();
    ok(
      await admin.put(`/api/edit/games/${gameId}`, {
        title: 'Mixed',
        start: t0 - HOUR,
        end: t0 + HOUR,
        freezeAt: t0 + MINUTE,
      }),
    );

    monitor = await registerAndSignIn(ctx.app, 'mvmonitor', '10.45.1.1');
    mate = await registerAndSignIn(ctx.app, 'mvmate', '10.45.1.2');
    const monitorId = await userId(ctx.db, 'mvmonitor');
    const mateId = await userId(ctx.db, 'mvmate');
    await ctx.db.updateTable('users').set({ role: 'Monitor' }).where('id', '=', monitorId).execute();
    teamId = await createTeamWithMembers(ctx.db, 'Watchers', [monitorId, mateId]);
    await acceptParticipation(ctx.db, gameId, teamId, [monitorId, mateId]);
    ctx.clock.set(new Date(t0 + 5 * MINUTE));
    ok(await monitor.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag: 'flag{decay}' }));
    await settle();
  });

  it('gives organisers the live standing on the public team page, everyone else the frozen one', async () => {
    const live = ok<ScoreboardModel>(await admin.get(`/api/game/${gameId}/scoreboard`));
    const liveScore = live.items.find((item) => item.id === teamId)?.score ?? 0;
    expect(liveScore).toBeGreaterThan(0);
    expect(await result(admin)).toMatchObject({ score: liveScore, solvedCount: 1 });
    expect(await result(monitor)).toMatchObject({ score: liveScore, solvedCount: 1 });
    for (const client of [anonymous, mate]) expect(await result(client)).toMatchObject({ score: 0, solvedCount: 0 });
  });

  it('gives a Monitor who plays the live board on their challenge list and challenge, like the scoreboard', async () => {
    const live = ok<ScoreboardModel>(await monitor.get(`/api/game/${gameId}/scoreboard`));
    const liveColumn = Object.values(live.challenges)
      .flat()
      .find((c) => c?.id === challengeId);
    const own = await details(monitor);
    expect(own.rank.score).toBe(live.items.find((item) => item.id === teamId)?.score);
    expect(column(own)).toMatchObject({ solved: 2, score: liveColumn?.score });
    const detail = ok<{ score: number }>(await monitor.get(`/api/game/${gameId}/challenges/${challengeId}`));
    expect(detail.score).toBe(liveColumn?.score);
  });

  it('gives a plain team-mate the frozen scores and counts, with the team’s own solve marked', async () => {
    const frozen = ok<ScoreboardModel>(await anonymous.get(`/api/game/${gameId}/scoreboard`));
    const frozenColumn = Object.values(frozen.challenges)
      .flat()
      .find((c) => c?.id === challengeId);
    const theirs = await details(mate);
    expect(theirs.rank.score).toBe(0);
    expect(theirs.rank.solvedChallenges.map((solve) => solve.id)).toEqual([challengeId]);
    expect(column(theirs)).toMatchObject({ solved: 1, score: frozenColumn?.score });
    const detail = ok<{ score: number }>(await mate.get(`/api/game/${gameId}/challenges/${challengeId}`));
    expect(detail.score).toBe(frozenColumn?.score);
    // The worth moved with the Monitor's solve: the two views differ.
    const live = ok<ScoreboardModel>(await admin.get(`/api/game/${gameId}/scoreboard`));
    const liveColumn = Object.values(live.challenges)
      .flat()
      .find((c) => c?.id === challengeId);
    expect(liveColumn?.score).not.toBe(frozenColumn?.score);
  });
});
