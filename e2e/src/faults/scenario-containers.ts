import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { buildFlagImage, containersWithLabel, FLAG_IMAGE, FLAG_PORT } from '../challenge-image';
import { startDockerDelay } from '../docker-delay';
import { type FaultDatabase, startServer } from './cluster';
import { createGame, createPlayers } from './fixtures';
import { record, seconds } from './report';

const SCENARIO = 'A process killed while it starts a container';
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the instance row until its status is one of `wanted`; the time it took, or Infinity. */
async function untilStatus(db: FaultDatabase, id: string, wanted: string[], timeoutMs: number) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const { rows } = await db.pool.query<{ status: string }>('select status from container_instances where id = $1', [
      id,
    ]);
    if (rows[0] && wanted.includes(rows[0].status)) return { status: rows[0].status, ms: performance.now() - started };
    await sleep(100);
  }
  return { status: 'timeout', ms: Number.POSITIVE_INFINITY };
}

/**
 * Two processes share the Docker engine (reached through a pass-through that can hold container creation)
 * and one start slot (CONTAINER_START_CONCURRENCY=1, shared through Redis). A player's start is queued on
 * the first process, which is killed with SIGKILL while the engine is still creating the container: the
 * other process must take the start over (after the dead one's lease and start slot run out) and the
 * instance must run. Then the surviving process's reaper must remove an instance that expired.
 */
/**
 * The set-up both container fault scenarios share: the flag image, a Docker pass-through that can hold container
 * creation, an owner label of the run's own, and the servers' environment for them (answers at once, fast reaping).
 */
export async function dockerFaultSetup(env: Record<string, string>) {
  await buildFlagImage();
  const delay = await startDockerDelay();
  const owner = `flagpole-faults-${randomBytes(4).toString('hex')}`;
  const containerEnv = {
    ...env,
    CONTAINER_ENGINE: 'docker',
    DOCKER_HOST: delay.dockerHost,
    CONTAINER_OWNER: owner,
    CONTAINER_HOST_GUARD: 'false',
    CONTAINER_PUBLISH_ADDRESS: '127.0.0.1',
    CONTAINER_PUBLIC_HOST: '127.0.0.1',
    CONTAINER_START_WAIT_SECONDS: '0',
    CONTAINER_REAP_INTERVAL_SECONDS: '1',
  };
  return { delay, owner, containerEnv };
}

export async function containerTakeover(db: FaultDatabase, env: Record<string, string>): Promise<void> {
  const setup = await dockerFaultSetup(env);
  const { delay, owner } = setup;
  const containerEnv = { ...setup.containerEnv, CONTAINER_START_CONCURRENCY: '1' };
  const gameId = await createGame(db.pool, 'Containers');
  const players = await createPlayers(db.pool, gameId, 'box', 2);
  const { rows } = await db.pool.query<{ id: number }>(
    `insert into challenges (game_id, title, category, type, is_enabled, container_image, expose_port)
     values ($1, 'Box', 'Misc', 'StaticContainer', true, $2, $3) returning id`,
    [gameId, FLAG_IMAGE, FLAG_PORT],
  );
  const challengeId = (rows[0] as { id: number }).id;
  const doomed = await startServer('box-doomed', containerEnv);
  const survivor = await startServer('box-survivor', containerEnv);
  const start = async (url: string, player: (typeof players)[number]) => {
    const response = await fetch(`${url}/api/game/${gameId}/container/${challengeId}`, {
      method: 'POST',
      headers: player.headers,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { rows: instance } = await db.pool.query<{ id: string }>(
      'select id from container_instances where challenge_id = $1 and participation_id = $2 and status <> $3',
      [challengeId, player.participationId, 'Destroyed'],
    );
    return (instance[0] as { id: string }).id;
  };
  try {
    // The engine takes 3 s to create the container: the start is in flight (holding the only slot) at the kill.
    delay.setCreateDelay(3_000);
    const orphan = await start(doomed.url, players[0] as (typeof players)[number]);
    await sleep(500);
    await doomed.kill9();
    delay.setCreateDelay(0);
    const takenOver = await untilStatus(db, orphan, ['Running', 'Destroyed'], 30_000);
    const running = await containersWithLabel(`flagpole.instance=${orphan}`);
    record(SCENARIO, 'Queued start of the killed process', takenOver.status, 'Running');
    record(
      SCENARIO,
      'Time from the kill until it ran (lease, then the start slot, run out first)',
      seconds(takenOver.ms),
      '< 15 s',
    );
    expect(takenOver.status).toBe('Running');
    expect(takenOver.ms).toBeLessThan(15_000);
    expect(running).toHaveLength(1);

    // The survivor's reaper removes an instance once it expired.
    const expiring = await start(survivor.url, players[1] as (typeof players)[number]);
    expect((await untilStatus(db, expiring, ['Running'], 20_000)).status).toBe('Running');
    await db.pool.query(`update container_instances set expect_stop_at = now() - interval '1 minute' where id = $1`, [
      expiring,
    ]);
    const reaped = await untilStatus(db, expiring, ['Destroyed'], 10_000);
    record(
      SCENARIO,
      'Expired instance reaped by the surviving process after',
      seconds(reaped.ms),
      'a reap interval (1 s here) or so; < 10 s',
    );
    expect(reaped.status).toBe('Destroyed');
    // The row is marked first, then the engine removes the container.
    await expect.poll(() => containersWithLabel(`flagpole.instance=${expiring}`), { timeout: 15_000 }).toEqual([]);
  } finally {
    await doomed.kill9();
    await survivor.terminate();
    await delay.close();
    const { stdout } = await run('docker', ['ps', '-aq', '--filter', `label=flagpole.platform=${owner}`]);
    const left = stdout.split('\n').filter(Boolean);
    if (left.length > 0) await run('docker', ['rm', '-f', ...left]).catch(() => undefined);
  }
}
