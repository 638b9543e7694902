import type { AwardInfo, HintEditInfo, HintPlayerInfo, LiveMessage, ScoreboardModel } from '@flagpole/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndSignIn, TestClient } from './client';
import { expectError, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { cookieOf, openSocket, until, wsUrl } from './live-sockets';
import {
  acceptParticipation,
  addFlag,
  createChallenge,
  createGame,
  createPlayer,
  createTeamWithMembers,
  userId,
} from './play-fixtures';
import { importZip } from './transfer-fixtures';
import { withTwoApps } from './two-apps';

/*
 * Locked hints and awards (issue 28; docs/game-play.md, "Hints with a cost", "Awards and penalties"): each rule on
 * both databases, including two team-mates unlocking at once and a solve and an unlock at once; the live side with
 * two server processes: an unlock reaches the team-mates' sockets (and no other team's), and a FreeAfter hint's
 * NewHint notice is posted once at its time, never naming a challenge players do not see.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let ctx: TestContext;
let gameId: number;
let admin: TestClient;
let alice: TestClient;
let bob: TestClient;
let aliceTeam: number;
let carol: TestClient;
let carolTeam: number;
const challenge = { warm: 0, main: 0, late: 0, ghost: 0 };
const hint = { points: 0, share: 0, free: 0, dear: 0, race: 0, ghost: 0 };
let freeAt: number;

async function settle() {
  await ctx.app.services.play.flagChecker.drain();
  await ctx.app.services.play.scoreboard.settle();
}

async function row(teamId: number, client: TestClient = admin) {
  await settle();
  const board = ok<ScoreboardModel>(await client.get(`/api/game/${gameId}/scoreboard`));
  const item = board.items.find((candidate) => candidate.id === teamId);
  if (!item) throw new Error(`team ${teamId} is not on the board`);
  return item;
}

async function addHint(challengeId: number, body: Record<string, unknown>): Promise<number> {
  const list = ok<HintEditInfo[]>(await admin.post(`/api/edit/games/${gameId}/challenges/${challengeId}/hints`, body));
  return (list.at(-1) as HintEditInfo).id;
}

const hintsPath = (challengeId: number) => `/api/game/${gameId}/challenges/${challengeId}/hints`;
const unlock = (client: TestClient, challengeId: number, hintId: number) =>
  client.post(`${hintsPath(challengeId)}/${hintId}/unlock`, {});

async function solve(client: TestClient, challengeId: number) {
  ok(await client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag: `flag{${challengeId}}` }));
  await settle();
}

beforeAll(async () => {
  ctx = await createTestContext();
  const now = ctx.clock.now().getTime();
  freeAt = now + 10 * MINUTE;
  gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR), title: 'Hints' });
  const plain = { disableBloodBonus: true, minScoreRate: 1 };
  challenge.warm = await createChallenge(ctx.db, gameId, { title: 'Warm', originalScore: 500, ...plain });
  challenge.main = await createChallenge(ctx.db, gameId, { title: 'Main', originalScore: 1000, ...plain });
  challenge.late = await createChallenge(ctx.db, gameId, { title: 'Late', originalScore: 400, ...plain });
  challenge.ghost = await createChallenge(ctx.db, gameId, { title: 'Ghost', enabled: false });
  for (const id of Object.values(challenge)) await addFlag(ctx.db, id, `flag{${id}}`);

  admin = await signUpAdmin(ctx, 'hintadmin');
  alice = await registerAndSignIn(ctx.app, 'hintalice', '10.61.0.1');
  bob = await registerAndSignIn(ctx.app, 'hintbob', '10.61.0.2');
  const members = [await userId(ctx.db, 'hintalice'), await userId(ctx.db, 'hintbob')];
  aliceTeam = await createTeamWithMembers(ctx.db, 'Hint Pair', members);
  await acceptParticipation(ctx.db, gameId, aliceTeam, members);
  const c = await createPlayer(ctx.app, ctx.db, gameId, 'hintcarol');
  carol = c.client;
  carolTeam = c.teamId;

  hint.points = await addHint(challenge.main, {
    title: 'Nudge',
    content: 'look at the headers',
    kind: 'Points',
    cost: 100,
  });
  hint.share = await addHint(challenge.main, {
    title: 'Walkthrough',
    content: 'the key is 42',
    kind: 'RewardShare',
    cost: 50,
    requiresHintId: hint.points,
  });
  hint.free = await addHint(challenge.main, { title: 'Later', content: 'for all', kind: 'FreeAfter', freeAt });
  hint.dear = await addHint(challenge.warm, { title: 'Dear', content: 'costly', kind: 'Points', cost: 5000 });
  hint.race = await addHint(challenge.late, { title: 'Race', content: 'raced', kind: 'RewardShare', cost: 25 });
  hint.ghost = await addHint(challenge.ghost, { title: 'Ghost hint', content: 'secret', kind: 'Points', cost: 1 });
});
afterAll(() => ctx.close());

describe('organisers', () => {
  it('refuse a hint without a valid cost, a FreeAfter without its time, and a requirement of another challenge', async () => {
    const path = `/api/edit/games/${gameId}/challenges/${challenge.main}/hints`;
    expectError(await admin.post(path, { title: 'x', content: 'y', kind: 'RewardShare', cost: 0 }), 400);
    expectError(await admin.post(path, { title: 'x', content: 'y', kind: 'FreeAfter' }), 400);
    expectError(await admin.post(path, { title: 'x', content: 'y', kind: 'Points', requiresHintId: hint.dear }), 400);
    expectError(await alice.post(path, { title: 'x', content: 'y', kind: 'Points', cost: 1 }), 403);
  });
});

describe('players', () => {
  it('see titles and costs but no content before unlocking, and nothing of a disabled challenge', async () => {
    const list = ok<HintPlayerInfo[]>(await alice.get(hintsPath(challenge.main)));
    expect(list.map((h) => [h.title, h.kind, h.cost, h.unlocked, h.content])).toEqual([
      ['Nudge', 'Points', 100, false, null],
      ['Walkthrough', 'RewardShare', 50, false, null],
      ['Later', 'FreeAfter', 0, false, null],
    ]);
    expect(JSON.stringify(list)).not.toContain('headers');
    expectError(await alice.get(hintsPath(challenge.ghost)), 404);
    expectError(await unlock(alice, challenge.ghost, hint.ghost), 404);
  });

  it('cannot unlock a points hint the team cannot pay', async () => {
    expectError(await unlock(carol, challenge.warm, hint.dear), 400);
    expect((await row(carolTeam)).score).toBe(0);
  });

  it('charge once when two team-mates unlock at once, and both see who unlocked it', async () => {
    await solve(alice, challenge.warm);
    const [first, second] = await Promise.all([
      unlock(alice, challenge.main, hint.points),
      unlock(bob, challenge.main, hint.points),
    ]);
    for (const response of [first, second]) {
      const nudge = ok<HintPlayerInfo[]>(response).find((h) => h.id === hint.points);
      expect(nudge?.content).toBe('look at the headers');
    }
    // A third click charges nothing either.
    ok(await unlock(alice, challenge.main, hint.points));
    const seen = ok<HintPlayerInfo[]>(await bob.get(hintsPath(challenge.main))).find((h) => h.id === hint.points);
    expect(['hintalice', 'hintbob']).toContain(seen?.unlockedBy);
    const team = await row(aliceTeam);
    expect(team.score).toBe(400);
    expect(team.adjustments).toEqual([
      expect.objectContaining({ kind: 'HintPoints', points: -100, challengeId: challenge.main }),
    ]);
  });

  it('need the required hint first, and a reward share costs its percentage only on the solve', async () => {
    expectError(await unlock(carol, challenge.main, hint.share), 400);
    ok(await unlock(alice, challenge.main, hint.share));
    expect((await row(aliceTeam)).score).toBe(400);
    ctx.clock.advance(MINUTE);
    await solve(bob, challenge.main);
    const team = await row(aliceTeam);
    expect(team.score).toBe(500 + 1000 - 100 - 500);
    expect(team.adjustments?.map((a) => [a.kind, a.points])).toEqual([
      ['HintPoints', -100],
      ['HintShare', -500],
    ]);
    // Other teams see the deductions on the board too.
    expect((await row(aliceTeam, carol)).score).toBe(900);
  });

  it('charge a reward share unlocked at the same instant as the solve', async () => {
    const [submitted, unlocked] = await Promise.all([
      carol.post(`/api/game/${gameId}/challenges/${challenge.late}`, { flag: `flag{${challenge.late}}` }),
      unlock(carol, challenge.late, hint.race),
    ]);
    ok(submitted);
    ok(unlocked);
    const team = await row(carolTeam);
    // The clock stands still in tests: unlock and solve share one instant, and an unlock at or before the solve counts.
    expect(team.score).toBe(300);
  });

  it('read a FreeAfter hint only from its time, without unlocking it', async () => {
    expectError(await unlock(carol, challenge.main, hint.free), 400);
    ctx.clock.set(new Date(freeAt));
    const later = ok<HintPlayerInfo[]>(await carol.get(hintsPath(challenge.main))).find((h) => h.id === hint.free);
    expect(later?.content).toBe('for all');
    expect(later?.unlockedBy).toBeNull();
  });
});

describe('awards and penalties', () => {
  let awardId: number;

  it('give points with a reason shown on the board, and only organisers may', async () => {
    const path = `/api/edit/games/${gameId}/awards`;
    expectError(await alice.post(path, { teamId: aliceTeam, points: 10, reason: 'me' }), 403);
    expectError(await admin.post(path, { teamId: aliceTeam, points: 0, reason: 'nothing' }), 400);
    expectError(await admin.post(path, { teamId: 999_999, points: 5, reason: 'nobody' }), 400);
    const given = ok<AwardInfo>(await admin.post(path, { teamId: carolTeam, points: -50, reason: 'flag sharing' }));
    awardId = given.id;
    expect(given).toMatchObject({ teamId: carolTeam, points: -50, reason: 'flag sharing', createdBy: 'hintadmin' });
    const team = await row(carolTeam, alice);
    expect(team.score).toBe(250);
    expect(team.adjustments?.at(-1)).toMatchObject({ kind: 'Award', points: -50, reason: 'flag sharing' });
    expect(ok<AwardInfo[]>(await admin.get(path)).map((a) => a.id)).toEqual([awardId]);
  });

  it('are removable', async () => {
    ok(await admin.send('DELETE', `/api/edit/games/${gameId}/awards/${awardId}`));
    expect((await row(carolTeam)).score).toBe(300);
    expectError(await admin.send('DELETE', `/api/edit/games/${gameId}/awards/${awardId}`), 404);
  });
});

describe('game packages', () => {
  it('carry locked hints with their costs, times and requirements', async () => {
    const exported = await admin.post(`/api/edit/games/${gameId}/export`);
    const copy = ok<number>(await importZip(admin, exported.rawPayload));
    const challenges = ok<Array<{ id: number; title: string }>>(await admin.get(`/api/edit/games/${copy}/challenges`));
    const main = challenges.find((c) => c.title === 'Main');
    const hints = ok<HintEditInfo[]>(await admin.get(`/api/edit/games/${copy}/challenges/${main?.id}/hints`));
    expect(hints.map((h) => [h.title, h.kind, h.cost, h.freeAt, h.unlockCount])).toEqual([
      ['Nudge', 'Points', 100, null, 0],
      ['Walkthrough', 'RewardShare', 50, null, 0],
      ['Later', 'FreeAfter', 0, freeAt, 0],
    ]);
    expect(hints[1]?.requiresHintId).toBe(hints[0]?.id);
  });
});

/** `client`'s session on another process (the same cookies, another app). */
function signedInOn(app: FastifyInstance, client: TestClient, address: string): TestClient {
  const copy = new TestClient(app, address);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

describe('live', () => {
  it('tells the team-mates of an unlock on another process, and no other team', async () => {
    const cheap = await addHint(challenge.warm, { title: 'Cheap', content: 'cheap words', kind: 'Points', cost: 1 });
    await withTwoApps(ctx, async (appA, appB) => {
      const live = wsUrl(appB, `/api/game/${gameId}/live`);
      const mate = await openSocket<LiveMessage>(live, { cookie: cookieOf(bob) });
      const other = await openSocket<LiveMessage>(live, { cookie: cookieOf(carol) });
      try {
        const unlocked = ok<HintPlayerInfo[]>(
          await signedInOn(appA, alice, '10.61.1.1').post(`${hintsPath(challenge.warm)}/${cheap}/unlock`, {}),
        );
        expect(unlocked.find((h) => h.id === cheap)?.content).toBe('cheap words');
        await until(() => mate.messages.some((m) => m.type === 'hintUnlocked'));
        expect(mate.messages.find((m) => m.type === 'hintUnlocked')).toEqual({
          type: 'hintUnlocked',
          data: { gameId, challengeId: challenge.warm, hintId: cheap },
        });
        // A notice published after the unlock reaches the other team; the unlock, published before it, did not.
        ok(await signedInOn(appA, admin, '10.61.1.2').post(`/api/edit/games/${gameId}/notices`, { content: 'after' }));
        await until(() => other.messages.some((m) => m.type === 'notice'));
        expect(other.messages.map((m) => m.type)).not.toContain('hintUnlocked');
        expect(JSON.stringify(mate.messages)).not.toContain('audience');
      } finally {
        mate.ws.close();
        other.ws.close();
      }
    });
  });

  it('posts one NewHint notice when FreeAfter hints come free, only for challenges players see', async () => {
    // The earlier FreeAfter hint of Main came free on this process alone: its notice is posted by now.
    const mainNotices = async () =>
      (await ctx.db.selectFrom('game_notices').select('values').where('type', '=', 'NewHint').execute()).filter(
        (row) => row.values[0] === 'Main',
      ).length;
    await expect.poll(mainNotices, { timeout: 3000, interval: 50 }).toBe(1);
    const at = ctx.clock.now().getTime() + 5 * MINUTE;
    const future = new Date(at + HOUR);
    const hidden = await createChallenge(ctx.db, gameId, { title: 'Hidden Door' });
    await ctx.db
      .insertInto('challenge_prerequisites')
      .values({ challenge_id: hidden, required_id: challenge.main })
      .execute();
    await ctx.db.updateTable('challenges').set({ prerequisite_hidden: true }).where('id', '=', hidden).execute();
    const unreleased = await createChallenge(ctx.db, gameId, { title: 'Tomorrow Box' });
    await ctx.db.updateTable('challenges').set({ release_at: future }).where('id', '=', unreleased).execute();
    const free = { kind: 'FreeAfter', freeAt: at };
    for (const id of [challenge.warm, challenge.warm, challenge.ghost, hidden, unreleased]) {
      await addHint(id, { title: 'Opens', content: 'open', ...free });
    }
    const newHints = async () =>
      (
        await ctx.db
          .selectFrom('game_notices')
          .select('values')
          .where('game_id', '=', gameId)
          .where('type', '=', 'NewHint')
          .where('published_at', '>=', new Date(at))
          .execute()
      ).map((row) => row.values);
    // The context's own process is a third one on this database, on a bus of its own: were its ticker to claim the
    // notice, the two processes under test would never carry it. Stopped here, so the two under test decide.
    await ctx.app.services.play.hintNotices.stop();
    await withTwoApps(ctx, async (appA, appB) => {
      const sockets = await Promise.all(
        [appA, appB].map((app) => openSocket<LiveMessage>(wsUrl(app, `/api/game/${gameId}/live`))),
      );
      try {
        expect(await newHints()).toEqual([]);
        ctx.clock.set(new Date(at));
        for (const socket of sockets) await until(() => socket.messages.some((m) => m.type === 'notice'));
        // Several more ticks of every process.
        await new Promise((resolve) => setTimeout(resolve, 600));
        expect(await newHints()).toEqual([['Warm']]);
        for (const socket of sockets) {
          expect(socket.messages.filter((m) => m.type === 'notice').map((m) => m.data.values)).toEqual([['Warm']]);
        }
        const unclaimed = await ctx.db
          .selectFrom('challenge_hints')
          .select('id')
          .where('game_id', '=', gameId)
          .where('free_at', '<=', new Date(at))
          .where('notice_posted_at', 'is', null)
          .execute();
        expect(unclaimed).toEqual([]);
      } finally {
        for (const socket of sockets) socket.ws.close();
      }
    });
    ctx.app.services.play.hintNotices.start();
  });
});
