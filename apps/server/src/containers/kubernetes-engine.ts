import { CoreV1Api, KubeConfig, NetworkingV1Api, type V1Pod } from '@kubernetes/client-node';
import { runKubernetesCheck } from './kubernetes-check';
import { KUBE_CHECK_FILE_BYTES } from './kubernetes-check-manifests';
import { kubeServiceStates, startKubeGroup } from './kubernetes-group';
import { kubeName, kubeNetworkPolicy, kubePod, kubeService } from './kubernetes-manifests';
import {
  type ContainerEngine,
  ContainerEngineError,
  type EngineInstance,
  type InstanceSpec,
  ignoreNotFound,
  instanceLabels,
  mergeEngineInstances,
  type StartedInstance,
} from './types';

export interface KubernetesEngineOptions {
  namespace: string;
  /** Namespace of the platform's pods: the only ones allowed to reach instances. */
  platformNamespace: string;
  /** Value of the platform label; list() returns only instances carrying it. */
  owner: string;
  /** A kubeconfig file; in-cluster configuration when unset. */
  kubeConfigPath?: string;
  /** A ready KubeConfig (tests point it at a local API server). */
  kubeConfig?: KubeConfig;
  /** How long a pod may take to run. */
  readyTimeoutMs?: number;
  pollMs?: number;
  /** How long every pod of a multi-service instance must keep running before its start succeeds. */
  settleMs?: number;
}

const codeOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'code' in error ? Number(error.code) : undefined;

const ignoreMissing = (action: Promise<unknown>) => ignoreNotFound(action, codeOf);

const namesOf = (list: { items: Array<{ metadata?: { name?: string } }> }) =>
  list.items.flatMap((item) => (item.metadata?.name ? [item.metadata.name] : []));

/**
 * Kubernetes: per instance a pod, a service and a network policy in one namespace (a multi-service instance: those
 * per service, kubernetes-group.ts); per health check run a pod, a ConfigMap and a network policy in the same
 * namespace (kubernetes-check.ts).
 */
