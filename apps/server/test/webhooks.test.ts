import { randomUUID } from 'node:crypto';
import type { WebhookCreatedModel, WebhookDeliveryModel, WebhookModel } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createContainerService } from '../src/containers/container.service';
import { createInstanceRepository } from '../src/containers/instance.repository';
import { createStartQueue } from '../src/containers/start-queue';
import type { ContainerEngine } from '../src/containers/types';
import { GAMES_CHANGED } from '../src/services/game-edit.service';
import { WEBHOOK_ALERTS_CHANNEL } from '../src/webhooks/webhook-queue';
import type { TestClient } from './client';
import { createTeam, del, expectError, ok, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { addFlag, createChallenge, createGame, createPlayer, type Player } from './play-fixtures';
import { withTwoApps } from './two-apps';
import { type Receiver, startReceiver } from './webhook-receiver';

/*
 * Webhooks (docs/integrations.md, "Webhooks"): a real receiver on loopback verifies every generic delivery with
 * the Standard Webhooks library; it fails, hangs and recovers, and the retries are driven by the injected clock.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let ctx: TestContext;
let admin: TestClient;
let receiver: Receiver;
let gameId: number;
let challengeId: number;
let player: Player;

const deliveriesOf = async (id: number) =>
  ok<{ data: WebhookDeliveryModel[]; total: number }>(await admin.get(`/api/admin/webhooks/${id}/deliveries`)).data;

/** Lets queued events reach the queue, then runs the queue (twice: a tick already under way may predate a change). */
async function runQueue(): Promise<void> {
  await ctx.app.services.play.flagChecker.drain();
  await ctx.app.services.webhooks.drain();
  await ctx.app.services.webhooks.tick();
  await ctx.app.services.webhooks.tick();
}

async function createHook(body: Record<string, unknown>): Promise<WebhookCreatedModel> {
  return ok<WebhookCreatedModel>(await admin.post('/api/admin/webhooks', body));
}

async function solve(client: TestClient, challenge: number, flag: string): Promise<void> {
  ok(await client.post(`/api/game/${gameId}/challenges/${challenge}`, { flag }));
  await ctx.app.services.play.flagChecker.drain();
}

beforeAll(async () => {
  ctx = await createTestContext({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_SECONDS: '0.5' });
  receiver = await startReceiver();
  admin = await signUpAdmin(ctx, 'hookadmin');
  const now = ctx.clock.now().getTime();
  gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + 10 * HOUR), title: 'Hooked' });
  challengeId = await createChallenge(ctx.db, gameId, { title: 'Heap', originalScore: 500 });
  await addFlag(ctx.db, challengeId, 'flag{heap}');
  player = await createPlayer(ctx.app, ctx.db, gameId, 'hookowl');
});
afterAll(async () => {
  await ctx.close();
  await receiver.close();
});

