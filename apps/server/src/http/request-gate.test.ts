import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { RateLimiter } from '../services/rate-limit.service';
import type { Identity } from './access';
import { registerAudit } from './audit';
import { registerErrorHandlers } from './error-handler';
import { registerLanguage } from './language';
import { registerRequestGate } from './request-gate';

const player: Identity = { userId: 'u1', userName: 'alice', role: 'User', via: 'token' };

/** A small app with the gate and the audit hooks, counting what they do. */
async function gatedApp(identity: Identity | null) {
  const lookups: string[] = [];
  const hits: string[] = [];
  const audited: string[] = [];
  const app = Fastify();
  registerLanguage(app);
  registerErrorHandlers(app);
  await app.register(fastifyCookie);
  const limiter = { hit: async (policy: string) => void hits.push(policy) } as unknown as RateLimiter;
  registerRequestGate(app, {
    resolveIdentity: async (request) => {
      lookups.push(`${request.method} ${request.url}`);
      return identity;
    },
    limiter,
  });
  registerAudit(app, { record: (entry) => void audited.push(`${entry.action} ${entry.detail}`) });
  app.get('/api/things', { config: { access: 'User', rateLimit: 'submit' } }, async () => 'ok');
  app.post('/api/things', { config: { access: 'User', audit: 'flag.submit' } }, async () => 'stored');
  app.get('/page', async () => 'page');
  await app.ready();
  return { app, lookups, hits, audited };
}

let app: FastifyInstance | undefined;
afterEach(async () => app?.close());

describe('request gate', () => {
  it('runs once per request on a GET route and on its HEAD twin: one lookup, each budget spent once', async () => {
    const built = await gatedApp(player);
    app = built.app;
    expect((await app.inject({ method: 'GET', url: '/api/things' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'HEAD', url: '/api/things' })).statusCode).toBe(200);
    expect(built.lookups).toEqual(['GET /api/things', 'HEAD /api/things']);
    expect(built.hits).toEqual(['user', 'submit', 'user', 'submit']);
  });

  it('spends the address budget of an anonymous caller before refusing with 401', async () => {
    const built = await gatedApp(null);
    app = built.app;
    expect((await app.inject({ method: 'GET', url: '/api/things' })).statusCode).toBe(401);
    expect(built.hits).toEqual(['address', 'submit']);
  });

  it('leaves routes without declared access alone but for the XSRF cookie', async () => {
    const built = await gatedApp(player);
    app = built.app;
    const page = await app.inject({ method: 'GET', url: '/page' });
    expect(page.statusCode).toBe(200);
    expect(page.cookies.map((cookie) => cookie.name)).toEqual(['XSRF-TOKEN']);
    expect(built.lookups).toEqual([]);
    expect(built.hits).toEqual([]);
  });

  it('audits the audited route only, once per call', async () => {
    const built = await gatedApp(player);
    app = built.app;
    await app.inject({ method: 'GET', url: '/api/things' });
    await app.inject({ method: 'POST', url: '/api/things', payload: {} });
    const forbidden = await gatedApp({ ...player, role: 'Banned' });
    await forbidden.app.inject({ method: 'POST', url: '/api/things', payload: {} });
    await forbidden.app.close();
    // A success of flag.submit is recorded by the service with its verdict; a refusal here.
    expect(built.audited).toEqual([]);
    expect(forbidden.audited).toEqual(['flag.submit POST /api/things → 403']);
  });
});
