import type { GameNotice, LiveMessage, ScoreboardModel } from '@flagpole/contract';
import { HttpTransportType } from '@microsoft/signalr';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndSignIn, TestClient } from './client';
import { expectError, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { type HubClient, openHub } from './hub-clients';
import { cookieOf, type OpenSocket, openSocket, until, wsUrl } from './live-sockets';
import { addFlag, createChallenge, createGame, createPlayer, userId } from './play-fixtures';
import { exportGame, importZip } from './transfer-fixtures';
import { withTwoApps } from './two-apps';

/*
 * Timed release (docs/game-play.md, "Timed release"): before `releaseUtc` a challenge does not exist for players and
 * the public — its title reaches them through no path — while organisers see and edit it; at the release it appears
 * through the live channels and one NewChallenge notice names it, also with two server processes.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** The unreleased challenge's title: searched for in every answer and message. */
const SECRET = 'Midnight Oracle';

let ctx: TestContext;
let gameId: number;
let releaseAt: number;
let admin: TestClient;
let monitor: TestClient;
let player: TestClient;
let playerTeam: number;
let anonymous: TestClient;
const challenge = { warmup: 0, timed: 0, ghost: 0 };

interface EditInfo {
  id: number;
  title: string;
  isEnabled: boolean;
  releaseUtc: number | null;
  deadlineUtc: number | null;
}

async function settle(app: FastifyInstance = ctx.app) {
  await app.services.play.flagChecker.drain();
  await app.services.play.scoreboard.settle();
}

const notices = async (client: TestClient) => ok<GameNotice[]>(await client.get(`/api/game/${gameId}/notices`));
const newChallengeNotices = (list: GameNotice[], title: string) =>
  list.filter((n) => n.type === 'NewChallenge' && n.values[0] === title);

async function sheetText(client: TestClient): Promise<string> {
  const response = await client.get(`/api/game/${gameId}/scoreboardsheet`);
  expect(response.statusCode, response.body).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
  return JSON.stringify(book.worksheets.map((sheet) => sheet.getSheetValues()));
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const now = ctx.clock.now().getTime();
  releaseAt = now + 10 * MINUTE;
  gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR), title: 'Timed' });
  challenge.warmup = await createChallenge(ctx.db, gameId, { title: 'Warmup', originalScore: 100 });
  challenge.timed = await createChallenge(ctx.db, gameId, { title: SECRET, enabled: false });
  challenge.ghost = await createChallenge(ctx.db, gameId, { title: 'Ghost Relay', enabled: false });
  for (const id of Object.values(challenge)) await addFlag(ctx.db, id, `flag{${id}}`);

  admin = await signUpAdmin(ctx, 'reladmin');
  monitor = await registerAndSignIn(ctx.app, 'relmonitor', '10.46.0.2');
  await ctx.db
    .updateTable('users')
    .set({ role: 'Monitor' })
    .where('id', '=', await userId(ctx.db, 'relmonitor'))
    .execute();
  const p = await createPlayer(ctx.app, ctx.db, gameId, 'relplayer');
  player = p.client;
  playerTeam = p.teamId;
  anonymous = new TestClient(ctx.app, '10.46.0.9');
  ok(await player.post(`/api/game/${gameId}/challenges/${challenge.warmup}`, { flag: `flag{${challenge.warmup}}` }));
  await settle();
});
afterAll(() => ctx.close());

