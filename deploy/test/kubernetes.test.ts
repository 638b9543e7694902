import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../apps/server/src/config';
import { createKubernetesEngine } from '../../apps/server/src/containers/kubernetes-engine';
import type { InstanceSpec } from '../../apps/server/src/containers/types';
import { type FakeKubeApi, startFakeKubeApi } from '../../apps/server/test/kube-fake-api';
import { fetchWithin } from './http-session';
import { allows, attributesOf, type PolicyRule } from './rbac';
import { findObject, type KubeObject, renderKustomize, repositoryRoot } from './render';
import { validateObject } from './schema';
import { freePort, type ServerProcess, startBuiltServer } from './server-process';

interface Probe {
  httpGet: { path: string; port: string | number };
}
interface Container {
  name: string;
  ports: { name: string; containerPort: number }[];
  envFrom: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  resources: { requests: Record<string, string>; limits: Record<string, string> };
}
interface Deployment extends KubeObject {
  spec: {
    replicas: number;
    selector: { matchLabels: Record<string, string> };
    strategy: { rollingUpdate: { maxUnavailable: number } };
    template: {
      metadata: { labels: Record<string, string>; annotations: Record<string, string> };
      spec: { serviceAccountName: string; containers: Container[] };
    };
  };
}
interface Service extends KubeObject {
  spec: { selector: Record<string, string>; ports: { name: string; port: number; targetPort: string }[] };
}
interface Ingress extends KubeObject {
  spec: {
    tls: { hosts: string[]; secretName: string }[];
    rules: { http: { paths: { backend: { service: { name: string; port: { name: string } } } }[] } }[];
  };
}
interface Role extends KubeObject {
  rules: PolicyRule[];
}
interface RoleBinding extends KubeObject {
  roleRef: { kind: string; name: string };
  subjects: { kind: string; name: string; namespace: string }[];
}

const objects = renderKustomize('deploy/kubernetes');
const deployment = findObject<Deployment>(objects, 'Deployment', 'flagpole');
const container = deployment.spec.template.spec.containers[0] as Container;
const configMap = findObject<KubeObject & { data: Record<string, string> }>(objects, 'ConfigMap', 'flagpole');
const secret = findObject<KubeObject & { stringData: Record<string, string> }>(objects, 'Secret', 'flagpole');
const role = findObject<Role>(objects, 'Role', 'flagpole-challenge-engine');
const platformNamespace = deployment.metadata.namespace as string;
const challengeNamespace = configMap.data.KUBE_NAMESPACE as string;

/** The container port a probe or a Service names (by port name or number). */
function containerPort(port: string | number): number {
  if (typeof port === 'number') return port;
  const found = container.ports.find((entry) => entry.name === port);
  if (!found) throw new Error(`the container has no port named ${port}`);
  return found.containerPort;
}

