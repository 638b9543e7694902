import { once } from 'node:events';
import { Writable } from 'node:stream';
import type { GameEvent, GameNotice, LogMessageModel, Submission } from '@flagpole/contract';
import { HttpTransportType } from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { registerAndSignIn, type TestClient } from './client';
import { del, ok, signUp, signUpAdmin, userId } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { type HubClientOptions, openHub, refusal } from './hub-clients';
import { cookieOf, until, upgradeStatus, wsUrl } from './live-sockets';
import { addFlag, createChallenge, createGame, createPlayer, type Player } from './play-fixtures';
import { withTwoApps } from './two-apps';

const HOUR = 3_600_000;
const RS = '\u001e';
const TRANSPORTS = [
  ['WebSockets', HttpTransportType.WebSockets],
  ['ServerSentEvents', HttpTransportType.ServerSentEvents],
] as const;
// Log lines go to a sink: the stored and pushed copies are what is checked.
const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
/** Everything the access tests' app logs, to prove tokens in query strings stay out of it. */
const logged: string[] = [];
const logStream = new Writable({
  write: (chunk, _encoding, done) => {
    logged.push(String(chunk));
    done();
  },
});

async function withRole(app: FastifyInstance, ctx: TestContext, name: string, role: 'Monitor' | 'Admin') {
  const client = await registerAndSignIn(app, name, `10.6.${name.length}.${Math.floor(Math.random() * 250)}`);
  await ctx.db.updateTable('users').set({ role }).where('user_name', '=', name).execute();
  return client;
}

describe('live hubs on two processes sharing PostgreSQL and Redis', () => {
  let ctx: TestContext;
  let gameId: number;

  beforeAll(async () => {
    ctx = await createTestContext({ LOG_LEVEL: 'info' }, { logStream: quiet });
    const now = ctx.clock.now().getTime();
    gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
  });
  afterAll(() => ctx.close());

  it.each(TRANSPORTS)(
    '%s: a client of process A receives what process B announces, in the contract’s shapes',
    async (name, transport) => {
      const challengeId = await createChallenge(ctx.db, gameId, { title: `Hubbed ${name}` });
      await addFlag(ctx.db, challengeId, 'flag{hubbed}');
      await withTwoApps(
        ctx,
        async (appA, appB) => {
          const admin = await withRole(appB, ctx, `hadm${name}`.slice(0, 15), 'Admin');
          const monitor = await withRole(appA, ctx, `hmon${name}`.slice(0, 15), 'Monitor');
          const playerName = `hply${name}`.slice(0, 15);
          const teamName = `T-${playerName}`.slice(0, 20);
          const player = await createPlayer(appB, ctx.db, gameId, playerName);
          const user = await openHub(appA, `/hub/user?game=${gameId}`, { transport });
          const watcher = await openHub(appA, `/hub/monitor?game=${gameId}`, { transport, cookie: cookieOf(monitor) });
          const logs = await openHub(appA, '/hub/admin', { transport, cookie: cookieOf(admin) });
          const counts = () => appA.services.hubs.counts(gameId);
          await until(() => counts().users === 1 && counts().monitors === 1 && counts().admins === 1);

          // A notice an organiser posts through B.
          const posted = ok<GameNotice>(
            await admin.post(`/api/edit/games/${gameId}/notices`, { content: `hi ${name}` }),
          );
          await until(() => user.received('ReceivedGameNotice').length === 1);
          expect(user.received('ReceivedGameNotice')).toEqual([posted]);
          const listed = ok<GameNotice[]>(await appA.inject({ url: `/api/game/${gameId}/notices` }));
          expect(listed).toContainEqual(posted);

          // A wrong and a right flag judged by B: events and final verdicts, as the monitor lists give them.
          for (const flag of ['flag{nope}', 'flag{hubbed}']) {
            const sent = await player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag });
            expect(sent.statusCode).toBe(200);
          }
          await appB.services.play.flagChecker.drain();
          await until(() => watcher.received('ReceivedSubmissions').length === 2);
          const submissions = watcher.received('ReceivedSubmissions') as Submission[];
          expect(submissions.map((s) => [s.answer, s.status])).toEqual([
            ['flag{nope}', 'WrongAnswer'],
            ['flag{hubbed}', 'Accepted'],
          ]);
          const storedSubmissions = ok<Submission[]>(await monitor.get(`/api/game/${gameId}/submissions?count=0`));
          for (const submission of submissions) expect(storedSubmissions).toContainEqual(submission);
          await until(() => watcher.received('ReceivedGameEvent').length === 2);
          const events = watcher.received('ReceivedGameEvent') as GameEvent[];
          expect(events.map((e) => [e.type, e.values[0], e.team])).toEqual([
            ['FlagSubmit', 'WrongAnswer', teamName],
            ['FlagSubmit', 'Accepted', teamName],
          ]);
          const storedEvents = ok<GameEvent[]>(await monitor.get(`/api/game/${gameId}/events?count=100`));
          for (const event of events) expect(storedEvents).toContainEqual(event);
          // The first blood is a notice too; players get no monitor messages.
          await until(() => user.received('ReceivedGameNotice').length === 2);
          expect(user.received('ReceivedGameNotice')[1]).toMatchObject({
            type: 'FirstBlood',
            values: [teamName, `Hubbed ${name}`],
          });
          expect(user.received('ReceivedSubmissions')).toEqual([]);
          expect(user.received('ReceivedGameEvent')).toEqual([]);

          // A log line written on B.
          appB.log.warn(`hub log line ${name}`);
          await appB.services.admin.flushLogs();
          await until(() =>
            (logs.received('ReceivedLog') as LogMessageModel[]).some((l) => l.msg === `hub log line ${name}`),
          );
          const line = (logs.received('ReceivedLog') as LogMessageModel[]).find(
            (l) => l.msg === `hub log line ${name}`,
          );
          expect(line).toEqual({
            time: expect.any(Number),
            name: null,
            level: 'Warning',
            ip: null,
            msg: `hub log line ${name}`,
            status: null,
          });
          expect(watcher.received('ReceivedLog')).toEqual([]);

          for (const client of [user, watcher, logs]) await client.connection.stop();
        },
        { logStream: quiet },
      );
    },
  );

  it('serves an event stream whose POSTs (handshake, pings, close) land on the other process', async () => {
    await withTwoApps(
      ctx,
      async (appA, appB) => {
        const admin = await withRole(appA, ctx, 'hsplitadmin', 'Admin');
        const user = await openHub(appA, `/hub/user?game=${gameId}`, {
          transport: HttpTransportType.ServerSentEvents,
          sendsTo: appB,
        });
        await until(() => appA.services.hubs.counts(gameId).users === 1);
        expect(appB.services.hubs.counts().connections).toBe(0);
        const posted = ok<GameNotice>(await admin.post(`/api/edit/games/${gameId}/notices`, { content: 'split' }));
        await until(() => user.received('ReceivedGameNotice').length === 1);
        expect(user.received('ReceivedGameNotice')).toEqual([posted]);
        // The close message goes through B too, and ends the stream A holds.
        await user.connection.stop();
        await until(() => appA.services.hubs.counts().connections === 0);
      },
      { logStream: quiet },
    );
  });
});

