import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { randomHex } from '../src/lib/crypto';
import { RedisEventBus } from '../src/lib/event-bus';
import { STRONG_PASSWORD, TestClient } from './client';
import { signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { addFlag, createChallenge, createGame, createPlayer, type Player } from './play-fixtures';

const HOUR = 3_600_000;
/** Caches on, as in production: these tests prove that changes reach them at once. */
const CACHED = { LOOKUP_CACHE_SECONDS: '15' };

async function signIn(client: TestClient, userName: string): Promise<void> {
  await client.get('/api/config');
  const response = await client.post('/api/account/login', { userName, password: STRONG_PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
}

describe('cached sessions', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(CACHED);
  });
  afterAll(() => ctx.close());

  it('a sign-out everywhere (password change) applies to cached sessions at once', async () => {
    const laptop = new TestClient(ctx.app, '10.3.0.1');
    await laptop.get('/api/config');
    await laptop.post('/api/account/register', {
      userName: 'cachepw',
      email: 'cachepw@example.com',
      password: STRONG_PASSWORD,
    });
    const desktop = new TestClient(ctx.app, '10.3.0.2');
    await signIn(desktop, 'cachepw');
    expect((await desktop.get('/api/account/profile')).statusCode).toBe(200);
    const changed = await laptop.put('/api/account/changepassword', { old: STRONG_PASSWORD, new: 'An0ther-pass!' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await desktop.get('/api/account/profile')).statusCode).toBe(401);
    expect((await laptop.get('/api/account/profile')).statusCode).toBe(200);
  });

  it('a role changed by hand in the database is seen once the cache time has passed', async () => {
    const client = new TestClient(ctx.app, '10.3.0.3');
    await client.get('/api/config');
    await client.post('/api/account/register', {
      userName: 'cacherole',
      email: 'cacherole@example.com',
      password: STRONG_PASSWORD,
    });
    expect((await client.get('/api/account/profile')).statusCode).toBe(200);
    await ctx.db.updateTable('users').set({ role: 'Banned' }).where('user_name', '=', 'cacherole').execute();
    expect((await client.get('/api/account/profile')).statusCode).toBe(200);
    ctx.clock.advance(16_000);
    expect((await client.get('/api/account/profile')).statusCode).toBe(403);
  });
});

