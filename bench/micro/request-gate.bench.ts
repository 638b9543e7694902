/**
 * What the server's own per-request machinery costs a route that does almost nothing, without the network or the
 * database: a Fastify app with the checkout's language, error, cookie, request-gate (the real identity resolver
 * over a held session, the real rate limiter in memory, limits on as in production), input-hygiene and
 * security-header hooks and its request logger at `warn`, driven by `inject`. Routes: a signed-in GET answered as
 * text (a status call), a public GET (an anonymous read), and the checkout's `/healthz`. `inject` costs the same on
 * both sides, so the difference between two checkouts is theirs.
 *
 *   node --import tsx bench/micro/request-gate.bench.ts [path/to/apps/server/src]
 *
 * The optional path runs another checkout's modules (e.g. a worktree of main) for a before figure.
 */

import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { calibrate, describeCalibration } from '../scenarios/calibration';

/** Requests per round (BENCH_COUNT); a small number checks the script runs. */
const COUNT = Number(process.env.BENCH_COUNT ?? 20_000);
const src = path.resolve(process.argv[2] ?? 'apps/server/src');
// biome-ignore lint/suspicious/noExplicitAny: modules of another checkout, loaded by path
const load = async (file: string): Promise<any> => import(pathToFileURL(path.join(src, file)).href);

const { registerLanguage } = await load('http/language.ts');
const { registerErrorHandlers } = await load('http/error-handler.ts');
const { registerRequestGate } = await load('http/request-gate.ts');
const { createIdentityResolver } = await load('http/identity.ts');
const { registerInputHygiene } = await load('http/input-hygiene.ts');
const { registerSecurityHeaders } = await load('http/security-headers.ts');
const { deferredChildLogger } = await load('http/request-logger.ts');
const { validatorCompiler } = await load('http/validation.ts');
const { createSessionService } = await load('services/session.service.ts');
const { createRateLimiter, rateLimitSettingsFrom } = await load('services/rate-limit.service.ts');
const { MemoryStore } = await load('lib/kv-store.ts');
const { loadConfig } = await load('config.ts');
const { healthRoutes } = await load('routes/health.routes.ts');
const { intParam } = await import('@flagpole/contract');
const { z } = await import('zod');

console.log(describeCalibration(calibrate()));
console.log(`modules: ${src}`);

const clock = { now: () => new Date() };
const sessions = createSessionService({
  sessions: {
    async insert() {},
    async findLive(tokenHash: string) {
      const expiresAt = new Date(Date.now() + 7 * 86_400_000);
      return { expiresAt, user: { id: tokenHash, user_name: 'p', role: 'User', last_visited_at: new Date() } };
    },
  },
  users: { async recordVisit() {} },
  clock,
  events: { subscribe: () => () => {}, publish: async () => {} },
  trustMs: 3_600_000,
});
const limiter = createRateLimiter({
  store: new MemoryStore(),
  clock,
  enabled: true,
  settings: { ...rateLimitSettingsFrom(loadConfig({})), userPerMinute: 1e12, addressPerMinute: 1e12 },
});

const app: FastifyInstance = Fastify({
  logger: { level: 'warn', stream: new Writable({ write: (_chunk, _encoding, done) => done() }) },
  childLoggerFactory: deferredChildLogger,
});
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
registerLanguage(app);
registerErrorHandlers(app);
registerSecurityHeaders(app, { captcha: 'None' });
await app.register(fastifyCookie);
registerRequestGate(app, { resolveIdentity: createIdentityResolver({ sessions }), limiter });
registerInputHygiene(app);
const StatusParams = z.object({ id: intParam(1_000_000), submitId: intParam(Number.MAX_SAFE_INTEGER) });
app.get(
  '/api/game/:id/status/:submitId',
  { schema: { params: StatusParams }, config: { access: 'User' } },
  (_r, reply) => {
    reply.type('application/json; charset=utf-8').send('"WrongAnswer"');
  },
);
app.get(
  '/api/public/:id',
  { schema: { params: StatusParams.pick({ id: true }) }, config: { access: 'public' } },
  (_r, reply) => {
    reply.type('application/json; charset=utf-8').send('1');
  },
);
await app.register(healthRoutes({ readiness: { check: async () => ({ status: 'ready' }) } }));
await app.ready();

const { token } = await sessions.start('player', { ip: '127.0.0.1', userAgent: 'bench' });
const cookie = `flagpole_session=${token}; XSRF-TOKEN=${'x'.repeat(43)}`;

/** Injects `count` requests per round, three rounds after a warm-up; prints µs per request (best round). */
async function measure(name: string, url: string, headers: Record<string, string>, count = COUNT): Promise<void> {
  const once = async () => {
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  };
  for (let i = 0; i < count; i++) await once();
  const rounds: number[] = [];
  for (let round = 0; round < 3; round++) {
    const began = performance.now();
    for (let i = 0; i < count; i++) await once();
    rounds.push(((performance.now() - began) * 1000) / count);
  }
  console.log(
    `${name.padEnd(34)} ${rounds.map((us) => us.toFixed(2)).join(' / ')} µs (best ${Math.min(...rounds).toFixed(2)})`,
  );
}

await measure('signed-in GET (a status call)', '/api/game/1/status/123456', { cookie });
await measure('anonymous public GET', '/api/public/1', {});
await measure('/healthz with cookies', '/healthz', { cookie });
await app.close();
sessions.close();
