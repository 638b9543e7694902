import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import type { Db } from '../src/db/database';
import { docker, ensureFlagImage, FLAG_IMAGE } from './container-image';
import { createTestContext, type TestContext } from './harness';
import { createChallenge, createGame } from './play-fixtures';

/* Fixtures of the container tests that run against the real Docker daemon. */

export const MINUTE = 60_000;

/** Polls until `check` passes (engine work happens after the request returns). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether the instance's container no longer exists on the daemon. */
export async function containerGone(instanceId: string): Promise<boolean> {
  try {
    await docker.getContainer(`flagpole-${instanceId}`).inspect();
    return false;
  } catch {
    return true;
  }
}

/** An app on the real Docker daemon whose instances carry `owner`, publishing ports on loopback. */
export async function createDockerContext(
  owner: string,
  env: Record<string, string> = {},
  extra: Parameters<typeof createTestContext>[1] = {},
): Promise<TestContext> {
  await ensureFlagImage();
  return createTestContext(
    {
      CONTAINER_ENGINE: 'docker',
      CONTAINER_OWNER: owner,
      CONTAINER_PUBLISH_ADDRESS: '127.0.0.1',
      CONTAINER_PUBLIC_HOST: '127.0.0.1',
      CONTAINER_START_WAIT_SECONDS: '20',
      ...env,
    },
    extra,
  );
}

/** A game that started an hour ago and ends tomorrow (on the context's clock). */
export function createRunningGame(ctx: TestContext): Promise<number> {
  const now = ctx.clock.now().getTime();
  return createGame(ctx.db, { start: new Date(now - 60 * MINUTE), end: new Date(now + 24 * 60 * MINUTE) });
}

export interface ContainerSettings {
  type?: 'DynamicContainer' | 'StaticContainer';
  title?: string;
  memoryLimit?: number;
  cpuCount?: number;
  storageLimit?: number;
  networkMode?: 'Open' | 'Isolated';
}

/** A container challenge running the test image (HTTP on port 8080). */
export async function createContainerChallenge(db: Db, gameId: number, settings: ContainerSettings = {}) {
  const id = await createChallenge(db, gameId, {
    type: settings.type ?? 'StaticContainer',
    title: settings.title ?? 'Box',
  });
  await db
    .updateTable('challenges')
    .set({
      container_image: FLAG_IMAGE,
      expose_port: 8080,
      memory_limit: settings.memoryLimit ?? 48,
      cpu_count: settings.cpuCount ?? 5,
      storage_limit: settings.storageLimit ?? 0,
      network_mode: settings.networkMode ?? 'Isolated',
    })
    .where('id', '=', id)
    .execute();
  return id;
}

/** The live instance of a team on a challenge. */
export async function liveInstanceId(db: Db, participationId: number, challengeId: number): Promise<string> {
  const row = await db
    .selectFrom('container_instances')
    .select('id')
    .where('participation_id', '=', participationId)
    .where('challenge_id', '=', challengeId)
    .where('status', '<>', 'Destroyed')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function instanceStatus(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('container_instances').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status;
}

/** The address of an instance on its own bridge network. */
export async function instanceAddress(instanceId: string): Promise<string> {
  const info = await docker.getContainer(`flagpole-${instanceId}`).inspect();
  return Object.values(info.NetworkSettings.Networks)[0]?.IPAddress ?? '';
}

export interface Neighbour {
  /** One address of the neighbour in each range instances must not reach. */
  forbidden: { private: string; sharedAddressSpace: string; linkLocal: string };
  /** An address of the neighbour outside every forbidden range (the benchmarking range 198.18.0.0/15). */
  allowed: string;
  /** The host's own address facing the neighbour (also outside the forbidden ranges). */
  hostAddress: string;
  port: number;
  /** What the neighbour's TCP server answers to every connection. */
  banner: string;
  remove: () => void;
}

/**
 * Another machine next to the host: a network namespace behind a veth pair, with an address in a private,
 * a CGNAT, a link-local and a public-looking range, and a TCP server answering each connection with a banner.
 * Random subnets, so parallel test runs do not collide.
 */
export function startNeighbour(): Neighbour {
  const tag = randomInt(0x100000, 0xffffff).toString(16);
  const namespace = `fpn-${tag}`;
  // Neither end may start with `fp-`: the host guard would take the neighbour for an instance.
  const [hostEnd, neighbourEnd] = [`nbh${tag}`, `nbn${tag}`];
  const x = randomInt(0, 256);
  const subnets = [
    `10.213.${x}`,
    `100.${64 + randomInt(0, 64)}.${x}`,
    `169.254.${x}`,
    `198.${18 + randomInt(0, 2)}.${x}`,
  ];
  const ip = (...args: string[]) => execFileSync('ip', args);
  const inside = (...args: string[]) => ip('netns', 'exec', namespace, ...args);
  let server: ChildProcess | undefined;
  const remove = () => {
    server?.kill();
    try {
      ip('netns', 'del', namespace);
    } catch {
      // already gone
    }
  };
  try {
    ip('netns', 'add', namespace);
    ip('link', 'add', hostEnd, 'type', 'veth', 'peer', 'name', neighbourEnd, 'netns', namespace);
    for (const subnet of subnets) {
      ip('addr', 'add', `${subnet}.1/24`, 'dev', hostEnd);
      inside('ip', 'addr', 'add', `${subnet}.2/24`, 'dev', neighbourEnd);
    }
    ip('link', 'set', hostEnd, 'up');
    inside('ip', 'link', 'set', neighbourEnd, 'up');
    inside('ip', 'link', 'set', 'lo', 'up');
    const port = 9000;
    server = spawn(
      'ip',
      ['netns', 'exec', namespace, '/bin/busybox', 'nc', '-ll', '-p', String(port), '-e', '/bin/echo', 'neighbour'],
      {
        stdio: 'ignore',
      },
    );
    const [privateNet, sharedNet, linkLocalNet, publicNet] = subnets as [string, string, string, string];
    return {
      forbidden: { private: `${privateNet}.2`, sharedAddressSpace: `${sharedNet}.2`, linkLocal: `${linkLocalNet}.2` },
      allowed: `${publicNet}.2`,
      hostAddress: `${publicNet}.1`,
      port,
      banner: 'neighbour',
      remove,
    };
  } catch (error) {
    remove();
    throw error;
  }
}
