import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerAndSignIn, STRONG_PASSWORD, TestClient } from './client';
import { createTestContext, json, type TestContext } from './harness';
import { linkIn, TestSmtpServer } from './smtp';

let ctx: TestContext;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await new TestSmtpServer().start();
  ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://ctf.example.org/' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const policy = (patch: Record<string, boolean | string>) => ctx.app.services.settings.update('accountPolicy', patch);
beforeEach(() => policy({ activeOnRegister: true, emailConfirmationRequired: true }));

describe('password recovery', () => {
  it('mails a reset link; the link sets a new password once and ends every session', async () => {
    const signedIn = await registerAndSignIn(ctx.app, 'walt');
    const response = await new TestClient(ctx.app).post('/api/account/recovery', { email: 'WALT@example.com' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ title: expect.any(String), status: 200 });

    const mail = await smtp.nextMailTo('walt@example.com');
    expect(mail.subject).toContain('Flagpole');
    const link = linkIn(mail);
    expect(link.url.origin + link.url.pathname).toBe('https://ctf.example.org/account/reset');

    const client = new TestClient(ctx.app);
    const weak = await client.post('/api/account/passwordreset', {
      email: link.email,
      rToken: link.token,
      password: 'weak',
    });
    expect(weak.statusCode).toBe(400);
    const badToken = await client.post('/api/account/passwordreset', {
      email: link.email,
      rToken: 'Zm9v',
      password: 'N3w-password',
    });
    expect(badToken.statusCode).toBe(400);
    const reset = await client.post('/api/account/passwordreset', {
      email: link.email,
      rToken: link.token,
      password: 'N3w-password',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.body).toBe('');
    expect((await signedIn.get('/api/account/profile')).statusCode).toBe(401);
    const reuse = await client.post('/api/account/passwordreset', {
      email: link.email,
      rToken: link.token,
      password: 'An0ther-pass',
    });
    expect(reuse.statusCode).toBe(400);
    const login = await client.post('/api/account/login', { userName: 'walt', password: 'N3w-password' });
    expect(login.statusCode).toBe(200);
  });

  it('expires reset links after three hours', async () => {
    await registerAndSignIn(ctx.app, 'xena');
    await new TestClient(ctx.app).post('/api/account/recovery', { email: 'xena@example.com' });
    const link = linkIn(await smtp.nextMailTo('xena@example.com'));
    ctx.clock.advance(3 * 3600_000 + 1000);
    const response = await new TestClient(ctx.app).post('/api/account/passwordreset', {
      email: link.email,
      rToken: link.token,
      password: 'N3w-password',
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for an unknown address and 400 when addresses are not confirmed by mail', async () => {
    const unknown = await new TestClient(ctx.app).post('/api/account/recovery', { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toEqual({ title: expect.any(String), status: 404 });
    await policy({ emailConfirmationRequired: false });
    const off = await new TestClient(ctx.app).post('/api/account/recovery', { email: 'walt@example.com' });
    expect(off.statusCode).toBe(400);
  });
});

describe('e-mail change', () => {
  it('is offered to players through the client config only while addresses are confirmed by mail', async () => {
    const config = async () => json<{ emailChangeByLink: boolean }>(await new TestClient(ctx.app).get('/api/config'));
    expect((await config()).emailChangeByLink).toBe(true);
    await policy({ emailConfirmationRequired: false });
    expect((await config()).emailChangeByLink).toBe(false);
  });

  it('mails the new address and switches after confirmation by the signed-in user', async () => {
    const client = await registerAndSignIn(ctx.app, 'yuri');
    const response = await client.put('/api/account/changeemail', { newMail: 'yuri.new@example.com' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ title: expect.any(String), data: true, status: 200 });
    const link = linkIn(await smtp.nextMailTo('yuri.new@example.com'));
    expect(link.url.pathname).toBe('/account/confirm');

    const stranger = await registerAndSignIn(ctx.app, 'zack');
    expect(
      (await stranger.post('/api/account/mailchangeconfirm', { token: link.token, email: link.email })).statusCode,
    ).toBe(400);

    const confirm = await client.post('/api/account/mailchangeconfirm', { token: link.token, email: link.email });
    expect(confirm.statusCode).toBe(200);
    expect(json(await client.get('/api/account/profile'))).toMatchObject({ email: 'yuri.new@example.com' });
    expect(
      (await client.post('/api/account/mailchangeconfirm', { token: link.token, email: link.email })).statusCode,
    ).toBe(400);
  });

  it('refuses a taken address, and answers data:false when only administrators change addresses', async () => {
    const client = await registerAndSignIn(ctx.app, 'amy');
    const taken = await client.put('/api/account/changeemail', { newMail: 'zack@example.com' });
    expect(taken.statusCode).toBe(400);
    await policy({ emailConfirmationRequired: false });
    const off = await client.put('/api/account/changeemail', { newMail: 'amy.new@example.com' });
    expect(off.statusCode).toBe(400);
    expect(json(off)).toEqual({ title: expect.any(String), data: false, status: 400 });
  });
});

describe('without a mail server', () => {
  it('refuses flows that need mail with a clear 400', async () => {
    const bare = await createTestContext();
    try {
      await bare.app.services.settings.update('accountPolicy', {
        activeOnRegister: false,
        emailConfirmationRequired: true,
      });
      const register = await new TestClient(bare.app).post('/api/account/register', {
        userName: 'nomail',
        email: 'nomail@example.com',
        password: STRONG_PASSWORD,
      });
      expect(register.statusCode).toBe(400);
      expect(json<{ title: string }>(register).title).toMatch(/cannot send mail/);
      const recovery = await new TestClient(bare.app).post('/api/account/recovery', { email: 'x@example.com' });
      expect(recovery.statusCode).toBe(400);
    } finally {
      await bare.close();
    }
  });

  it('reports a failed delivery as 400', async () => {
    const failing = await createTestContext({}, { mailer: { enabled: true, send: async () => false } });
    try {
      await failing.app.services.settings.update('accountPolicy', {
        activeOnRegister: false,
        emailConfirmationRequired: true,
      });
      const register = await new TestClient(failing.app).post('/api/account/register', {
        userName: 'bounce',
        email: 'bounce@example.com',
        password: STRONG_PASSWORD,
      });
      expect(register.statusCode).toBe(400);
      expect(json(register)).toEqual({ title: 'The mail could not be sent; please try again later.', status: 400 });
    } finally {
      await failing.close();
    }
  });
});
