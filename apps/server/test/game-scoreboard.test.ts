import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { GameNotice, ScoreboardModel } from '@flagpole/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/database';
import { MemoryEventBus } from '../src/lib/event-bus';
import { TestClient } from './client';
import { createTestContext, json, type TestContext } from './harness';
import { addFlag, createChallenge, createGame, createPlayer, type Player } from './play-fixtures';

let ctx: TestContext;
const HOUR = 3_600_000;
const anonymous = () => new TestClient(ctx.app, '10.77.0.1');

async function settle(c: TestContext = ctx) {
  await c.app.services.play.flagChecker.drain();
  await c.app.services.play.scoreboard.settle();
}

async function board(gameId: number): Promise<ScoreboardModel> {
  await settle();
  const response = await anonymous().get(`/api/game/${gameId}/scoreboard`);
  expect(response.statusCode, response.body).toBe(200);
  return json<ScoreboardModel>(response);
}

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('scoreboard through the API (hand-worked)', () => {
  let gameId: number;
  let start: number;
  const teams: Player[] = [];
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    start = ctx.clock.now().getTime() - HOUR;
    gameId = await createGame(ctx.db, { start: new Date(start), end: new Date(start + 10 * HOUR) });
    for (const [title, category] of [
      ['X', 'Web'],
      ['Y', 'Pwn'],
      ['Z', 'Pwn'],
    ] as const) {
      ids[title] = await createChallenge(ctx.db, gameId, { title, category });
      await addFlag(ctx.db, ids[title] ?? 0, `flag{${title}}`);
    }
    for (const name of ['sba', 'sbb', 'sbc', 'sbd', 'sbe'])
      teams.push(await createPlayer(ctx.app, ctx.db, gameId, name));
  });

  /** Solves in this order, one minute apart: X by A,B,C,D,E; Y by B then A; Z by C. */
  it('prices 1, 2 and 5 solvers, hands out bloods and breaks ties by the last solve time', async () => {
    const [a, b, c, d, e] = teams;
    if (!a || !b || !c || !d || !e) throw new Error('teams');
    const order: Array<[Player, string]> = [
      [a, 'X'],
      [b, 'Y'],
      [b, 'X'],
      [c, 'X'],
      [a, 'Y'],
      [c, 'Z'],
      [d, 'X'],
      [e, 'X'],
    ];
    let minute = 1;
    for (const [player, title] of order) {
      ctx.clock.set(new Date(start + minute * 60_000));
      minute += 1;
      const r = await player.client.post(`/api/game/${gameId}/challenges/${ids[title]}`, { flag: `flag{${title}}` });
      expect(r.statusCode).toBe(200);
      await settle();
    }
    const model = await board(gameId);
    const row = (p: Player) => model.items.find((i) => i.id === p.teamId);
    // X: n=5 -> floor(1000*(0.25+0.75*e^-0.8)) = 586; bloods 615 / 604 / 592.
    // Y: n=2 -> 864; bloods 907 / 890.  Z: n=1 -> 1000, first blood 1050.
    expect(model.challenges.Web?.[0]).toMatchObject({ title: 'X', score: 586, solved: 5 });
    expect(model.challenges.Pwn?.map((ch) => [ch.title, ch.score, ch.solved])).toEqual([
      ['Y', 864, 2],
      ['Z', 1000, 1],
    ]);
    expect(model.challenges.Web?.[0]?.bloods.map((bl) => bl.id)).toEqual([a.teamId, b.teamId, c.teamId]);
    expect(row(a)?.score).toBe(615 + 890);
    expect(row(b)?.score).toBe(604 + 907);
    expect(row(c)?.score).toBe(592 + 1050);
    expect(row(d)?.score).toBe(586);
    expect(row(e)?.score).toBe(586);
    // C 1642, B 1511, A 1505, then D and E tie on 586: D solved first.
    expect(model.items.map((i) => i.id)).toEqual([c.teamId, b.teamId, a.teamId, d.teamId, e.teamId]);
    expect(model.items.map((i) => i.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(row(a)?.solvedChallenges.find((s) => s.id === ids.X)).toMatchObject({
      type: 'FirstBlood',
      score: 615,
      userName: 'sba',
      time: start + 60_000,
    });

    const notices = json<GameNotice[]>(await anonymous().get(`/api/game/${gameId}/notices`));
    const bloods = notices
      .filter((n) => n.type !== 'Normal')
      .map((n) => `${n.type}:${n.values.join('/')}`)
      .sort();
    expect(bloods).toEqual(
      [
        'FirstBlood:T-sba/X',
        'SecondBlood:T-sbb/X',
        'ThirdBlood:T-sbc/X',
        'FirstBlood:T-sbb/Y',
        'SecondBlood:T-sba/Y',
        'FirstBlood:T-sbc/Z',
      ].sort(),
    );
  });

  it('drops a suspended team and re-prices the others', async () => {
    const [a, b, c, d, e] = teams;
    if (!a || !b || !c || !d || !e) throw new Error('teams');
    await ctx.db
      .updateTable('participations')
      .set({ status: 'Suspended' })
      .where('id', '=', e.participationId)
      .execute();
    await ctx.app.services.play.scoreboard.invalidate(gameId);
    const model = await board(gameId);
    expect(model.items.map((i) => i.id)).toEqual([c.teamId, b.teamId, a.teamId, d.teamId]);
    // X: n=4 -> floor(1000*(0.25+0.75*e^-0.6)) = 661.
    expect(model.challenges.Web?.[0]).toMatchObject({ score: 661, solved: 4 });
    expect(model.items.map((i) => i.score)).toEqual([668 + 1050, 681 + 907, 694 + 890, 661]);
  });

  it('answers 304 to its ETag, changes it after a solve, and serves gzip and brotli of the same JSON', async () => {
    await settle();
    const first = await anonymous().get(`/api/game/${gameId}/scoreboard`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"\d+-[0-9a-f]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache, must-revalidate');
    expect(first.headers['last-modified']).toBeDefined();
    const notModified = await anonymous().get(`/api/game/${gameId}/scoreboard`, { headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');

    const gz = await ctx.app.inject({
      url: `/api/game/${gameId}/scoreboard`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(first.body);
    const br = await ctx.app.inject({
      url: `/api/game/${gameId}/scoreboard`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(first.body);

    const [, b] = teams;
    if (!b) throw new Error('teams');
    ctx.clock.set(new Date(start + 30 * 60_000));
    await b.client.post(`/api/game/${gameId}/challenges/${ids.Z}`, { flag: 'flag{Z}' });
    await settle();
    const changed = await anonymous().get(`/api/game/${gameId}/scoreboard`, { headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(json<ScoreboardModel>(changed).challenges.Pwn?.find((ch) => ch.title === 'Z')?.solved).toBe(2);
  });

  it('shows a new solve within a second without waiting on anything', async () => {
    const [, , , d] = teams;
    if (!d) throw new Error('teams');
    ctx.clock.set(new Date(start + 40 * 60_000));
    await anonymous().get(`/api/game/${gameId}/scoreboard`);
    await d.client.post(`/api/game/${gameId}/challenges/${ids.Z}`, { flag: 'flag{Z}' });
    const deadline = Date.now() + 1000;
    let solved = 0;
    while (Date.now() < deadline) {
      const model = json<ScoreboardModel>(await anonymous().get(`/api/game/${gameId}/scoreboard`));
      solved = model.challenges.Pwn?.find((ch) => ch.title === 'Z')?.solved ?? 0;
      if (solved === 3) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(solved).toBe(3);
  });
});

describe('deadline and practice mode on the board', () => {
  it('lists late solves with 0 points and no blood; practice mode keeps accepting after the end', async () => {
    const now = ctx.clock.now().getTime();
    const gameId = await createGame(ctx.db, {
      start: new Date(now - 2 * HOUR),
      end: new Date(now + HOUR),
      practiceMode: true,
    });
    const c = await createChallenge(ctx.db, gameId, { title: 'Late', deadline: new Date(now - HOUR) });
    await addFlag(ctx.db, c, 'flag{late}');
    const p = await createPlayer(ctx.app, ctx.db, gameId, 'latecomer');
    expect((await p.client.post(`/api/game/${gameId}/challenges/${c}`, { flag: 'flag{late}' })).statusCode).toBe(200);
    ctx.clock.advance(2 * HOUR);
    const q = await createPlayer(ctx.app, ctx.db, gameId, 'practiser');
    expect((await q.client.post(`/api/game/${gameId}/challenges/${c}`, { flag: 'flag{late}' })).statusCode).toBe(200);
    const model = await board(gameId);
    expect(model.challenges.Misc?.[0]).toMatchObject({ solved: 0, score: 1000, bloods: [] });
    for (const item of model.items) {
      expect(item.score).toBe(0);
      expect(item.solvedChallenges).toEqual([expect.objectContaining({ id: c, score: 0, type: 'Normal' })]);
    }
    const notices = await ctx.db.selectFrom('game_notices').selectAll().where('game_id', '=', gameId).execute();
    expect(notices).toHaveLength(0);
    ctx.clock.advance(-2 * HOUR);
  });
});

describe('concurrency', () => {
  it('five teams solving the same challenge at once produce exactly one FirstBlood', async () => {
    const now = ctx.clock.now().getTime();
    const gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    const c = await createChallenge(ctx.db, gameId, { title: 'Rush' });
    await addFlag(ctx.db, c, 'flag{rush}');
    const players: Player[] = [];
    for (let i = 0; i < 5; i++) players.push(await createPlayer(ctx.app, ctx.db, gameId, `rush${i}`));
    const responses = await Promise.all(
      players.map((p) => p.client.post(`/api/game/${gameId}/challenges/${c}`, { flag: 'flag{rush}' })),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    await settle();
    const notices = await ctx.db.selectFrom('game_notices').select('type').where('game_id', '=', gameId).execute();
    expect(notices.map((n) => n.type).sort()).toEqual(['FirstBlood', 'SecondBlood', 'ThirdBlood']);
    const model = await board(gameId);
    expect(model.challenges.Misc?.[0]?.solved).toBe(5);
    expect(model.items.filter((i) => i.solvedChallenges[0]?.type === 'FirstBlood')).toHaveLength(1);
  });
});

describe('recovery', () => {
  it('judges submissions left FlagSubmitted when a new app starts on the same database', async () => {
    const now = ctx.clock.now().getTime();
    const gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    const c = await createChallenge(ctx.db, gameId, { title: 'Recover' });
    await addFlag(ctx.db, c, 'flag{recover}');
    const p = await createPlayer(ctx.app, ctx.db, gameId, 'crashy');
    const inserted = await ctx.db
      .insertInto('submissions')
      .values(
        ['flag{nope}', 'flag{recover}', 'flag{recover}'].map((answer, i) => ({
          game_id: gameId,
          challenge_id: c,
          participation_id: p.participationId,
          user_id: p.userId,
          answer,
          submitted_at: new Date(now - 60_000 + i * 1000),
        })),
      )
      .returning('id')
      .execute();
    const events = new MemoryEventBus();
    const second = await buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, store: ctx.store, events });
    try {
      await second.ready();
      await second.services.play.flagChecker.drain();
      // Any live app takes them over (the first app's lease ticks too), so wait for the verdicts.
      await vi.waitFor(async () => {
        const rows = await ctx.db
          .selectFrom('submissions')
          .select(['id', 'status'])
          .where(
            'id',
            'in',
            inserted.map((r) => r.id),
          )
          .orderBy('id')
          .execute();
        expect(rows.map((r) => r.status)).toEqual(['WrongAnswer', 'Accepted', 'Accepted']);
      });
      const solves = await ctx.db.selectFrom('solves').selectAll().where('challenge_id', '=', c).execute();
      expect(solves).toHaveLength(1);
      expect(Number(solves[0]?.submission_id)).toBe(Number(inserted[1]?.id));
    } finally {
      await second.close();
      await events.close();
    }
  });
});

describe('recovery after a real stop', () => {
  /**
   * The test database as a process sees it when it dies before writing verdicts: reads and the submission
   * inserts work, every transaction (the verdict commit of correct answers) fails.
   */
  function dyingDatabase(db: Db): Db {
    return new Proxy(db, {
      get(target, property) {
        if (property === 'transaction') {
          return () => {
            throw new Error('process stopped');
          };
        }
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  /** The same signed-in browser, talking to another server process. */
  function on(app: FastifyInstance, player: Player): TestClient {
    const client = new TestClient(app, player.client.address);
    for (const [name, value] of player.client.cookies) client.cookies.set(name, value);
    return client;
  }

  it('a new app finishes the submissions a stopped app took but never judged', async () => {
    const now = ctx.clock.now().getTime();
    const gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    const c = await createChallenge(ctx.db, gameId, { title: 'Restart' });
    await addFlag(ctx.db, c, 'flag{restart}');
    const players = [
      await createPlayer(ctx.app, ctx.db, gameId, 'restart1'),
      await createPlayer(ctx.app, ctx.db, gameId, 'restart2'),
      await createPlayer(ctx.app, ctx.db, gameId, 'restart3'),
    ];
    const url = `/api/game/${gameId}/challenges/${c}`;
    const deps = { config: ctx.config, clock: ctx.clock, store: ctx.store };

    const stoppingEvents = new MemoryEventBus();
    const stopping = await buildApp({ ...deps, db: dyingDatabase(ctx.db), events: stoppingEvents });
    await stopping.ready();
    const ids: number[] = [];
    for (const player of players) {
      const response = await on(stopping, player).post(url, { flag: 'flag{restart}' });
      expect(response.statusCode, response.body).toBe(200);
      ids.push(json<number>(response));
    }
    await stopping.close();
    await stoppingEvents.close();
    const statuses = async () =>
      (
        await ctx.db
          .selectFrom('submissions')
          .select('status')
          .where('id', 'in', ids.map(String))
          .orderBy('id')
          .execute()
      ).map((row) => row.status);
    expect(await statuses()).toEqual(['FlagSubmitted', 'FlagSubmitted', 'FlagSubmitted']);
    expect(await ctx.db.selectFrom('solves').selectAll().where('challenge_id', '=', c).execute()).toEqual([]);

    const events = new MemoryEventBus();
    const restarted = await buildApp({ ...deps, db: ctx.db, events });
    try {
      await restarted.ready();
      await restarted.services.play.flagChecker.drain();
      await vi.waitFor(async () => expect(await statuses()).toEqual(['Accepted', 'Accepted', 'Accepted']));
      const [first] = players;
      if (!first) throw new Error('players');
      const verdict = await on(restarted, first).get(`${url}/status/${ids[0]}`);
      expect(json(verdict)).toBe('Accepted');
      // Bloods follow the order the stopped app took the answers in.
      const notices = await ctx.db
        .selectFrom('game_notices')
        .select(['type', 'values'])
        .where('game_id', '=', gameId)
        .orderBy('id')
        .execute();
      expect(notices.map((n) => [n.type, n.values[0]])).toEqual([
        ['FirstBlood', 'T-restart1'],
        ['SecondBlood', 'T-restart2'],
        ['ThirdBlood', 'T-restart3'],
      ]);
    } finally {
      await restarted.close();
      await events.close();
    }
  });
});