describe('managing webhooks', () => {
  it('is for administrators only; creating answers the secret once, listing never', async () => {
    const user = await signUp(ctx, 'hookuser');
    expectError(await user.get('/api/admin/webhooks'), 403);
    const created = await createHook({ url: 'https://example.com/hook', format: 'slack', events: ['solve'] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created).toMatchObject({
      format: 'slack',
      events: ['solve'],
      gameId: null,
      enabled: true,
      // No language of its own: messages follow the platform's default language.
      language: null,
    });
    const listed = ok<WebhookModel[]>(await admin.get('/api/admin/webhooks'));
    expect(listed.find((w) => w.id === created.id)).not.toHaveProperty('secret');

    const updated = ok<WebhookModel>(
      await admin.put(`/api/admin/webhooks/${created.id}`, {
        url: 'https://example.com/other',
        format: 'discord',
        events: ['blood.first', 'game.started'],
        gameId,
        language: 'fr-FR',
      }),
    );
    expect(updated).toMatchObject({ url: 'https://example.com/other', format: 'discord', gameId, language: 'fr-FR' });
    ok(await del(admin, `/api/admin/webhooks/${created.id}`));
    expectError(await del(admin, `/api/admin/webhooks/${created.id}`), 404);
  });

  it('refuses bad URLs, unknown events and unknown games', async () => {
    const base = { url: 'https://example.com/hook', format: 'generic', events: ['solve'] };
    expectError(await admin.post('/api/admin/webhooks', { ...base, url: 'ftp://example.com/' }), 400);
    expectError(await admin.post('/api/admin/webhooks', { ...base, events: ['everything'] }), 400);
    expectError(await admin.post('/api/admin/webhooks', { ...base, events: [] }), 400);
    expectError(await admin.post('/api/admin/webhooks', { ...base, format: 'teams' }), 400);
    expectError(await admin.post('/api/admin/webhooks', { ...base, gameId: 999_999 }), 400);
  });
});

describe('delivery', () => {
  let hook: WebhookCreatedModel;

  beforeAll(async () => {
    hook = await createHook({
      url: receiver.url,
      format: 'generic',
      events: ['solve', 'blood.first', 'notice.published'],
      gameId,
    });
  });

  it('sends a test message signed with the Standard Webhooks scheme', async () => {
    receiver.received.length = 0;
    const result = ok<{ statusCode: number; error: string | null }>(
      await admin.post(`/api/admin/webhooks/${hook.id}/test`),
    );
    expect(result).toMatchObject({ statusCode: 204, error: null });
    const request = receiver.received[0];
    if (!request) throw new Error('nothing received');
    expect(request?.headers['webhook-id']).toMatch(/^msg_/);
    expect(request?.headers['webhook-signature']).toMatch(/^v1,/);
    expect(receiver.verify(request, hook.secret)).toMatchObject({
      type: 'webhook.test',
      data: { webhook: { id: hook.id } },
    });
    expect(() => receiver.verify(request, `whsec_${Buffer.alloc(32, 1).toString('base64')}`)).toThrow();
    expect((await deliveriesOf(hook.id))[0]).toMatchObject({
      eventType: 'webhook.test',
      status: 'delivered',
      lastStatusCode: 204,
    });
  });

  it('delivers a solve and its first blood, signed, in order', async () => {
    receiver.received.length = 0;
    await solve(player.client, challengeId, 'flag{heap}');
    await runQueue();
    await runQueue();
    const bodies = receiver.received.map(
      (r) => receiver.verify(r, hook.secret) as { type: string; data: Record<string, unknown> },
    );
    expect(bodies.map((b) => b.type)).toEqual(['solve', 'blood.first']);
    expect(bodies[0]?.data).toMatchObject({
      game: { id: gameId, name: 'Hooked' },
      challenge: { id: challengeId, name: 'Heap' },
      team: { id: player.teamId, name: 'T-hookowl' },
      user: 'hookowl',
    });
    expect(bodies[1]?.data).toMatchObject({ team: { name: 'T-hookowl' }, challenge: { name: 'Heap' }, rank: 1 });
    const log = await deliveriesOf(hook.id);
    expect(log.slice(0, 2).map((d) => [d.eventType, d.status, d.attempts])).toEqual([
      ['blood.first', 'delivered', 1],
      ['solve', 'delivered', 1],
    ]);
  });

  it('retries a failing endpoint with backoff on the injected clock, keeps its order, and recovers', async () => {
    receiver.received.length = 0;
    receiver.state.mode = 'fail';
    ok(await admin.post(`/api/edit/games/${gameId}/notices`, { content: 'First notice' }));
    await runQueue();
    expect(receiver.received).toHaveLength(1);
    let [first] = await deliveriesOf(hook.id);
    expect(first).toMatchObject({ eventType: 'notice.published', status: 'pending', attempts: 1, lastStatusCode: 500 });
    expect(first?.lastResponseExcerpt?.length).toBeLessThanOrEqual(1024);
    expect(first?.lastResponseExcerpt).toMatch(/^receiver down/);

    // A later event waits behind the failing one; nothing is sent before the retry is due.
    ok(await admin.post(`/api/edit/games/${gameId}/notices`, { content: 'Second notice' }));
    await runQueue();
    expect(receiver.received).toHaveLength(1);

    // The first retry comes 15 s (± 20 %) later, the second about 30 s after that.
    ctx.clock.advance(19_000);
    await runQueue();
    expect(receiver.received).toHaveLength(2);
    ctx.clock.advance(10_000);
    await runQueue();
    expect(receiver.received).toHaveLength(2);
    ctx.clock.advance(30_000);
    await runQueue();
    expect(receiver.received).toHaveLength(3);

    // A receiver that does not answer in time is a failed attempt too.
    receiver.state.mode = 'hang';
    ctx.clock.advance(2 * MINUTE);
    await runQueue();
    expect(receiver.received).toHaveLength(4);
    [first] = (await deliveriesOf(hook.id)).slice(1);
    expect(first).toMatchObject({ status: 'pending', attempts: 4, lastStatusCode: null });
    expect(first?.lastError).toMatch(/timed out/);

    // Back up: the first notice goes, then the second, each under one webhook-id across all its attempts.
    receiver.state.mode = 'ok';
    ctx.clock.advance(5 * MINUTE);
    await runQueue();
    await runQueue();
    const bodies = receiver.received.map((r) => receiver.verify(r, hook.secret) as { data: { text: string } });
    expect(bodies.map((b) => b.data.text)).toEqual([
      'First notice',
      'First notice',
      'First notice',
      'First notice',
      'First notice',
      'Second notice',
    ]);
    expect(new Set(receiver.received.slice(0, 5).map((r) => r.headers['webhook-id'])).size).toBe(1);
    const log = await deliveriesOf(hook.id);
    expect(log.slice(0, 2).map((d) => [d.status, d.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 5],
    ]);
  });

  it('gives up after 24 hours, disables the endpoint with its reason, tells the organisers, and retries on request', async () => {
    const alerts: unknown[] = [];
    const stopAlerts = ctx.events.subscribe(WEBHOOK_ALERTS_CHANNEL, (payload) => alerts.push(payload));
    receiver.received.length = 0;
    receiver.state.mode = 'fail';
    ok(await admin.post(`/api/edit/games/${gameId}/notices`, { content: 'Lost notice' }));
    await runQueue();
    ctx.clock.advance(25 * HOUR);
    await runQueue();
    const [failed] = await deliveriesOf(hook.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
    const disabled = ok<WebhookModel[]>(await admin.get('/api/admin/webhooks')).find((w) => w.id === hook.id);
    expect(disabled).toMatchObject({ enabled: false });
    expect(disabled?.disabledReason).toMatch(/24 hours/);
    // One notification for the organisers' pages (the admin live channel carries it).
    await expect
      .poll(() => alerts)
      .toEqual([{ webhookId: hook.id, url: receiver.url, reason: disabled?.disabledReason }]);
    stopAlerts();

    // Enabled again by the organiser, the failed delivery retried by hand goes through.
    receiver.state.mode = 'ok';
    ok(
      await admin.put(`/api/admin/webhooks/${hook.id}`, {
        url: receiver.url,
        format: 'generic',
        events: ['solve', 'notice.published'],
        gameId,
      }),
    );
    ok(await admin.post(`/api/admin/webhooks/${hook.id}/deliveries/${failed?.id}/retry`));
    await runQueue();
    expect((await deliveriesOf(hook.id))[0]).toMatchObject({ status: 'delivered', attempts: 3 });
    expect(
      ok<WebhookModel[]>(await admin.get('/api/admin/webhooks')).find((w) => w.id === hook.id)?.disabledReason,
    ).toBeNull();
    expectError(await admin.post(`/api/admin/webhooks/${hook.id}/deliveries/999999/retry`), 404);
  });
});

describe('the freeze', () => {
  it('holds solve and blood events made during a freeze until the reveal', async () => {
    const now = ctx.clock.now().getTime();
    const frozen = await createGame(ctx.db, {
      start: new Date(now - HOUR),
      end: new Date(now + HOUR),
      title: 'Frozen',
    });
    const challenge = await createChallenge(ctx.db, frozen, { title: 'Ice', originalScore: 300 });
    await addFlag(ctx.db, challenge, 'flag{ice}');
    await ctx.db
      .updateTable('games')
      .set({ freeze_at: new Date(now - MINUTE) })
      .where('id', '=', frozen)
      .execute();
    const skater = await createPlayer(ctx.app, ctx.db, frozen, 'hookskater');
    const hook = await createHook({
      url: receiver.url,
      format: 'generic',
      events: ['solve', 'blood.first'],
      gameId: frozen,
    });
    receiver.received.length = 0;

    ok(await skater.client.post(`/api/game/${frozen}/challenges/${challenge}`, { flag: 'flag{ice}' }));
    await runQueue();
    expect(receiver.received).toHaveLength(0);
    expect((await deliveriesOf(hook.id)).map((d) => [d.eventType, d.status])).toEqual([['solve', 'held']]);

    ctx.clock.advance(2 * HOUR);
    await runQueue();
    expect(receiver.received).toHaveLength(0);
    ok(await admin.post(`/api/edit/games/${frozen}/scoreboard/reveal`));
    await runQueue();
    await runQueue();
    const types = receiver.received.map((r) => (receiver.verify(r, hook.secret) as { type: string }).type);
    expect(types).toEqual(['solve', 'blood.first']);
  });
});

describe('events', () => {
  it('sends game start and end, entries to review and releases as Slack messages in the webhook language', async () => {
    const now = ctx.clock.now().getTime();
    const game = await createGame(ctx.db, {
      start: new Date(now + MINUTE),
      end: new Date(now + 2 * MINUTE),
      title: 'Events',
    });
    await createHook({
      url: receiver.url,
      format: 'slack',
      language: 'de-DE',
      events: ['game.started', 'game.ended', 'participation.review', 'challenge.released', 'cheat.detected'],
      gameId: game,
    });
    await runQueue();
    receiver.received.length = 0;
    const texts = () => receiver.received.map((r) => (JSON.parse(r.body) as { text: string }).text);

    // A team asks to enter (the game reviews entries).
    const captain = await signUp(ctx, 'hookcaptain');
    const team = await createTeam(captain, 'Reviewed Ravens');
    ok(await captain.post(`/api/game/${game}`, { teamId: team.id }));
    await runQueue();
    expect(texts()).toEqual(['*📝 Reviewed Ravens möchte an Events teilnehmen: Anmeldung prüfen*\nEvents']);

    // The start and the end, as the clock passes them.
    ctx.clock.advance(MINUTE + 1_000);
    await runQueue();
    // A timed release while the game runs.
    const released = await createChallenge(ctx.db, game, { title: 'Later' });
    await ctx.db
      .updateTable('challenges')
      .set({ release_at: new Date(ctx.clock.now().getTime() + 10_000) })
      .where('id', '=', released)
      .execute();
    // Changed behind the platform's back: tell the release ticker to read the releases again.
    await ctx.events.publish(GAMES_CHANGED, {});
    ctx.clock.advance(20_000);
    await ctx.app.services.play.releases.tick();
    await ctx.app.services.play.releases.tick();
    await runQueue();
    ctx.clock.advance(MINUTE);
    await runQueue();
    expect(texts().slice(1)).toEqual([
      '*🏁 Events hat begonnen*\nEvents',
      '*🆕 Neue Aufgabe: Later*\nEvents',
      '*🏆 Events ist beendet*\nEvents',
    ]);
  });

  it('sends a cheat detection', async () => {
    const now = ctx.clock.now().getTime();
    const game = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR), title: 'Cheats' });
    const challenge = await createChallenge(ctx.db, game, { title: 'Dyn', type: 'DynamicContainer' });
    const victim = await createPlayer(ctx.app, ctx.db, game, 'hookvictim');
    const cheater = await createPlayer(ctx.app, ctx.db, game, 'hookcheater');
    await ctx.db
      .insertInto('flags')
      .values({ challenge_id: challenge, participation_id: victim.participationId, flag: 'flag{victim-own}' })
      .execute();
    const hook = await createHook({ url: receiver.url, format: 'generic', events: ['cheat.detected'], gameId: game });
    receiver.received.length = 0;
    ok(await cheater.client.post(`/api/game/${game}/challenges/${challenge}`, { flag: 'flag{victim-own}' }));
    await runQueue();
    const bodies = receiver.received.map((r) => receiver.verify(r, hook.secret));
    expect(bodies).toMatchObject([
      {
        type: 'cheat.detected',
        data: { team: { name: 'T-hookcheater' }, sourceTeam: { name: 'T-hookvictim' }, challenge: { name: 'Dyn' } },
      },
    ]);
  });
});

