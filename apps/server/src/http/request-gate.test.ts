import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { RateLimiter } from '../services/rate-limit.service';
import type { Identity } from './access';
import { registerAudit } from './audit';
import { registerErrorHandlers } from './error-handler';
import { tooManyRequests } from './errors';
import { registerLanguage } from './language';
import { registerRequestGate } from './request-gate';

const player: Identity = { userId: 'u1', userName: 'alice', role: 'User', via: 'token' };

interface GateOptions {
  /** What the resolver's `now` answers (undefined: it must be awaited); without it, the resolver has no `now`. */
  known?: Identity | null | undefined;
  /** The limiter counts without waiting, refusing past this many requests. */
  countsNowUpTo?: number;
}

/** A small app with the gate and the audit hooks, counting what they do. */
async function gatedApp(identity: Identity | null, options: GateOptions = {}) {
  const lookups: string[] = [];
  const hits: string[] = [];
  const audited: string[] = [];
  const app = Fastify();
  registerLanguage(app);
  registerErrorHandlers(app);
  await app.register(fastifyCookie);
  const limiter = {
    hit: async (policy: string) => void hits.push(policy),
    countsNow: options.countsNowUpTo !== undefined,
    hitNow: (policy: string) => {
      hits.push(`${policy} now`);
      if (hits.length > (options.countsNowUpTo ?? 0)) throw tooManyRequests(60);
    },
  } as unknown as RateLimiter;
  const resolveIdentity = async (request: FastifyRequest) => {
    lookups.push(`${request.method} ${request.url}`);
    return identity;
  };
  const now = 'known' in options ? () => options.known : undefined;
  registerRequestGate(app, { resolveIdentity: Object.assign(resolveIdentity, { now }), limiter });
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

  it('takes a caller known without waiting and counts the budgets at once: no lookup awaited', async () => {
    const built = await gatedApp(null, { known: player, countsNowUpTo: 2 });
    app = built.app;
    expect((await app.inject({ method: 'GET', url: '/api/things' })).statusCode).toBe(200);
    expect(built.lookups).toEqual([]);
    expect(built.hits).toEqual(['user now', 'submit now']);
    const refused = await app.inject({ method: 'GET', url: '/api/things' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
  });

  it('refuses by access and by XSRF on the path without waiting, as on the other', async () => {
    const anonymous = await gatedApp(player, { known: null, countsNowUpTo: 10 });
    app = anonymous.app;
    expect((await app.inject({ method: 'GET', url: '/api/things' })).statusCode).toBe(401);
    expect(anonymous.hits).toEqual(['address now', 'submit now']);
    await app.close();
    const bySession = await gatedApp(null, { known: { ...player, via: 'session' }, countsNowUpTo: 10 });
    app = bySession.app;
    const write = await app.inject({ method: 'POST', url: '/api/things', payload: {} });
    expect(write.statusCode).toBe(403);
    expect(bySession.hits).toEqual([]);
  });

  it('awaits the lookup when the caller cannot be known at once, or when the budgets need waiting', async () => {
    const unknown = await gatedApp(player, { known: undefined, countsNowUpTo: 10 });
    app = unknown.app;
    expect((await app.inject({ method: 'GET', url: '/api/things' })).statusCode).toBe(200);
    expect(unknown.lookups).toEqual(['GET /api/things']);
    expect(unknown.hits).toEqual(['user', 'submit']);
    await app.close();
    const shared = await gatedApp(player, { known: player });
    app = shared.app;
    expect((await app.inject({ method: 'GET', url: '/api/things' })).statusCode).toBe(200);
    expect(shared.lookups).toEqual(['GET /api/things']);
    expect(shared.hits).toEqual(['user', 'submit']);
  });
});
