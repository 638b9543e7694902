import type { GameNotice, LiveMessage, ScoreboardModel } from '@flagpole/contract';
import { HttpTransportType } from '@microsoft/signalr';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndSignIn, TestClient } from './client';
import { expectError, type GameInfo, ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { type HubClient, openHub } from './hub-clients';
import { cookieOf, type OpenSocket, openSocket, until, wsUrl } from './live-sockets';
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
 * The scoreboard freeze and its reveal (docs/game-play.md, "Freeze and reveal"): a solve made after `freezeAt` is
 * invisible to its solver, a team-mate and the public through every path, visible to organisers, and published
 * with its blood notice when an organiser reveals the board after the end.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let ctx: TestContext;
let gameId: number;
let start: number;
let end: number;
let freezeAt: number;
let admin: TestClient;
let monitor: TestClient;
/** Solves after the freeze; `mate` is on the same team. */
let alice: TestClient;
let mate: TestClient;
/** Solves before the freeze. */
let bob: TestClient;
let anonymous: TestClient;
let aliceTeam: number;
let bobTeam: number;
const challenge = { dynamic: 0, second: 0 };

interface Row {
  id: number;
  score: number;
  rank: number;
  solvedCount: number;
  solvedChallenges: { id: number; score: number; type: string }[];
}
interface Details {
  challenges: Record<string, { id: number; score: number; solved: number; bloods: { id: number }[] }[]>;
  rank: Row;
}

const board = async (client: TestClient, query = '') =>
  ok<ScoreboardModel>(await client.get(`/api/game/${gameId}/scoreboard${query}`));
const rowOf = (model: ScoreboardModel, teamId: number) => model.items.find((item) => item.id === teamId);
const columnOf = (model: ScoreboardModel | Details, id: number) =>
  Object.values(model.challenges)
    .flat()
    .find((c) => c?.id === id);

async function settle() {
  await ctx.app.services.play.flagChecker.drain();
  await ctx.app.services.play.scoreboard.settle();
}

async function solveAs(client: TestClient, challengeId: number, flag: string): Promise<number> {
  const id = ok<number>(await client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag }));
  await settle();
  return id;
}

async function signedIn(name: string): Promise<{ client: TestClient; id: string }> {
  const client = await registerAndSignIn(ctx.app, name, `10.44.${Math.floor(Math.random() * 250)}.${name.length}`);
  return { client, id: await userId(ctx.db, name) };
}