describe('instances', () => {
  it('sends an instance that failed to start, with its challenge, team and the reason', async () => {
    const now = ctx.clock.now().getTime();
    const game = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR), title: 'Boxes' });
    const challenge = await createChallenge(ctx.db, game, { type: 'DynamicContainer', title: 'Box' });
    await ctx.db
      .updateTable('challenges')
      .set({ container_image: 'img:1', expose_port: 80 })
      .where('id', '=', challenge)
      .execute();
    const boxer = await createPlayer(ctx.app, ctx.db, game, 'hookboxer');
    await ctx.db
      .insertInto('flags')
      .values({ challenge_id: challenge, participation_id: boxer.participationId, flag: 'flag{box}' })
      .execute();
    const hook = await createHook({ url: receiver.url, format: 'discord', events: ['instance.failed'], gameId: game });
    receiver.received.length = 0;
    const engine: ContainerEngine = {
      name: 'docker',
      start: async () => {
        throw new Error('image img:1 not found');
      },
      destroy: async () => undefined,
      list: async () => [],
      close: async () => undefined,
    };
    const repository = createInstanceRepository(ctx.db);
    // A Pending start left by a process that is gone: this service takes it over and the engine refuses it.
    const instanceId = randomUUID();
    await ctx.db
      .insertInto('container_instances')
      .values({
        id: instanceId,
        game_id: game,
        challenge_id: challenge,
        participation_id: boxer.participationId,
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
      player: (gameId, user) => ctx.app.services.play.play.player(gameId, user),
      clock: ctx.clock,
      events: ctx.events,
      log: ctx.app.log,
      owner: 'flagpole-webhook-test',
      leaseId: randomUUID(),
      publicHost: 'ctf.example',
      startWaitMs: 0,
      webhooks: ctx.app.services.webhooks,
    });
    expect(await service.takeOverStarts()).toBe(1);
    await vi.waitFor(async () => expect((await deliveriesOf(hook.id)).length).toBe(1));
    await runQueue();
    const [message] = receiver.received.map(
      (r) => JSON.parse(r.body) as { embeds: { title: string; description: string }[] },
    );
    expect(message?.embeds[0]?.title).toBe('⚠️ An instance of Box for T-hookboxer failed to start');
    expect(message?.embeds[0]?.description).toBe('Boxes');
  });
});

