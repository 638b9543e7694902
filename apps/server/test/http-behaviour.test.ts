import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import axios, { type AxiosInstance } from 'axios';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../src/i18n/messages';
import type { TestClient } from './client';
import { addMember, createGame, createTeam, ok, signUp, signUpAdmin, userId } from './game-fixtures';
import { createTestContext, json, type TestContext } from './harness';
import { multipartBody } from './multipart';
import { addFlag, createChallenge } from './play-fixtures';

/**
 * HTTP behaviour every route shares: body-less writes as generated clients send them, 405 for a method an
 * address does not take, and the security headers of the web application and the API.
 */

interface Route {
  method: string;
  url: string;
  access: string | undefined;
  hasBody: boolean;
  upload: boolean;
  hidden: boolean;
}

const routes: Route[] = [];
const webDist = mkdtempSync(path.join(tmpdir(), 'flagpole-web-'));
mkdirSync(path.join(webDist, 'static'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="en-US"><body>web</body></html>');
writeFileSync(path.join(webDist, 'static', 'app.js'), 'console.log(1);');

let ctx: TestContext;
let admin: TestClient;
let captain: TestClient;
let member: TestClient;
let ids: Record<string, string>;
let base: string;

beforeAll(async () => {
  ctx = await createTestContext(
    { WEB_DIST: webDist },
    {
      onRoute: (route: RouteOptions) => {
        const schema = (route.schema ?? {}) as { body?: unknown; consumes?: string[]; hide?: boolean };
        for (const method of [route.method].flat()) {
          routes.push({
            method,
            url: route.url,
            access: route.config?.access,
            hasBody: schema.body !== undefined,
            upload: schema.consumes?.includes('multipart/form-data') ?? false,
            hidden: schema.hide === true,
          });
        }
      },
    },
  );
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  admin = await signUpAdmin(ctx, 'http_admin');
  captain = await signUp(ctx, 'http_captain');
  member = await signUp(ctx, 'http_member');
  const team = await createTeam(captain, 'HTTP Team');
  await addMember(captain, member, team.id);
  const game = await createGame(ctx, admin);
  const challengeId = await createChallenge(ctx.db, game.id, { title: 'Bodiless' });
  const flagId = await addFlag(ctx.db, challengeId, 'flag{bodiless}');
  const token = ok<{ info: { id: string } }>(await admin.post('/api/tokens', { name: 'restored' }));
  const upload = multipartBody('files', 'a.txt', 'text/plain', Buffer.from('bodiless'));
  const [asset] = ok<Array<{ hash: string }>>(await admin.post('/api/assets', undefined, { raw: upload }));
  ids = {
    game: String(game.id),
    team: String(team.id),
    challenge: String(challengeId),
    flag: String(flagId),
    token: token.info.id,
    member: await userId(ctx, 'http_member'),
    hash: asset?.hash ?? '',
  };
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** A real value for each path parameter, so the request reaches its handler. */
function concreteUrl(url: string): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => {
    const byName: Record<string, string | undefined> = {
      cId: ids.challenge,
      challengeId: ids.challenge,
      fId: ids.flag,
      userId: ids.member,
      userid: ids.member,
      hash: ids.hash,
      noticeId: '1',
      partId: '1',
      submitId: '1',
      name: 'a.txt',
      filename: 'a.pcap',
    };
    if (byName[name] !== undefined) return byName[name] ?? '';
    if (/^\/api\/(team|admin\/teams)\//.test(url)) return ids.team ?? '';
    if (url.startsWith('/api/tokens/')) return ids.token ?? '';
    if (url.startsWith('/api/edit/posts/')) return '0000abcd';
    if (/^\/api\/(admin\/instances|proxy)\//.test(url)) return '00000000-0000-4000-8000-000000000001';
    return ids.game ?? '';
  });
}

/** A client built as the reference platform's generated API client builds it: axios with a base URL. */
function generatedClient(client: TestClient): AxiosInstance {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return axios.create({
    baseURL: base,
    headers: { cookie, 'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '' },
    validateStatus: () => true,
  });
}

describe('body-less writes', () => {
  const refusedTitles = [translate('en-US', 'error.malformedBody'), translate('en-US', 'error.unsupportedMediaType')];

  it('are accepted on every route when a generated client sends an empty form or JSON body', async () => {
    const bodiless = routes.filter(
      (route) =>
        ['POST', 'PUT', 'DELETE'].includes(route.method) &&
        !route.hasBody &&
        !route.upload &&
        !route.hidden &&
        route.url.startsWith('/api/'),
    );
    expect(bodiless.length).toBeGreaterThan(25);
    // Deletions remove what the other probes use, and signing out ends their session: those go last.
    const order = (route: Route) => (route.url === '/api/account/logout' ? 2 : route.method === 'DELETE' ? 1 : 0);
    bodiless.sort((a, b) => order(a) - order(b));
    const seen: string[] = [];
    for (const route of bodiless) {
      const caller = route.access === 'Admin' || route.access === 'Monitor' ? admin : captain;
      const client = generatedClient(caller);
      const url = `${concreteUrl(route.url)}${route.url.endsWith('/search') ? '?hint=http' : ''}`;
      // What axios sends for `request({ method, url })` without data, then with the type the generated
      // client names for JSON endpoints.
      for (const headers of [{}, { 'Content-Type': 'application/json' }]) {
        const response = await client.request({ method: route.method, url, headers, data: undefined });
        const label = `${route.method} ${url} ${JSON.stringify(headers)} -> ${response.status} ${JSON.stringify(response.data)}`;
        expect(response.status, label).not.toBe(415);
        expect(response.status, label).toBeLessThan(500);
        expect(refusedTitles, label).not.toContain((response.data as { title?: string }).title);
        seen.push(`${route.method} ${route.url} ${response.status}`);
      }
    }
    expect(seen, seen.join('\n')).toEqual(
      expect.arrayContaining([
        'POST /api/account/logout 200',
        'PUT /api/team/:id/invite 200',
        'POST /api/tokens/:id/restore 200',
        'POST /api/admin/users/search 200',
      ]),
    );
  });

  it('sends the empty form body exactly as the reference client does', async () => {
    const client = generatedClient(admin);
    const response = await client.request({
      method: 'POST',
      url: '/api/admin/users/search?hint=http',
      data: undefined,
    });
    expect(response.request.getHeader('content-type')).toBe('application/x-www-form-urlencoded');
    expect(response.status).toBe(200);
  });

  it('still refuses a body that is present in a type no route reads, with 415', async () => {
    const response = await admin.send('POST', `/api/team/${ids.team}/leave`, undefined, {
      raw: { body: 'a=b', contentType: 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode, response.body).toBe(415);
    expect(json(response)).toEqual({ title: expect.any(String), status: 415 });
    const xml = await admin.send('POST', '/api/edit/posts', undefined, {
      raw: { body: '<post/>', contentType: 'application/xml' },
    });
    expect(xml.statusCode, xml.body).toBe(415);
  });
});

describe('unsupported methods', () => {
  it('answer 405 with the methods the address takes in Allow, on every address of the API', async () => {
    // The methods the router takes at a concrete address: those of every route whose pattern matches it
    // (`/api/team/accept` is also `/api/team/:id`).
    const matches = (pattern: string, url: string) => {
      const [left, right] = [pattern.split('/'), url.split('/')];
      return left.length === right.length && left.every((part, i) => part.startsWith(':') || part === right[i]);
    };
    let probes = 0;
    for (const url of new Set(routes.map((route) => route.url))) {
      if (!url.startsWith('/api/') && !url.startsWith('/assets/')) continue;
      const concrete = concreteUrl(url);
      const methods = new Set(routes.filter((route) => matches(route.url, concrete)).map((route) => route.method));
      if (methods.has('GET')) methods.add('HEAD');
      const allowed = [...methods].sort();
      const missing = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].filter((method) => !methods.has(method));
      for (const method of missing) {
        const response = await admin.send(method as 'PATCH', concrete);
        const label = `${method} ${url}: ${response.body}`;
        expect(response.statusCode, label).toBe(405);
        expect(String(response.headers.allow).split(', ').sort(), label).toEqual(allowed);
        expect(json(response), label).toEqual({ title: expect.any(String), status: 405 });
        probes++;
      }
    }
    expect(probes).toBeGreaterThan(150);
  });

  it('leave unknown addresses 404', async () => {
    expect((await admin.send('PATCH', '/api/no-such-thing')).statusCode).toBe(404);
    expect((await admin.get('/api/no-such-thing')).statusCode).toBe(404);
  });
});

describe('security headers', () => {
  const expectCommon = (headers: Record<string, unknown>, label: string) => {
    expect(headers['x-content-type-options'], label).toBe('nosniff');
    expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
    expect(String(headers['content-security-policy']), label).toContain("frame-ancestors 'none'");
  };

  it('come with the web application: scripts from this site only, never inline', async () => {
    for (const url of ['/', '/games/1', '/static/app.js']) {
      const response = await admin.get(url);
      expect(response.statusCode, url).toBe(200);
      expectCommon(response.headers, url);
      const policy = String(response.headers['content-security-policy']);
      expect(policy, url).toMatch(/(^|; )script-src 'self'(;|$)/);
      expect(policy, url).not.toContain("'unsafe-eval'");
      expect(policy.match(/script-src [^;]*/)?.[0], url).not.toContain("'unsafe-inline'");
      expect(policy, url).toContain("default-src 'self'");
      expect(policy, url).toContain("object-src 'none'");
    }
  });

  it('come with API answers, successes and errors alike', async () => {
    for (const response of [
      await admin.get('/api/config'),
      await admin.get('/api/game/999999'),
      await admin.get('/nope/..%'),
    ]) {
      expectCommon(response.headers, response.raw.req.url ?? '');
    }
  });

  it('leave stored files their stricter policy', async () => {
    const response = await admin.get(`/assets/${ids.hash}/a.txt`);
    expect(response.statusCode).toBe(200);
    expectCommon(response.headers, 'asset');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'",
    );
  });

  it('add HSTS only to requests that came over HTTPS', async () => {
    expect((await admin.get('/api/config')).headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a forwarded protocol is anyone's claim.
    const spoofed = await admin.get('/api/config', { headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestContext({ TRUST_PROXY: 'true' });
    try {
      const https = await proxied.app.inject({ url: '/api/config', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
      const http = await proxied.app.inject({ url: '/api/config', headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
