import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContainerService, createContainerService } from '../src/containers/container.service';
import { createInstanceRepository } from '../src/containers/instance.repository';
import { createKubernetesEngine } from '../src/containers/kubernetes-engine';
import { kubeName } from '../src/containers/kubernetes-manifests';
import { createStartQueue } from '../src/containers/start-queue';
import { type ContainerEngine, instanceLabels } from '../src/containers/types';
import { AppError } from '../src/http/errors';
import { createContainerChallenge, createRunningGame, instanceStatus, liveInstanceId } from './container-fixtures';
import { createTestContext, type TestContext } from './harness';
import { FAKE_CLUSTER_IP, FAKE_NODE_PORT, type FakeKubeApi, startFakeKubeApi } from './kube-fake-api';
import { groupSpec } from './kube-group-spec';
import { createPlayer, type Player } from './play-fixtures';

/*
 * The container lifecycle service driving the Kubernetes engine, against the fake API server (no cluster runs
 * on these machines): what the service asks of the cluster, and what it does when the cluster fails it.
 */

const OWNER = 'flagpole-test';

describe('container lifecycle on Kubernetes (fake API server)', () => {
  let ctx: TestContext;
  let fake: FakeKubeApi;
  let service: ContainerService;
  let engine: ContainerEngine;
  let gameId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    fake = await startFakeKubeApi();
    engine = createKubernetesEngine({
      namespace: 'challenges',
      platformNamespace: 'ctf',
      owner: OWNER,
      kubeConfig: fake.kubeConfig,
      pollMs: 10,
      readyTimeoutMs: 300,
      settleMs: 20,
    });
    service = createContainerService({
      engine,
      repository: createInstanceRepository(ctx.db),
      queue: createStartQueue({ concurrency: 2 }),
      policy: () => ctx.app.services.settings.get().containerPolicy,
      player: (game, user) => ctx.app.services.play.play.player(game, user),
      clock: ctx.clock,
      events: ctx.events,
      log: ctx.app.log,
      owner: OWNER,
      // No process lease here: nothing else runs an engine that could take this service's starts over.
      leaseId: '00000000-0000-4000-8000-000000000001',
      publicHost: 'ctf.example',
      startWaitMs: 5_000,
    });
    gameId = await createRunningGame(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  async function newTeam(name: string): Promise<{ player: Player; challengeId: number }> {
    const challengeId = await createContainerChallenge(ctx.db, gameId, { title: name, storageLimit: 128 });
    return { player: await createPlayer(ctx.app, ctx.db, gameId, name), challengeId };
  }

  it('starts an instance (published as a NodePort), lists it, and destroys every object it made', async () => {
    const { player, challengeId } = await newTeam('kube-one');
    const started = await service.start(gameId, challengeId, player.userId);
    expect(started).toMatchObject({ status: 'Running', entry: `ctf.example:${FAKE_NODE_PORT}`, queuePosition: null });
    const id = await liveInstanceId(ctx.db, player.participationId, challengeId);
    const name = kubeName(id);
    expect(fake.pathsOf(name).sort()).toEqual([
      `/api/v1/namespaces/challenges/pods/${name}`,
      `/api/v1/namespaces/challenges/services/${name}`,
      `/apis/networking.k8s.io/v1/namespaces/challenges/networkpolicies/${name}`,
    ]);
    const pod = fake.objects.get(`/api/v1/namespaces/challenges/pods/${name}`);
    expect(pod?.metadata.labels).toMatchObject({
      [instanceLabels.platform]: OWNER,
      [instanceLabels.instance]: id,
      [instanceLabels.team]: String(player.teamId),
    });
    expect(fake.objects.get('/api/v1/namespaces/challenges')?.metadata.labels).toEqual({
      [instanceLabels.platform]: OWNER,
    });
    const [listed] = await service.list({ gameId });
    expect(listed).toMatchObject({ containerGuid: id, ip: FAKE_CLUSTER_IP, port: 8080, status: 'Running' });

    ctx.clock.advance(11_000);
    await service.destroy(gameId, challengeId, player.userId);
    expect(fake.pathsOf(name)).toEqual([]);
    expect(await instanceStatus(ctx.db, id)).toBe('Destroyed');
  });

  it('starts a challenge with several services as a unit and destroys every object of every service', async () => {
    const { player, challengeId } = await newTeam('kube-services');
    // As the edit API stores them: every field present.
    const limits = { env: [], memoryLimit: 64, cpuCount: 1, pidsLimit: 256 };
    const services = [
      { name: 'web', image: 'web:1', entry: true, ports: [8080], dynamicFlag: false, ...limits },
      { name: 'vault', image: 'vault:1', entry: false, ports: [9000], dynamicFlag: true, ...limits },
    ];
    await ctx.db
      .updateTable('challenges')
      .set({ container_services: JSON.stringify(services) })
      .where('id', '=', challengeId)
      .execute();
    const started = await service.start(gameId, challengeId, player.userId);
    expect(started).toMatchObject({ status: 'Running', entry: `ctf.example:${FAKE_NODE_PORT}` });
    const id = await liveInstanceId(ctx.db, player.participationId, challengeId);
    const name = kubeName(id);
    // Per service a pod, a Service and a policy: the primary entry's named as a single image's, the other indexed.
    expect(fake.pathsOf(name).filter((path) => path.includes('/pods/')).length).toBe(2);
    expect(fake.pathsOf(name).filter((path) => path.includes('/services/')).length).toBe(2);
    expect(fake.pathsOf(name).filter((path) => path.includes('/networkpolicies/')).length).toBe(2);
    const vault = [...fake.objects].find(
      ([path, object]) =>
        path.includes('/pods/') &&
        object.metadata.labels?.[instanceLabels.instance] === id &&
        object.metadata.labels?.[instanceLabels.service] === 'vault',
    )?.[1];
    expect(vault).toBeDefined();
    // What the admin's view of a test instance reads: each service's pod state.
    const states = await engine.serviceStates?.(id);
    expect(states?.map((state) => [state.name, state.state]).sort()).toEqual([
      ['vault', 'Running'],
      ['web', 'Running'],
    ]);
    ctx.clock.advance(11_000);
    await service.destroy(gameId, challengeId, player.userId);
    expect(fake.pathsOf(name)).toEqual([]);
    expect(await instanceStatus(ctx.db, id)).toBe('Destroyed');
  });

  it.each([
    ['fails', 'Failed'],
    ['never becomes ready', 'Pending'],
  ] as const)(
    'answers 400 when the pod %s, marks the instance destroyed and removes its objects',
    async (_case, phase) => {
      const { player, challengeId } = await newTeam(`kube-${phase.toLowerCase()}`);
      fake.podPhase = phase;
      try {
        const failure = await service.start(gameId, challengeId, player.userId).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(AppError);
        expect(failure).toMatchObject({ httpStatus: 400, messageKey: 'error.containerStartFailed' });
      } finally {
        fake.podPhase = 'Running';
      }
      const row = await ctx.db
        .selectFrom('container_instances')
        .select(['id', 'status'])
        .where('participation_id', '=', player.participationId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('Destroyed');
      expect(fake.pathsOf(kubeName(row.id))).toEqual([]);
    },
  );

  it('destroys an instance whose pod vanished, with what is left of it', async () => {
    const { player, challengeId } = await newTeam('kube-gone');
    await service.start(gameId, challengeId, player.userId);
    const id = await liveInstanceId(ctx.db, player.participationId, challengeId);
    const name = kubeName(id);
    fake.objects.delete(`/api/v1/namespaces/challenges/pods/${name}`);
    expect(await service.reconcile()).toEqual({ removed: 0, forgotten: 1 });
    expect(await instanceStatus(ctx.db, id)).toBe('Destroyed');
    expect(fake.pathsOf(name)).toEqual([]);
  });

  it('reconciles away a service and a policy the database does not know, left without their pod', async () => {
    const id = crypto.randomUUID();
    const labels = { [instanceLabels.platform]: OWNER, [instanceLabels.instance]: id };
    const leftovers = {
      '/api/v1/namespaces/challenges/services': {
        metadata: { name: kubeName(id), labels },
        spec: { type: 'ClusterIP', ports: [] },
      },
      '/apis/networking.k8s.io/v1/namespaces/challenges/networkpolicies': { metadata: { name: kubeName(id), labels } },
    };
    for (const [path, body] of Object.entries(leftovers)) fake.objects.set(`${path}/${kubeName(id)}`, body);
    expect(await service.reconcile()).toEqual({ removed: 1, forgotten: 0 });
    expect(fake.pathsOf(kubeName(id))).toEqual([]);
  });

  it('reconciles away every object of a multi-service instance the database does not know', async () => {
    // As a process killed mid-start leaves it: the group's objects, one pod already gone.
    const id = crypto.randomUUID();
    const labels = { [instanceLabels.platform]: OWNER, [instanceLabels.instance]: id };
    await engine.start({ ...groupSpec, instanceId: id, labels });
    fake.objects.delete(`/api/v1/namespaces/challenges/pods/${kubeName(id)}-0`);
    expect(fake.pathsOf(kubeName(id)).length).toBeGreaterThan(3);
    expect(await service.reconcile()).toEqual({ removed: 1, forgotten: 0 });
    expect(fake.pathsOf(kubeName(id))).toEqual([]);
  });
});