describe('who may use which hub', () => {
  let ctx: TestContext;
  let gameId: number;
  let hiddenGameId: number;
  let challengeId: number;
  let player: Player;
  let hiddenPlayer: Player;
  let admin: TestClient;
  let monitorCookie: string;

  beforeAll(async () => {
    ctx = await createTestContext({ LOG_LEVEL: 'trace' }, { logStream });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const now = ctx.clock.now().getTime();
    gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    hiddenGameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    await ctx.db.updateTable('games').set({ hidden: true }).where('id', '=', hiddenGameId).execute();
    challengeId = await createChallenge(ctx.db, gameId, { title: 'Guarded' });
    await addFlag(ctx.db, challengeId, 'flag{guarded}');
    player = await createPlayer(ctx.app, ctx.db, gameId, 'hubplayer');
    hiddenPlayer = await createPlayer(ctx.app, ctx.db, hiddenGameId, 'hiddenplayer');
    admin = await signUpAdmin(ctx, 'hubadmin');
    const monitor = await signUp(ctx, 'hubmonitor');
    await ctx.db.updateTable('users').set({ role: 'Monitor' }).where('user_name', '=', 'hubmonitor').execute();
    monitorCookie = cookieOf(monitor);
  });
  afterAll(() => ctx.close());

  const refused = (path: string, options: HubClientOptions) => refusal(ctx.app, path, options);

  /** Issues an API token as the administrator (issued for the administrator's role). */
  async function issueToken(name: string): Promise<{ token: string; id: string }> {
    const issued = ok<{ token: string; info: { id: string } }>(await admin.post('/api/tokens', { name }));
    return { token: issued.token, id: issued.info.id };
  }

  /** The server's first frame after a raw websocket sends the handshake (what browsers do, token in the query). */
  async function handshakeAnswer(path: string): Promise<string> {
    const ws = new WebSocket(wsUrl(ctx.app, path));
    await once(ws, 'open');
    ws.send(`{"protocol":"json","version":1}${RS}`);
    const [data] = await once(ws, 'message');
    ws.terminate();
    return String(data);
  }

  /** Submits a wrong flag and waits for the verdict. */
  async function submitWrong(answer: string) {
    const sent = await player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag: answer });
    expect(sent.statusCode).toBe(200);
    await ctx.app.services.play.flagChecker.drain();
  }

  it.each(TRANSPORTS)('%s: refuses with a close message whoever the contract keeps out', async (_name, transport) => {
    expect(await refused(`/hub/monitor?game=${gameId}`, { transport })).toContain('Sign in');
    expect(await refused(`/hub/monitor?game=${gameId}`, { transport, cookie: cookieOf(player.client) })).toContain(
      'role may not',
    );
    expect(await refused('/hub/admin', { transport, cookie: monitorCookie })).toContain('role may not');
    expect(await refused('/hub/admin', { transport, cookie: cookieOf(player.client) })).toContain('role may not');
    expect(await refused('/hub/user?game=987654', { transport })).toContain('Game not found');
    expect(await refused('/hub/user?game=abc', { transport })).toContain("'game'");
    expect(await refused('/hub/user', { transport })).toContain("'game'");
    expect(await refused(`/hub/monitor?game=987654`, { transport, cookie: monitorCookie })).toContain('Game not found');
    // A hidden game is unknown to anyone but its players and staff.
    expect(await refused(`/hub/user?game=${hiddenGameId}`, { transport })).toContain('Game not found');
    expect(await refused(`/hub/user?game=${hiddenGameId}`, { transport, cookie: cookieOf(player.client) })).toContain(
      'Game not found',
    );
    for (const cookie of [cookieOf(hiddenPlayer.client), monitorCookie]) {
      const admitted = await openHub(ctx.app, `/hub/user?game=${hiddenGameId}`, { transport, cookie });
      await until(() => ctx.app.services.hubs.counts(hiddenGameId).users === 1);
      await admitted.connection.stop();
      await until(() => ctx.app.services.hubs.counts(hiddenGameId).users === 0);
    }
  });

  it.each(TRANSPORTS)(
    '%s: opens the monitor hub to an API token and refuses a forged one',
    async (_name, transport) => {
      const { token } = await issueToken(`hub bot ${transport}`);
      const forged = `${token.slice(0, -4)}AAAA`;
      expect(await refused(`/hub/monitor?game=${gameId}`, { transport, token: forged })).toMatch(
        /401|failed|Unauthorized/i,
      );
      // Browsers cannot give a websocket headers: SignalR puts the token in the query string.
      const query = `game=${gameId}&access_token=${encodeURIComponent(token)}`;
      expect(await handshakeAnswer(`/hub/monitor?${query}`)).toBe(`{}${RS}`);
      expect(await handshakeAnswer(`/hub/monitor?game=${gameId}`)).toBe(
        `{}${RS}{"type":7,"error":"Sign in, or present an API token, to use this hub."}${RS}`,
      );
      const bot = await openHub(ctx.app, `/hub/monitor?game=${gameId}`, { transport, token });
      await until(() => ctx.app.services.hubs.counts(gameId).monitors === 1);
      await submitWrong(`flag{bot ${transport}}`);
      await until(() => bot.received('ReceivedSubmissions').length === 1);
      expect(bot.received('ReceivedSubmissions')[0]).toMatchObject({
        answer: `flag{bot ${transport}}`,
        status: 'WrongAnswer',
      });
      expect(bot.received('ReceivedGameEvent')[0]).toMatchObject({ type: 'FlagSubmit' });
      await bot.connection.stop();
      await until(() => ctx.app.services.hubs.counts(gameId).monitors === 0);
      // Event streams carry the token in the query string (`access_token`): it never reaches the log.
      expect(logged.join('')).toContain('/hub/monitor');
      expect(logged.join('')).not.toContain(token.slice(-40));
    },
  );

  it.each(TRANSPORTS)(
    '%s: ends a connection when its token is revoked or its session ends',
    async (_name, transport) => {
      const issued = await issueToken(`doomed ${transport}`);
      const bot = await openHub(ctx.app, `/hub/monitor?game=${gameId}`, { transport, token: issued.token });
      const reader = await signUpAdmin(ctx, `reader${transport}`);
      const logs = await openHub(ctx.app, '/hub/admin', { transport, cookie: cookieOf(reader) });
      await until(
        () => ctx.app.services.hubs.counts(gameId).monitors === 1 && ctx.app.services.hubs.counts().admins === 1,
      );
      ok(await del(admin, `/api/tokens/${issued.id}`));
      expect(String(await bot.closed)).toContain('Credentials changed');
      ok(await reader.post('/api/account/logout'));
      expect(String(await logs.closed)).toContain('Credentials changed');
      expect(await refused('/hub/admin', { transport, cookie: cookieOf(reader) })).toContain('Sign in');
    },
  );

  it('closes the user hub of a demoted monitor watching a hidden game, and lets the game’s own player stay', async () => {
    const demoted = await signUp(ctx, 'hubdemoted');
    const demotedId = await userId(ctx, 'hubdemoted');
    await ctx.db.updateTable('users').set({ role: 'Monitor' }).where('id', '=', demotedId).execute();
    const transport = HttpTransportType.WebSockets;
    const staff = await openHub(ctx.app, `/hub/user?game=${hiddenGameId}`, { transport, cookie: cookieOf(demoted) });
    const own = await openHub(ctx.app, `/hub/user?game=${hiddenGameId}`, {
      transport,
      cookie: cookieOf(hiddenPlayer.client),
    });
    await until(() => ctx.app.services.hubs.counts(hiddenGameId).users === 2);
    ok(await admin.put(`/api/admin/users/${demotedId}`, { role: 'User' }));
    expect(String(await staff.closed)).toContain('Credentials changed');
    expect(own.connection.state).toBe('Connected');
    await own.connection.stop();
  });
});

