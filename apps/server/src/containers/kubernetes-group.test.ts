import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { validateObject } from '../../../../deploy/test/schema';
import { FAKE_NODE_PORT, type FakeKubeApi, type KubeObject, startFakeKubeApi } from '../../test/kube-fake-api';
import { groupSpec } from '../../test/kube-group-spec';
import { createKubernetesEngine } from './kubernetes-engine';
import { SERVICE_LABEL } from './kubernetes-group-manifests';
import { kubeName } from './kubernetes-manifests';
import type { InstanceSpec } from './types';

const PODS = '/api/v1/namespaces/challenges/pods';
const SERVICES = '/api/v1/namespaces/challenges/services';
const POLICIES = '/apis/networking.k8s.io/v1/namespaces/challenges/networkpolicies';

/** The same challenge for another team. */
const otherTeam: InstanceSpec = {
  ...groupSpec,
  instanceId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  labels: { 'flagpole.platform': 'flagpole', 'flagpole.instance': '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d' },
};

describe('kubernetes engine: a multi-service instance against a fake API server', () => {
  let fake: FakeKubeApi;
  let engine: ReturnType<typeof createKubernetesEngine>;
  const base = kubeName(groupSpec.instanceId);
  const objectsOf = (spec: InstanceSpec) => fake.pathsOf(kubeName(spec.instanceId));
  const podOf = (spec: InstanceSpec, service: string) =>
    [...fake.objects.entries()].find(
      ([path, pod]) =>
        path.startsWith(`${PODS}/`) &&
        pod.metadata.labels?.['flagpole.instance'] === spec.instanceId &&
        pod.metadata.labels?.[SERVICE_LABEL] === service,
    )?.[1] as KubeObject;

  beforeAll(async () => {
    fake = await startFakeKubeApi();
    engine = createKubernetesEngine({
      namespace: 'challenges',
      platformNamespace: 'ctf',
      owner: 'flagpole',
      kubeConfig: fake.kubeConfig,
      pollMs: 10,
      readyTimeoutMs: 1_000,
      settleMs: 150,
    });
  });
  afterEach(async () => {
    fake.runPod = undefined;
    fake.podPhase = 'Running';
    await engine.destroy(groupSpec.instanceId);
    await engine.destroy(otherTeam.instanceId);
  });
  afterAll(() => fake.close());

  it('starts every service (policies first), reports the primary entry, and destroys all of it', async () => {
    const started = await engine.start(groupSpec);
    const webService = fake.objects.get(`${SERVICES}/${base}`)?.spec as { clusterIP: string };
    expect(started).toEqual({ engineId: base, ip: webService.clusterIP, port: 8080, publicPort: FAKE_NODE_PORT });
    expect(objectsOf(groupSpec).sort()).toEqual(
      [
        ...[base, `${base}-0`, `${base}-2`].map((name) => `${PODS}/${name}`),
        ...[base, `${base}-0`].map((name) => `${SERVICES}/${name}`),
        ...[base, `${base}-0`, `${base}-2`].map((name) => `${POLICIES}/${name}`),
      ].sort(),
    );
    const creations = fake.calls.filter((call) => call.startsWith('POST') && !call.endsWith('/namespaces'));
    expect(creations.slice(0, 3).every((call) => call.endsWith('/networkpolicies'))).toBe(true);
    // A health check attacks the first Service listed with the instance's label: the primary entry's.
    const listed = await engine.list();
    // Every object, as the API server received it, is one the Kubernetes schemas accept.
    for (const path of objectsOf(groupSpec)) {
      const object = structuredClone(fake.objects.get(path)) as KubeObject & { status?: unknown };
      delete object.status;
      expect(await validateObject(object as Parameters<typeof validateObject>[0])).toEqual([]);
    }
    expect(listed).toEqual([{ instanceId: groupSpec.instanceId, running: true }]);

    await engine.destroy(groupSpec.instanceId);
    expect(objectsOf(groupSpec)).toEqual([]);
    expect(await engine.list()).toEqual([]);
  });

  it('lets the services of one instance reach each other by name, and never another instance', async () => {
    await engine.start(groupSpec);
    await engine.start(otherTeam);
    const vaultService = fake.objects.get(`${SERVICES}/${base}-0`);
    const vaultIp = (vaultService?.spec as { clusterIP?: string } | undefined)?.clusterIP;
    const web = podOf(groupSpec, 'web');
    expect((web.spec as { hostAliases: unknown }).hostAliases).toContainEqual({ ip: vaultIp, hostnames: ['vault'] });
    const reach = (from: KubeObject, to: KubeObject, port: number) => fake.reachable('challenges', from, to, port);
    expect(reach(web, podOf(groupSpec, 'vault'), 9000)).toBe(true);
    expect(reach(web, podOf(groupSpec, 'vault'), 22)).toBe(false);
    expect(reach(podOf(groupSpec, 'worker'), podOf(groupSpec, 'vault'), 9000)).toBe(true);
    expect(reach(podOf(groupSpec, 'vault'), podOf(groupSpec, 'worker'), 9000)).toBe(false);
    for (const service of ['web', 'vault', 'worker']) {
      for (const target of ['web', 'vault']) {
        expect(reach(podOf(otherTeam, service), podOf(groupSpec, target), 9000)).toBe(false);
        expect(reach(podOf(otherTeam, service), podOf(groupSpec, target), 8080)).toBe(false);
      }
    }
  });

  it("points a health check at the primary entry's Service, which lets the check's pod in", async () => {
    await engine.start({ ...groupSpec, checkTarget: true });
    let checkPod: KubeObject | undefined;
    fake.runPod = (pod) => {
      checkPod = structuredClone(pod);
      return { output: 'ok\n', exitCode: 0 };
    };
    const result = await engine.runCheck?.({
      checkId: '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a',
      image: 'registry.example/solver:1',
      script: '#!/bin/sh\n',
      files: [],
      env: {},
      target: { instanceId: groupSpec.instanceId, port: 8080 },
      network: false,
      timeoutMs: 2_000,
      labels: { 'flagpole.platform': 'flagpole' },
    });
    expect(result).toMatchObject({ exitCode: 0 });
    const webIp = (fake.objects.get(`${SERVICES}/${base}`)?.spec as { clusterIP?: string } | undefined)?.clusterIP;
    const env = (checkPod?.spec as { containers: Array<{ env: unknown[] }> } | undefined)?.containers[0]?.env;
    expect(env).toContainEqual({ name: 'FLAGPOLE_TARGET', value: `${webIp}:8080` });
    if (!checkPod) throw new Error('no check pod');
    expect(fake.reachable('challenges', checkPod, podOf(groupSpec, 'web'), 8080)).toBe(true);
    expect(fake.reachable('challenges', checkPod, podOf(groupSpec, 'vault'), 9000)).toBe(false);
  });

  it('fails the start naming the failed service with the end of its log, and leaves nothing', async () => {
    fake.runPod = (pod) =>
      pod.metadata.labels?.[SERVICE_LABEL] === 'vault'
        ? { output: 'opening the store\nvault: no key given\n', exitCode: 1 }
        : { output: '', hang: true };
    await expect(engine.start(groupSpec)).rejects.toThrow(
      /service "vault" failed \(pod Failed\); its log ends: opening the store\nvault: no key given/,
    );
    expect(objectsOf(groupSpec)).toEqual([]);
    expect(await engine.list()).toEqual([]);
  });

  it('fails at once on an image that cannot be pulled, not at the time limit', async () => {
    fake.runPod = (pod) =>
      pod.metadata.labels?.[SERVICE_LABEL] === 'worker' ? { waiting: 'ErrImagePull' } : { output: '', hang: true };
    const startedAt = Date.now();
    await expect(engine.start(groupSpec)).rejects.toThrow(/service "worker" failed \(ErrImagePull\)/);
    expect(Date.now() - startedAt).toBeLessThan(900);
    expect(objectsOf(groupSpec)).toEqual([]);
  });

  it('fails a start whose services never run, naming them, and leaves nothing', async () => {
    fake.podPhase = 'Pending';
    await expect(engine.start(groupSpec)).rejects.toThrow(/services did not start in time: "vault", "web", "worker"/);
    expect(objectsOf(groupSpec)).toEqual([]);
  });

  it('lists an instance as not running once one of its services ended', async () => {
    await engine.start(groupSpec);
    const vault = podOf(groupSpec, 'vault');
    vault.status = { phase: 'Failed' };
    expect(await engine.list()).toEqual([{ instanceId: groupSpec.instanceId, running: false }]);
  });
});
