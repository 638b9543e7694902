import { createServer, type Server } from 'node:net';
import type { ContainerInfoModel, ContainerStartModel } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomHex } from '../src/lib/crypto';
import type { TestClient } from './client';
import {
  containerGone,
  createContainerChallenge,
  createDockerContext,
  createRunningGame,
  eventually,
  instanceAddress,
  liveInstanceId,
  MINUTE,
} from './container-fixtures';
import { docker, execIn, removeOwnedObjects } from './container-image';
import { del, expectError, ok, signUpAdmin } from './game-fixtures';
import type { TestContext } from './harness';
import { createPlayer, type Player } from './play-fixtures';

const OWNER = `test-${randomHex(4)}`;

async function httpGet(entry: string, path: string): Promise<string> {
  const response = await fetch(`http://${entry}${path}`);
  return (await response.text()).trim();
}

describe('container instances on a real Docker daemon', () => {
  let ctx: TestContext;
  let gameId: number;
  let dynamicId: number;
  let staticId: number;
  let alice: Player;
  let bob: Player;
  let admin: TestClient;
  const base = () => `/api/game/${gameId}/container`;

  const instanceIdOf = (player: Player, challengeId: number) =>
    liveInstanceId(ctx.db, player.participationId, challengeId);

  beforeAll(async () => {
    ctx = await createDockerContext(OWNER, { CONTAINER_REAP_INTERVAL_SECONDS: '1' });
    gameId = await createRunningGame(ctx);
    dynamicId = await createContainerChallenge(ctx.db, gameId, { type: 'DynamicContainer', title: 'Web' });
    staticId = await createContainerChallenge(ctx.db, gameId, { type: 'StaticContainer', title: 'Pwn' });
    alice = await createPlayer(ctx.app, ctx.db, gameId, 'alice');
    bob = await createPlayer(ctx.app, ctx.db, gameId, 'bobby');
    admin = await signUpAdmin(ctx, 'boss');
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    await removeOwnedObjects(OWNER);
  });

  it("starts a dynamic instance that serves the team's flag, with the challenge's limits and no privileges", async () => {
    const started = ok<ContainerStartModel>(await alice.client.post(`${base()}/${dynamicId}`));
    expect(started.status).toBe('Running');
    expect(started.queuePosition).toBeNull();
    expect(started.entry).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(started.expectStopAt - started.startedAt).toBe(120 * MINUTE);

    const flag = await ctx.db
      .selectFrom('flags')
      .select('flag')
      .where('challenge_id', '=', dynamicId)
      .where('participation_id', '=', alice.participationId)
      .executeTakeFirstOrThrow();
    await eventually(async () => (await httpGet(started.entry, '/flag').catch(() => '')) === flag.flag);

    const id = await instanceIdOf(alice, dynamicId);
    const info = await docker.getContainer(`flagpole-${id}`).inspect();
    expect(info.HostConfig.Memory).toBe(48 * 1024 * 1024);
    expect(info.HostConfig.NanoCpus).toBe(500_000_000);
    expect(info.HostConfig.PidsLimit).toBeGreaterThan(0);
    expect(info.HostConfig.CapDrop).toEqual(['ALL']);
    expect(info.HostConfig.SecurityOpt).toEqual(['no-new-privileges']);
    expect(info.HostConfig.Privileged).toBe(false);
    expect(info.Config.Labels).toMatchObject({
      'flagpole.platform': OWNER,
      'flagpole.instance': id,
      'flagpole.game': String(gameId),
      'flagpole.challenge': String(dynamicId),
      'flagpole.team': String(alice.teamId),
    });

    // The challenge detail shows the instance; submitting the served flag scores.
    const detail = ok<{ context: Record<string, unknown> }>(
      await alice.client.get(`/api/game/${gameId}/challenges/${dynamicId}`),
    );
    expect(detail.context).toMatchObject({
      instanceEntry: started.entry,
      instanceStatus: 'Running',
      closeTime: started.expectStopAt,
      containersAvailable: true,
    });
    const submissionId = ok<number>(
      await alice.client.post(`/api/game/${gameId}/challenges/${dynamicId}`, { flag: flag.flag }),
    );
    await eventually(async () => {
      const status = ok<string>(
        await alice.client.get(`/api/game/${gameId}/challenges/${dynamicId}/status/${submissionId}`),
      );
      return status === 'Accepted';
    });
  }, 30_000);

  it('refuses a second start within the cool-down (429), then because one runs (400)', async () => {
    const tooSoon = await alice.client.post(`${base()}/${dynamicId}`);
    expectError(tooSoon, 429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    ctx.clock.advance(11_000);
    expectError(await alice.client.post(`${base()}/${dynamicId}`), 400);
  });

  it('extends only inside the renewal window, by the extension duration', async () => {
    expectError(await alice.client.post(`${base()}/${dynamicId}/extend`), 400);
    const before = await ctx.db
      .selectFrom('container_instances')
      .select('expect_stop_at')
      .where('id', '=', await instanceIdOf(alice, dynamicId))
      .executeTakeFirstOrThrow();
    ctx.clock.set(new Date(before.expect_stop_at.getTime() - 5 * MINUTE));
    const extended = ok<ContainerInfoModel>(await alice.client.post(`${base()}/${dynamicId}/extend`));
    expect(extended.expectStopAt).toBe(before.expect_stop_at.getTime() + 120 * MINUTE);
    // Bob has no instance to extend or destroy.
    expectError(await bob.client.post(`${base()}/${dynamicId}/extend`), 400);
    expectError(await del(bob.client, `${base()}/${dynamicId}`), 400);
  });

  it('keeps instances apart: no route to another instance or to the host', async () => {
    const bobStarted = ok<ContainerStartModel>(await bob.client.post(`${base()}/${dynamicId}`));
    expect(bobStarted.status).toBe('Running');
    const aliceId = await instanceIdOf(alice, dynamicId);
    const bobId = await instanceIdOf(bob, dynamicId);
    const bobIp = await instanceAddress(bobId);
    expect(bobIp).not.toBe('');

    // A stand-in for the platform's port, listening on every host address.
    const platform: Server = createServer((socket) => socket.end('platform\n'));
    await new Promise<void>((resolve) => platform.listen(0, '0.0.0.0', resolve));
    const platformPort = (platform.address() as { port: number }).port;
    try {
      const aliceContainer = `flagpole-${aliceId}`;
      // Control: the probe itself works against the instance's own service.
      const self = await execIn(aliceContainer, ['nc', '-w', '2', '127.0.0.1', '8080']);
      expect(self.exitCode).toBe(0);
      const other = await execIn(aliceContainer, ['nc', '-w', '2', bobIp, '8080']);
      expect(other.exitCode).not.toBe(0);
      const gateway = await execIn(aliceContainer, [
        'sh',
        '-c',
        `nc -w 2 $(ip route | awk '/default/ {print $3}') ${platformPort} </dev/null`,
      ]);
      expect(gateway.output).not.toContain('platform');
      const docker0 = await execIn(aliceContainer, ['sh', '-c', `nc -w 2 172.17.0.1 ${platformPort} </dev/null`]);
      expect(docker0.output).not.toContain('platform');
    } finally {
      platform.close();
    }
  }, 30_000);

  it('lists instances for admins, filters by game and force-destroys one', async () => {
    const list = ok<{ data: Array<{ containerGuid: string; team: { id: number } | null; entry: string }> }>(
      await admin.get(`/api/admin/instances?game=${gameId}`),
    );
    const bobId = await instanceIdOf(bob, dynamicId);
    expect(list.data.map((i) => i.containerGuid)).toContain(bobId);
    expect(list.data.find((i) => i.containerGuid === bobId)?.team?.id).toBe(bob.teamId);
    const otherGame = ok<{ data: unknown[] }>(await admin.get(`/api/admin/instances?game=${gameId + 1000}`));
    expect(otherGame.data).toEqual([]);

    ok(await del(admin, `/api/admin/instances/${bobId}`));
    expect(await containerGone(bobId)).toBe(true);
    expectError(await del(admin, `/api/admin/instances/${bobId}`), 404);
    const events = await ctx.db
      .selectFrom('game_events')
      .select(['type', 'team_id'])
      .where('game_id', '=', gameId)
      .where('type', 'in', ['ContainerStart', 'ContainerDestroy'])
      .execute();
    expect(events).toContainEqual({ type: 'ContainerDestroy', team_id: bob.teamId });
    expect(events).toContainEqual({ type: 'ContainerStart', team_id: alice.teamId });
  }, 20_000);

  it('enforces the per-team instance limit of the game', async () => {
    await ctx.db.updateTable('games').set({ container_count_limit: 1 }).where('id', '=', gameId).execute();
    expectError(await alice.client.post(`${base()}/${staticId}`), 400);
    await ctx.db.updateTable('games').set({ container_count_limit: 3 }).where('id', '=', gameId).execute();
  });

  it('starts and stops an admin test container with the test flag', async () => {
    const url = `/api/edit/games/${gameId}/challenges/${dynamicId}/container`;
    const test = ok<ContainerInfoModel>(await admin.post(url));
    expect(test.status).toBe('Running');
    await eventually(
      async () => (await httpGet(test.entry, '/flag').catch(() => '')) === 'flag{flagpole_dynamic_flag_test}',
    );
    expectError(await admin.post(url), 400);
    const edited = ok<{ testContainer: ContainerInfoModel | null }>(
      await admin.get(`/api/edit/games/${gameId}/challenges/${dynamicId}`),
    );
    expect(edited.testContainer).toEqual(test);
    ok(await del(admin, url));
    ok(await del(admin, url));
    const port = test.entry.split(':')[1];
    await eventually(async () => (await httpGet(`127.0.0.1:${port}`, '/flag').catch(() => 'gone')) === 'gone');
  }, 20_000);

  it("applies the administrator's lifetime, extension and renewal window, not the defaults", async () => {
    const challengeId = await createContainerChallenge(ctx.db, gameId, { title: 'Policy' });
    const carol = await createPlayer(ctx.app, ctx.db, gameId, 'carol');
    const settings = ctx.app.services.settings;
    await settings.update('containerPolicy', { defaultLifetime: 30, extensionDuration: 45, renewalWindow: 12 });
    try {
      const started = ok<ContainerStartModel>(await carol.client.post(`${base()}/${challengeId}`));
      expect(started.expectStopAt - started.startedAt).toBe(30 * MINUTE);
      ctx.clock.set(new Date(started.expectStopAt - 13 * MINUTE));
      expectError(await carol.client.post(`${base()}/${challengeId}/extend`), 400);
      ctx.clock.set(new Date(started.expectStopAt - 11 * MINUTE));
      const extended = ok<ContainerInfoModel>(await carol.client.post(`${base()}/${challengeId}/extend`));
      expect(extended.expectStopAt).toBe(started.expectStopAt + 45 * MINUTE);
    } finally {
      await settings.update('containerPolicy', { defaultLifetime: 120, extensionDuration: 120, renewalWindow: 10 });
    }
  }, 20_000);

  it('removes expired instances (reaper, fake clock)', async () => {
    const id = await instanceIdOf(alice, dynamicId);
    ctx.clock.advance(400 * MINUTE);
    await eventually(() => containerGone(id), 10_000);
    const row = await ctx.db
      .selectFrom('container_instances')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('Destroyed');
  }, 20_000);

  it("removes a challenge's instances when an organiser disables it", async () => {
    ctx.clock.advance(11_000);
    ok(await bob.client.post(`${base()}/${staticId}`));
    const id = await instanceIdOf(bob, staticId);
    ok(await admin.put(`/api/edit/games/${gameId}/challenges/${staticId}`, { isEnabled: false }));
    await eventually(() => containerGone(id), 10_000);
    expectError(await bob.client.post(`${base()}/${staticId}`), 404);
  }, 20_000);

  it('reconciles at start-up: a platform removes labelled instances its database does not know', async () => {
    await ctx.db.updateTable('challenges').set({ is_enabled: true }).where('id', '=', staticId).execute();
    ctx.clock.advance(11_000);
    const started = await bob.client.post(`${base()}/${staticId}`);
    expect(started.statusCode).toBe(200);
    const id = await instanceIdOf(bob, staticId);
    // A second platform with the same owner name but its own (empty) database.
    const other = await createDockerContext(OWNER);
    try {
      expect(await containerGone(id)).toBe(true);
    } finally {
      await other.close();
    }
  }, 30_000);
});

describe('a start storm on a real Docker daemon', () => {
  const owner = `test-${randomHex(4)}`;
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createDockerContext(owner, {
      CONTAINER_START_CONCURRENCY: '1',
      CONTAINER_START_WAIT_SECONDS: '0',
      CONTAINER_REAP_INTERVAL_SECONDS: '1',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await removeOwnedObjects(owner);
  });

  it('answers Pending at once with each start’s place in line, runs them all, and removes them when the game ends', async () => {
    const gameId = await createRunningGame(ctx);
    const challengeId = await createContainerChallenge(ctx.db, gameId);
    const players = await Promise.all(
      ['storm1', 'storm2', 'storm3', 'storm4'].map((name) => createPlayer(ctx.app, ctx.db, gameId, name)),
    );
    const answers = await Promise.all(
      players.map((p) => p.client.post(`/api/game/${gameId}/container/${challengeId}`).then(ok<ContainerStartModel>)),
    );
    expect(answers.every((a) => a.status === 'Pending' && a.entry === '')).toBe(true);
    // One start is with the engine (no position); the rest wait as 1, 2, 3.
    expect(answers.map((a) => a.queuePosition).sort()).toEqual([1, 2, 3, null]);
    for (const p of players) {
      await eventually(async () => {
        const detail = ok<{ context: { instanceStatus: string | null; queuePosition: number | null } }>(
          await p.client.get(`/api/game/${gameId}/challenges/${challengeId}`),
        );
        return detail.context.instanceStatus === 'Running' && detail.context.queuePosition === null;
      }, 20_000);
    }

    // When the game ends, the sweep removes every team instance of it.
    await ctx.db
      .updateTable('games')
      .set({ end_at: new Date(ctx.clock.now().getTime() - 1000) })
      .where('id', '=', gameId)
      .execute();
    const filters = JSON.stringify({ label: [`flagpole.platform=${owner}`] });
    await eventually(async () => (await docker.listContainers({ all: true, filters })).length === 0, 15_000);
  }, 60_000);
});
