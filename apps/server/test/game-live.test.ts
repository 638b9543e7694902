import type { LiveMessage } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndSignIn, type TestClient } from './client';
import { del, expectError, ok, signUp, signUpAdmin, userId } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { closedWithin, cookieOf, type OpenSocket, openSocket, until, upgradeStatus, wsUrl } from './live-sockets';
import { addFlag, createChallenge, createGame, createPlayer, type Player } from './play-fixtures';
import { withTwoApps } from './two-apps';

const HOUR = 3_600_000;

const connect = (url: string, cookie?: string) => openSocket<LiveMessage>(url, cookie ? { cookie } : {});

describe('live websocket', () => {
  let ctx: TestContext;
  let gameId: number;
  let challengeId: number;
  let player: Player;
  let monitorCookie: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const now = ctx.clock.now().getTime();
    gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    challengeId = await createChallenge(ctx.db, gameId, { title: 'Live' });
    await addFlag(ctx.db, challengeId, 'flag{live}');
    player = await createPlayer(ctx.app, ctx.db, gameId, 'liveplayer');
    const monitor = await createPlayer(ctx.app, ctx.db, gameId, 'livemonitor');
    await ctx.db.updateTable('users').set({ role: 'Monitor' }).where('id', '=', monitor.userId).execute();
    monitorCookie = cookieOf(monitor.client);
  });
  afterAll(() => ctx.close());

  it('refuses games that have not started or do not exist before upgrading', async () => {
    const now = ctx.clock.now().getTime();
    const future = await createGame(ctx.db, { start: new Date(now + HOUR), end: new Date(now + 2 * HOUR) });
    for (const path of [`/api/game/${future}/live`, '/api/game/987654/live']) {
      expect([400, 404]).toContain(await upgradeStatus(wsUrl(ctx.app, path)));
    }
  });

  it('answers a plain HTTP request with 426 {title, status}, and bad ids with 400 first', async () => {
    const response = await ctx.app.inject({ url: `/api/game/${gameId}/live` });
    expectError(response, 426);
    expect(response.headers.upgrade).toBe('websocket');
    expectError(await ctx.app.inject({ url: '/api/game/abc/live' }), 400);
    expectError(await ctx.app.inject({ url: '/api/game/987654/live' }), 404);
  });

  it('sends players notices and scoreboard changes, and monitors also events and submissions', async () => {
    const anonymous = await connect(wsUrl(ctx.app, `/api/game/${gameId}/live`));
    const monitor = await connect(wsUrl(ctx.app, `/api/game/${gameId}/live`), monitorCookie);
    await ctx.app.inject({ url: `/api/game/${gameId}/scoreboard` });
    const response = await player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag: 'flag{live}' });
    expect(response.statusCode).toBe(200);
    await ctx.app.services.play.flagChecker.drain();
    await until(() => anonymous.messages.some((m) => m.type === 'scoreboard'));
    await until(() => monitor.messages.some((m) => m.type === 'submission'));
    const types = (list: LiveMessage[]) => [...new Set(list.map((m) => m.type))].sort();
    expect(types(anonymous.messages)).toEqual(['notice', 'scoreboard']);
    expect(types(monitor.messages)).toEqual(['event', 'notice', 'scoreboard', 'submission']);
    const notice = anonymous.messages.find((m) => m.type === 'notice');
    expect(notice?.data).toMatchObject({ type: 'FirstBlood', values: ['T-liveplayer', 'Live'] });
    const submission = monitor.messages.find((m) => m.type === 'submission');
    expect(submission?.data).toMatchObject({ answer: 'flag{live}', status: 'Accepted', user: 'liveplayer' });
    anonymous.ws.close();
    monitor.ws.close();
  });
});