describe('before the release', () => {
  let socket: OpenSocket<LiveMessage>;
  let hub: HubClient;

  beforeAll(async () => {
    socket = await openSocket<LiveMessage>(wsUrl(ctx.app, `/api/game/${gameId}/live`), { cookie: cookieOf(player) });
    hub = await openHub(ctx.app, `/hub/user?game=${gameId}`, {
      transport: HttpTransportType.WebSockets,
      cookie: cookieOf(player),
    });
    // The organiser sets the release in the editor and enables the challenge, in that order and at once.
    const edited = ok<EditInfo>(
      await admin.put(`/api/edit/games/${gameId}/challenges/${challenge.timed}`, { releaseUtc: releaseAt }),
    );
    expect(edited.releaseUtc).toBe(releaseAt);
    ok(await admin.put(`/api/edit/games/${gameId}/challenges/${challenge.timed}`, { isEnabled: true }));
    // Nor does a hint added before the release (a NewHint notice would name it).
    ok(await admin.put(`/api/edit/games/${gameId}/challenges/${challenge.timed}`, { hints: ['Look at the moon'] }));
    // Enabled with its release ahead: no notice now (it comes at the release).
    await settle();
  });
  afterAll(async () => {
    socket.ws.close();
    await hub.connection.stop();
  });

  it('lists it nowhere a player or the public reads', async () => {
    for (const client of [player, anonymous]) {
      const board = await client.get(`/api/game/${gameId}/scoreboard`);
      expect(board.statusCode).toBe(200);
      expect(board.body).not.toContain(SECRET);
      expect(board.json<ScoreboardModel>().challengeCount).toBe(1);
      const team = ok<unknown>(await client.get(`/api/team/${playerTeam}/games`));
      expect(JSON.stringify(team)).not.toContain(SECRET);
      expect(JSON.stringify(await notices(client))).not.toContain(SECRET);
      expect(JSON.stringify(ok<unknown>(await client.get(`/api/game/${gameId}`)))).not.toContain(SECRET);
    }
    const details = await player.get(`/api/game/${gameId}/details`);
    expect(details.statusCode).toBe(200);
    expect(details.body).not.toContain(SECRET);
    expect(details.json<{ challengeCount: number }>().challengeCount).toBe(1);
  });

  it('answers 404 on its routes, as for a challenge that does not exist', async () => {
    const base = `/api/game/${gameId}/challenges/${challenge.timed}`;
    expectError(await player.get(base), 404);
    expectError(await player.post(base, { flag: `flag{${challenge.timed}}` }), 404);
    expectError(await player.post(`/api/game/${gameId}/container/${challenge.timed}`), 404);
    expectError(await player.send('DELETE', `/api/game/${gameId}/container/${challenge.timed}`), 404);
    // Nothing was stored for the attempt.
    const stored = await ctx.db
      .selectFrom('submissions')
      .select('id')
      .where('challenge_id', '=', challenge.timed)
      .execute();
    expect(stored).toEqual([]);
  });

  it('keeps it out of the sheet, the events and the live channels', async () => {
    expect(await sheetText(monitor)).not.toContain(SECRET);
    expect(JSON.stringify(ok<unknown>(await monitor.get(`/api/game/${gameId}/events`)))).not.toContain(SECRET);
    // The socket has had the board changes of the edits (the enabling rebuilt the board).
    await until(() => socket.messages.some((m) => m.type === 'scoreboard'));
    expect(JSON.stringify(socket.messages)).not.toContain(SECRET);
    expect(JSON.stringify(hub.received('ReceivedGameNotice'))).not.toContain(SECRET);
  });

  it('shows it to organisers, with its release time', async () => {
    const list = ok<EditInfo[]>(await admin.get(`/api/edit/games/${gameId}/challenges`));
    expect(list.find((c) => c.id === challenge.timed)).toMatchObject({ isEnabled: true, releaseUtc: releaseAt });
    // The organisers' preview of the challenge as players will see it.
    expect(ok<{ title: string }>(await admin.get(`/api/game/${gameId}/challenges/${challenge.timed}`)).title).toBe(
      SECRET,
    );
  });
});

