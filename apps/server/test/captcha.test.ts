import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, TestClient } from './client';
import { createTestContext, json, type TestContext } from './harness';

interface Challenge {
  id: string;
  challenge: string;
  difficulty: number;
}

function leadingZeroBits(digest: Buffer): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) bits += 8;
    else return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** Brute-forces an 8-byte answer the way the web app's worker does (or one that fails, for tests). */
function solve(
  { id, challenge, difficulty }: Challenge,
  accept: (bits: number) => boolean = (bits) => bits >= difficulty,
): string {
  const prefix = randomBytes(4);
  const bytes = Buffer.from(challenge, 'hex');
  for (let counter = 0; ; counter++) {
    const answer = Buffer.alloc(8);
    prefix.copy(answer, 0);
    answer.writeUInt32BE(counter, 4);
    if (accept(leadingZeroBits(createHash('sha256').update(bytes).update(answer).digest()))) {
      return `${id}:${answer.toString('hex')}`;
    }
  }
}

describe('HashPow', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ CAPTCHA_PROVIDER: 'HashPow', POW_DIFFICULTY: '8' });
  });
  afterAll(() => ctx.close());

  it('reports no captcha while the account policy turns it off, with ETag/304', async () => {
    // A configured provider is on by default; an administrator can turn it off.
    await ctx.app.services.settings.update('accountPolicy', { useCaptcha: false });
    const off = await ctx.app.inject({ url: '/api/captcha' });
    expect(json(off)).toEqual({ type: 'None', siteKey: '' });
    await ctx.app.services.settings.update('accountPolicy', { useCaptcha: true });
    const on = await ctx.app.inject({ url: '/api/captcha' });
    expect(json(on)).toEqual({ type: 'HashPow', siteKey: '' });
    expect(on.headers.etag).toMatch(/^W\/"cap-[0-9a-f]+"$/);
    expect(on.headers.etag).not.toBe(off.headers.etag);
    const cached = await ctx.app.inject({ url: '/api/captcha', headers: { 'if-none-match': String(on.headers.etag) } });
    expect(cached.statusCode).toBe(304);
  });

  it('issues challenges and accepts a correct answer once; a wrong answer does not use it up', async () => {
    const response = await ctx.app.inject({ url: '/api/captcha/powchallenge' });
    expect(response.statusCode).toBe(200);
    const challenge = json<Challenge>(response);
    expect(challenge).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{12}$/),
      challenge: expect.stringMatching(/^[0-9a-f]{16}$/),
      difficulty: 8,
    });

    const body = { userName: 'powuser', email: 'pow@example.com', password: STRONG_PASSWORD };
    const missing = await new TestClient(ctx.app).post('/api/account/register', body);
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toEqual({ title: expect.any(String), status: 400 });

    const wrong = solve({ ...challenge, difficulty: 0 }, (bits) => bits < challenge.difficulty);
    expect(
      (await new TestClient(ctx.app).post('/api/account/register', { ...body, challenge: wrong })).statusCode,
    ).toBe(400);
    expect(
      (await new TestClient(ctx.app).post('/api/account/register', { ...body, challenge: 'garbage' })).statusCode,
    ).toBe(400);

    const answer = solve(challenge);
    const ok = await new TestClient(ctx.app).post('/api/account/register', { ...body, challenge: answer });
    expect(ok.statusCode).toBe(200);
    const replay = await new TestClient(ctx.app).post('/api/account/login', {
      userName: 'powuser',
      password: STRONG_PASSWORD,
      challenge: answer,
    });
    expect(replay.statusCode).toBe(400);
    const fresh = solve(json<Challenge>(await ctx.app.inject({ url: '/api/captcha/powchallenge' })));
    const login = await new TestClient(ctx.app).post('/api/account/login', {
      userName: 'powuser',
      password: STRONG_PASSWORD,
      challenge: fresh,
    });
    expect(login.statusCode).toBe(200);
  });

  it('forgets challenges after five minutes', async () => {
    const challenge = json<Challenge>(await ctx.app.inject({ url: '/api/captcha/powchallenge' }));
    ctx.clock.advance(5 * 60_000 + 1);
    const response = await new TestClient(ctx.app).post('/api/account/recovery', {
      email: 'pow@example.com',
      challenge: solve(challenge),
    });
    expect(response.statusCode).toBe(400);
    expect(json<{ title: string }>(response).title).toMatch(/captcha/);
  });
});

describe('without HashPow', () => {
  it('answers 404 {title, status} to challenge requests', async () => {
    const ctx = await createTestContext();
    try {
      const response = await ctx.app.inject({ url: '/api/captcha/powchallenge' });
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual({ title: expect.any(String), status: 404 });
    } finally {
      await ctx.close();
    }
  });
});

describe('Cloudflare Turnstile', () => {
  let ctx: TestContext;
  let verifier: Server;
  const seen: URLSearchParams[] = [];

  beforeAll(async () => {
    verifier = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(form);
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({ success: form.get('response') === 'good-token' && form.get('secret') === 'sekret' }),
        );
      });
    });
    await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
    const { port } = verifier.address() as AddressInfo;
    ctx = await createTestContext({
      CAPTCHA_PROVIDER: 'CloudflareTurnstile',
      CAPTCHA_SITE_KEY: 'site-key-1',
      CAPTCHA_SECRET_KEY: 'sekret',
      TURNSTILE_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    });
    await ctx.app.services.settings.update('accountPolicy', { useCaptcha: true });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise((resolve) => verifier.close(resolve));
  });

  it('publishes the site key and verifies answers with the secret and the client address', async () => {
    expect(json(await ctx.app.inject({ url: '/api/captcha' }))).toEqual({
      type: 'CloudflareTurnstile',
      siteKey: 'site-key-1',
    });
    const body = { userName: 'turnie', email: 'turnie@example.com', password: STRONG_PASSWORD };
    const bad = await new TestClient(ctx.app, '10.7.7.7').post('/api/account/register', {
      ...body,
      challenge: 'bad-token',
    });
    expect(bad.statusCode).toBe(400);
    const good = await new TestClient(ctx.app, '10.7.7.7').post('/api/account/register', {
      ...body,
      challenge: 'good-token',
    });
    expect(good.statusCode).toBe(200);
    expect(seen.at(-1)?.get('remoteip')).toBe('10.7.7.7');
    expect((await ctx.app.inject({ url: '/api/captcha/powchallenge' })).statusCode).toBe(404);
  });
});
