import type { ContainerStartModel } from '@flagpole/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { randomHex } from '../src/lib/crypto';
import type { TestClient } from './client';
import {
  containerGone,
  createContainerChallenge,
  createDockerContext,
  createRunningGame,
  eventually,
  instanceStatus,
  liveInstanceId,
} from './container-fixtures';
import { docker, removeOwnedObjects } from './container-image';
import { del, ok, signUpAdmin } from './game-fixtures';
import type { TestContext } from './harness';
import { createPlayer, type Player } from './play-fixtures';
import { closed, listenInProxyMode, openProxyOrFail } from './proxy-fixtures';

/*
 * Instances end with whatever owns them, through the service and the API (no hand-published events): a
 * player's destroy, a deleted challenge or game, a participation deleted behind the platform's back.
 */

describe('instances removed with their owners, on a real Docker daemon', () => {
  const owner = `test-${randomHex(4)}`;
  let ctx: TestContext;
  let wsBase: string;
  let admin: TestClient;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    // No periodic pass during these tests: what removes the instances is the action itself.
    ctx = await createDockerContext(owner, { CONTAINER_REAP_INTERVAL_SECONDS: '3600' });
    ({ wsBase } = await listenInProxyMode(ctx));
    admin = await signUpAdmin(ctx, 'boss');
  }, 60_000);
  afterEach(() => {
    for (const ws of sockets.splice(0)) ws.close();
  });
  afterAll(async () => {
    await ctx?.close();
    await removeOwnedObjects(owner);
  });

  /** A running instance of a new challenge for a new player, with an open proxy session to it. */
  async function runningWithSession(gameId: number, name: string) {
    const challengeId = await createContainerChallenge(ctx.db, gameId, { title: name });
    const player: Player = await createPlayer(ctx.app, ctx.db, gameId, name);
    const started = ok<ContainerStartModel>(await player.client.post(`/api/game/${gameId}/container/${challengeId}`));
    expect(started.status).toBe('Running');
    const instanceId = await liveInstanceId(ctx.db, player.participationId, challengeId);
    expect(started.entry).toBe(instanceId);
    // The proxy opens its TCP connection to the instance before the upgrade: an open socket is a live session.
    const ws = await openProxyOrFail(`${wsBase}/api/proxy/${instanceId}`);
    sockets.push(ws);
    return { challengeId, player, instanceId, ws, closedWith: closed(ws) };
  }

  it("ends the proxy session when the player destroys the instance, as 'going away'", async () => {
    const gameId = await createRunningGame(ctx);
    const { challengeId, player, instanceId, closedWith } = await runningWithSession(gameId, 'leaver');
    ctx.clock.advance(11_000);
    ok(await del(player.client, `/api/game/${gameId}/container/${challengeId}`));
    expect((await closedWith).code).toBe(1001);
    expect(await containerGone(instanceId)).toBe(true);
  }, 30_000);

  it('removes the running instances of a deleted challenge and ends their proxy sessions', async () => {
    const gameId = await createRunningGame(ctx);
    const { challengeId, instanceId, closedWith } = await runningWithSession(gameId, 'chal-gone');
    ok(await del(admin, `/api/edit/games/${gameId}/challenges/${challengeId}`));
    expect((await closedWith).code).toBe(1001);
    await eventually(() => containerGone(instanceId));
    expect(await instanceStatus(ctx.db, instanceId)).toBeUndefined();
  }, 30_000);

  it('removes the running instances of a deleted game and ends their proxy sessions', async () => {
    const gameId = await createRunningGame(ctx);
    const first = await runningWithSession(gameId, 'game-gone1');
    const second = await runningWithSession(gameId, 'game-gone2');
    ok(await del(admin, `/api/edit/games/${gameId}`));
    expect((await first.closedWith).code).toBe(1001);
    expect((await second.closedWith).code).toBe(1001);
    await eventually(async () => (await containerGone(first.instanceId)) && (await containerGone(second.instanceId)));
  }, 30_000);
});

describe('the background job on a real Docker daemon', () => {
  const owner = `test-${randomHex(4)}`;
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createDockerContext(owner, { CONTAINER_REAP_INTERVAL_SECONDS: '1' });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await removeOwnedObjects(owner);
  });

  it('removes instances whose rows went with a participation deleted by any path', async () => {
    const gameId = await createRunningGame(ctx);
    const challengeId = await createContainerChallenge(ctx.db, gameId);
    const player = await createPlayer(ctx.app, ctx.db, gameId, 'gone-team');
    ok(await player.client.post(`/api/game/${gameId}/container/${challengeId}`));
    const instanceId = await liveInstanceId(ctx.db, player.participationId, challengeId);
    expect(await containerGone(instanceId)).toBe(false);
    // Straight in the database: no service announces it, the periodic reconciliation finds it.
    await ctx.db.deleteFrom('participations').where('id', '=', player.participationId).execute();
    await eventually(() => containerGone(instanceId), 15_000);
  }, 30_000);

  it('destroys a Running instance whose container stopped, and lets the team start again', async () => {
    const gameId = await createRunningGame(ctx);
    const challengeId = await createContainerChallenge(ctx.db, gameId);
    const player = await createPlayer(ctx.app, ctx.db, gameId, 'crashed');
    ok(await player.client.post(`/api/game/${gameId}/container/${challengeId}`));
    const instanceId = await liveInstanceId(ctx.db, player.participationId, challengeId);
    // The challenge's process dies (here: killed from outside); the container stays, stopped.
    await docker.getContainer(`flagpole-${instanceId}`).kill();
    await eventually(() => containerGone(instanceId), 15_000);
    expect(await instanceStatus(ctx.db, instanceId)).toBe('Destroyed');
    ctx.clock.advance(11_000);
    ok(await player.client.post(`/api/game/${gameId}/container/${challengeId}`));
  }, 30_000);
});
