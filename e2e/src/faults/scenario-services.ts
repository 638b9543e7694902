import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { FLAG_IMAGE, FLAG_PORT } from '../challenge-image';
import { type FaultDatabase, startServer } from './cluster';
import { createGame, createPlayers } from './fixtures';
import { record, seconds } from './report';
import { dockerFaultSetup } from './scenario-containers';

const SCENARIO = 'A process killed while it starts a multi-service instance';
const run = promisify(execFile);

/** Every Docker object (containers in any state, networks) carrying a label. */
async function dockerObjects(label: string): Promise<{ containers: string[]; networks: string[] }> {
  const list = async (args: string[]) =>
    (await run('docker', [...args, '--filter', `label=${label}`])).stdout.split('\n').filter(Boolean);
  return { containers: await list(['ps', '-aq']), networks: await list(['network', 'ls', '-q']) };
}

async function statusOf(db: FaultDatabase, id: string): Promise<string | undefined> {
  const { rows } = await db.pool.query<{ status: string }>('select status from container_instances where id = $1', [
    id,
  ]);
  return rows[0]?.status;
}

/**
 * A two-service instance (an entry and a backend, each a container on the instance's own network) is being
 * started by a process that is killed with SIGKILL half-way: its network and its first container exist, the
 * second container's creation is still held by the Docker pass-through. A new process on the same database and
 * Docker engine must settle the instance (run it whole, or give it up) and leave no stray object; once the
 * instance expires, nothing of it is left: no container, no network.
 */
export async function servicesKilledMidStart(db: FaultDatabase, env: Record<string, string>): Promise<void> {
  const { delay, owner, containerEnv } = await dockerFaultSetup(env);
  const gameId = await createGame(db.pool, 'Services');
  const [player] = await createPlayers(db.pool, gameId, 'svc', 1);
  if (!player) throw new Error('no player');
  const limits = { env: [], memoryLimit: 64, cpuCount: 1, pidsLimit: 64, dynamicFlag: false, readOnlyRoot: false };
  const services = [
    { name: 'web', image: FLAG_IMAGE, entry: true, ports: [FLAG_PORT], ...limits },
    { name: 'vault', image: FLAG_IMAGE, entry: false, ports: [FLAG_PORT], ...limits },
  ];
  const { rows } = await db.pool.query<{ id: number }>(
    `insert into challenges (game_id, title, category, type, is_enabled, container_image, expose_port, container_services)
     values ($1, 'Stack', 'Misc', 'StaticContainer', true, '', 0, $2) returning id`,
    [gameId, JSON.stringify(services)],
  );
  const challengeId = (rows[0] as { id: number }).id;
  const doomed = await startServer('svc-doomed', containerEnv);
  let survivor: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    // Each container creation takes 2 s: the kill lands between the first service's and the second's.
    delay.setCreateDelay(2_000);
    const response = await fetch(`${doomed.url}/api/game/${gameId}/container/${challengeId}`, {
      method: 'POST',
      headers: player.headers,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { rows: instance } = await db.pool.query<{ id: string }>(
      'select id from container_instances where challenge_id = $1 and participation_id = $2',
      [challengeId, player.participationId],
    );
    const id = (instance[0] as { id: string }).id;
    const label = `flagpole.instance=${id}`;
    await expect.poll(async () => (await dockerObjects(label)).containers.length, { timeout: 20_000 }).toBe(1);
    await doomed.kill9();
    const halfMade = await dockerObjects(label);
    record(
      SCENARIO,
      'Left by the kill',
      `${halfMade.containers.length} container, ${halfMade.networks.length} network`,
    );
    expect(halfMade.networks).toHaveLength(1);
    delay.setCreateDelay(0);

    const killedAt = performance.now();
    survivor = await startServer('svc-survivor', containerEnv);
    // The new process takes the start over (whole: both services) or gives it up (nothing left).
    await expect.poll(() => statusOf(db, id), { timeout: 30_000 }).toMatch(/^(Running|Destroyed)$/);
    const settled = await statusOf(db, id);
    const objects = await dockerObjects(label);
    record(SCENARIO, 'Instance after the new process settled it', settled ?? '', 'Running or Destroyed');
    record(SCENARIO, 'Settled after', seconds(performance.now() - killedAt), '< 30 s');
    if (settled === 'Running') {
      expect(objects.containers).toHaveLength(2);
      expect(objects.networks).toHaveLength(1);
    } else {
      await expect.poll(() => dockerObjects(label), { timeout: 15_000 }).toEqual({ containers: [], networks: [] });
    }

    // Expiry: the reaper removes every container and the network.
    await db.pool.query(`update container_instances set expect_stop_at = now() - interval '1 minute' where id = $1`, [
      id,
    ]);
    await expect.poll(() => statusOf(db, id), { timeout: 15_000 }).toBe('Destroyed');
    await expect.poll(() => dockerObjects(label), { timeout: 15_000 }).toEqual({ containers: [], networks: [] });
    record(SCENARIO, 'Left after expiry', 'nothing', 'no container, no network');
  } finally {
    await doomed.kill9();
    await survivor?.terminate();
    await delay.close();
    const left = await dockerObjects(`flagpole.platform=${owner}`);
    if (left.containers.length > 0) await run('docker', ['rm', '-f', ...left.containers]).catch(() => undefined);
    if (left.networks.length > 0) await run('docker', ['network', 'rm', ...left.networks]).catch(() => undefined);
  }
}
