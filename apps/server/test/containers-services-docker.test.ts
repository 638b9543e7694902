import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import {
  type ContainerInfoModel,
  type ContainerServiceState,
  ContainerServices,
  type ContainerStartModel,
} from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { createDockerEngine, dockerNetworkBody, networkGuardRules } from '../src/containers/docker-engine';
import { dockerServiceBody } from '../src/containers/docker-services';
import { serviceSpecsOf } from '../src/containers/service-specs';
import type { InstanceSpec } from '../src/containers/types';
import { randomHex } from '../src/lib/crypto';
import type { TestClient } from './client';
import {
  createContainerChallenge,
  createDockerContext,
  createRunningGame,
  eventually,
  instanceStatus,
  liveInstanceId,
  MINUTE,
} from './container-fixtures';
import { docker, execIn, removeOwnedObjects } from './container-image';
import {
  BROKEN_IMAGE,
  BROKEN_SAYS,
  createServicesChallenge,
  ensureServiceImages,
  HTTP_GET,
  objectsOf,
  serviceAddress,
  webAndVault,
} from './container-services-fixtures';
import { del, expectError, ok, signUpAdmin } from './game-fixtures';
import { json, type TestContext } from './harness';
import { createPlayer, type Player } from './play-fixtures';
import { listenInProxyMode, openProxyOrFail } from './proxy-fixtures';

/** What `http://host:port/path` answers from inside a container ('FAILED' when nothing does within 2 s). */
async function fetchFrom(container: string, url: string): Promise<string> {
  const { hostname, port, pathname } = new URL(url);
  const script = `${HTTP_GET}; answer=$(get ${hostname} ${port} ${pathname} 2>/dev/null); echo "\${answer:-FAILED}"`;
  const { output } = await execIn(container, ['sh', '-c', script]);
  return output.trim();
}

/** Sends an HTTP request through a proxy session and collects the answer until the instance closes it. */
function httpThroughProxy(ws: WebSocket, request: string): Promise<string> {
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    ws.on('message', (message: Buffer) => chunks.push(message));
    ws.once('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    ws.send(Buffer.from(request));
  });
}

const nothingLeft = async (instanceId: string) => {
  const left = await objectsOf(instanceId);
  return left.containers.length === 0 && left.networks.length === 0;
};

