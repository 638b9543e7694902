import { Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations/index';
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

    // A submission handed to the logger whole (an error report, say) keeps its answer out.
    ctx.app.log.error({ submission: { id: 1, answer: 'flag{inside-an-object}' } }, 'judging failed');

    const log = lines.join('');
    expect(log).toContain('/api/account/login');
    const secrets = [
      STRONG_PASSWORD,
      'Wrong-Secret-9',
      'N3w-Secret-pass',
      'flag{kept-out-of-logs}',
      'flag{wrong-but-secret}',
      'flag{inside-an-object}',
      ...player.client.cookies.values(),
    ];
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});

describe('migration 0007', () => {
  it('removes stored entries that carry the generated administrator password, and nothing else', async () => {
    const entry = (message: string) => ({ logged_at: new Date(), level: 'Warning' as const, message });
    await ctx.db
      .insertInto('logs')
      .values([
        entry(
          'Created the administrator account "admin" with the generated password Xy7-kept-secret ; it is shown only this once, change it after signing in',
        ),
        entry('Created the administrator account "admin" with the password from ADMIN_PASSWORD'),
        entry('an unrelated entry that mentions the generated password idea'),
      ])
      .execute();
    await migrations['0007_forget_logged_secrets']?.up(ctx.db as unknown as Kysely<unknown>);
    const messages = (await ctx.db.selectFrom('logs').select('message').execute()).map((row) => row.message);
    expect(messages.join('\n')).not.toContain('Xy7-kept-secret');
    expect(messages).toContain('Created the administrator account "admin" with the password from ADMIN_PASSWORD');
    expect(messages).toContain('an unrelated entry that mentions the generated password idea');
  });
});

describe('the process output at the default level', () => {
  it('carries no line per request, while warnings and errors still show', async () => {
    const output: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        output.push(String(chunk));
        done();
      },
    });
    const quiet = await createTestContext({ LOG_LEVEL: 'info' }, { logStream: stream });
    try {
      for (let i = 0; i < 5; i++) await new TestClient(quiet.app).get('/api/config');
      await new TestClient(quiet.app).post('/api/account/login', { userName: 'nobody', password: 'Wrong-pass-1' });
      quiet.app.log.warn('a warning an operator must see');
      quiet.app.log.error('an error an operator must see');
      const text = output.join('');
      expect(text).not.toContain('incoming request');
      expect(text).not.toContain('request completed');
      expect(text).not.toContain('/api/config');
      expect(text).toContain('a warning an operator must see');
      expect(text).toContain('an error an operator must see');
    } finally {
      await quiet.close();
    }
  });
});
