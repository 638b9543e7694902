import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, TestClient } from './client';
import { createTestContext, type TestContext } from './harness';

/**
 * An on-site event: a few hundred players behind one address (a campus network) register and sign in at the
 * start, with the default budgets and nothing but RATE_LIMIT on. A brute force from that same address is still
 * stopped. Time is the test clock: the whole crowd arrives within one minute.
 */
const CAMPUS = '10.99.0.1';
const PLAYERS = 300;
const AT_ONCE = 10;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT: 'true' });
});
afterAll(() => ctx.close());

/** What a browser on the sign-up page asks before registering, then the registration. */
async function register(index: number): Promise<number> {
  const browser = new TestClient(ctx.app, CAMPUS);
  await browser.get('/api/config');
  await browser.get('/api/captcha');
  await browser.get('/api/account/profile');
  const response = await browser.post('/api/account/register', {
    userName: `player${index}`,
    email: `player${index}@campus.example.org`,
    password: STRONG_PASSWORD,
  });
  return response.statusCode;
}

/** Another browser on the sign-in page, signing in (half of them with their e-mail address). */
async function signIn(index: number): Promise<number> {
  const browser = new TestClient(ctx.app, CAMPUS);
  await browser.get('/api/config');
  await browser.get('/api/captcha');
  const userName = index % 2 ? `player${index}` : `player${index}@campus.example.org`;
  const response = await browser.post('/api/account/login', { userName, password: STRONG_PASSWORD });
  return response.statusCode;
}

async function inWaves(work: (index: number) => Promise<number>): Promise<number[]> {
  const statuses: number[] = [];
  for (let first = 0; first < PLAYERS; first += AT_ONCE) {
    const wave = Array.from({ length: AT_ONCE }, (_, offset) => work(first + offset));
    statuses.push(...(await Promise.all(wave)));
    ctx.clock.advance(1000);
  }
  return statuses;
}

describe('an on-site event behind one address', () => {
  it('lets 300 players register and sign in within five minutes with the default budgets', async () => {
    const started = ctx.clock.now().getTime();
    const registered = await inWaves(register);
    const signedIn = await inWaves(signIn);
    expect(ctx.clock.now().getTime() - started).toBeLessThanOrEqual(5 * 60_000);
    expect(registered.filter((status) => status !== 200)).toEqual([]);
    expect(signedIn.filter((status) => status !== 200)).toEqual([]);
  }, 600_000);

  it('still stops a brute force from that address, without holding the other players back', async () => {
    const attacker = new TestClient(ctx.app, CAMPUS);
    const guesses: number[] = [];
    for (let i = 0; i < 12; i++) {
      guesses.push(
        (await attacker.post('/api/account/login', { userName: 'player7', password: `Guess-${i}a` })).statusCode,
      );
    }
    expect(guesses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(guesses.slice(10)).toEqual([429, 429]);
    const right = await attacker.post('/api/account/login', { userName: 'player7', password: STRONG_PASSWORD });
    expect(right.statusCode).toBe(429);
    // The rest of the campus signs in as before.
    expect(await signIn(8)).toBe(200);
  });
});
