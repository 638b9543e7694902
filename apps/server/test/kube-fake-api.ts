import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import { KubeConfig } from '@kubernetes/client-node';
import { matchesLabels, reachable } from './kube-fake-network';

/*
 * A stand-in Kubernetes API server on loopback speaking the REST paths the engine uses: namespaces, pods (and
 * their logs), services, ConfigMaps and network policies (create, read, list by label, delete). No scheduler:
 * a created pod reports `podPhase`, unless `runPod` gives it a run (a health check's pod), which the fake then
 * plays out as a kubelet would: Pending, Running with its output in the log, then Succeeded or Failed with its
 * exit code — or Running until deleted, or waiting on its image. Each service gets a cluster IP of its own (the
 * first FAKE_CLUSTER_IP) and a node port when asked for one.
 */

export interface KubeObject {
  metadata: { name: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
  data?: Record<string, string>;
  binaryData?: Record<string, string>;
}

/** What a pod given a run does: print and exit, print and never end (`hang`), or never start (`waiting`). */
export type PodRun = { output: string; exitCode: number } | { output: string; hang: true } | { waiting: string };

export const FAKE_CLUSTER_IP = '10.96.0.42';
export const FAKE_NODE_PORT = 30123;
/** How long a pod given a run stays Pending, then Running before it ends. */
const START_MS = 20;
const RUN_MS = 50;

export interface FakeKubeApi {
  /** Stored objects by path (`/api/v1/namespaces/x/pods/name`). */
  objects: Map<string, KubeObject>;
  /** `METHOD /path` of every request, in order. */
  calls: string[];
  /** The phase every pod created from now on reports (pods without a run). */
  podPhase: 'Running' | 'Pending' | 'Failed';
  /** Decides a created pod's run from its manifest (called once, at creation); undefined: it follows podPhase. */
  runPod?: (pod: KubeObject) => PodRun | undefined;
  /** The service with this cluster IP, in `namespace`. */
  serviceAt(namespace: string, ip: string): KubeObject | undefined;
  /** The pods of `namespace` a service selects. */
  podsOf(namespace: string, service: KubeObject): KubeObject[];
  /** Whether the network policies of `namespace` let pod `from` connect to pod `to` on `port`. */
  reachable(namespace: string, from: KubeObject, to: KubeObject, port: number): boolean;
  /** A client configuration pointing at the fake. */
  kubeConfig: KubeConfig;
  /** Paths of stored objects whose name contains `fragment`. */
  pathsOf(fragment: string): string[];
  /** Decides each request as RBAC would (`false`: 403 Forbidden); everything is allowed when unset. */
  authorize?: (method: string, path: string) => boolean;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<KubeObject> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => resolve(text ? JSON.parse(text) : {}));
  });
}

/** Whether an object carries every `key=value` (or has every bare `key`) of a label selector. */
function selected(object: KubeObject, selector: string | null): boolean {
  if (!selector) return true;
  return selector.split(',').every((term) => {
    const [key, value] = term.split('=');
    if (key === undefined) return false;
    const label = object.metadata.labels?.[key];
    return value === undefined ? label !== undefined : label === value;
  });
}

const COLLECTIONS = /\/(namespaces|pods|services|configmaps|networkpolicies)$/;
const LOG = /^(\/api\/v1\/namespaces\/[^/]+\/pods\/[^/]+)\/log$/;
const containerName = (pod: KubeObject) =>
  (pod.spec as { containers?: Array<{ name: string }> } | undefined)?.containers?.[0]?.name ?? 'main';

