import type { GameEvent, Submission } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndSignIn, TestClient } from './client';
import { createTestContext, json, type TestContext } from './harness';
import { addFlag, createChallenge, createGame, createPlayer, type Player } from './play-fixtures';

/**
 * Flagpole's `search` on lists players and monitors page through: the monitor's feeds (team, user, challenge and
 * answer) and the public game list (title); any case, `%` and `_` literal, absent = the reference's answer.
 */
let ctx: TestContext;
let gameId: number;
let monitor: TestClient;
let alice: Player;
let bob: Player;
const HOUR = 3_600_000;

async function answer(player: Player, challengeId: number, flag: string) {
  const response = await player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag });
  expect(response.statusCode, response.body).toBe(200);
}

const submissions = async (query: string) =>
  json<Submission[]>(await monitor.get(`/api/game/${gameId}/submissions?count=0&${query}`));
const events = async (query: string) => json<GameEvent[]>(await monitor.get(`/api/game/${gameId}/events?${query}`));

beforeAll(async () => {
  ctx = await createTestContext();
  const now = ctx.clock.now().getTime();
  gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
  const web = await createChallenge(ctx.db, gameId, { title: 'Cookie Jar', category: 'Web' });
  await addFlag(ctx.db, web, 'flag{cookie}');
  const crypto = await createChallenge(ctx.db, gameId, { title: 'Rusty RSA', category: 'Crypto' });
  await addFlag(ctx.db, crypto, 'flag{rsa}');
  alice = await createPlayer(ctx.app, ctx.db, gameId, 'alicesearch');
  bob = await createPlayer(ctx.app, ctx.db, gameId, 'bobsearch');
  await answer(alice, web, 'flag{cookie}');
  await answer(alice, crypto, '50%_off');
  await answer(bob, crypto, 'flag{rsa}');
  await answer(bob, web, 'flagXcookie');
  await ctx.app.services.play.flagChecker.drain();
  monitor = await registerAndSignIn(ctx.app, 'searchwatcher', '10.1.7.3');
  await ctx.db.updateTable('users').set({ role: 'Monitor' }).where('user_name', '=', 'searchwatcher').execute();
});
afterAll(() => ctx.close());

describe('GET /api/game/{id}/submissions?search=', () => {
  it('without a search answers every submission, as the reference does', async () => {
    expect(await submissions('')).toHaveLength(4);
    expect(await submissions('search=%20%20')).toHaveLength(4);
  });

  it('matches the team, the user, the challenge and the answer in any case', async () => {
    expect((await submissions('search=T-BOBSEARCH')).map((s) => s.answer).sort()).toEqual(['flagXcookie', 'flag{rsa}']);
    expect((await submissions('search=AliceSearch')).map((s) => s.user)).toEqual(['alicesearch', 'alicesearch']);
    expect((await submissions('search=rusty')).map((s) => s.challenge)).toEqual(['Rusty RSA', 'Rusty RSA']);
    expect((await submissions('search=%7Bcookie')).map((s) => s.answer)).toEqual(['flag{cookie}']);
  });

  it('takes % and _ literally and combines with the verdict filter', async () => {
    expect((await submissions('search=%25')).map((s) => s.answer)).toEqual(['50%_off']);
    expect((await submissions('search=g_c')).map((s) => s.answer)).toEqual([]);
    expect((await submissions('search=cookie&type=Accepted')).map((s) => s.answer)).toEqual(['flag{cookie}']);
  });

  it('refuses a search longer than 100 characters', async () => {
    expect((await monitor.get(`/api/game/${gameId}/submissions?search=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('is for monitors only', async () => {
    expect((await alice.client.get(`/api/game/${gameId}/submissions?search=x`)).statusCode).toBe(403);
  });
});

describe('GET /api/game/{id}/events?search=', () => {
  it('without a search answers every event; with one, those whose team, user or content match', async () => {
    const all = await events('');
    expect(all.filter((e) => e.type === 'FlagSubmit')).toHaveLength(4);
    const bobs = await events('search=t-bobsearch');
    expect(bobs.length).toBe(2);
    expect(bobs.every((e) => e.team === 'T-bobsearch')).toBe(true);
    expect((await events('search=ALICESEARCH')).every((e) => e.user === 'alicesearch')).toBe(true);
    const rusty = await events('search=Rusty');
    expect(rusty.length).toBe(2);
    expect(rusty.every((e) => e.values.includes('Rusty RSA'))).toBe(true);
    expect((await events('search=%25_')).map((e) => e.values[1])).toEqual(['50%_off']);
    expect(await events('search=nothing-like-this')).toEqual([]);
  });

  it('is for monitors only', async () => {
    expect((await bob.client.get(`/api/game/${gameId}/events?search=x`)).statusCode).toBe(403);
  });
});

describe('GET /api/game?search=', () => {
  const titles = async (query: string) =>
    json<{ data: Array<{ title: string }>; total: number }>(await new TestClient(ctx.app).get(`/api/game?${query}`));

  it('keeps the visible games whose title contains the text, counted in total; without it, every game', async () => {
    const now = ctx.clock.now().getTime();
    await createGame(ctx.db, {
      start: new Date(now - 9 * HOUR),
      end: new Date(now - 8 * HOUR),
      title: 'Spring 100% CTF',
    });
    await createGame(ctx.db, { start: new Date(now - 7 * HOUR), end: new Date(now - 6 * HOUR), title: 'Autumn CTF' });
    const hidden = await createGame(ctx.db, { start: new Date(now), end: new Date(now + HOUR), title: 'Secret CTF' });
    await ctx.db.updateTable('games').set({ hidden: true }).where('id', '=', hidden).execute();

    const all = await titles('count=50');
    expect(all.total).toBe(3);
    const found = await titles('count=50&search=ctf');
    expect(found.data.map((g) => g.title)).toEqual(['Autumn CTF', 'Spring 100% CTF']);
    expect(found.total).toBe(2);
    expect((await titles('count=50&search=%25')).data.map((g) => g.title)).toEqual(['Spring 100% CTF']);
    expect((await titles('count=50&search=n_C')).total).toBe(0);
    expect((await titles('count=1&skip=1&search=CTF')).data.map((g) => g.title)).toEqual(['Spring 100% CTF']);
    // The cached plain page is not confused with a search.
    expect((await titles('count=50')).total).toBe(3);
  });
});
