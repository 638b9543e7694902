import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDockerEngine, storageQuotaPossible } from '../src/containers/docker-engine';
import { instanceLabels } from '../src/containers/types';
import { randomHex } from '../src/lib/crypto';
import {
  containerGone,
  createContainerChallenge,
  createDockerContext,
  createRunningGame,
  eventually,
  instanceStatus,
  liveInstanceId,
} from './container-fixtures';
import { docker, execIn, FLAG_IMAGE, removeOwnedObjects } from './container-image';
import { ok } from './game-fixtures';
import type { TestContext } from './harness';
import { createPlayer } from './play-fixtures';

const MIB = 1024 * 1024;

/** Writes `mb` MiB into the instance's own filesystem (its writable layer). */
const fill = (instanceId: string, mb: number) =>
  execIn(`flagpole-${instanceId}`, ['dd', 'if=/dev/zero', 'of=/www/fill', 'bs=1048576', `count=${mb}`]);

describe('storage limits on a real Docker daemon', () => {
  const owner = `test-${randomHex(4)}`;
  let ctx: TestContext;

  beforeAll(async () => {
    // Warnings on: the watchdog's reason is read back from the stored log (the process log is discarded).
    const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
    ctx = await createDockerContext(
      owner,
      { CONTAINER_REAP_INTERVAL_SECONDS: '1', LOG_LEVEL: 'warn' },
      { logStream: discard },
    );
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await removeOwnedObjects(owner);
  });

  it('destroys an instance that writes more than its storage limit, keeps one within it, and logs why', async () => {
    const gameId = await createRunningGame(ctx);
    const small = await createContainerChallenge(ctx.db, gameId, { title: 'Small', storageLimit: 4 });
    const roomy = await createContainerChallenge(ctx.db, gameId, { title: 'Roomy', storageLimit: 64 });
    const player = await createPlayer(ctx.app, ctx.db, gameId, 'writer');
    ok(await player.client.post(`/api/game/${gameId}/container/${small}`));
    ok(await player.client.post(`/api/game/${gameId}/container/${roomy}`));
    const over = await liveInstanceId(ctx.db, player.participationId, small);
    const within = await liveInstanceId(ctx.db, player.participationId, roomy);

    await fill(within, 2);
    await fill(over, 12);
    await eventually(() => containerGone(over), 15_000);
    expect(await instanceStatus(ctx.db, over)).toBe('Destroyed');
    await eventually(async () => {
      const logged = await ctx.db
        .selectFrom('logs')
        .select('message')
        .where('level', '=', 'Warning')
        .where('message', 'like', `%${over}%`)
        .execute();
      return logged.some((row) => row.message.includes('over its storage limit of 4 MiB'));
    });
    // Several passes of the watchdog later, the instance within its limit still runs.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await containerGone(within)).toBe(false);
    expect(await instanceStatus(ctx.db, within)).toBe('Running');
  }, 60_000);

  it('falls back to the watchdog when the daemon refuses the size option', async () => {
    // These machines run overlay2 on ext4, which cannot cap a writable layer: detection says so...
    expect(storageQuotaPossible(await docker.info())).toBe(false);
    // ...and an engine told to try anyway gets the create refused, retries without, and reports usage.
    // An owner of its own: the platform above would reconcile away an instance its database does not know.
    const engineOwner = `${owner}-engine`;
    const engine = createDockerEngine({ publishAddress: '127.0.0.1', owner: engineOwner, storageQuota: true });
    const instanceId = crypto.randomUUID();
    await engine.start({
      instanceId,
      image: FLAG_IMAGE,
      exposePort: 8080,
      memoryMb: 32,
      cpuTenths: 5,
      storageMb: 8,
      env: {},
      labels: { [instanceLabels.platform]: engineOwner, [instanceLabels.instance]: instanceId },
      publish: false,
      egress: 'Isolated',
    });
    try {
      const info = await docker.getContainer(`flagpole-${instanceId}`).inspect();
      expect(info.HostConfig.StorageOpt ?? {}).toEqual({});
      await fill(instanceId, 3);
      expect((await engine.storageUsage?.())?.get(instanceId)).toBeGreaterThanOrEqual(3 * MIB);
      // Two removals at once (a player and a reconciliation pass) both succeed.
      await Promise.all([engine.destroy(instanceId), engine.destroy(instanceId)]);
      expect(await containerGone(instanceId)).toBe(true);
    } finally {
      await removeOwnedObjects(engineOwner);
    }
  }, 30_000);
});
