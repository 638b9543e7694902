import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndSignIn, STRONG_PASSWORD, TestClient } from './client';
import { createTestContext, json, type TestContext } from './harness';

/** Rate limits with the default budgets (config.ts); the on-site event scenario is in rate-limit-event.test.ts. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT: 'true', CAPTCHA_PROVIDER: 'HashPow' });
  // Challenges are issued, but sign-in and registration are not captcha-protected here.
  await ctx.app.services.settings.update('accountPolicy', { useCaptcha: false });
});
afterAll(() => ctx.close());

const signIn = (client: TestClient, userName: string, password: string) =>
  client.post('/api/account/login', { userName, password });
const WRONG = 'Wrong-pass1';

describe('request budgets', () => {
  it('limits registrations per address (600 per 10 minutes), with 429 and Retry-After', async () => {
    const flooder = new TestClient(ctx.app, '10.20.0.1');
    const bad = { userName: 'x', email: 'bad', password: 'p' };
    for (let i = 0; i < 600; i++) {
      const response = await flooder.post('/api/account/register', bad);
      expect(response.statusCode).toBe(400);
    }
    const limited = await flooder.post('/api/account/register', bad);
    expect(limited.statusCode).toBe(429);
    expect(json(limited)).toEqual({ title: expect.any(String), status: 429 });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(600);

    const neighbour = new TestClient(ctx.app, '10.20.0.2');
    expect((await neighbour.post('/api/account/register', bad)).statusCode).toBe(400);
    ctx.clock.advance(600_001);
    expect((await flooder.post('/api/account/register', bad)).statusCode).toBe(400);
  });

  it('limits mail-sending flows on their own budget (20 per 150 s)', async () => {
    const asker = new TestClient(ctx.app, '10.21.0.1');
    for (let i = 0; i < 20; i++) {
      expect((await asker.post('/api/account/recovery', { email: 'bad' })).statusCode).toBe(400);
    }
    expect((await asker.post('/api/account/recovery', { email: 'bad' })).statusCode).toBe(429);
    // Registration from the same address is not held back by it.
    expect((await asker.post('/api/account/register', { email: 'bad' })).statusCode).toBe(400);
  });

  it('counts signed-in users by account, not by their shared address', async () => {
    const first = await registerAndSignIn(ctx.app, 'shared1', '10.30.0.1');
    const second = await registerAndSignIn(ctx.app, 'shared2', '10.30.0.1');
    for (let i = 0; i < 40; i++) expect((await first.get('/api/captcha/powchallenge')).statusCode).toBe(200);
    expect((await first.get('/api/captcha/powchallenge')).statusCode).toBe(429);
    expect((await second.get('/api/captcha/powchallenge')).statusCode).toBe(200);
    expect((await new TestClient(ctx.app, '10.30.0.1').get('/api/captcha/powchallenge')).statusCode).toBe(200);
  });

  it('gives each signed-in user 600 requests a minute and each anonymous address 3000', async () => {
    const user = await registerAndSignIn(ctx.app, 'busy', '10.40.0.1');
    let status = 200;
    let sent = 0;
    for (; sent < 601 && status === 200; sent++) status = (await user.get('/api/config')).statusCode;
    expect([sent, status]).toEqual([601, 429]);

    const campus = new TestClient(ctx.app, '10.41.0.1');
    status = 200;
    sent = 0;
    for (; sent < 3001 && status === 200; sent++) status = (await campus.get('/api/config')).statusCode;
    expect([sent, status]).toEqual([3001, 429]);
    expect((await new TestClient(ctx.app, '10.41.0.2').get('/api/config')).statusCode).toBe(200);
  });
});

describe('failed sign-ins', () => {
  it('stop one address guessing one account, but never keep the owner out from another address', async () => {
    await registerAndSignIn(ctx.app, 'owner', '10.50.0.1');
    const attacker = new TestClient(ctx.app, '10.51.0.1');
    for (let i = 0; i < 10; i++) expect((await signIn(attacker, 'owner', WRONG)).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) {
      const blocked = await signIn(attacker, 'owner', i === 2 ? STRONG_PASSWORD : WRONG);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The real owner, elsewhere, signs in at once, by name and by e-mail address.
    expect((await signIn(new TestClient(ctx.app, '10.52.0.1'), 'owner', STRONG_PASSWORD)).statusCode).toBe(200);
    const byMail = await signIn(new TestClient(ctx.app, '10.52.0.2'), 'owner@example.com', STRONG_PASSWORD);
    expect(byMail.statusCode).toBe(200);
    // The attacker's address still reaches other accounts.
    await registerAndSignIn(ctx.app, 'bystander', '10.53.0.1');
    expect((await signIn(attacker, 'bystander', STRONG_PASSWORD)).statusCode).toBe(200);
    // The pair's block ends with its window.
    ctx.clock.advance(15 * 60_000 + 1000);
    expect((await signIn(attacker, 'owner', STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('count the e-mail address and the name of an account as one', async () => {
    await registerAndSignIn(ctx.app, 'mailuser', '10.54.0.1');
    const viaMail = new TestClient(ctx.app, '10.55.0.1');
    for (let i = 0; i < 10; i++) {
      expect((await signIn(viaMail, i % 2 ? 'MailUser@Example.com' : 'mailuser@example.com', WRONG)).statusCode).toBe(
        401,
      );
    }
    expect((await signIn(viaMail, 'mailuser', STRONG_PASSWORD)).statusCode).toBe(429);
    await registerAndSignIn(ctx.app, 'nameuser', '10.54.0.2');
    const viaName = new TestClient(ctx.app, '10.55.0.2');
    for (let i = 0; i < 10; i++) expect((await signIn(viaName, 'NAMEUSER', WRONG)).statusCode).toBe(401);
    expect((await signIn(viaName, 'nameuser@example.com', STRONG_PASSWORD)).statusCode).toBe(429);
  });

  it('slow an account under attack down softly: each address waits a growing delay after its own failure', async () => {
    await registerAndSignIn(ctx.app, 'hunted', '10.56.0.1');
    // Spread over many addresses, so that no pair is blocked.
    for (let i = 0; i < 30; i++) {
      expect((await signIn(new TestClient(ctx.app, `10.57.0.${i}`), 'hunted', WRONG)).statusCode).toBe(401);
    }
    const owner = new TestClient(ctx.app, '10.58.0.1');
    expect((await signIn(owner, 'hunted', WRONG)).statusCode).toBe(401);
    const waiting = await signIn(owner, 'hunted', STRONG_PASSWORD);
    expect(waiting.statusCode).toBe(429);
    const seconds = Number(waiting.headers['retry-after']);
    expect(seconds).toBeGreaterThan(1);
    expect(seconds).toBeLessThanOrEqual(60);
    // Another address is not held back by that wait, and the owner gets in once it is over.
    expect((await signIn(new TestClient(ctx.app, '10.58.0.2'), 'hunted', STRONG_PASSWORD)).statusCode).toBe(200);
    ctx.clock.advance(seconds * 1000);
    expect((await signIn(owner, 'hunted', STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('stop one address spraying guesses over many accounts', async () => {
    await registerAndSignIn(ctx.app, 'sprayed', '10.59.0.1');
    const sprayer = new TestClient(ctx.app, '10.60.0.1');
    for (let i = 0; i < 200; i++) {
      expect((await signIn(sprayer, `user${i}`, WRONG)).statusCode).toBe(401);
    }
    expect((await signIn(sprayer, 'sprayed', STRONG_PASSWORD)).statusCode).toBe(429);
    expect((await signIn(new TestClient(ctx.app, '10.60.0.2'), 'sprayed', STRONG_PASSWORD)).statusCode).toBe(200);
  });
});
