import { createServer, type IncomingMessage, type Server } from 'node:http';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKubernetesEngine } from './kubernetes-engine';
import { kubeName, kubeNetworkPolicy, kubePod, kubeService, PRIVATE_RANGES } from './kubernetes-manifests';
import type { InstanceSpec } from './types';

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

  it('isolates each instance: ingress from the platform only, no egress unless Open (and then public only)', () => {
    const isolated = kubeNetworkPolicy(spec, 'ctf');
    expect(isolated.spec?.podSelector).toEqual({ matchLabels: { 'flagpole.instance': spec.instanceId } });
    expect(isolated.spec?.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(isolated.spec?.ingress).toEqual([
      { _from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ctf' } } }] },
    ]);
    expect(isolated.spec?.egress).toEqual([]);
    const open = kubeNetworkPolicy({ ...spec, egress: 'Open', publish: true }, 'ctf');
    expect(open.spec?.egress).toEqual([{ to: [{ ipBlock: { cidr: '0.0.0.0/0', except: PRIVATE_RANGES } }] }]);
    expect(open.spec?.ingress?.[0]?._from).toHaveLength(2);
  });
});

/** A stand-in Kubernetes API server on loopback speaking the REST paths the engine uses. */
function fakeApiServer() {
  const objects = new Map<string, unknown>();
  const calls: string[] = [];
  const body = (req: IncomingMessage) =>
    new Promise<Record<string, unknown>>((resolve) => {
      let text = '';
      req.on('data', (chunk) => {
        text += chunk;
      });
      req.on('end', () => resolve(text ? JSON.parse(text) : {}));
    });
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    calls.push(`${req.method} ${url.pathname}`);
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    const path = url.pathname;
    if (req.method === 'POST') {
      const object = await body(req);
      const name = (object.metadata as { name: string }).name;
      if (path.endsWith('/services')) {
        (object.spec as Record<string, unknown>).clusterIP = '10.96.0.42';
        const ports = (object.spec as { ports: Array<Record<string, unknown>> }).ports;
        if ((object.spec as { type: string }).type === 'NodePort') for (const p of ports) p.nodePort = 30123;
      }
      if (path.endsWith('/pods')) object.status = { phase: 'Running' };
      objects.set(`${path}/${name}`, object);
      return send(201, object);
    }
    if (req.method === 'GET' && path.endsWith('/pods')) {
      const items = [...objects.entries()].filter(([key]) => key.startsWith(`${path}/`)).map(([, v]) => v);
      return send(200, { apiVersion: 'v1', kind: 'PodList', metadata: {}, items });
    }
    if (req.method === 'GET' || req.method === 'DELETE') {
      const object = objects.get(path);
      if (!object) return send(404, { kind: 'Status', code: 404, reason: 'NotFound' });
      if (req.method === 'DELETE') objects.delete(path);
      return send(200, object);
    }
    send(405, {});
  });
  return { server, objects, calls };
}

describe('kubernetes engine against a fake API server', () => {
  const fake = fakeApiServer();
  let engine: ReturnType<typeof createKubernetesEngine>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const port = (fake.server.address() as { port: number }).port;
    const config = new KubeConfig();
    config.loadFromOptions({
      clusters: [{ name: 'fake', server: `http://127.0.0.1:${port}`, skipTLSVerify: true }],
      users: [{ name: 'tester', token: 'x' }],
      contexts: [{ name: 'fake', cluster: 'fake', user: 'tester' }],
      currentContext: 'fake',
    });
    engine = createKubernetesEngine({
      namespace: 'challenges',
      platformNamespace: 'ctf',
      owner: 'flagpole',
      kubeConfig: config,
      pollMs: 10,
    });
  });
  afterAll(() => fake.server.close());

  it('creates the namespace, policy, pod and service, and reports where the instance is', async () => {
    const started = await engine.start({ ...spec, publish: true });
    expect(started).toEqual({ engineId: kubeName(spec.instanceId), ip: '10.96.0.42', port: 8080, publicPort: 30123 });
    expect(fake.calls).toEqual(
      expect.arrayContaining([
        'GET /api/v1/namespaces/challenges',
        'POST /api/v1/namespaces',
        'POST /apis/networking.k8s.io/v1/namespaces/challenges/networkpolicies',
        'POST /api/v1/namespaces/challenges/pods',
        'POST /api/v1/namespaces/challenges/services',
      ]),
    );
    // The policy exists before the pod does.
    const order = fake.calls.filter((c) => c.startsWith('POST /api') && !c.endsWith('namespaces'));
    expect(order[0]).toContain('networkpolicies');
    expect(await engine.list()).toEqual([spec.instanceId]);
    // On the wire the policy's ingress peers are under `from`, as the API server expects.
    const policy = fake.objects.get(
      `/apis/networking.k8s.io/v1/namespaces/challenges/networkpolicies/${kubeName(spec.instanceId)}`,
    ) as { spec: { ingress: Array<Record<string, unknown>> } };
    expect(policy.spec.ingress[0]).toHaveProperty('from');
    expect(policy.spec.ingress[0]).not.toHaveProperty('_from');
  });

  it('destroys everything it made, and counts a missing instance as destroyed', async () => {
    await engine.destroy(spec.instanceId);
    expect([...fake.objects.keys()].filter((key) => key.includes(kubeName(spec.instanceId)))).toEqual([]);
    await expect(engine.destroy(spec.instanceId)).resolves.toBeUndefined();
    expect(await engine.list()).toEqual([]);
  });
});