async function sheetRows(query: string): Promise<unknown[][]> {
  const response = await monitor.get(`/api/game/${gameId}/scoreboardsheet${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  return sheet.getSheetValues().slice(2) as unknown[][];
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const now = ctx.clock.now().getTime();
  start = now - HOUR;
  end = now + HOUR;
  freezeAt = now + 10 * MINUTE;
  gameId = await createGame(ctx.db, { start: new Date(start), end: new Date(end), title: 'Frozen' });
  challenge.dynamic = await createChallenge(ctx.db, gameId, {
    title: 'Dynamic',
    originalScore: 1000,
    minScoreRate: 0.25,
    difficulty: 1,
  });
  challenge.second = await createChallenge(ctx.db, gameId, { title: 'Second', originalScore: 300 });
  await addFlag(ctx.db, challenge.dynamic, 'flag{dynamic}');
  await addFlag(ctx.db, challenge.second, 'flag{second}');

  admin = await signUpAdmin(ctx, 'frzadmin');
  const monitorUser = await signedIn('frzmonitor');
  monitor = monitorUser.client;
  await ctx.db.updateTable('users').set({ role: 'Monitor' }).where('id', '=', monitorUser.id).execute();
  const a = await signedIn('frzalice');
  const m = await signedIn('frzmate');
  const b = await signedIn('frzbob');
  alice = a.client;
  mate = m.client;
  bob = b.client;
  aliceTeam = await createTeamWithMembers(ctx.db, 'Late Owls', [a.id, m.id]);
  bobTeam = await createTeamWithMembers(ctx.db, 'Early Birds', [b.id]);
  await acceptParticipation(ctx.db, gameId, aliceTeam, [a.id, m.id]);
  await acceptParticipation(ctx.db, gameId, bobTeam, [b.id]);
  anonymous = new TestClient(ctx.app, '10.44.0.9');

  // The organiser sets the freeze through the game page's API.
  const game = ok<GameInfo>(await admin.get(`/api/edit/games/${gameId}`));
  const edited = ok<GameInfo>(
    await admin.put(`/api/edit/games/${gameId}`, { title: game.title, start, end, freezeAt }),
  );
  expect(edited).toMatchObject({ freezeAt, scoreboardRevealed: false });

  // Before the freeze: Bob solves the dynamic challenge (its first blood, announced at once).
  await solveAs(bob, challenge.dynamic, 'flag{dynamic}');
});
afterAll(() => ctx.close());

describe('during the freeze', () => {
  let socket: OpenSocket<LiveMessage>;
  let monitorSocket: OpenSocket<LiveMessage>;
  let hub: HubClient;
  let liveVersion: string | undefined;

  beforeAll(async () => {
    // Everyone has read the board before the freeze.
    await board(anonymous);
    socket = await openSocket<LiveMessage>(wsUrl(ctx.app, `/api/game/${gameId}/live`), { cookie: cookieOf(mate) });
    monitorSocket = await openSocket<LiveMessage>(wsUrl(ctx.app, `/api/game/${gameId}/live`), {
      cookie: cookieOf(monitor),
    });
    hub = await openHub(ctx.app, `/hub/user?game=${gameId}`, {
      transport: HttpTransportType.WebSockets,
      cookie: cookieOf(alice),
    });
    ctx.clock.set(new Date(freezeAt + 5 * MINUTE));
    // After the freeze: Alice takes the second blood of the dynamic one and the first of the other.
    const verdict = await solveAs(alice, challenge.dynamic, 'flag{dynamic}');
    await solveAs(alice, challenge.second, 'flag{second}');
    // Her own verdicts are hers to see.
    expect(ok<string>(await alice.get(`/api/game/${gameId}/challenges/${challenge.dynamic}/status/${verdict}`))).toBe(
      'Accepted',
    );
    liveVersion = (await board(admin)).version;
    await until(() => monitorSocket.messages.some((m) => m.type === 'scoreboard' && m.data.version === liveVersion));
  });
  afterAll(async () => {
    socket.ws.close();
    monitorSocket.ws.close();
    await hub.connection.stop();
  });

  it('shows players, a team-mate and the public the board as it stood at freezeAt', async () => {
    for (const client of [alice, mate, bob, anonymous]) {
      // Asking for the live view changes nothing for them.
      for (const query of ['', '?view=live', '?view=players']) {
        const model = await board(client, query);
        expect(rowOf(model, aliceTeam)).toMatchObject({ score: 0, solvedCount: 0, solvedChallenges: [] });
        // Bob's first blood: 1000 + 5 %.
        expect(rowOf(model, bobTeam)).toMatchObject({ score: 1050, rank: 1 });
        expect(columnOf(model, challenge.dynamic)).toMatchObject({ score: 1000, solved: 1 });
        expect(columnOf(model, challenge.dynamic)?.bloods.map((blood) => blood.id)).toEqual([bobTeam]);
        expect(columnOf(model, challenge.second)).toMatchObject({ score: 300, solved: 0, bloods: [] });
        // Alice's team has no point on the chart.
        const curve = model.timelines?.flatMap((t) => t.teams).find((team) => team.id === aliceTeam);
        expect(curve?.items ?? []).toEqual([]);
        expect(model.version).not.toBe(liveVersion);
      }
    }
    const response = await anonymous.get(`/api/game/${gameId}/scoreboard`);
    expect(response.headers['cache-control']).toContain('private');
  });

  it('shows organisers the live board, and what players see when they ask', async () => {
    for (const client of [admin, monitor]) {
      const live = await board(client);
      expect(rowOf(live, aliceTeam)?.score).toBeGreaterThan(0);
      expect(columnOf(live, challenge.dynamic)?.solved).toBe(2);
      expect(columnOf(live, challenge.dynamic)?.score).toBeLessThan(1000);
      expect(columnOf(live, challenge.second)?.bloods.map((blood) => blood.id)).toEqual([aliceTeam]);
      const players = await board(client, '?view=players');
      expect(rowOf(players, aliceTeam)?.score).toBe(0);
      expect(players.version).toBe((await board(anonymous)).version);
    }
  });

  it('gives the team its own solves and verdicts but not its score or rank after the freeze', async () => {
    for (const client of [alice, mate]) {
      const details = ok<Details>(await client.get(`/api/game/${gameId}/details`));
      expect(details.rank).toMatchObject({ score: 0, rank: 2 });
      expect(details.rank.solvedChallenges.map((s) => [s.id, s.type, s.score])).toEqual([
        [challenge.dynamic, 'Normal', 1000],
        [challenge.second, 'Normal', 300],
      ]);
      expect(columnOf(details, challenge.dynamic)).toMatchObject({ score: 1000, solved: 1 });
      expect(columnOf(details, challenge.second)).toMatchObject({ solved: 0, bloods: [] });
      const detail = ok<{ score: number }>(await client.get(`/api/game/${gameId}/challenges/${challenge.dynamic}`));
      expect(detail.score).toBe(1000);
    }
    const bobs = ok<Details>(await bob.get(`/api/game/${gameId}/details`));
    expect(bobs.rank).toMatchObject({ score: 1050, rank: 1 });
    expect(columnOf(bobs, challenge.dynamic)).toMatchObject({ score: 1000, solved: 1 });
  });

  it('keeps the public team page at the freeze', async () => {
    const results = ok<{ game: { id: number }; score: number; solvedCount: number }[]>(
      await anonymous.get(`/api/team/${aliceTeam}/games`),
    );
    expect(results.find((r) => r.game.id === gameId)).toMatchObject({ score: 0, solvedCount: 0 });
  });

  it('holds the blood notices from the list, the live socket and the hub', async () => {
    for (const client of [alice, anonymous, admin]) {
      const notices = ok<GameNotice[]>(await client.get(`/api/game/${gameId}/notices`));
      expect(notices.map((n) => n.values[0])).not.toContain('Late Owls');
      expect(notices.filter((n) => n.type === 'FirstBlood').map((n) => n.values)).toEqual([['Early Birds', 'Dynamic']]);
    }
    const everything = JSON.stringify([socket.messages, hub.received('ReceivedGameNotice')]);
    expect(everything).not.toContain('Late Owls');
  });

  it('sends players the frozen board’s version on the live socket, monitors the live one', async () => {
    const frozenVersion = (await board(anonymous)).version;
    await until(() => socket.messages.some((m) => m.type === 'scoreboard' && m.data.version === frozenVersion));
    const versions = socket.messages.flatMap((m) => (m.type === 'scoreboard' ? [m.data.version] : []));
    expect(versions).not.toContain(liveVersion);
    expect(JSON.stringify(socket.messages)).not.toContain('Late Owls');
  });

  it('gives monitors the live sheet and, on request, the frozen one', async () => {
    const scoreOf = (rows: unknown[][], team: string) => rows.find((row) => row?.includes(team))?.[4];
    expect(scoreOf(await sheetRows(''), 'Late Owls')).toBeGreaterThan(0);
    expect(scoreOf(await sheetRows('?view=players'), 'Late Owls')).toBe(0);
  });
});

describe('the reveal', () => {
  it('is refused before the end, to non-admins, and on a game without a freeze', async () => {
    expectError(await admin.post(`/api/edit/games/${gameId}/scoreboard/reveal`), 400);
    expectError(await monitor.post(`/api/edit/games/${gameId}/scoreboard/reveal`), 403);
    const plain = await createGame(ctx.db, { start: new Date(start), end: new Date(start + MINUTE) });
    expectError(await admin.post(`/api/edit/games/${plain}/scoreboard/reveal`), 400);
  });

  it('keeps the board frozen after the end until an organiser reveals it, then publishes it and the held bloods', async () => {
    ctx.clock.set(new Date(end + MINUTE));
    await ctx.app.services.play.scoreboard.invalidate(gameId);
    await settle();
    expect(rowOf(await board(anonymous), aliceTeam)?.score).toBe(0);

    const hub = await openHub(ctx.app, `/hub/user?game=${gameId}`, { transport: HttpTransportType.WebSockets });
    try {
      ok(await admin.post(`/api/edit/games/${gameId}/scoreboard/reveal`));
      await settle();
      const revealed = await board(anonymous);
      expect(rowOf(revealed, aliceTeam)?.score).toBeGreaterThan(0);
      expect(revealed.version).toBe((await board(admin)).version);
      expect(ok<GameInfo>(await admin.get(`/api/edit/games/${gameId}`)).scoreboardRevealed).toBe(true);

      // The held bloods, in the order they were won, once.
      const notices = ok<GameNotice[]>(await anonymous.get(`/api/game/${gameId}/notices`));
      const late = notices.filter((n) => n.values[0] === 'Late Owls').reverse();
      expect(late.map((n) => [n.type, n.values[1]])).toEqual([
        ['SecondBlood', 'Dynamic'],
        ['FirstBlood', 'Second'],
      ]);
      await until(() => hub.received('ReceivedGameNotice').length === 2);
      expect(hub.received('ReceivedGameNotice')).toEqual(late);

      // A second reveal changes nothing and publishes nothing again.
      ok(await admin.post(`/api/edit/games/${gameId}/scoreboard/reveal`));
      expect(ok<GameNotice[]>(await anonymous.get(`/api/game/${gameId}/notices`))).toEqual(notices);
    } finally {
      await hub.connection.stop();
    }
    // Audited, like every organiser write.
    await ctx.app.services.admin.flushLogs();
    const audited = await ctx.db.selectFrom('logs').select(['user_name', 'message']).execute();
    expect(audited.filter((row) => row.message.startsWith('game.revealScoreboard:')).map((r) => r.user_name)).toContain(
      'frzadmin',
    );
  });
});

describe('freezeAt on the game', () => {
  it('must lie between the start and the end, is kept when left out, and is checked against new times', async () => {
    const body = { title: 'Times', start, end };
    expectError(await admin.post('/api/edit/games', { ...body, freezeAt: start - 1 }), 400);
    expectError(await admin.post('/api/edit/games', { ...body, freezeAt: end + 1 }), 400);
    const game = ok<GameInfo>(await admin.post('/api/edit/games', { ...body, freezeAt: start + MINUTE }));
    expect(game.freezeAt).toBe(start + MINUTE);
    const kept = ok<GameInfo>(await admin.put(`/api/edit/games/${game.id}`, { ...body, summary: 'S' }));
    expect(kept.freezeAt).toBe(start + MINUTE);
    expectError(await admin.put(`/api/edit/games/${game.id}`, { ...body, start: start + 2 * MINUTE }), 400);
    const cleared = ok<GameInfo>(await admin.put(`/api/edit/games/${game.id}`, { ...body, freezeAt: null }));
    expect(cleared.freezeAt).toBeNull();
    const plain = ok<GameInfo>(await admin.post('/api/edit/games', body));
    expect(plain).toMatchObject({ freezeAt: null, scoreboardRevealed: false });
    expect(ok<Record<string, unknown>>(await anonymous.get(`/api/game/${plain.id}`))).toMatchObject({ freezeAt: null });
    // Without a freeze the board is served as before (the reference's clients see no difference).
    const served = await anonymous.get(`/api/game/${plain.id}/scoreboard`);
    expect(served.headers['cache-control']).toBe('no-cache, must-revalidate');
    expect(served.headers.etag).toMatch(new RegExp(`^W/"${plain.id}-[0-9a-f]+"$`));
  });

  it('publishes the blood notices a freeze held when the freeze is removed', async () => {
    const now = ctx.clock.now().getTime();
    const game = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR), title: 'Thawed' });
    const challengeId = await createChallenge(ctx.db, game, { title: 'Thaw' });
    await addFlag(ctx.db, challengeId, 'flag{thaw}');
    const editBody = { title: 'Thawed', start: now - HOUR, end: now + HOUR };
    ok(await admin.put(`/api/edit/games/${game}`, { ...editBody, freezeAt: now - MINUTE }));
    const player = await createPlayer(ctx.app, ctx.db, game, 'frzthaw');
    ok(await player.client.post(`/api/game/${game}/challenges/${challengeId}`, { flag: 'flag{thaw}' }));
    await settle();
    expect(ok<GameNotice[]>(await anonymous.get(`/api/game/${game}/notices`))).toEqual([]);
    ok(await admin.put(`/api/edit/games/${game}`, { ...editBody, freezeAt: null }));
    const notices = ok<GameNotice[]>(await anonymous.get(`/api/game/${game}/notices`));
    expect(notices.map((n) => [n.type, n.values[1]])).toEqual([['FirstBlood', 'Thaw']]);
  });
});