describe('multi-service instances on a real Docker daemon', () => {
  const owner = `test-${randomHex(4)}`;
  let ctx: TestContext;
  let gameId: number;
  let challengeId: number;
  let alice: Player;
  let bob: Player;
  let admin: TestClient;
  let platformStandIn: Server;
  const start = async (player: Player, id = challengeId) => {
    const started = ok<ContainerStartModel>(await player.client.post(`/api/game/${gameId}/container/${id}`));
    expect(started.status).toBe('Running');
    return { started, instanceId: await liveInstanceId(ctx.db, player.participationId, id) };
  };
  const flagHeldBy = async (instanceId: string) =>
    (await execIn(`flagpole-${instanceId}-vault`, ['cat', '/www/flag'])).output.trim();

  beforeAll(async () => {
    await ensureServiceImages();
    ctx = await createDockerContext(owner, {
      CONTAINER_PUBLISH_ADDRESS: '0.0.0.0',
      CONTAINER_REAP_INTERVAL_SECONDS: '1',
    });
    gameId = await createRunningGame(ctx);
    challengeId = await createServicesChallenge(ctx.db, gameId, webAndVault());
    alice = await createPlayer(ctx.app, ctx.db, gameId, 'alice');
    bob = await createPlayer(ctx.app, ctx.db, gameId, 'bobby');
    admin = await signUpAdmin(ctx, 'boss');
    // A server on every host address: what the platform's own processes would be to an instance.
    platformStandIn = createServer((socket) => socket.end('platform\n'));
    await new Promise<void>((resolve) => platformStandIn.listen(0, '0.0.0.0', resolve));
  }, 60_000);
  afterAll(async () => {
    platformStandIn?.close();
    await ctx?.close();
    await removeOwnedObjects(owner);
  });

  it("serves the team's flag, held by the backend only, through the entry's published port", async () => {
    const { started, instanceId } = await start(alice);
    expect(started.entry).toMatch(/^127\.0\.0\.1:\d+$/);
    const flag = await flagHeldBy(instanceId);
    expect(flag).toMatch(/^flag\{.+\}$/);
    await eventually(async () => {
      const answer = await fetch(`http://${started.entry}/cgi-bin/flag`).catch(() => null);
      return (await answer?.text())?.trim() === flag;
    });
    const env = (container: string) => execIn(container, ['sh', '-c', 'echo "[$FLAGPOLE_FLAG][$GZCTF_FLAG]"']);
    expect((await env(`flagpole-${instanceId}`)).output.trim()).toBe('[][]');
    expect((await env(`flagpole-${instanceId}-vault`)).output.trim()).toBe(`[${flag}][${flag}]`);
    // One container per service on one network of the instance, only the entry published.
    const objects = await objectsOf(instanceId);
    expect(objects.containers.sort()).toEqual([`/flagpole-${instanceId}`, `/flagpole-${instanceId}-vault`]);
    expect(objects.networks).toEqual([`flagpole-${instanceId}`]);
    const vault = await docker.getContainer(`flagpole-${instanceId}-vault`).inspect();
    expect(vault.HostConfig.PortBindings ?? {}).toEqual({});
    expect(vault.HostConfig).toMatchObject({ CapDrop: ['ALL'], PidsLimit: 32, Memory: 32 * 1024 * 1024 });
    expect(vault.HostConfig.SecurityOpt).toContain('no-new-privileges');
  }, 30_000);

  it("keeps each team's services to their own instance", async () => {
    const aliceId = await liveInstanceId(ctx.db, alice.participationId, challengeId);
    const { instanceId: bobId } = await start(bob);
    const web = `flagpole-${aliceId}`;
    // Control: Alice's entry reaches her own backend by name, and gets her flag, not Bob's.
    expect(await fetchFrom(web, 'http://vault:9000/flag')).toBe(await flagHeldBy(aliceId));
    expect(await flagHeldBy(aliceId)).not.toBe(await flagHeldBy(bobId));
    const bobVault = await serviceAddress(bobId, 'vault');
    const bobWeb = await serviceAddress(bobId, 'web', true);
    expect(await fetchFrom(web, `http://${bobVault}:9000/flag`)).toBe('FAILED');
    expect(await fetchFrom(web, `http://${bobWeb}:8080/cgi-bin/flag`)).toBe('FAILED');
    expect(await fetchFrom(`flagpole-${aliceId}-vault`, `http://${bobVault}:9000/flag`)).toBe('FAILED');
  }, 30_000);

  it('keeps every service off the host and the platform, under the host guard', async () => {
    for (const rule of networkGuardRules()) {
      expect(() => execFileSync('iptables', ['-w', '-C', ...rule], { stdio: 'ignore' })).not.toThrow();
    }
    const aliceId = await liveInstanceId(ctx.db, alice.participationId, challengeId);
    const network = await docker.getNetwork(`flagpole-${aliceId}`).inspect();
    expect(network.Options?.['com.docker.network.bridge.name']).toMatch(/^fp-/);
    const bobId = await liveInstanceId(ctx.db, bob.participationId, challengeId);
    const bobPort = (await docker.getContainer(`flagpole-${bobId}`).inspect()).NetworkSettings.Ports['8080/tcp']?.[0]
      ?.HostPort;
    const platformPort = (platformStandIn.address() as { port: number }).port;
    const gateway = network.IPAM?.Config?.[0]?.Gateway ?? '';
    const vault = `flagpole-${aliceId}-vault`;
    // Control: the backend reaches the instance's entry by name.
    expect(await fetchFrom(vault, 'http://web:8080/cgi-bin/flag')).toBe(await flagHeldBy(aliceId));
    for (const host of [gateway, '172.17.0.1']) {
      expect(await fetchFrom(vault, `http://${host}:${platformPort}/`)).toBe('FAILED');
      expect(await fetchFrom(vault, `http://${host}:${bobPort}/cgi-bin/flag`)).toBe('FAILED');
    }
  }, 30_000);

  it('shows the state and last logs of each service of the test instance', async () => {
    const url = `/api/edit/games/${gameId}/challenges/${challengeId}/container`;
    expectError(await admin.get(`${url}/services`), 404);
    ok<ContainerInfoModel>(await admin.post(url));
    const testId = (
      await ctx.db
        .selectFrom('container_instances')
        .select('id')
        .where('challenge_id', '=', challengeId)
        .where('participation_id', 'is', null)
        .where('status', '<>', 'Destroyed')
        .executeTakeFirstOrThrow()
    ).id;
    const states = ok<ContainerServiceState[]>(await admin.get(`${url}/services`));
    expect(states).toMatchObject([
      { name: 'web', entry: true, state: 'Running', exitCode: null },
      { name: 'vault', entry: false, state: 'Running', exitCode: null },
    ]);
    expect(states[0]?.logs).toContain('web ready');
    expect(states[1]?.logs).toContain('vault ready');
    await docker.getContainer(`flagpole-${testId}-vault`).kill();
    const after = ok<ContainerServiceState[]>(await admin.get(`${url}/services`));
    expect(after[1]).toMatchObject({ name: 'vault', state: 'Exited', exitCode: 137 });
    ok(await del(admin, url));
    await eventually(() => nothingLeft(testId));
    // A single-image challenge has no services to show.
    const single = await createContainerChallenge(ctx.db, gameId, { title: 'Single' });
    const singleUrl = `/api/edit/games/${gameId}/challenges/${single}/container`;
    ok(await admin.post(singleUrl));
    expect(ok<ContainerServiceState[]>(await admin.get(`${singleUrl}/services`))).toEqual([]);
    ok(await del(admin, singleUrl));
  }, 40_000);

  it('fails the start of an instance whose service exits, naming it, and leaves nothing', async () => {
    const broken = await createServicesChallenge(ctx.db, gameId, webAndVault(BROKEN_IMAGE), { title: 'Broken' });
    const refused = await admin.post(`/api/edit/games/${gameId}/challenges/${broken}/container`);
    expectError(refused, 400);
    // The organiser's answer says which service failed and how it ended (players never get the engine's words).
    expect(json<{ title: string }>(refused).title).toMatch(
      new RegExp(`service vault exited at start[^]*${BROKEN_SAYS}`),
    );
    const rows = await ctx.db
      .selectFrom('container_instances')
      .select(['id', 'status'])
      .where('challenge_id', '=', broken)
      .execute();
    expect(rows.map((row) => row.status)).toEqual(['Destroyed']);
    expect(await nothingLeft(rows[0]?.id ?? '')).toBe(true);
    // The engine's error, which the organiser's webhook and the log carry, names the service and its last words.
    const engine = createDockerEngine({ publishAddress: '127.0.0.1', owner: `${owner}-engine`, serviceSettleMs: 1000 });
    const spec = servicesSpec(`${owner}-engine`, webAndVault(BROKEN_IMAGE));
    await expect(engine.start(spec)).rejects.toThrow(new RegExp(`service vault exited at start[^]*${BROKEN_SAYS}`));
    expect(await nothingLeft(spec.instanceId)).toBe(true);
  }, 40_000);

  it('reaches the entry through the platform proxy', async () => {
    const { wsBase } = await listenInProxyMode(ctx);
    const carol = await createPlayer(ctx.app, ctx.db, gameId, 'carol');
    const { started, instanceId } = await start(carol);
    expect(started.entry).toBe(instanceId);
    const flag = await flagHeldBy(instanceId);
    await eventually(async () => {
      const ws = await openProxyOrFail(`${wsBase}/api/proxy/${instanceId}`);
      return (await httpThroughProxy(ws, 'GET /cgi-bin/flag HTTP/1.0\r\n\r\n')).includes(flag);
    });
    // A service that dies later breaks the group: the reconciliation destroys the whole instance.
    await docker.getContainer(`flagpole-${instanceId}-vault`).kill();
    await eventually(async () => (await instanceStatus(ctx.db, instanceId)) === 'Destroyed', 15_000);
    await eventually(() => nothingLeft(instanceId), 15_000);
  }, 45_000);

  it('leaves no container or network after a destroy or an expiry', async () => {
    const aliceId = await liveInstanceId(ctx.db, alice.participationId, challengeId);
    const bobId = await liveInstanceId(ctx.db, bob.participationId, challengeId);
    ctx.clock.advance(11_000);
    ok(await del(alice.client, `/api/game/${gameId}/container/${challengeId}`));
    expect(await nothingLeft(aliceId)).toBe(true);
    ctx.clock.advance(400 * MINUTE);
    await eventually(() => nothingLeft(bobId), 15_000);
  }, 30_000);
});

