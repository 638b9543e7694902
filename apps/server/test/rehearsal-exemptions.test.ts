import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, TestClient } from './client';
import { createGame, signUpAdmin } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';

/*
 * What the rehearsal header buys (docs/operations.md, "Rehearsal"): a live run's secret skips the captcha on
 * registration and sign-in, and nothing else. Request budgets still count, and a wrong or expired secret is
 * refused outright rather than treated as no header.
 */

let ctx: TestContext;
let secret: string;
const HEADER = 'x-flagpole-rehearsal';

beforeAll(async () => {
  ctx = await createTestContext({
    REHEARSAL: 'true',
    REHEARSAL_SWEEP_SECONDS: '3600',
    CAPTCHA_PROVIDER: 'HashPow',
    POW_DIFFICULTY: '8',
    RATE_LIMIT: 'true',
    RATE_LIMIT_REGISTER_PER_10_MINUTES: '3',
    RATE_LIMIT_USER_PER_MINUTE: '20',
  });
  // A configured provider starts switched off in tests; it protects registration and sign-in once the admin exists.
  await ctx.app.services.settings.update('accountPolicy', { useCaptcha: false });
  const admin = await signUpAdmin(ctx, 'exempt_admin');
  await ctx.app.services.settings.update('accountPolicy', { useCaptcha: true });
  const gameId = (await createGame(ctx, admin, { acceptWithoutReview: true })).id;
  const started = await admin.post('/api/admin/rehearsals', { gameId, minutes: 1, rampSeconds: 10 });
  expect(started.statusCode, started.body).toBe(200);
  secret = json<{ secret: string }>(started).secret;
});
afterAll(() => ctx.close());

const registration = (name: string) => ({
  userName: name,
  email: `${name}@rehearsal.invalid`,
  password: STRONG_PASSWORD,
});

async function client(address: string): Promise<TestClient> {
  const fresh = new TestClient(ctx.app, address);
  await fresh.get('/api/config');
  return fresh;
}

const accountExists = async (name: string) =>
  (await ctx.db.selectFrom('users').select('id').where('user_name', '=', name).executeTakeFirst()) !== undefined;

describe('the rehearsal header', () => {
  it('skips the captcha on registration and sign-in, which stays required without it', async () => {
    const plain = await client('10.70.0.1');
    const refused = await plain.post('/api/account/register', registration('rx_plain'));
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(await accountExists('rx_plain')).toBe(false);

    const player = await client('10.70.0.2');
    const registered = await player.post('/api/account/register', registration('rx_one'), {
      headers: { [HEADER]: secret },
    });
    expect(registered.statusCode, registered.body).toBe(200);

    const login = { userName: 'rx_one', password: STRONG_PASSWORD };
    const withoutHeader = await (await client('10.70.0.3')).post('/api/account/login', login);
    expect(withoutHeader.statusCode).toBeGreaterThanOrEqual(400);
    expect(withoutHeader.statusCode).toBeLessThan(500);
    const withHeader = await (await client('10.70.0.4')).post('/api/account/login', login, {
      headers: { [HEADER]: secret },
    });
    expect(withHeader.statusCode, withHeader.body).toBe(200);
  });

  it('leaves the request budgets in force: registrations per address and requests per user', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) {
      // A fresh (signed-out) client each time: a signed-in caller's budgets are counted per account.
      const flooder = await client('10.71.0.1');
      const response = await flooder.post('/api/account/register', registration(`rx_flood${i}`), {
        headers: { [HEADER]: secret },
      });
      answers.push(response.statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 429]);

    const player = await client('10.71.0.2');
    const headers = { [HEADER]: secret };
    expect((await player.post('/api/account/register', registration('rx_busy'), { headers })).statusCode).toBe(200);
    let limited = false;
    for (let i = 0; i < 25 && !limited; i++) {
      limited = (await player.send('GET', '/api/game', undefined, { headers })).statusCode === 429;
    }
    expect(limited).toBe(true);
  });

  it('exempts nothing with a wrong or an expired secret: both are refused (403) and no account is made', async () => {
    const wrong = await (await client('10.72.0.1')).post('/api/account/register', registration('rx_wrong'), {
      headers: { [HEADER]: `${secret}x` },
    });
    expect(wrong.statusCode).toBe(403);
    expect(json(wrong)).toMatchObject({ status: 403 });

    // The lease: 10 s ramp + 1 minute + the default grace of 10 minutes; the sweep is far off, so the run row stays.
    ctx.clock.advance(12 * 60_000);
    const expired = await (await client('10.72.0.2')).post('/api/account/register', registration('rx_late'), {
      headers: { [HEADER]: secret },
    });
    expect(expired.statusCode).toBe(403);
    const login = { userName: 'rx_one', password: STRONG_PASSWORD };
    const lateLogin = await (await client('10.72.0.3')).post('/api/account/login', login, {
      headers: { [HEADER]: secret },
    });
    expect(lateLogin.statusCode).toBe(403);
    expect(await accountExists('rx_wrong')).toBe(false);
    expect(await accountExists('rx_late')).toBe(false);
  });
});
