/**
 * Reading a flag submission's JSON body (apps/server/src/http/body-parsers.ts) through Fastify, in µs per request:
 * a bare Fastify with only the body parsers and one route that returns at once, so that what differs between two
 * checkouts is how the body is read (e.g. as a string, or as bytes checked to be UTF-8 and then decoded).
 *
 *   node --import tsx bench/micro/json-body.bench.ts [path/to/apps/server/src ...]
 *
 * With several paths the checkouts are measured in turn, round after round, so that a busy machine slows all alike.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { calibrate, describeCalibration } from '../scenarios/calibration';

const sources = process.argv.length > 2 ? process.argv.slice(2) : ['apps/server/src'];
const body = JSON.stringify({ flag: 'flag{a-wrong-answer-of-a-player-0123456789abcdef}' });

async function appFor(src: string): Promise<FastifyInstance> {
  const file = pathToFileURL(path.join(path.resolve(src), 'http/body-parsers.ts')).href;
  const { registerBodyParsers } = (await import(file)) as { registerBodyParsers(app: FastifyInstance): void };
  const app = Fastify({ logger: false });
  registerBodyParsers(app);
  app.post('/submit', async (request) => (request.body as { flag: string }).flag.length);
  await app.ready();
  return app;
}

async function round(app: FastifyInstance, count: number): Promise<number> {
  const began = performance.now();
  for (let i = 0; i < count; i++) {
    const response = await app.inject({
      method: 'POST',
      url: '/submit',
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    if (response.statusCode !== 200) throw new Error(response.body);
  }
  return ((performance.now() - began) * 1000) / count;
}

console.log(describeCalibration(calibrate()));
const apps = await Promise.all(sources.map(appFor));
const best = sources.map(() => Number.POSITIVE_INFINITY);
for (const app of apps) await round(app, 5_000);
for (let r = 0; r < 7; r++) {
  for (const [index, app] of apps.entries()) best[index] = Math.min(best[index] ?? 0, await round(app, 20_000));
}
for (const [index, src] of sources.entries()) {
  console.log(`${src}: best ${best[index]?.toFixed(2)} µs per JSON POST (inject)`);
}
for (const app of apps) await app.close();