describe('multi-service leftovers of a process killed mid-start, on a real Docker daemon', () => {
  const owner = `test-${randomHex(4)}`;
  let ctx: TestContext | undefined;
  afterAll(async () => {
    await ctx?.close();
    await removeOwnedObjects(owner);
  });

  it('are removed by label when the platform starts again', async () => {
    await ensureServiceImages();
    // The network and one service's container exist, the rest never came: no row knows the instance.
    const spec = servicesSpec(owner, webAndVault());
    await docker.createNetwork(dockerNetworkBody(spec));
    const vault = spec.services?.[1];
    if (!vault) throw new Error('no vault');
    const options = { publishAddress: '127.0.0.1', primary: false, storageQuota: false };
    await (await docker.createContainer(dockerServiceBody(spec, vault, options))).start();
    expect(await nothingLeft(spec.instanceId)).toBe(false);
    // The next process's start-up reconciliation (no periodic pass here) removes them.
    ctx = await createDockerContext(owner, { CONTAINER_REAP_INTERVAL_SECONDS: '3600' });
    await ctx.app.ready();
    await eventually(() => nothingLeft(spec.instanceId), 15_000);
  }, 60_000);
});

/** An instance spec of the given services, as the platform would build it, with no row behind it. */
function servicesSpec(owner: string, services: Parameters<typeof ContainerServices.parse>[0]): InstanceSpec {
  const instanceId = randomUUID();
  const env = { FLAGPOLE_INSTANCE_ID: instanceId, FLAGPOLE_TEAM_ID: 'test' };
  return {
    instanceId,
    image: 'unused',
    exposePort: 8080,
    memoryMb: 32,
    cpuTenths: 1,
    storageMb: 0,
    env,
    labels: { 'flagpole.platform': owner, 'flagpole.instance': instanceId },
    publish: false,
    egress: 'Isolated',
    services: serviceSpecsOf(ContainerServices.parse(services), { env, flag: 'flag{leftover}' }),
  };
}