describe('at the release', () => {
  it('appears through the live channels within a second, with one NewChallenge notice naming it', async () => {
    const socket = await openSocket<LiveMessage>(wsUrl(ctx.app, `/api/game/${gameId}/live`), {
      cookie: cookieOf(player),
    });
    const hub = await openHub(ctx.app, `/hub/user?game=${gameId}`, {
      transport: HttpTransportType.WebSockets,
      cookie: cookieOf(player),
    });
    try {
      const before = (await player.get(`/api/game/${gameId}/scoreboard`)).json<ScoreboardModel>().version;
      ctx.clock.set(new Date(releaseAt));
      const released = Date.now();
      // The board change (no delta: a column was added, so pages fetch again) and the notice, pushed.
      await until(
        () =>
          socket.messages.some((m) => m.type === 'scoreboard' && m.data.version !== before && !m.data.delta) &&
          socket.messages.some((m) => m.type === 'notice' && m.data.values[0] === SECRET) &&
          hub.received('ReceivedGameNotice').length > 0,
        SECOND,
      );
      expect(Date.now() - released).toBeLessThan(SECOND);

      const details = await player.get(`/api/game/${gameId}/details`);
      expect(details.body).toContain(SECRET);
      const board = ok<ScoreboardModel>(await anonymous.get(`/api/game/${gameId}/scoreboard`));
      expect(board.challengeCount).toBe(2);
      expect(ok<{ title: string }>(await player.get(`/api/game/${gameId}/challenges/${challenge.timed}`)).title).toBe(
        SECRET,
      );
      ok(await player.post(`/api/game/${gameId}/challenges/${challenge.timed}`, { flag: `flag{${challenge.timed}}` }));
      await settle();

      // Some ticks later there is still one notice.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(newChallengeNotices(await notices(anonymous), SECRET)).toHaveLength(1);
      const pushed = hub.received('ReceivedGameNotice') as GameNotice[];
      expect(newChallengeNotices(pushed, SECRET)).toEqual(newChallengeNotices(await notices(player), SECRET));
      const sent = socket.messages.flatMap((m) => (m.type === 'notice' ? [m.data] : []));
      expect(newChallengeNotices(sent, SECRET)).toHaveLength(1);
    } finally {
      socket.ws.close();
      await hub.connection.stop();
    }
  });

  it('announces a challenge enabled after its release at once, as enabling does, and only once', async () => {
    const now = ctx.clock.now().getTime();
    ok(await admin.put(`/api/edit/games/${gameId}/challenges/${challenge.ghost}`, { releaseUtc: now - MINUTE }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    // Disabled: its past release announces nothing.
    expect(newChallengeNotices(await notices(anonymous), 'Ghost Relay')).toEqual([]);
    ok(await admin.put(`/api/edit/games/${gameId}/challenges/${challenge.ghost}`, { isEnabled: true }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(newChallengeNotices(await notices(anonymous), 'Ghost Relay')).toHaveLength(1);
  });

  it('hides a challenge again when its release is moved ahead, and 0 clears the release', async () => {
    const now = ctx.clock.now().getTime();
    const url = `/api/edit/games/${gameId}/challenges/${challenge.ghost}`;
    ok(await admin.put(url, { releaseUtc: now + HOUR }));
    await settle();
    expectError(await player.get(`/api/game/${gameId}/challenges/${challenge.ghost}`), 404);
    expect((await anonymous.get(`/api/game/${gameId}/scoreboard`)).body).not.toContain('Ghost Relay');
    const cleared = ok<EditInfo>(await admin.put(url, { releaseUtc: 0 }));
    expect(cleared.releaseUtc).toBeNull();
    await settle();
    ok(await player.get(`/api/game/${gameId}/challenges/${challenge.ghost}`));
    // Visible again by the edit, announced by it: the second notice of its two appearances.
    expect(newChallengeNotices(await notices(anonymous), 'Ghost Relay')).toHaveLength(2);
  });

  it('keeps deadlines working as before', async () => {
    const now = ctx.clock.now().getTime();
    ok(await admin.put(`/api/edit/games/${gameId}/challenges/${challenge.ghost}`, { deadlineUtc: now - SECOND }));
    const refused = await player.post(`/api/game/${gameId}/challenges/${challenge.ghost}`, {
      flag: `flag{${challenge.ghost}}`,
    });
    expectError(refused, 400);
  });
});

describe('game packages', () => {
  it('carry the release as a Flagpole field beside the deadline, read back on import', async () => {
    const { zip } = await exportGame(admin, gameId);
    const file = zip[`challenges/challenge-${challenge.timed}.json`];
    if (!file) throw new Error('no challenge file');
    const exported = JSON.parse(Buffer.from(file).toString('utf8')) as { limits: Record<string, unknown> };
    expect(Date.parse(String(exported.limits.release))).toBe(releaseAt);
    // A challenge without a release has no such field (the reference's reader ignores it anyway).
    const plain = zip[`challenges/challenge-${challenge.warmup}.json`];
    expect(JSON.parse(Buffer.from(plain ?? '').toString('utf8')).limits).not.toHaveProperty('release');

    const imported = ok<number>(
      await importZip(admin, (await admin.post(`/api/edit/games/${gameId}/export`)).rawPayload),
    );
    const list = ok<EditInfo[]>(await admin.get(`/api/edit/games/${imported}/challenges`));
    expect(list.find((c) => c.title === SECRET)?.releaseUtc).toBe(releaseAt);
    expect(list.find((c) => c.title === 'Warmup')?.releaseUtc).toBeNull();
  });
});

describe('two processes', () => {
  it('publish the notice once, and both serve the released challenge within a second', async () => {
    // The context's own process is a third one on the same database: stopped here, so the two under test decide.
    await ctx.app.services.play.releases.stop();
    const now = ctx.clock.now().getTime();
    const release = now + 5 * MINUTE;
    const game = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR), title: 'Twin' });
    await createChallenge(ctx.db, game, { title: 'Opening' });
    const timed = await createChallenge(ctx.db, game, { title: 'Twin Secret' });
    await ctx.db
      .updateTable('challenges')
      .set({ release_at: new Date(release) })
      .where('id', '=', timed)
      .execute();

    // Both processes start after the release was set: they read it from the database.
    await withTwoApps(ctx, async (appA, appB) => {
      const publicA = new TestClient(appA, '10.46.1.3');
      const publicB = new TestClient(appB, '10.46.1.4');
      for (const client of [publicA, publicB]) {
        expect((await client.get(`/api/game/${game}/scoreboard`)).body).not.toContain('Twin Secret');
      }
      const hubs = await Promise.all(
        [appA, appB].map((app) => openHub(app, `/hub/user?game=${game}`, { transport: HttpTransportType.WebSockets })),
      );
      try {
        ctx.clock.set(new Date(release + SECOND));
        const released = Date.now();
        for (const client of [publicA, publicB]) {
          await expect
            .poll(async () => (await client.get(`/api/game/${game}/scoreboard`)).body, {
              timeout: SECOND,
              interval: 50,
            })
            .toContain('Twin Secret');
        }
        expect(Date.now() - released).toBeLessThan(SECOND);
        await Promise.all(hubs.map((hub) => until(() => hub.received('ReceivedGameNotice').length > 0, SECOND)));
        // Several more ticks of both processes.
        await new Promise((resolve) => setTimeout(resolve, 600));
        const stored = await ctx.db
          .selectFrom('game_notices')
          .select(['type', 'values'])
          .where('game_id', '=', game)
          .execute();
        expect(stored.map((n) => [n.type, n.values])).toEqual([['NewChallenge', ['Twin Secret']]]);
        for (const hub of hubs) expect(hub.received('ReceivedGameNotice')).toHaveLength(1);
      } finally {
        for (const hub of hubs) await hub.connection.stop();
      }
      await settle(appA);
      await settle(appB);
    });
    ctx.app.services.play.releases.start();
  });
});