describe('several processes', () => {
  it('delivers each event once however many processes run the queue', async () => {
    const hooks = [];
    for (let i = 0; i < 4; i++) {
      hooks.push(await createHook({ url: receiver.url, format: 'generic', events: ['notice.published'], gameId }));
    }
    await withTwoApps(ctx, async (appA, appB) => {
      receiver.received.length = 0;
      for (let i = 0; i < 3; i++) ok(await admin.post(`/api/edit/games/${gameId}/notices`, { content: `Both ${i}` }));
      await ctx.app.services.webhooks.drain();
      for (let round = 0; round < 4; round++) {
        await Promise.all([appA, appB, ctx.app].map((app) => app.services.webhooks.tick()));
      }
    });
    // Three notices to four endpoints (and the earlier hooks of this game that want notices): each exactly once.
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(ids.length);
    const hookIds = new Set(hooks.map((h) => h.id));
    let ours = 0;
    for (const hook of hooks) {
      const log = await deliveriesOf(hook.id);
      expect(log.map((d) => [d.status, d.attempts])).toEqual([
        ['delivered', 1],
        ['delivered', 1],
        ['delivered', 1],
      ]);
      ours += log.length;
    }
    expect(hookIds.size).toBe(4);
    expect(ours).toBe(12);
  });
});

