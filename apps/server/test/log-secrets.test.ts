import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, TestClient } from './client';
import { createTestContext, type TestContext } from './harness';
import { addFlag, createChallenge, createGame, createPlayer, type Player } from './play-fixtures';

const HOUR = 3_600_000;
const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let ctx: TestContext;
let player: Player;
let gameId: number;
let challengeId: number;

beforeAll(async () => {
  ctx = await createTestContext({ LOG_LEVEL: 'trace' }, { logStream });
  const now = ctx.clock.now().getTime();
  gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
  challengeId = await createChallenge(ctx.db, gameId, { title: 'Logged' });
  await addFlag(ctx.db, challengeId, 'flag{kept-out-of-logs}');
  player = await createPlayer(ctx.app, ctx.db, gameId, 'logger');
});
afterAll(() => ctx.close());

describe('the log', () => {
  it('records requests at trace level but never a password, flag, session or XSRF token', async () => {
    await new TestClient(ctx.app).post('/api/account/login', { userName: 'logger', password: 'Wrong-Secret-9' });
    for (const flag of ['flag{kept-out-of-logs}', 'flag{wrong-but-secret}']) {
      const submitted = await player.client.post(`/api/game/${gameId}/challenges/${challengeId}`, { flag });
      expect(submitted.statusCode).toBe(200);
    }
    await ctx.app.services.play.flagChecker.drain();
    const changed = await player.client.put('/api/account/changepassword', {
      old: STRONG_PASSWORD,
      new: 'N3w-Secret-pass',
    });
    expect(changed.statusCode).toBe(200);

    const log = lines.join('');
    expect(log).toContain('/api/account/login');
    const secrets = [
      STRONG_PASSWORD,
      'Wrong-Secret-9',
      'N3w-Secret-pass',
      'flag{kept-out-of-logs}',
      'flag{wrong-but-secret}',
      ...player.client.cookies.values(),
    ];
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
