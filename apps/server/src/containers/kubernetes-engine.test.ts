import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_CLUSTER_IP, FAKE_NODE_PORT, type FakeKubeApi, startFakeKubeApi } from '../../test/kube-fake-api';
import { createKubernetesEngine } from './kubernetes-engine';
import { kubeName, kubeNetworkPolicy, kubePod, kubeService } from './kubernetes-manifests';
import { type InstanceSpec, PRIVATE_RANGES } from './types';

const spec: InstanceSpec = {
  instanceId: '0b6f4c9e-8d43-4d7b-9a55-6a1f1b2a3c4d',
  image: 'registry.example/web:1',
  exposePort: 8080,
  memoryMb: 64,
  cpuTenths: 5,
  storageMb: 256,
  env: { FLAGPOLE_FLAG: 'flag{x}', FLAGPOLE_TEAM_ID: '7' },
  labels: { 'flagpole.platform': 'flagpole', 'flagpole.instance': '0b6f4c9e-8d43-4d7b-9a55-6a1f1b2a3c4d' },
  publish: false,
  egress: 'Isolated',
};

describe('kubernetes manifests', () => {
  it('gives the pod the limits, the flag, and no privileges or service account token', () => {
    const pod = kubePod(spec);
    expect(pod.metadata?.name).toBe(`fp-${spec.instanceId}`);
    expect(pod.spec?.automountServiceAccountToken).toBe(false);
    expect(pod.spec?.enableServiceLinks).toBe(false);
    expect(pod.spec?.restartPolicy).toBe('Never');
    const container = pod.spec?.containers[0];
    expect(container?.resources?.limits).toEqual({ cpu: '500m', memory: '64Mi', 'ephemeral-storage': '256Mi' });
    expect(container?.env).toContainEqual({ name: 'FLAGPOLE_FLAG', value: 'flag{x}' });
    expect(container?.securityContext).toEqual({
      privileged: false,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
  });

  it('publishes through a NodePort only in Default mapping', () => {
    expect(kubeService(spec).spec?.type).toBe('ClusterIP');
    expect(kubeService({ ...spec, publish: true }).spec?.type).toBe('NodePort');
    expect(kubeService(spec).spec?.selector).toEqual({ 'flagpole.instance': spec.instanceId });
  });

  it('isolates each instance: ingress from the platform, no egress unless Open (and then public only)', () => {
    const isolated = kubeNetworkPolicy(spec, 'ctf');
    const fromPlatform = { _from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ctf' } } }] };
    expect(isolated.spec?.podSelector).toEqual({ matchLabels: { 'flagpole.instance': spec.instanceId } });
    expect(isolated.spec?.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(isolated.spec?.ingress).toEqual([fromPlatform]);
    expect(isolated.spec?.egress).toEqual([]);
    const open = kubeNetworkPolicy({ ...spec, egress: 'Open' }, 'ctf');
    expect(open.spec?.egress).toEqual([{ to: [{ ipBlock: { cidr: '0.0.0.0/0', except: PRIVATE_RANGES } }] }]);
  });

  it('lets players reach a published port from any address (NodePort traffic arrives source-NATed)', () => {
    const published = kubeNetworkPolicy({ ...spec, publish: true }, 'ctf');
    expect(published.spec?.ingress?.[1]).toEqual({
      _from: [{ ipBlock: { cidr: '0.0.0.0/0' } }],
      ports: [{ port: spec.exposePort, protocol: 'TCP' }],
    });
    // Other instances are kept out by their own egress: none, or public addresses only, never pods' ranges.
    for (const egress of ['Open', 'Isolated'] as const) {
      const peers = kubeNetworkPolicy({ ...spec, egress }, 'ctf').spec?.egress?.flatMap((rule) => rule.to ?? []);
      for (const peer of peers ?? []) {
        expect(peer.podSelector).toBeUndefined();
        expect(peer.namespaceSelector).toBeUndefined();
        expect(peer.ipBlock?.except).toEqual(PRIVATE_RANGES);
      }
    }
  });
});

describe('kubernetes engine against a fake API server', () => {
  let fake: FakeKubeApi;
  let engine: ReturnType<typeof createKubernetesEngine>;
  const name = kubeName(spec.instanceId);

  beforeAll(async () => {
    fake = await startFakeKubeApi();
    engine = createKubernetesEngine({
      namespace: 'challenges',
      platformNamespace: 'ctf',
      owner: 'flagpole',
      kubeConfig: fake.kubeConfig,
      pollMs: 10,
      readyTimeoutMs: 200,
    });
  });
  afterAll(() => fake.close());

  it('creates the namespace (labelled with the owner), policy, pod and service, and reports the instance', async () => {
    const started = await engine.start({ ...spec, publish: true });
    expect(started).toEqual({ engineId: name, ip: FAKE_CLUSTER_IP, port: 8080, publicPort: FAKE_NODE_PORT });
    expect(fake.calls).toEqual(
      expect.arrayContaining([
        'GET /api/v1/namespaces/challenges',
        'POST /api/v1/namespaces',
        'POST /apis/networking.k8s.io/v1/namespaces/challenges/networkpolicies',
        'POST /api/v1/namespaces/challenges/pods',
        'POST /api/v1/namespaces/challenges/services',
      ]),
    );
    expect(fake.objects.get('/api/v1/namespaces/challenges')?.metadata.labels).toEqual({
      'flagpole.platform': 'flagpole',
    });
    // The policy exists before the pod does.
    const order = fake.calls.filter((c) => c.startsWith('POST /api') && !c.endsWith('namespaces'));
    expect(order[0]).toContain('networkpolicies');
    expect(await engine.list()).toEqual([{ instanceId: spec.instanceId, running: true }]);
    // On the wire the policy's ingress peers are under `from`, as the API server expects.
    const policy = fake.objects.get(`/apis/networking.k8s.io/v1/namespaces/challenges/networkpolicies/${name}`);
    const ingress = (policy?.spec as { ingress: Array<Record<string, unknown>> } | undefined)?.ingress;
    expect(ingress?.[0]).toHaveProperty('from');
    expect(ingress?.[0]).not.toHaveProperty('_from');
  });

  it('destroys everything it made, and counts a missing instance as destroyed', async () => {
    await engine.destroy(spec.instanceId);
    expect(fake.pathsOf(name)).toEqual([]);
    await expect(engine.destroy(spec.instanceId)).resolves.toBeUndefined();
    expect(await engine.list()).toEqual([]);
  });

  it('lists instances that lost their pod but kept a service or a policy, and only its own', async () => {
    await engine.start(spec);
    fake.objects.delete(`/api/v1/namespaces/challenges/pods/${name}`);
    expect(await engine.list()).toEqual([{ instanceId: spec.instanceId, running: false }]);
    fake.objects.delete(`/api/v1/namespaces/challenges/services/${name}`);
    expect(await engine.list()).toEqual([{ instanceId: spec.instanceId, running: false }]);
    const stranger = createKubernetesEngine({
      namespace: 'challenges',
      platformNamespace: 'ctf',
      owner: 'other-platform',
      kubeConfig: fake.kubeConfig,
    });
    expect(await stranger.list()).toEqual([]);
    await engine.destroy(spec.instanceId);
    expect(await engine.list()).toEqual([]);
  });

  it.each([
    ['fails', 'Failed', /pod Failed/],
    ['never runs', 'Pending', /did not start in time/],
  ] as const)('fails a start whose pod %s, leaving nothing behind', async (_case, phase, reason) => {
    fake.podPhase = phase;
    try {
      await expect(engine.start(spec)).rejects.toThrow(reason);
      expect(fake.pathsOf(name)).toEqual([]);
    } finally {
      fake.podPhase = 'Running';
    }
  });
});

describe('kubernetes engine with rights inside its namespace only', () => {
  let fake: FakeKubeApi;
  beforeAll(async () => {
    fake = await startFakeKubeApi();
    // The namespace exists (the deployment made it); the platform may touch only its own object kinds in it.
    fake.objects.set('/api/v1/namespaces/locked', { metadata: { name: 'locked' } });
    fake.authorize = (_method, path) =>
      /^\/api\/v1\/namespaces\/locked\/(pods|services)(\/|$)/.test(path) ||
      /^\/apis\/networking\.k8s\.io\/v1\/namespaces\/locked\/networkpolicies(\/|$)/.test(path);
  });
  afterAll(() => fake.close());

  it('starts, lists and destroys instances without reading or creating the namespace', async () => {
    const engine = createKubernetesEngine({
      namespace: 'locked',
      platformNamespace: 'ctf',
      owner: 'flagpole',
      kubeConfig: fake.kubeConfig,
      pollMs: 10,
    });
    await expect(engine.start(spec)).resolves.toMatchObject({ ip: FAKE_CLUSTER_IP });
    expect(await engine.list()).toEqual([{ instanceId: spec.instanceId, running: true }]);
    await engine.destroy(spec.instanceId);
    expect(await engine.list()).toEqual([]);
    expect(fake.calls).toContain('GET /api/v1/namespaces/locked');
    expect(fake.calls.some((call) => call.startsWith('POST /api/v1/namespaces '))).toBe(false);
  });
});
