import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndSignIn, STRONG_PASSWORD, TestClient } from './client';
import { createTestContext, json, type TestContext } from './harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT: 'true', CAPTCHA_PROVIDER: 'HashPow' });
  // Challenges are issued, but sign-in and registration are not captcha-protected here.
  await ctx.app.services.settings.update('accountPolicy', { useCaptcha: false });
});
afterAll(() => ctx.close());

describe('rate limits', () => {
  it('limits the register policy per address, with 429 and Retry-After', async () => {
    const flooder = new TestClient(ctx.app, '10.20.0.1');
    for (let i = 0; i < 20; i++) {
      const response = await flooder.post('/api/account/register', { userName: 'x', email: 'bad', password: 'p' });
      expect(response.statusCode).toBe(400);
    }
    const limited = await flooder.post('/api/account/register', { userName: 'x', email: 'bad', password: 'p' });
    expect(limited.statusCode).toBe(429);
    expect(json(limited)).toEqual({ title: expect.any(String), status: 429 });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(150);

    const neighbour = new TestClient(ctx.app, '10.20.0.2');
    expect(
      (await neighbour.post('/api/account/register', { userName: 'x', email: 'bad', password: 'p' })).statusCode,
    ).toBe(400);

    ctx.clock.advance(151_000);
    expect(
      (await flooder.post('/api/account/register', { userName: 'x', email: 'bad', password: 'p' })).statusCode,
    ).toBe(400);
  });

  it('counts signed-in users by account, not by their shared address', async () => {
    const first = await registerAndSignIn(ctx.app, 'shared1', '10.30.0.1');
    const second = await registerAndSignIn(ctx.app, 'shared2', '10.30.0.1');
    for (let i = 0; i < 40; i++) expect((await first.get('/api/captcha/powchallenge')).statusCode).toBe(200);
    expect((await first.get('/api/captcha/powchallenge')).statusCode).toBe(429);
    expect((await second.get('/api/captcha/powchallenge')).statusCode).toBe(200);
    expect((await new TestClient(ctx.app, '10.30.0.1').get('/api/captcha/powchallenge')).statusCode).toBe(200);
  });

  it('applies a global budget to every API request', async () => {
    const client = new TestClient(ctx.app, '10.40.0.1');
    let status = 200;
    for (let i = 0; i < 601 && status === 200; i++) status = (await client.get('/api/config')).statusCode;
    expect(status).toBe(429);
    expect((await new TestClient(ctx.app, '10.40.0.2').get('/api/config')).statusCode).toBe(200);
  });

  it('throttles failed sign-ins per account name and per address', async () => {
    await registerAndSignIn(ctx.app, 'target', '10.50.0.1');
    for (let i = 0; i < 10; i++) {
      const attacker = new TestClient(ctx.app, `10.51.0.${i}`);
      expect(
        (await attacker.post('/api/account/login', { userName: 'target', password: 'Wrong-pass1' })).statusCode,
      ).toBe(401);
    }
    const blocked = await new TestClient(ctx.app, '10.52.0.1').post('/api/account/login', {
      userName: 'TARGET',
      password: STRONG_PASSWORD,
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const otherAccount = await registerAndSignIn(ctx.app, 'bystander', '10.53.0.1');
    expect(otherAccount.sessionCookie).toBeDefined();
    const bystanderLogin = await new TestClient(ctx.app, '10.52.0.1').post('/api/account/login', {
      userName: 'bystander',
      password: STRONG_PASSWORD,
    });
    expect(bystanderLogin.statusCode).toBe(200);
    ctx.clock.advance(15 * 60_000 + 1000);
    const later = await new TestClient(ctx.app, '10.52.0.1').post('/api/account/login', {
      userName: 'target',
      password: STRONG_PASSWORD,
    });
    expect(later.statusCode).toBe(200);

    const sprayer = new TestClient(ctx.app, '10.60.0.1');
    for (let i = 0; i < 50; i++) {
      expect(
        (await sprayer.post('/api/account/login', { userName: `user${i}`, password: 'Wrong-pass1' })).statusCode,
      ).toBe(401);
    }
    expect(
      (await sprayer.post('/api/account/login', { userName: 'bystander', password: STRONG_PASSWORD })).statusCode,
    ).toBe(429);
  });
});
