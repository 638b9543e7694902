import type { CoreV1Api, NetworkingV1Api, V1Pod } from '@kubernetes/client-node';
import { CHECK_UNTIL_LABEL } from './docker-check';
import {
  CHECK_ID_LABEL,
  type CheckTargetAddress,
  kubeCheckConfigMap,
  kubeCheckLabels,
  kubeCheckName,
  kubeCheckPod,
  kubeCheckPolicy,
} from './kubernetes-check-manifests';
import { type CheckResult, type CheckSpec, ContainerEngineError, ignoreNotFound, instanceLabels } from './types';

/** Lines of output read back from a run (the end of it), as on Docker. */
const MAX_OUTPUT_LINES = 500;
/** Beyond its end a check's objects are given this long (reading its output, removal) before they count as left. */
const LEFTOVER_AFTER_MS = 60_000;
/** Waiting reasons of a container that will not start however long one waits. */
const HOPELESS_WAITS = new Set([
  'ErrImagePull',
  'ImagePullBackOff',
  'InvalidImageName',
  'ErrImageNeverPull',
  'CreateContainerConfigError',
  'CreateContainerError',
]);

export interface KubeCheckDeps {
  core: CoreV1Api;
  net: NetworkingV1Api;
  namespace: string;
  /** How long the pod may take to start (its image pulled); the script's limit counts from its start. */
  startWaitMs: number;
  pollMs: number;
}

const codeOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'code' in error ? Number(error.code) : undefined;
const ignoreMissing = (action: Promise<unknown>) => ignoreNotFound(action, codeOf);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function removeCheck(deps: KubeCheckDeps, name: string): Promise<void> {
  const { core, net, namespace } = deps;
  await Promise.all([
    ignoreMissing(core.deleteNamespacedPod({ name, namespace, gracePeriodSeconds: 0 })),
    ignoreMissing(core.deleteNamespacedConfigMap({ name, namespace })),
    ignoreMissing(net.deleteNamespacedNetworkPolicy({ name, namespace })),
  ]);
}

/**
 * Removes the objects of this platform's checks whose run should long be over: a process that died mid-run
 * leaves them behind (the cluster ends the pod at its deadline but deletes nothing). Best effort, before each run.
 */
export async function removeLeftoverKubeChecks(deps: KubeCheckDeps, owner: string, now = Date.now()) {
  const query = { namespace: deps.namespace, labelSelector: `${instanceLabels.platform}=${owner},${CHECK_ID_LABEL}` };
  const [pods, maps, policies] = await Promise.all([
    deps.core.listNamespacedPod(query),
    deps.core.listNamespacedConfigMap(query),
    deps.net.listNamespacedNetworkPolicy(query),
  ]);
  const stale = new Set<string>();
  for (const item of [...pods.items, ...maps.items, ...policies.items]) {
    const until = Number(item.metadata?.labels?.[CHECK_UNTIL_LABEL]);
    if (item.metadata?.name && until + LEFTOVER_AFTER_MS < now) stale.add(item.metadata.name);
  }
  await Promise.all([...stale].map((name) => removeCheck(deps, name).catch(() => undefined)));
  return stale.size;
}

const ended = (pod: V1Pod) => pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';

/** Waits for the pod to leave Pending; throws when it cannot start (its image) or takes too long. */
async function waitStarted(deps: KubeCheckDeps, name: string, image: string): Promise<void> {
  const deadline = Date.now() + deps.startWaitMs;
  for (;;) {
    const pod = await deps.core.readNamespacedPod({ name, namespace: deps.namespace });
    if (pod.status?.phase === 'Running' || ended(pod)) return;
    const waiting = pod.status?.containerStatuses?.[0]?.state?.waiting;
    if (waiting?.reason && HOPELESS_WAITS.has(waiting.reason)) {
      throw new Error(`image ${image} cannot run (${waiting.reason}${waiting.message ? `: ${waiting.message}` : ''})`);
    }
    if (Date.now() > deadline) throw new Error('the check pod did not start in time');
    await pause(deps.pollMs);
  }
}

/** Waits for the pod to end within `limitMs`; the ended pod, or null at the limit. */
async function waitEnded(deps: KubeCheckDeps, name: string, limitMs: number): Promise<V1Pod | null> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const pod = await deps.core.readNamespacedPod({ name, namespace: deps.namespace });
    if (ended(pod)) return pod;
    if (Date.now() >= deadline) return null;
    await pause(Math.min(deps.pollMs, Math.max(0, deadline - Date.now())));
  }
}

/**
 * The address of the instance a check attacks: its service's cluster IP (no DNS needed, nothing published). Found
 * by listing, which the engine's Role grants for services already (deploy/kubernetes/challenge-role.yaml).
 */
async function targetAddress(deps: KubeCheckDeps, spec: CheckSpec): Promise<CheckTargetAddress | null> {
  if (!spec.target) return null;
  const { instanceId, port } = spec.target;
  const labelSelector = `${instanceLabels.instance}=${instanceId}`;
  const services = await deps.core.listNamespacedService({ namespace: deps.namespace, labelSelector });
  const host = services.items[0]?.spec?.clusterIP;
  if (!host) throw new Error('the instance has no service address');
  return { instanceId, host, port };
}

/**
 * Runs a check in a pod to its end or its limit, reads its output and exit code, and removes its pod, ConfigMap
 * and policy whatever happens. The limit counts from the pod's start (as on Docker, from the container's start).
 */
export async function runKubernetesCheck(deps: KubeCheckDeps, spec: CheckSpec): Promise<CheckResult> {
  const owner = spec.labels[instanceLabels.platform];
  if (owner) await removeLeftoverKubeChecks(deps, owner).catch(() => undefined);
  const { core, net, namespace } = deps;
  const name = kubeCheckName(spec.checkId);
  const labels = kubeCheckLabels(spec, Date.now() + deps.startWaitMs + spec.timeoutMs);
  try {
    const target = await targetAddress(deps, spec);
    // The policy goes first, so the pod never runs unconfined.
    await net.createNamespacedNetworkPolicy({ namespace, body: kubeCheckPolicy(spec, labels) });
    await core.createNamespacedConfigMap({ namespace, body: kubeCheckConfigMap(spec, labels) });
    await core.createNamespacedPod({ namespace, body: kubeCheckPod(spec, labels, target, deps.startWaitMs) });
    await waitStarted(deps, name, spec.image);
    const pod = await waitEnded(deps, name, spec.timeoutMs);
    // The last lines only: a script that printed without end is not read whole.
    const output = await core
      .readNamespacedPodLog({ name, namespace, container: 'check', tailLines: MAX_OUTPUT_LINES })
      .catch(() => '');
    if (!pod) return { exitCode: null, output: String(output), timedOut: true };
    const exitCode = pod.status?.containerStatuses?.[0]?.state?.terminated?.exitCode ?? null;
    return { exitCode, output: String(output), timedOut: false };
  } catch (error) {
    throw new ContainerEngineError(`kubernetes: ${(error as Error).message}`);
  } finally {
    await removeCheck(deps, name).catch(() => undefined);
  }
}
