import type { WebhookAttemptModel, WebhookCreatedModel, WebhookDeliveryModel } from '@flagpole/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { TestClient } from './client';
import { expectError, ok, signUp, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { createGame } from './play-fixtures';
import { type Receiver, startReceiver } from './webhook-receiver';

/*
 * The delivery log's attempts (docs/integrations.md, "Webhooks"): every attempt at a delivery, oldest first; and a
 * delivery queued in the database outlives the process that queued it.
 */

const HOUR = 3_600_000;

let ctx: TestContext;
let admin: TestClient;
let receiver: Receiver;
let gameId: number;

const deliveriesOf = async (client: TestClient, id: number) =>
  ok<{ data: WebhookDeliveryModel[] }>(await client.get(`/api/admin/webhooks/${id}/deliveries`)).data;
const attemptsOf = async (client: TestClient, id: number, deliveryId: number) =>
  ok<WebhookAttemptModel[]>(await client.get(`/api/admin/webhooks/${id}/deliveries/${deliveryId}/attempts`));

async function runQueue(app: FastifyInstance = ctx.app): Promise<void> {
  await app.services.webhooks.drain();
  await app.services.webhooks.tick();
  await app.services.webhooks.tick();
}

async function createHook(client: TestClient, events: string[], game = gameId): Promise<WebhookCreatedModel> {
  return ok<WebhookCreatedModel>(
    await client.post('/api/admin/webhooks', { url: receiver.url, format: 'generic', events, gameId: game }),
  );
}

beforeAll(async () => {
  ctx = await createTestContext({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_SECONDS: '0.5' });
  receiver = await startReceiver();
  admin = await signUpAdmin(ctx, 'attemptadmin');
  const now = ctx.clock.now().getTime();
  gameId = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR), title: 'Tries' });
});
afterAll(async () => {
  await ctx.close();
  await receiver.close();
});

describe('the attempts of a delivery', () => {
  it('lists every attempt oldest first: a receiver that fails twice, then answers', async () => {
    const hook = await createHook(admin, ['notice.published']);
    receiver.state.mode = 'fail';
    ok(await admin.post(`/api/edit/games/${gameId}/notices`, { content: 'Third time lucky' }));
    await runQueue();
    ctx.clock.advance(20_000);
    await runQueue();
    receiver.state.mode = 'ok';
    ctx.clock.advance(60_000);
    await runQueue();
    expect(receiver.received).toHaveLength(3);

    const [delivery] = await deliveriesOf(admin, hook.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 204 });
    const attempts = await attemptsOf(admin, hook.id, delivery?.id ?? 0);
    expect(attempts.map((a) => [a.statusCode, a.error])).toEqual([
      [500, 'HTTP 500'],
      [500, 'HTTP 500'],
      [204, null],
    ]);
    expect(attempts[0]?.responseExcerpt).toMatch(/^receiver down/);
    expect(attempts[0]?.responseExcerpt?.length).toBeLessThanOrEqual(1024);
    expect(attempts[2]?.responseExcerpt).toBe('');
    for (const attempt of attempts) expect(attempt.latencyMs).toBeGreaterThanOrEqual(0);
    const times = attempts.map((a) => a.attemptedAt);
    expect(times).toEqual(times.toSorted((a, b) => a - b));
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(12_000);
  });

  it('answers 404 for an unknown webhook or delivery, or a delivery of another webhook; 403 to non-admins', async () => {
    const hook = await createHook(admin, ['notice.published']);
    const other = await createHook(admin, ['notice.published']);
    ok(await admin.post(`/api/edit/games/${gameId}/notices`, { content: 'Mine' }));
    await runQueue();
    const [delivery] = await deliveriesOf(admin, hook.id);
    const deliveryId = delivery?.id ?? 0;
    expect(await attemptsOf(admin, hook.id, deliveryId)).toHaveLength(1);
    expectError(await admin.get(`/api/admin/webhooks/999999/deliveries/${deliveryId}/attempts`), 404);
    expectError(await admin.get(`/api/admin/webhooks/${hook.id}/deliveries/999999/attempts`), 404);
    expectError(await admin.get(`/api/admin/webhooks/${other.id}/deliveries/${deliveryId}/attempts`), 404);
    expectError(await admin.get(`/api/admin/webhooks/${hook.id}/deliveries/x/attempts`), 400);
    const user = await signUp(ctx, 'attemptuser');
    expectError(await user.get(`/api/admin/webhooks/${hook.id}/deliveries/${deliveryId}/attempts`), 403);
    expectError(
      await new TestClient(ctx.app).get(`/api/admin/webhooks/${hook.id}/deliveries/${deliveryId}/attempts`),
      401,
    );
  });
});

describe('a restart', () => {
  it('keeps a delivery queued while the receiver was down: a new process sends it, exactly once', async () => {
    // Only the processes of this test deliver: the context's own queue stops (its requests still enqueue).
    await ctx.app.services.webhooks.close();
    const now = ctx.clock.now().getTime();
    const game = await createGame(ctx.db, { start: new Date(now - HOUR), end: new Date(now + HOUR), title: 'Again' });
    const hook = await createHook(admin, ['notice.published'], game);
    const port = receiver.port;
    await receiver.close();
    const build = () =>
      buildApp({ config: ctx.config, db: ctx.db, clock: ctx.clock, store: ctx.store, events: ctx.events });

    const first = await build();
    try {
      const firstAdmin = new TestClient(first);
      for (const [name, value] of admin.cookies) firstAdmin.cookies.set(name, value);
      ok(await firstAdmin.post(`/api/edit/games/${game}/notices`, { content: 'Across the restart' }));
      await runQueue(first);
    } finally {
      await first.close();
    }
    const [queued] = await deliveriesOf(admin, hook.id);
    expect(queued).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });

    receiver = await startReceiver(port);
    ctx.clock.advance(60_000);
    const second = await build();
    try {
      await runQueue(second);
      ctx.clock.advance(10 * 60_000);
      await runQueue(second);
    } finally {
      await second.close();
    }
    const bodies = receiver.received.map((r) => receiver.verify(r, hook.secret) as { data: { text: string } });
    expect(bodies.map((b) => b.data.text)).toEqual(['Across the restart']);
    const [delivered] = await deliveriesOf(admin, hook.id);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 204 });
    const attempts = await attemptsOf(admin, hook.id, delivered?.id ?? 0);
    expect(attempts.map((a) => a.statusCode)).toEqual([null, 204]);
    expect(attempts[0]?.error).toMatch(/ECONNREFUSED|connect/);
  });
});