describe('the kustomize base (deploy/kubernetes)', () => {
  it('renders offline, and every object validates against the Kubernetes schemas with no undefined field', async () => {
    expect(objects.map((object) => object.kind).sort()).toEqual(
      [
        'ConfigMap',
        'Deployment',
        'Ingress',
        'Namespace',
        'Namespace',
        'PodDisruptionBudget',
        'Role',
        'RoleBinding',
        'Secret',
        'Service',
        'ServiceAccount',
      ].sort(),
    );
    for (const object of objects) {
      expect(await validateObject(object), `${object.kind} ${object.metadata.name}`).toEqual([]);
    }
  });

  it('runs two or more replicas with probes and resources, a disruption budget, and no gap during an upgrade', () => {
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(deployment.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
    expect(container.readinessProbe?.httpGet.path).toBe('/readyz');
    expect(container.livenessProbe?.httpGet.path).toBe('/healthz');
    for (const resource of ['cpu', 'memory']) {
      expect(container.resources.requests[resource], `request ${resource}`).toBeDefined();
      expect(container.resources.limits[resource], `limit ${resource}`).toBeDefined();
    }
    const budget = findObject<KubeObject & { spec: { minAvailable: number; selector: { matchLabels: object } } }>(
      objects,
      'PodDisruptionBudget',
      'flagpole',
    );
    expect(budget.spec.minAvailable).toBeGreaterThanOrEqual(1);
    expect(budget.spec.minAvailable).toBeLessThan(deployment.spec.replicas);
    expect(budget.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    expect(deployment.spec.template.metadata.labels).toMatchObject(deployment.spec.selector.matchLabels);
  });

  it('exposes the pods through a Service and a TLS Ingress that keeps websockets and uploads open', () => {
    const service = findObject<Service>(objects, 'Service', 'flagpole');
    expect(deployment.spec.template.metadata.labels).toMatchObject(service.spec.selector);
    for (const port of service.spec.ports) expect(containerPort(port.targetPort)).toBeGreaterThan(0);
    const ingress = findObject<Ingress>(objects, 'Ingress', 'flagpole');
    const backends = ingress.spec.rules.flatMap((rule) => rule.http.paths.map((entry) => entry.backend.service));
    for (const backend of backends) {
      expect(backend.name).toBe(service.metadata.name);
      expect(service.spec.ports.map((port) => port.name)).toContain(backend.port.name);
      // Metrics stay inside the cluster.
      expect(backend.port.name).not.toBe('metrics');
    }
    const annotations = ingress.metadata.annotations ?? {};
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(3600);
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-send-timeout'])).toBeGreaterThanOrEqual(3600);
    expect(ingress.spec.tls[0]?.secretName).toBeTruthy();
  });

  it('configures external PostgreSQL, Redis and S3, secrets apart, with values the server accepts', () => {
    expect(container.envFrom).toEqual([
      { configMapRef: { name: configMap.metadata.name } },
      { secretRef: { name: secret.metadata.name } },
    ]);
    const env = { ...configMap.data, ...secret.stringData };
    expect(Object.keys(configMap.data).filter((key) => key in secret.stringData)).toEqual([]);
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'ADMIN_PASSWORD', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      expect(secret.stringData[key], key).toBeDefined();
    }
    expect(Object.keys(configMap.data).filter((key) => /PASSWORD|SECRET|TOKEN|_URL$/.test(key))).toEqual([
      'PUBLIC_URL',
    ]);
    const config = loadConfig(env);
    expect(config).toMatchObject({ STORAGE: 's3', CONTAINER_ENGINE: 'kubernetes', TRUST_PROXY: true });
    // Every key is a variable the server reads (unknown ones would be silently ignored).
    for (const key of Object.keys(env)) expect(config, key).toHaveProperty(key);
    expect(containerPort('http')).toBe(config.PORT);
    expect(containerPort('metrics')).toBe(config.METRICS_PORT);
    expect(config.KUBE_PLATFORM_NAMESPACE).toBe(platformNamespace);
  });

  it('grants the challenge engine pods (and their logs), services, ConfigMaps and network policies in the challenge namespace, nothing else', () => {
    expect(objects.filter((object) => object.kind.startsWith('Cluster'))).toEqual([]);
    expect(role.metadata.namespace).toBe(challengeNamespace);
    expect(objects.some((object) => object.kind === 'Namespace' && object.metadata.name === challengeNamespace)).toBe(
      true,
    );
    const binding = findObject<RoleBinding>(objects, 'RoleBinding', 'flagpole-challenge-engine');
    expect(binding.metadata.namespace).toBe(challengeNamespace);
    expect(binding.roleRef).toMatchObject({ kind: 'Role', name: role.metadata.name });
    expect(binding.subjects).toEqual([
      { kind: 'ServiceAccount', name: deployment.spec.template.spec.serviceAccountName, namespace: platformNamespace },
    ]);
    const resources = new Set(role.rules.flatMap((rule) => rule.resources));
    expect([...resources].sort()).toEqual(['configmaps', 'networkpolicies', 'pods', 'pods/log', 'services']);
  });
});

describe('the challenge engine with exactly the rights of the Role', () => {
  let fake: FakeKubeApi;
  const denied: string[] = [];
  const used = new Set<string>();
  beforeAll(async () => {
    fake = await startFakeKubeApi();
    fake.objects.set(`/api/v1/namespaces/${challengeNamespace}`, { metadata: { name: challengeNamespace } });
    fake.authorize = (method, url) => {
      const request = attributesOf(method, url);
      const allowed = allows(role.rules, challengeNamespace, request);
      if (allowed) used.add(`${request.verb} ${request.resource}`);
      else denied.push(`${method} ${url}`);
      return allowed;
    };
  });
  afterAll(() => fake.close());

  it('starts, lists and destroys an instance and runs a health check on it, needing every right granted and no other', async () => {
    const engine = createKubernetesEngine({
      namespace: challengeNamespace,
      platformNamespace,
      owner: 'flagpole',
      kubeConfig: fake.kubeConfig,
      pollMs: 10,
    });
    const instanceId = '7d0c1c54-3f5e-4c47-9a38-2c2f4f3bb1a1';
    const spec: InstanceSpec = {
      instanceId,
      image: 'registry.example/challenge:1',
      exposePort: 8080,
      memoryMb: 64,
      cpuTenths: 5,
      storageMb: 0,
      env: {},
      labels: { 'flagpole.platform': 'flagpole', 'flagpole.instance': instanceId },
      publish: false,
      egress: 'Isolated',
    };
    await engine.start({ ...spec, checkTarget: true });
    expect(await engine.list()).toEqual([{ instanceId, running: true }]);
    fake.runPod = (pod) =>
      pod.metadata.labels?.['flagpole.check-id'] ? { output: 'flag{x}\n', exitCode: 0 } : undefined;
    const check = await engine.runCheck?.({
      checkId: 'c3a0a1f2-8b4e-4d7a-9f10-5e6d7c8b9a01',
      image: 'registry.example/solver:1',
      script: 'echo flag{x}',
      files: [{ name: 'cipher.txt', content: Buffer.from('synt{k}') }],
      env: {},
      target: { instanceId, port: 8080 },
      network: false,
      timeoutMs: 5_000,
      labels: { 'flagpole.platform': 'flagpole' },
    });
    expect(check).toEqual({ exitCode: 0, output: 'flag{x}\n', timedOut: false });
    await engine.destroy(instanceId);
    expect(await engine.list()).toEqual([]);
    // Only the namespace itself is out of reach (cluster-wide), and the engine does without it.
    expect(denied).toEqual([`GET /api/v1/namespaces/${challengeNamespace}`]);
    const granted = role.rules.flatMap((rule) => rule.resources.flatMap((r) => rule.verbs.map((v) => `${v} ${r}`)));
    expect([...used].sort()).toEqual(granted.sort());
  });
});

describe('the built server with the settings of the manifests', () => {
  let fake: FakeKubeApi;
  let server: ServerProcess;
  let scratch: string;
  let metricsPort: number;
  const denied: string[] = [];
  beforeAll(async () => {
    fake = await startFakeKubeApi();
    fake.objects.set(`/api/v1/namespaces/${challengeNamespace}`, { metadata: { name: challengeNamespace } });
    fake.authorize = (method, url) => {
      const allowed = allows(role.rules, challengeNamespace, attributesOf(method, url));
      if (!allowed) denied.push(`${method} ${url}`);
      return allowed;
    };
    scratch = await mkdtemp(path.join(tmpdir(), 'flagpole-deploy-'));
    await writeFile(path.join(scratch, 'kubeconfig'), fake.kubeConfig.exportConfig());
    metricsPort = await freePort();
    // The manifests' settings, with the embedded database and local files standing in for the external
    // services (their reachability is what readiness reports, tested on its own) and loopback ports.
    const { STORAGE: _storage, S3_ENDPOINT: _endpoint, ...settings } = configMap.data;
    server = await startBuiltServer(
      {
        ...settings,
        DATA_DIR: path.join(scratch, 'data'),
        ADMIN_PASSWORD: secret.stringData.ADMIN_PASSWORD as string,
        METRICS_PORT: String(metricsPort),
        KUBE_CONFIG: path.join(scratch, 'kubeconfig'),
      },
      await freePort(),
    );
  });
  afterAll(async () => {
    expect(await server?.stop()).toBe(0);
    await fake?.close();
    await rm(scratch, { recursive: true, force: true });
  });

  /** The address a probe or a scrape reaches: the container's named ports are the configured ones. */
  function addressOf(port: string | number, requestPath: string): string {
    const number = containerPort(port);
    if (number === Number(configMap.data.PORT)) return `${server.base}${requestPath}`;
    if (number === Number(configMap.data.METRICS_PORT)) return `http://127.0.0.1:${metricsPort}${requestPath}`;
    throw new Error(`port ${port} is neither the HTTP nor the metrics port`);
  }

  it('answers every probe of the Deployment on the port it names', async () => {
    for (const probe of [container.startupProbe, container.livenessProbe, container.readinessProbe]) {
      if (!probe) continue;
      const response = await fetchWithin(addressOf(probe.httpGet.port, probe.httpGet.path));
      expect(response.status, probe.httpGet.path).toBe(200);
    }
  });

  it('serves metrics where the pod annotations point Prometheus, and the dashboard uses only metrics it serves', async () => {
    const annotations = deployment.spec.template.metadata.annotations;
    const scrape = await fetchWithin(
      addressOf(Number(annotations['prometheus.io/port']), annotations['prometheus.io/path'] ?? ''),
    );
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    const served = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]));
    const dashboard = JSON.parse(
      await readFile(path.join(repositoryRoot, 'deploy/grafana/flagpole-dashboard.json'), 'utf8'),
    );
    const expressions: string[] = dashboard.panels.flatMap((panel: { targets?: { expr: string }[] }) =>
      (panel.targets ?? []).map((target) => target.expr),
    );
    expect(expressions.length).toBeGreaterThan(10);
    const names = new Set(
      expressions.flatMap((expr) =>
        [...expr.matchAll(/\b((?:flagpole|nodejs|process)_[a-z0-9_]+)/g)].map((m) => m[1] as string),
      ),
    );
    for (const name of names) {
      const family = name.replace(/_(bucket|count|sum)$/, '');
      expect(served.has(name) || served.has(family), name).toBe(true);
    }
  });

  it('runs its bundled Kubernetes engine with the rights of the Role: reconciled at start, nothing denied but the namespace', () => {
    expect(fake.calls).toContain(`GET /api/v1/namespaces/${challengeNamespace}/pods`);
    expect(fake.calls).toContain(`GET /apis/networking.k8s.io/v1/namespaces/${challengeNamespace}/networkpolicies`);
    expect(denied).toEqual([`GET /api/v1/namespaces/${challengeNamespace}`]);
    expect(server.output()).not.toContain('reconciliation failed');
  });
});
