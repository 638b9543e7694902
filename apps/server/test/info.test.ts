import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from './harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/config', () => {
  it('returns the defaults of the spec', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      title: 'Flagpole',
      slogan: 'Hack for fun not for profit',
      footerInfo: null,
      aboutText: null,
      emailChangeByLink: false,
      mailEnabled: false,
      containersEnabled: false,
      captchaEnabled: false,
      customTheme: null,
      apiPublicKey: null,
      logoUrl: null,
      portMapping: 'Default',
      defaultLifetime: 120,
      extensionDuration: 120,
      renewalWindow: 10,
      signInProviders: [],
      passwordSignIn: true,
    });
  });

  it('answers 304 to a matching If-None-Match and matches paths case-insensitively', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"cfg-[0-9a-f]+"$/);
    const second = await ctx.app.inject({ method: 'GET', url: '/API/Config', headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });
});

describe('GET /api/schemas/*.schema.json', () => {
  it("serves the flagpole command's JSON Schemas, the noCTF one pointing at the challenge.yml one", async () => {
    const challenge = await ctx.app.inject({ method: 'GET', url: '/api/schemas/challenge.schema.json' });
    expect(challenge.statusCode).toBe(200);
    expect(challenge.headers['cache-control']).toBe('public, max-age=3600');
    const schema = json<{ title: string; properties: { flagpole: { properties: { category: { enum: string[] } } } } }>(
      challenge,
    );
    expect(schema.title).toBe('Flagpole challenge.yml');
    expect(schema.properties.flagpole.properties.category.enum).toContain('OSINT');
    const noctf = json<{ required: string[]; properties: { flagpole: { $ref: string } } }>(
      await ctx.app.inject({ method: 'GET', url: '/api/schemas/noctf.schema.json' }),
    );
    expect(noctf.required).toEqual(['slug', 'title', 'categories', 'description']);
    expect(noctf.properties.flagpole.$ref).toBe('challenge.schema.json#/properties/flagpole');
  });
});

describe('unknown API routes', () => {
  it('answer 404 with a localised {title, status}', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({ title: 'There is no API endpoint at this address.', status: 404 });
  });
});

describe('GET /openapi.json', () => {
  it('publishes the validated routes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/openapi.json' });
    const doc = json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>(response);
    const expected = {
      '/api/config': 'get',
      '/api/captcha': 'get',
      '/api/captcha/powchallenge': 'get',
      '/api/posts': 'get',
      '/api/posts/latest': 'get',
      '/api/posts/{id}': 'get',
      '/assets/{hash}/{name}': 'get',
      '/api/account/register': 'post',
      '/api/account/login': 'post',
      '/api/account/logout': 'post',
      '/api/account/verify': 'post',
      '/api/account/profile': 'get',
      '/api/account/update': 'put',
      '/api/account/avatar': 'put',
      '/api/account/changepassword': 'put',
      '/api/account/changeemail': 'put',
      '/api/account/mailchangeconfirm': 'post',
      '/api/account/recovery': 'post',
      '/api/account/passwordreset': 'post',
    };
    for (const [path, method] of Object.entries(expected)) {
      expect(doc.paths[path]?.[method]?.responses['200'], `${method} ${path}`).toBeDefined();
    }
  });
});
