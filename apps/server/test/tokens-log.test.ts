import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';

const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ LOG_LEVEL: 'trace' }, { logStream });
});
afterAll(() => ctx.close());

describe('the log', () => {
  it('never holds an API token, whether issued, used, revoked or forged', async () => {
    const admin = await signUpAdmin(ctx, 'logtokens');
    const { token, info } = ok<{ token: string; info: { id: string } }>(
      await admin.post('/api/tokens', { name: 'secret' }),
    );
    const use = (value: string) =>
      ctx.app.inject({ url: '/api/tokens', headers: { authorization: `Bearer ${value}` } });
    expect((await use(token)).statusCode).toBe(200);
    ok(await admin.send('DELETE', `/api/tokens/${info.id}`));
    expect((await use(token)).statusCode).toBe(401);
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await use(forged)).statusCode).toBe(401);

    const log = lines.join('');
    expect(log).toContain('/api/tokens');
    const [, signature] = token.split('.');
    for (const secret of [token, forged, signature ?? token]) expect(log).not.toContain(secret);
  });
});
