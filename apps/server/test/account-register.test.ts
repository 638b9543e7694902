import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, TestClient } from './client';
import { createTestContext, json, type TestContext } from './harness';
import { linkIn, TestSmtpServer } from './smtp';

let ctx: TestContext;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await new TestSmtpServer().start();
  ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://ctf.example.org' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const policy = (patch: Record<string, boolean | string>) => ctx.app.services.settings.update('accountPolicy', patch);

beforeEach(async () => {
  await policy({
    allowRegister: true,
    activeOnRegister: true,
    emailConfirmationRequired: false,
    useCaptcha: false,
    emailDomainList: '',
  });
});

const register = (
  client: TestClient,
  userName: string,
  email = `${userName}@example.com`,
  password = STRONG_PASSWORD,
) => client.post('/api/account/register', { userName, email, password });

describe('POST /api/account/register', () => {
  it('signs the new user in when accounts are active on registration', async () => {
    const client = new TestClient(ctx.app);
    const response = await register(client, 'alice');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ title: expect.any(String), data: 'LoggedIn', status: 200 });
    const cookie = response.cookies.find((c) => c.name === 'flagpole_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const profile = await client.get('/api/account/profile');
    expect(profile.statusCode).toBe(200);
    expect(json(profile)).toEqual({
      userId: expect.any(String),
      role: 'User',
      userName: 'alice',
      email: 'alice@example.com',
      bio: '',
      phone: null,
      realName: '',
      stdNumber: '',
      avatar: null,
    });
  });

  it('keeps the account inactive until an administrator confirms it', async () => {
    await policy({ activeOnRegister: false, emailConfirmationRequired: false });
    const client = new TestClient(ctx.app);
    const response = await register(client, 'bob');
    expect(json(response)).toMatchObject({ data: 'AdminConfirmationRequired', status: 200 });
    expect(client.sessionCookie).toBeUndefined();
    const login = await client.post('/api/account/login', { userName: 'bob', password: STRONG_PASSWORD });
    expect(login.statusCode).toBe(401);
    expect(json(login)).toEqual({ title: expect.any(String), status: 401 });
  });

  it('mails a verification link that confirms the address and signs in, once', async () => {
    await policy({ activeOnRegister: false, emailConfirmationRequired: true });
    const client = new TestClient(ctx.app);
    const response = await register(client, 'carol');
    expect(json(response)).toMatchObject({ data: 'EmailConfirmationRequired', status: 200 });
    expect(client.sessionCookie).toBeUndefined();

    const mail = await smtp.nextMailTo('carol@example.com');
    const link = linkIn(mail);
    expect(link.url.origin + link.url.pathname).toBe('https://ctf.example.org/account/verify');
    expect(Buffer.from(link.email, 'base64').toString()).toBe('carol@example.com');

    const early = await client.post('/api/account/login', { userName: 'carol', password: STRONG_PASSWORD });
    expect(early.statusCode).toBe(401);

    const wrong = await client.post('/api/account/verify', { token: 'AAAA', email: link.email });
    expect(wrong.statusCode).toBe(401);

    const verify = await client.post('/api/account/verify', { token: link.token, email: link.email });
    expect(verify.statusCode).toBe(200);
    expect(verify.body).toBe('');
    expect(client.sessionCookie).toBeDefined();
    expect((await client.get('/api/account/profile')).statusCode).toBe(200);

    const again = await new TestClient(ctx.app).post('/api/account/verify', { token: link.token, email: link.email });
    expect(again.statusCode).toBe(400);
  });

  it('reuses an unconfirmed account when the same address registers again', async () => {
    await policy({ activeOnRegister: false, emailConfirmationRequired: true });
    const first = await register(new TestClient(ctx.app), 'dave', 'dave@example.com');
    expect(first.statusCode).toBe(200);
    await smtp.nextMailTo('dave@example.com');
    const second = await register(new TestClient(ctx.app), 'dave2', 'DAVE@example.com', 'An0ther-pass');
    expect(json(second)).toMatchObject({ data: 'EmailConfirmationRequired' });
    const link = linkIn(await smtp.nextMailTo('dave@example.com'));
    const rows = await ctx.db
      .selectFrom('users')
      .select('user_name')
      .where('email', 'ilike', 'dave@example.com')
      .execute();
    expect(rows).toEqual([{ user_name: 'dave2' }]);
    const client = new TestClient(ctx.app);
    expect((await client.post('/api/account/verify', { token: link.token, email: link.email })).statusCode).toBe(200);
    await client.post('/api/account/logout');
    const login = await client.post('/api/account/login', { userName: 'dave2', password: 'An0ther-pass' });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a confirmed address, a taken name, a weak password and a foreign domain', async () => {
    await register(new TestClient(ctx.app), 'erin');
    const cases = [
      { userName: 'erin2', email: 'ERIN@example.com', password: STRONG_PASSWORD },
      { userName: 'ERIN', email: 'erin-other@example.com', password: STRONG_PASSWORD },
      { userName: 'frank', email: 'frank@example.com', password: 'password' },
    ];
    for (const body of cases) {
      const response = await new TestClient(ctx.app).post('/api/account/register', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(response)).toEqual({ title: expect.any(String), status: 400 });
    }
    await policy({ emailDomainList: 'school.edu, example.org' });
    const foreign = await register(new TestClient(ctx.app), 'grace', 'grace@example.com');
    expect(foreign.statusCode).toBe(400);
    const allowed = await register(new TestClient(ctx.app), 'heidi', 'heidi@School.edu');
    expect(allowed.statusCode).toBe(200);
  });

  it('answers 400 when registration is closed', async () => {
    await policy({ allowRegister: false });
    const response = await register(new TestClient(ctx.app), 'ivan');
    expect(response.statusCode).toBe(400);
    expect(json<{ title: string }>(response).title).toBe('Registration is closed.');
  });
});
