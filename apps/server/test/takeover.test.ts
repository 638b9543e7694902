import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { createContainerService } from '../src/containers/container.service';
import { createInstanceRepository } from '../src/containers/instance.repository';
import { createStartQueue } from '../src/containers/start-queue';
import type { ContainerEngine, InstanceSpec } from '../src/containers/types';
import { type Db, openDatabase } from '../src/db/database';
import { MemoryEventBus } from '../src/lib/event-bus';
import { TestClient } from './client';
import { type FaultProxy, startFaultProxy } from './fault-proxy';
import { createTestContext, json, type TestContext } from './harness';
import { addFlag, createChallenge, createGame, createPlayer, type Player } from './play-fixtures';

/*
 * Work owned by a process that died is taken over by a live one once the dead one's lease runs out: its
 * unjudged submissions and its queued container starts. A process "dies" here by losing its database
 * (a TCP proxy refuses its connections), so its lease is not renewed and it can judge nothing itself.
 */
const HOUR = 3_600_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

/** The same signed-in browser, talking to another server process. */
function on(app: FastifyInstance, player: Player): TestClient {
  const client = new TestClient(app, player.client.address);
  for (const [name, value] of player.client.cookies) client.cookies.set(name, value);
  return client;
}

/** Every transaction fails (so correct answers are stored but never judged); plain statements work. */
function noTransactions(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') {
        return () => {
          throw new Error('verdicts never commit here');
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('a dead process’s submissions', () => {
  let link: FaultProxy;
  let dyingDb: Db;
  let dying: FastifyInstance;
  const dyingEvents = new MemoryEventBus();

  beforeAll(async () => {
    const url = new URL(String(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'));
    link = await startFaultProxy({ host: url.hostname, port: Number(url.port || 5432) });
  });
  afterAll(async () => {
    await link?.restore();
    await dying?.close();
    await dyingEvents.close();
    await dyingDb?.destroy();
    await link?.close();
  });

  it('are judged by a live process within seconds of its lease running out, bloods in the order taken', async () => {
    const now = ctx.clock.now().getTime();
    const gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    const c = await createChallenge(ctx.db, gameId, { title: 'Orphans' });
    await addFlag(ctx.db, c, 'flag{orphan}');
    const players = [
      await createPlayer(ctx.app, ctx.db, gameId, 'orphan1'),
      await createPlayer(ctx.app, ctx.db, gameId, 'orphan2'),
      await createPlayer(ctx.app, ctx.db, gameId, 'orphan3'),
    ];
    // The dying process reaches the test's database through the proxy.
    const { rows } = await sql<{ db: string }>`select current_database() as db`.execute(ctx.db);
    const through = new URL(String(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'));
    through.hostname = '127.0.0.1';
    through.port = String(link.port);
    through.pathname = `/${rows[0]?.db}`;
    dyingDb = await openDatabase({ url: through.toString(), maxConnections: 3 });
    dying = await buildApp({
      config: ctx.config,
      db: noTransactions(dyingDb),
      clock: ctx.clock,
      store: ctx.store,
      events: dyingEvents,
    });
    await dying.ready();
    const url = `/api/game/${gameId}/challenges/${c}`;
    const ids: number[] = [];
    for (const player of players) {
      const response = await on(dying, player).post(url, { flag: 'flag{orphan}' });
      expect(response.statusCode, response.body).toBe(200);
      ids.push(json<number>(response));
    }
    const statuses = async () =>
      (
        await ctx.db
          .selectFrom('submissions')
          .select('status')
          .where('id', 'in', ids.map(String))
          .orderBy('id')
          .execute()
      ).map((row) => row.status);
    // Its owner is alive: nobody else judges them.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await statuses()).toEqual(['FlagSubmitted', 'FlagSubmitted', 'FlagSubmitted']);

    const diedAt = performance.now();
    await link.refuse();
    await vi.waitFor(async () => expect(await statuses()).toEqual(['Accepted', 'Accepted', 'Accepted']), {
      timeout: 10_000,
      interval: 50,
    });
    expect(performance.now() - diedAt).toBeLessThan(5_000);
    const notices = await ctx.db
      .selectFrom('game_notices')
      .select(['type', 'values'])
      .where('game_id', '=', gameId)
      .orderBy('id')
      .execute();
    expect(notices.map((n) => [n.type, n.values[0]])).toEqual([
      ['FirstBlood', 'T-orphan1'],
      ['SecondBlood', 'T-orphan2'],
      ['ThirdBlood', 'T-orphan3'],
    ]);
  });
});

describe('a dead process’s container starts', () => {
  it('are started again by a live process, whose start queue runs them', async () => {
    const now = ctx.clock.now().getTime();
    const gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR) });
    const c = await createChallenge(ctx.db, gameId, { type: 'DynamicContainer', title: 'Box' });
    await ctx.db
      .updateTable('challenges')
      .set({ container_image: 'img:1', expose_port: 80 })
      .where('id', '=', c)
      .execute();
    const player = await createPlayer(ctx.app, ctx.db, gameId, 'boxer');
    await addFlag(ctx.db, c, 'flag{team-own}', { participationId: player.participationId });
    const started: InstanceSpec[] = [];
    const destroyed: string[] = [];
    const engine: ContainerEngine = {
      name: 'docker',
      start: async (spec) => {
        started.push(spec);
        return { engineId: 'e1', ip: '10.0.0.9', port: 80, publicPort: null };
      },
      destroy: async (id) => {
        destroyed.push(id);
      },
      list: async () => [],
      close: async () => undefined,
    };
    const repository = createInstanceRepository(ctx.db);
    // A Pending instance queued by a process that is gone (it holds no lease).
    const instanceId = randomUUID();
    await ctx.db
      .insertInto('container_instances')
      .values({
        id: instanceId,
        game_id: gameId,
        challenge_id: c,
        participation_id: player.participationId,
        image: 'img:1',
        started_at: new Date(now),
        expect_stop_at: new Date(now + HOUR),
        last_operation_at: new Date(now),
        owner_process: randomUUID(),
      })
      .execute();
    const service = createContainerService({
      engine,
      repository,
      queue: createStartQueue({ concurrency: 1 }),
      policy: () => ctx.app.services.settings.get().containerPolicy,
      player: (game, user) => ctx.app.services.play.play.player(game, user),
      clock: ctx.clock,
      events: ctx.events,
      log: ctx.app.log,
      owner: 'flagpole-takeover-test',
      leaseId: randomUUID(),
      publicHost: 'ctf.example',
      startWaitMs: 0,
    });
    expect(await service.takeOverStarts()).toBe(1);
    await vi.waitFor(async () => expect((await repository.byId(instanceId))?.status).toBe('Running'));
    expect(destroyed).toEqual([instanceId]);
    expect(started).toHaveLength(1);
    expect(started[0]?.env).toMatchObject({ FLAGPOLE_FLAG: 'flag{team-own}' });
    // Taken once: a second pass finds nothing.
    expect(await service.takeOverStarts()).toBe(0);
  });
});