export function createKubernetesEngine(options: KubernetesEngineOptions) {
  const config = options.kubeConfig ?? new KubeConfig();
  if (!options.kubeConfig) {
    try {
      if (options.kubeConfigPath) config.loadFromFile(options.kubeConfigPath);
      else config.loadFromCluster();
    } catch (error) {
      throw new ContainerEngineError(
        `KUBE_CONFIG: cannot load the Kubernetes configuration (${(error as Error).message})`,
      );
    }
  }
  const core = config.makeApiClient(CoreV1Api);
  const net = config.makeApiClient(NetworkingV1Api);
  const { namespace } = options;
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const pollMs = options.pollMs ?? 500;
  const settleMs = options.settleMs ?? 1_000;
  let namespaceReady: Promise<void> | undefined;

  function ensureNamespace(): Promise<void> {
    namespaceReady ??= (async () => {
      try {
        await core.readNamespace({ name: namespace });
      } catch (error) {
        // Namespaces are cluster-wide: a platform granted rights only inside its challenge namespace (the Role
        // of deploy/kubernetes) may not read them, and the namespace is then the deployment's to create.
        if (codeOf(error) === 403) return;
        if (codeOf(error) !== 404) throw error;
        await core.createNamespace({
          body: { metadata: { name: namespace, labels: { [instanceLabels.platform]: options.owner } } },
        });
      }
    })().catch((error) => {
      namespaceReady = undefined;
      throw error;
    });
    return namespaceReady;
  }

  /**
   * Removes every object carrying the instance's label (one of each for a single image, per service for a group):
   * Services first, so nothing routes to a pod on its way out, and the policies last, so no pod outlives its own.
   */
  async function removeObjects(instanceId: string): Promise<void> {
    const labelSelector = `${instanceLabels.platform}=${options.owner},${instanceLabels.instance}=${instanceId}`;
    const query = { namespace, labelSelector };
    const [services, pods, policies] = await Promise.all([
      core.listNamespacedService(query),
      core.listNamespacedPod(query),
      net.listNamespacedNetworkPolicy(query),
    ]);
    for (const name of namesOf(services)) await ignoreMissing(core.deleteNamespacedService({ name, namespace }));
    for (const name of namesOf(pods)) {
      await ignoreMissing(core.deleteNamespacedPod({ name, namespace, gracePeriodSeconds: 0 }));
    }
    for (const name of namesOf(policies)) await ignoreMissing(net.deleteNamespacedNetworkPolicy({ name, namespace }));
  }

  async function waitRunning(name: string): Promise<void> {
    const deadline = Date.now() + readyTimeoutMs;
    for (;;) {
      const pod = await core.readNamespacedPod({ name, namespace });
      const phase = pod.status?.phase;
      if (phase === 'Running') return;
      if (phase === 'Failed' || phase === 'Succeeded') throw new Error(`pod ${phase}`);
      if (Date.now() > deadline) throw new Error('pod did not start in time');
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  const engine: ContainerEngine = {
    name: 'kubernetes',
    async start(spec: InstanceSpec): Promise<StartedInstance> {
      const name = kubeName(spec.instanceId);
      try {
        await ensureNamespace();
        if (spec.services?.length) {
          const { platformNamespace } = options;
          const deps = { core, net, namespace, platformNamespace, readyTimeoutMs, pollMs, settleMs };
          return await startKubeGroup(deps, spec);
        }
        // The policy goes first, so the pod is never reachable without it.
        await net.createNamespacedNetworkPolicy({
          namespace,
          body: kubeNetworkPolicy(spec, options.platformNamespace),
        });
        await core.createNamespacedPod({ namespace, body: kubePod(spec) });
        const service = await core.createNamespacedService({ namespace, body: kubeService(spec) });
        await waitRunning(name);
        const port = service.spec?.ports?.[0];
        return {
          engineId: name,
          ip: service.spec?.clusterIP ?? '',
          port: spec.exposePort,
          publicPort: spec.publish ? (port?.nodePort ?? null) : null,
        };
      } catch (error) {
        await removeObjects(spec.instanceId).catch(() => undefined);
        throw new ContainerEngineError(`kubernetes: ${(error as Error).message}`);
      }
    },
    async destroy(instanceId: string): Promise<void> {
      try {
        await removeObjects(instanceId);
      } catch (error) {
        throw new ContainerEngineError(`kubernetes: ${(error as Error).message}`);
      }
    },
    async list(): Promise<EngineInstance[]> {
      await ensureNamespace();
      const query = { namespace, labelSelector: `${instanceLabels.platform}=${options.owner}` };
      // Services and policies too: a removal cut short leaves them without their pod.
      const [pods, services, policies] = await Promise.all([
        core.listNamespacedPod(query),
        core.listNamespacedService(query),
        net.listNamespacedNetworkPolicy(query),
      ]);
      const idOf = (item: { metadata?: { labels?: Record<string, string> } }) =>
        item.metadata?.labels?.[instanceLabels.instance];
      // A multi-service instance runs only while every one of its pods does.
      const ended = (pod: V1Pod) => ['Failed', 'Succeeded'].includes(pod.status?.phase ?? '');
      const broken = new Set(pods.items.filter(ended).map(idOf));
      return mergeEngineInstances([
        ...pods.items.map((pod) => ({ instanceId: idOf(pod), running: !broken.has(idOf(pod)) })),
        ...[...services.items, ...policies.items].map((item) => ({ instanceId: idOf(item), running: false })),
      ]);
    },
    serviceStates: (instanceId) => kubeServiceStates({ core, namespace }, options.owner, instanceId),
    async runCheck(spec) {
      await ensureNamespace().catch((error) => {
        throw new ContainerEngineError(`kubernetes: ${(error as Error).message}`);
      });
      return runKubernetesCheck({ core, net, namespace, startWaitMs: readyTimeoutMs, pollMs }, spec);
    },
    checkFileBytes: KUBE_CHECK_FILE_BYTES,
    async close(): Promise<void> {},
  };
  return engine;
}
