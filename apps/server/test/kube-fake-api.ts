import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import { KubeConfig } from '@kubernetes/client-node';

/*
 * A stand-in Kubernetes API server on loopback speaking the REST paths the engine uses: namespaces, pods,
 * services and network policies (create, read, list by label, delete). No scheduler: a created pod simply
 * reports `podPhase`, and services get a fixed cluster IP (and node port when asked for one).
 */

interface KubeObject {
  metadata: { name: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
}

export const FAKE_CLUSTER_IP = '10.96.0.42';
export const FAKE_NODE_PORT = 30123;

export interface FakeKubeApi {
  /** Stored objects by path (`/api/v1/namespaces/x/pods/name`). */
  objects: Map<string, KubeObject>;
  /** `METHOD /path` of every request, in order. */
  calls: string[];
  /** The phase every pod created from now on reports. */
  podPhase: 'Running' | 'Pending' | 'Failed';
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

/** Whether an object carries every `key=value` of a label selector. */
function selected(object: KubeObject, selector: string | null): boolean {
  if (!selector) return true;
  return selector.split(',').every((term) => {
    const [key, value] = term.split('=');
    return key !== undefined && object.metadata.labels?.[key] === value;
  });
}

const COLLECTIONS = /\/(namespaces|pods|services|networkpolicies)$/;

export async function startFakeKubeApi(): Promise<FakeKubeApi> {
  const objects = new Map<string, KubeObject>();
  const calls: string[] = [];
  const fake: Pick<FakeKubeApi, 'podPhase' | 'authorize'> = { podPhase: 'Running' };
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
        spec.clusterIP = FAKE_CLUSTER_IP;
        if (spec.type === 'NodePort') for (const port of spec.ports) port.nodePort = FAKE_NODE_PORT;
      }
      if (path.endsWith('/pods')) object.status = { phase: fake.podPhase };
      const key = `${path}/${object.metadata.name}`;
      if (objects.has(key)) return send(409, { kind: 'Status', code: 409, reason: 'AlreadyExists' });
      objects.set(key, object);
      return send(201, object);
    }
    if (req.method === 'GET' && COLLECTIONS.test(path)) {
      const selector = url.searchParams.get('labelSelector');
      const items = [...objects.entries()]

        .filter(([key]) => key.startsWith(`${path}/`) && !key.slice(path.length + 1).includes('/'))
        .map(([, object]) => object)
        .filter((object) => selected(object, selector));
      return send(200, { apiVersion: 'v1', kind: 'List', metadata: {}, items });
    }
    if (req.method === 'GET' || req.method === 'DELETE') {
      const object = objects.get(path);
      if (!object) return send(404, { kind: 'Status', code: 404, reason: 'NotFound' });
      if (req.method === 'DELETE') objects.delete(path);
      return send(200, object);
    }
    send(405, {});
  });
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