describe('the hubs’ HTTP side', () => {
  let ctx: TestContext;
  let player: TestClient;
  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    player = await signUp(ctx, 'hubhttp');
  });
  afterAll(() => ctx.close());

  it('negotiates versions 0 and 1 for anyone, a signed-in browser without an XSRF header included', async () => {
    const v1 = ok<Record<string, unknown>>(
      await player.post('/hub/user/negotiate?game=1&negotiateVersion=1', undefined, { withoutXsrf: true }),
    );
    expect(v1).toEqual({
      negotiateVersion: 1,
      connectionId: expect.stringMatching(/^[\w-]{22}$/),
      connectionToken: expect.stringMatching(/^[\w-]{43}$/),
      availableTransports: [
        { transport: 'WebSockets', transferFormats: ['Text'] },
        { transport: 'ServerSentEvents', transferFormats: ['Text'] },
      ],
    });
    const v0 = ok<Record<string, unknown>>(
      await ctx.app.inject({
        method: 'POST',
        url: '/HUB/Monitor/negotiate',
        headers: { 'content-type': 'text/plain' },
      }),
    );
    expect(v0).toMatchObject({ negotiateVersion: 0, connectionId: expect.stringMatching(/^[\w-]{43}$/) });
    expect(v0).not.toHaveProperty('connectionToken');
    const bad = await ctx.app.inject({ method: 'POST', url: '/hub/admin/negotiate?negotiateVersion=x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, title: expect.any(String) });
  });

  it('answers requests no SignalR transport makes with {title, status}', async () => {
    const plain = await ctx.app.inject({ url: '/hub/user?game=1' });
    expect(plain.statusCode).toBe(426);
    expect(plain.headers.upgrade).toBe('websocket');
    expect(plain.json()).toMatchObject({ status: 426 });
    const noId = await ctx.app.inject({ url: '/hub/user?game=1', headers: { accept: 'text/event-stream' } });
    expect(noId.json()).toMatchObject({ status: 400 });
    const badId = await ctx.app.inject({ url: '/hub/user?id=a%20b', headers: { accept: 'text/event-stream' } });
    expect(badId.json()).toMatchObject({ status: 400 });
    const forged = await ctx.app.inject({
      url: '/hub/monitor?game=1&id=abc&access_token=forged',
      headers: { accept: 'text/event-stream' },
    });
    expect(forged.json()).toMatchObject({ status: 401 });
    expect(await upgradeStatus(wsUrl(ctx.app, '/hub/monitor?game=1'), { authorization: 'Bearer forged' })).toBe(401);
    expect(await upgradeStatus(wsUrl(ctx.app, '/hub/monitor?game=1&access_token=forged'))).toBe(401);
    expect(await upgradeStatus(wsUrl(ctx.app, '/hub/user?game=1&id=not%20an%20id'))).toBe(400);
    expect(await upgradeStatus(wsUrl(ctx.app, '/hub/user?game=1'))).toBe(101);
    const sendWithoutId = await player.post('/hub/user', undefined, {
      raw: { body: '{}\u001e', contentType: 'text/plain' },
    });
    expect(sendWithoutId.json()).toMatchObject({ status: 400 });
    // A send for a connection nobody holds goes nowhere (another process may hold it).
    const sendElsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/hub/user?id=nobody',
      payload: '{"type":6}\u001e',
    });
    expect(sendElsewhere.statusCode).toBe(200);
    expect(sendElsewhere.body).toBe('');
    expect((await ctx.app.inject({ url: '/hub/other' })).statusCode).toBe(404);
  });
});