describe('monitor sockets follow their credentials', () => {
  let ctx: TestContext;
  let gameId: number;
  let challengeId: number;
  let player: Player;
  let admin: TestClient;
  let watcher: OpenSocket<LiveMessage>;

  const live = () => wsUrl(ctx.app, `/api/game/${gameId}/live`);

  /** A signed-in Monitor with a live socket open. */
  async function connectedMonitor(name: string) {
    const client = await signUp(ctx, name);
    const id = await userId(ctx, name);
    await ctx.db.updateTable('users').set({ role: 'Monitor' }).where('id', '=', id).execute();
    return { client, id, socket: await connect(live(), cookieOf(client)) };
  }

  /** Submits a wrong flag and waits until a monitor that stayed connected has seen it. */
  async function submitWrongFlag(answer: string): Promise<void> {
    const response = await player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag: answer });
    expect(response.statusCode).toBe(200);
    await ctx.app.services.play.flagChecker.drain();
    await until(() => watcher.messages.some((m) => m.type === 'submission' && m.data.answer === answer));
  }

  const submissionsSeen = (socket: OpenSocket<LiveMessage>) => socket.messages.filter((m) => m.type === 'submission');

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const now = ctx.clock.now().getTime();
    gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    challengeId = await createChallenge(ctx.db, gameId, { title: 'Guarded' });
    await addFlag(ctx.db, challengeId, 'flag{guarded}');
    player = await createPlayer(ctx.app, ctx.db, gameId, 'guardedplayer');
    admin = await signUpAdmin(ctx, 'guardadmin');
    watcher = (await connectedMonitor('guardwatcher')).socket;
  });
  afterAll(async () => {
    watcher.ws.close();
    await ctx.close();
  });

  it('closes a demoted monitor’s socket; reconnected, it gets player messages only', async () => {
    const monitor = await connectedMonitor('demotedmon');
    await submitWrongFlag('flag{before demotion}');
    await until(() => submissionsSeen(monitor.socket).length === 1);
    ok(await admin.put(`/api/admin/users/${monitor.id}`, { role: 'User' }));
    expect(await closedWithin(monitor.socket)).toBe(4401);
    const again = await connect(live(), cookieOf(monitor.client));
    await submitWrongFlag('flag{after demotion}');
    expect(submissionsSeen(again)).toEqual([]);
    expect(submissionsSeen(monitor.socket)).toHaveLength(1);
    again.ws.close();
  });

  it('closes a banned monitor’s socket; reconnected with the old cookie, it gets no submissions', async () => {
    const monitor = await connectedMonitor('bannedmon');
    ok(await admin.put(`/api/admin/users/${monitor.id}`, { role: 'Banned' }));
    expect(await closedWithin(monitor.socket)).toBe(4401);
    const again = await connect(live(), cookieOf(monitor.client));
    await submitWrongFlag('flag{after ban}');
    expect(submissionsSeen(again)).toEqual([]);
    again.ws.close();
  });

  it('closes the socket of a monitor who signs out, and leaves other monitors connected', async () => {
    const monitor = await connectedMonitor('leavingmon');
    ok(await monitor.client.post('/api/account/logout'));
    expect(await closedWithin(monitor.socket)).toBe(4401);
    await submitWrongFlag('flag{after sign-out}');
    expect(watcher.ws.readyState).toBe(watcher.ws.OPEN);
  });

  it('closes a monitor’s socket when an administrator deletes the user', async () => {
    const monitor = await connectedMonitor('deletedmon');
    ok(await del(admin, `/api/admin/users/${monitor.id}`));
    expect(await closedWithin(monitor.socket)).toBe(4401);
  });
});

describe('live fan-out across processes (Redis)', () => {
  let ctx: TestContext;
  let gameId: number;
  let challengeId: number;
  beforeAll(async () => {
    ctx = await createTestContext();
    const now = ctx.clock.now().getTime();
    gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    challengeId = await createChallenge(ctx.db, gameId, { title: 'Fan' });
    await addFlag(ctx.db, challengeId, 'flag{fan}');
  });
  afterAll(() => ctx.close());

  it('delivers a notice published by one app to a socket on another', async () => {
    await withTwoApps(ctx, async (appA, appB) => {
      const player = await createPlayer(appA, ctx.db, gameId, 'fanplayer');
      const listener = await connect(wsUrl(appB, `/api/game/${gameId}/live`));
      // Warm B's scoreboard so that the invalidation from A makes B rebuild and tell its sockets.
      const before = await appB.inject({ url: `/api/game/${gameId}/scoreboard` });
      const response = await player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag: 'flag{fan}' });
      expect(response.statusCode).toBe(200);
      await appA.services.play.flagChecker.drain();
      await until(() => listener.messages.some((m) => m.type === 'notice'));
      await until(() => listener.messages.some((m) => m.type === 'scoreboard'));
      expect(listener.messages.find((m) => m.type === 'notice')?.data).toMatchObject({ type: 'FirstBlood' });
      // B's board was rebuilt from A's solve.
      const after = await appB.inject({
        url: `/api/game/${gameId}/scoreboard`,
        headers: { 'if-none-match': String(before.headers.etag) },
      });
      expect(after.statusCode).toBe(200);
      listener.ws.close();
    });
  });

  it('closes a monitor’s socket on one app when an administrator demotes the user on another', async () => {
    await withTwoApps(ctx, async (appA, appB) => {
      const admin = await registerAndSignIn(appA, 'fanadmin', '10.7.0.1');
      await ctx.db.updateTable('users').set({ role: 'Admin' }).where('user_name', '=', 'fanadmin').execute();
      const monitor = await registerAndSignIn(appB, 'fanmonitor', '10.7.0.2');
      const monitorId = await userId(ctx, 'fanmonitor');
      await ctx.db.updateTable('users').set({ role: 'Monitor' }).where('id', '=', monitorId).execute();
      const socket = await connect(wsUrl(appB, `/api/game/${gameId}/live`), cookieOf(monitor));
      ok(await admin.put(`/api/admin/users/${monitorId}`, { role: 'User' }));
      expect(await closedWithin(socket)).toBe(4401);
    });
  });
});