describe('cached play lookups', () => {
  let ctx: TestContext;
  let gameId: number;
  let challengeId: number;
  let player: Player;
  let admin: TestClient;

  beforeAll(async () => {
    ctx = await createTestContext(CACHED);
    const now = ctx.clock.now().getTime();
    gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + 10 * HOUR) });
    challengeId = await createChallenge(ctx.db, gameId, { title: 'Cached' });
    await addFlag(ctx.db, challengeId, 'flag{cached}');
    player = await createPlayer(ctx.app, ctx.db, gameId, 'cacheplayer');
    admin = await signUpAdmin(ctx, 'cacheadmin');
  });
  afterAll(() => ctx.close());

  const submit = () => player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag: 'flag{nope}' });

  it('a suspension through the review call stops submissions at once', async () => {
    expect((await submit()).statusCode).toBe(200);
    const suspended = await admin.put(`/api/admin/participation/${player.participationId}`, { status: 'Suspended' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await submit()).statusCode).toBe(400);
    await admin.put(`/api/admin/participation/${player.participationId}`, { status: 'Accepted' });
    expect((await submit()).statusCode).toBe(200);
  });

  it('disabling a challenge through the editor hides it at once', async () => {
    expect((await player.client.get(`/api/game/${gameId}/challenges/${challengeId}`)).statusCode).toBe(200);
    const disabled = await admin.put(`/api/edit/games/${gameId}/challenges/${challengeId}`, { isEnabled: false });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await player.client.get(`/api/game/${gameId}/challenges/${challengeId}`)).statusCode).toBe(404);
    await admin.put(`/api/edit/games/${gameId}/challenges/${challengeId}`, { isEnabled: true });
    expect((await player.client.get(`/api/game/${gameId}/challenges/${challengeId}`)).statusCode).toBe(200);
  });

  it('a change by hand in the database is seen once the cache time has passed', async () => {
    expect((await submit()).statusCode).toBe(200);
    await ctx.db
      .updateTable('participations')
      .set({ status: 'Suspended' })
      .where('id', '=', player.participationId)
      .execute();
    expect((await submit()).statusCode).toBe(200);
    ctx.clock.advance(16_000);
    expect((await submit()).statusCode).toBe(400);
  });

  it('the status call waits for the verdict instead of answering FlagSubmitted', async () => {
    await ctx.db
      .updateTable('participations')
      .set({ status: 'Accepted' })
      .where('id', '=', player.participationId)
      .execute();
    ctx.clock.advance(16_000);
    const posted = await player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag: 'flag{cached}' });
    const status = await player.client.get(`/api/game/${gameId}/challenges/${challengeId}/status/${posted.body}`);
    expect(JSON.parse(status.body)).toBe('Accepted');
  });

  it('a flag added through the editor is accepted at once although flags are cached', async () => {
    const verdictOf = async (flag: string) => {
      const posted = await player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag });
      const status = await player.client.get(`/api/game/${gameId}/challenges/${challengeId}/status/${posted.body}`);
      return JSON.parse(status.body) as string;
    };
    expect(await verdictOf('flag{second}')).toBe('WrongAnswer');
    const added = await admin.post(`/api/edit/games/${gameId}/challenges/${challengeId}/flags`, [
      { flag: 'flag{second}' },
    ]);
    expect(added.statusCode, added.body).toBe(200);
    expect(await verdictOf('flag{second}')).toBe('Accepted');
  });

  it('a wrong answer judged on entry is stored judged, with its event, and counted once', async () => {
    const answer = `flag{entry-${Date.now()}}`;
    // The first wrong answer warms the flag cache; the second is judged on entry.
    for (const flag of ['flag{warm-up}', answer]) {
      const posted = await player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag });
      expect(posted.statusCode, posted.body).toBe(200);
      const status = await player.client.get(`/api/game/${gameId}/challenges/${challengeId}/status/${posted.body}`);
      expect(JSON.parse(status.body)).toBe('WrongAnswer');
    }
    const rows = await ctx.db
      .selectFrom('submissions')
      .select(['status', 'checked_at'])
      .where('answer', '=', answer)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('WrongAnswer');
    expect(rows[0]?.checked_at).not.toBeNull();
    const events = await ctx.db
      .selectFrom('game_events')
      .select('values')
      .where('game_id', '=', gameId)
      .where('type', '=', 'FlagSubmit')
      .execute();
    expect(events.filter((e) => JSON.stringify(e.values).includes(answer))).toHaveLength(1);
  });
});

describe('cached sessions across processes', () => {
  it('signing out in one process ends the session in another at once', async () => {
    const first = await createTestContext(CACHED);
    const prefix = `flagpole:test:${randomHex(6)}:`;
    const redisBus = () =>
      new RedisEventBus(new Redis('redis://127.0.0.1:6379'), new Redis('redis://127.0.0.1:6379'), prefix);
    const firstBus = redisBus();
    const secondBus = redisBus();
    // Both apps share the database; each gets a Redis bus on the same prefix.
    const one = await buildApp({ ...first, config: first.config, events: firstBus });
    const two = await buildApp({ ...first, config: first.config, events: secondBus });
    try {
      const onOne = new TestClient(one, '10.4.0.1');
      await onOne.get('/api/config');
      await onOne.post('/api/account/register', {
        userName: 'twoproc',
        email: 'twoproc@example.com',
        password: STRONG_PASSWORD,
      });
      const onTwo = new TestClient(two, '10.4.0.1');
      for (const [name, value] of onOne.cookies) onTwo.cookies.set(name, value);
      expect((await onTwo.get('/api/account/profile')).statusCode).toBe(200);
      expect((await onOne.post('/api/account/logout')).statusCode).toBe(200);
      let status = 200;
      for (let i = 0; i < 250 && status === 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        status = (await onTwo.get('/api/account/profile')).statusCode;
      }
      expect(status).toBe(401);
    } finally {
      await one.close();
      await two.close();
      await firstBus.close();
      await secondBus.close();
      await first.close();
    }
  });
});
