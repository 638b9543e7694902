import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createFaultDatabase, ensureServerBuilt, type FaultDatabase, startServer } from '../src/faults/cluster';
import { writeReport } from '../src/faults/report';
import { containerTakeover } from '../src/faults/scenario-containers';
import { databaseOutages } from '../src/faults/scenario-database';
import { killDuringStorm } from '../src/faults/scenario-kill';
import { redisOutages } from '../src/faults/scenario-redis';
import { rollingRestart } from '../src/faults/scenario-rolling';
import { servicesKilledMidStart } from '../src/faults/scenario-services';

/*
 * The fault-injection suite (issue 13): real server processes (the built server) on one PostgreSQL database
 * and one Redis, TCP proxies the test controls in front of them, SIGKILL by the process id the test
 * started, nginx in front for the rolling restart. Each scenario checks what must hold and records its
 * figures; `npm run faults -w @flagpole/e2e` writes them to bench/results/faults.md.
 */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let db: FaultDatabase;
/** Every process of a run shares the database and a Redis prefix no other run uses. */
let env: Record<string, string>;

beforeAll(async () => {
  ensureServerBuilt();
  db = await createFaultDatabase();
  env = {
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `flagpole-faults-${randomBytes(4).toString('hex')}:`,
  };
  // A first process migrates the fresh database, then stops.
  await (await startServer('migrate', env)).terminate();
}, 180_000);

afterAll(async () => {
  writeReport();
  await db?.drop();
});

describe('fault injection', () => {
  it('a dead process’s submissions are judged by a live one within 5 s of a SIGKILL', async () => {
    await killDuringStorm(db, env);
  }, 120_000);

  it.skipIf(!existsSync('/var/run/docker.sock'))(
    'a dead process’s queued container start is taken over, and its reaping goes on',
    async () => {
      await containerTakeover(db, env);
    },
    120_000,
  );

  it.skipIf(!existsSync('/var/run/docker.sock'))(
    'a multi-service start cut by a SIGKILL is settled by the next process, and expiry leaves no container or network',
    async () => {
      await servicesKilledMidStart(db, env);
    },
    120_000,
  );

  it('a database outage: 503 with Retry-After within 2 s, reads from memory keep working, recovery at once', async () => {
    await databaseOutages(db, env);
  }, 120_000);

  it('a Redis outage: nothing waits for it, and every process and live client catches up once it is back', async () => {
    await redisOutages(db, env);
  }, 120_000);

  it('a rolling restart behind nginx: no 5xx from Flagpole, nothing lost, live clients reconnect and miss nothing', async () => {
    await rollingRestart(db, env);
  }, 180_000);
});