describe('the address guard', () => {
  it('does not follow redirects: a 3xx answer is a failed attempt', async () => {
    const hook = await createHook({ url: receiver.url, format: 'generic', events: ['solve'], gameId });
    receiver.received.length = 0;
    receiver.state.mode = 'redirect';
    try {
      const result = ok<{ statusCode: number; error: string }>(await admin.post(`/api/admin/webhooks/${hook.id}/test`));
      expect(result).toMatchObject({ statusCode: 307, error: 'HTTP 307' });
      expect(receiver.received).toHaveLength(1);
      expect((await deliveriesOf(hook.id))[0]).toMatchObject({ status: 'failed', lastStatusCode: 307 });
    } finally {
      receiver.state.mode = 'ok';
    }
  });

  it('refuses loopback endpoints without WEBHOOK_ALLOW_PRIVATE', async () => {
    const guarded = await createTestContext();
    try {
      const guardAdmin = await signUpAdmin(guarded, 'guardadmin');
      const hook = ok<WebhookCreatedModel>(
        await guardAdmin.post('/api/admin/webhooks', { url: receiver.url, format: 'generic', events: ['solve'] }),
      );
      receiver.received.length = 0;
      const result = ok<{ statusCode: number | null; error: string }>(
        await guardAdmin.post(`/api/admin/webhooks/${hook.id}/test`),
      );
      expect(result.statusCode).toBeNull();
      expect(result.error).toMatch(/private address/);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await guarded.close();
    }
  });
});
