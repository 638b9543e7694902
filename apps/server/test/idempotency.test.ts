import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from './harness';
import { addFlag, createChallenge, createGame, createPlayer, type Player } from './play-fixtures';

/*
 * A client retrying a flag submission whose answer it never got sends the same Idempotency-Key: nothing new
 * is stored, no attempt of a limited challenge is used, and the first submission's id comes back.
 */
let ctx: TestContext;
let gameId: number;
let openId: number;
let limitedId: number;
let player: Player;
const HOUR = 3_600_000;

beforeAll(async () => {
  ctx = await createTestContext();
  const now = ctx.clock.now().getTime();
  gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
  openId = await createChallenge(ctx.db, gameId, { title: 'Open' });
  await addFlag(ctx.db, openId, 'flag{open}');
  limitedId = await createChallenge(ctx.db, gameId, { title: 'Limited', submissionLimit: 1 });
  await addFlag(ctx.db, limitedId, 'flag{limited}');
  player = await createPlayer(ctx.app, ctx.db, gameId, 'retrier');
});
afterAll(async () => ctx?.close());

function submit(challengeId: number, flag: string, key?: string) {
  return player.client.post(
    `/api/game/${gameId}/challenges/${challengeId}`,
    { flag },
    {
      headers: key === undefined ? {} : { 'idempotency-key': key },
    },
  );
}

async function rowsWithKey(key: string) {
  return ctx.db.selectFrom('submissions').select(['id', 'status']).where('idempotency_key', '=', key).execute();
}

describe('Idempotency-Key on flag submission', () => {
  it('answers a retry with the first submission’s id and stores it once, with one FlagSubmit event', async () => {
    // A wrong answer judged on arrival (flags cached by a first answer), then the same request again.
    await submit(openId, 'flag{warm}');
    await ctx.app.services.play.flagChecker.drain();
    const first = await submit(openId, 'flag{nope}', 'retry-1');
    expect(first.statusCode, first.body).toBe(200);
    const again = await submit(openId, 'flag{nope}', 'retry-1');
    expect(again.statusCode, again.body).toBe(200);
    expect(json(again)).toBe(json(first));
    expect(await rowsWithKey('retry-1')).toHaveLength(1);
    await ctx.app.services.play.flagChecker.drain();
    const events = await ctx.db
      .selectFrom('game_events')
      .select('values')
      .where('game_id', '=', gameId)
      .where('type', '=', 'FlagSubmit')
      .execute();
    expect(events.filter((e) => e.values[1] === 'flag{nope}')).toHaveLength(1);
  });

  it('never uses a second attempt of a limited challenge', async () => {
    const first = await submit(limitedId, 'flag{limited}', 'limited-1');
    expect(first.statusCode, first.body).toBe(200);
    const again = await submit(limitedId, 'flag{limited}', 'limited-1');
    expect(again.statusCode, again.body).toBe(200);
    expect(json(again)).toBe(json(first));
    // A new key is a new attempt, and the only one was used.
    expect((await submit(limitedId, 'flag{other}', 'limited-2')).statusCode).toBe(400);
    await ctx.app.services.play.flagChecker.drain();
    const status = await player.client.get(`/api/game/${gameId}/challenges/${limitedId}/status/${json(first)}`);
    expect(json(status)).toBe('Accepted');
  });

  it('stores one submission when the same request arrives twice at once', async () => {
    const [a, b] = await Promise.all([submit(openId, 'flag{open}', 'twin'), submit(openId, 'flag{open}', 'twin')]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    expect(json(a as never)).toBe(json(b as never));
    expect(await rowsWithKey('twin')).toHaveLength(1);
  });

  it('refuses a key used before for another answer or challenge (422) and a malformed key (400)', async () => {
    expect((await submit(openId, 'flag{a}', 'reused')).statusCode).toBe(200);
    for (const response of [await submit(openId, 'flag{b}', 'reused'), await submit(limitedId, 'flag{a}', 'reused')]) {
      expect(response.statusCode).toBe(422);
      expect(json(response)).toEqual({ title: expect.any(String), status: 422 });
    }
    for (const key of ['has space', 'x'.repeat(129), 'ключ']) {
      const response = await submit(openId, 'flag{c}', key);
      expect(response.statusCode, key).toBe(400);
    }
  });

  it('is documented in the OpenAPI description of the submission', async () => {
    const spec = json<{ paths: Record<string, { post?: { parameters?: Array<{ name: string; in: string }> } }> }>(
      await ctx.app.inject({ method: 'GET', url: '/openapi.json' }),
    );
    const post = spec.paths['/api/game/{id}/challenges/{challengeId}']?.post;
    expect(post?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'idempotency-key', in: 'header' })]),
    );
  });
});