export async function startFakeKubeApi(): Promise<FakeKubeApi> {
  const objects = new Map<string, KubeObject>();
  const calls: string[] = [];
  /** What each started pod has printed, by its path. */
  const logs = new Map<string, string>();
  let services = 0;
  const fake: Pick<FakeKubeApi, 'podPhase' | 'authorize' | 'runPod'> = { podPhase: 'Running' };

  /** Plays out a pod's run on timers, each step only while the very same pod still exists. */
  function play(key: string, pod: KubeObject, run: PodRun): void {
    const name = containerName(pod);
    const step = (ms: number, change: () => void) =>
      setTimeout(() => {
        if (objects.get(key) === pod) change();
      }, ms).unref();
    pod.status = {
      phase: 'Pending',
      containerStatuses: [{ name, state: { waiting: { reason: 'ContainerCreating' } } }],
    };
    step(START_MS, () => {
      if ('waiting' in run) {
        pod.status = { phase: 'Pending', containerStatuses: [{ name, state: { waiting: { reason: run.waiting } } }] };
        return;
      }
      pod.status = { phase: 'Running', containerStatuses: [{ name, state: { running: {} } }] };
      logs.set(key, run.output);
      if ('hang' in run) return;
      step(RUN_MS, () => {
        const terminated = { exitCode: run.exitCode, reason: run.exitCode === 0 ? 'Completed' : 'Error' };
        const phase = run.exitCode === 0 ? 'Succeeded' : 'Failed';
        pod.status = { phase, containerStatuses: [{ name, state: { terminated } }] };
      });
    });
  }
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    calls.push(`${req.method} ${path}`);
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (fake.authorize && !fake.authorize(req.method ?? 'GET', path)) {
      return send(403, { kind: 'Status', code: 403, reason: 'Forbidden' });
    }
    if (req.method === 'POST') {
      const object = await readBody(req);
      if (path.endsWith('/services')) {
        const spec = object.spec as { type: string; ports: Array<Record<string, unknown>>; clusterIP?: string };
        spec.clusterIP = `10.96.${Math.floor((42 + services) / 256)}.${(42 + services) % 256}`;
        services += 1;
        if (spec.type === 'NodePort') for (const port of spec.ports) port.nodePort = FAKE_NODE_PORT;
      }
      const key = `${path}/${object.metadata.name}`;
      if (objects.has(key)) return send(409, { kind: 'Status', code: 409, reason: 'AlreadyExists' });
      if (path.endsWith('/pods')) {
        const run = fake.runPod?.(object);
        if (run) play(key, object, run);
        else object.status = { phase: fake.podPhase };
      }
      objects.set(key, object);
      return send(201, object);
    }
    const log = LOG.exec(path);
    if (req.method === 'GET' && log?.[1]) {
      const pod = objects.get(log[1]);
      if (!pod) return send(404, { kind: 'Status', code: 404, reason: 'NotFound' });
      const text = logs.get(log[1]);
      if (text === undefined) return send(400, { kind: 'Status', code: 400, reason: 'BadRequest' });
      const tail = Number(url.searchParams.get('tailLines') ?? Number.POSITIVE_INFINITY);
      const lines = text.split(/(?<=\n)/);
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end(lines.slice(Math.max(0, lines.length - tail)).join(''));
    }
    if (req.method === 'GET' && COLLECTIONS.test(path)) {
      const selector = url.searchParams.get('labelSelector');
      const items = inCollection(path).filter((object) => selected(object, selector));
      return send(200, { apiVersion: 'v1', kind: 'List', metadata: {}, items });
    }
    if (req.method === 'GET' || req.method === 'DELETE') {
      const object = objects.get(path);
      if (!object) return send(404, { kind: 'Status', code: 404, reason: 'NotFound' });
      if (req.method === 'DELETE') {
        objects.delete(path);
        logs.delete(path);
      }
      return send(200, object);
    }
    send(405, {});
  });
  const inCollection = (path: string) =>
    [...objects.entries()]
      .filter(([key]) => key.startsWith(`${path}/`) && !key.slice(path.length + 1).includes('/'))
      .map(([, object]) => object);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromOptions({
    clusters: [{ name: 'fake', server: `http://127.0.0.1:${port}`, skipTLSVerify: true }],
    users: [{ name: 'tester', token: 'x' }],
    contexts: [{ name: 'fake', cluster: 'fake', user: 'tester' }],
    currentContext: 'fake',
  });
  return Object.assign(fake, {
    objects,
    calls,
    kubeConfig,
    pathsOf: (fragment: string) => [...objects.keys()].filter((key) => key.includes(fragment)),
    serviceAt: (namespace: string, ip: string) =>
      inCollection(`/api/v1/namespaces/${namespace}/services`).find(
        (service) => (service.spec as { clusterIP?: string } | undefined)?.clusterIP === ip,
      ),
    podsOf: (namespace: string, service: KubeObject) =>
      inCollection(`/api/v1/namespaces/${namespace}/pods`).filter((pod) =>
        matchesLabels((service.spec as { selector?: Record<string, string> }).selector, pod.metadata.labels),
      ),
    reachable: (namespace: string, from: KubeObject, to: KubeObject, port: number) =>
      reachable(inCollection(`/apis/networking.k8s.io/v1/namespaces/${namespace}/networkpolicies`), from, to, port),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
