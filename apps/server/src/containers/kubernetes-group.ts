import type { ContainerServiceState } from '@flagpole/contract';
import type { CoreV1Api, NetworkingV1Api, V1Pod } from '@kubernetes/client-node';
import {
  type GroupMember,
  groupHostAliases,
  groupMembers,
  kubeGroupPod,
  kubeGroupPolicy,
  kubeGroupService,
  SERVICE_LABEL,
} from './kubernetes-group-manifests';
import { type InstanceSpec, instanceLabels, type StartedInstance } from './types';

/** Starting a multi-service instance (kubernetes-group-manifests.ts says what its objects are). */

export interface KubeGroupDeps {
  core: CoreV1Api;
  net: NetworkingV1Api;
  namespace: string;
  platformNamespace: string;
  readyTimeoutMs: number;
  pollMs: number;
  /**
   * How long every pod must keep running, once all run, before the group counts as started: a service that dies
   * on its first connection attempt to a sibling fails the start, with its log, rather than the running instance.
   */
  settleMs: number;
}

/** Reasons a container waits with that no waiting mends: the start fails at once instead of at the time limit. */
const HOPELESS_WAITS = ['ErrImagePull', 'ImagePullBackOff', 'InvalidImageName', 'CreateContainerConfigError'];
/** How much of a failed service's log the error carries (the end of it). */
const LOG_LINES = 40;
const LOG_BYTES = 4096;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Creates the policies (first, so no pod is ever reachable without its own), the Services (their cluster IPs go
 * into every pod's /etc/hosts), then the pods, and waits until every pod runs. Throws naming the service that
 * failed, with the end of its log; removing what was made is the caller's.
 */
export async function startKubeGroup(deps: KubeGroupDeps, spec: InstanceSpec): Promise<StartedInstance> {
  const { core, net, namespace } = deps;
  const members = groupMembers(spec);
  for (const member of members) {
    await net.createNamespacedNetworkPolicy({ namespace, body: kubeGroupPolicy(spec, member, deps.platformNamespace) });
  }
  const { clusterIps, started } = await createGroupServices(deps, spec, members);
  const hostAliases = groupHostAliases(members, clusterIps);
  for (const member of members) {
    await core.createNamespacedPod({ namespace, body: kubeGroupPod(spec, member, hostAliases) });
  }
  await waitGroupRunning(deps, members);
  return started;
}

/**
 * Creates the Services of the members with ports, the primary entry's first: a health check aims at the first
 * Service carrying the instance's label (the API server lists by name, where `fp-{guid}` comes first too).
 * Returns their cluster IPs by service name and where the primary entry is reached.
 */
async function createGroupServices(deps: KubeGroupDeps, spec: InstanceSpec, members: GroupMember[]) {
  const withPorts = members.filter((member) => member.service.ports.length > 0);
  const ordered = [...withPorts.filter((member) => member.primary), ...withPorts.filter((member) => !member.primary)];
  const clusterIps = new Map<string, string>();
  let started: StartedInstance | undefined;
  for (const member of ordered) {
    const service = await deps.core.createNamespacedService({
      namespace: deps.namespace,
      body: kubeGroupService(spec, member),
    });
    const ip = service.spec?.clusterIP ?? '';
    clusterIps.set(member.service.name, ip);
    if (!member.primary) continue;
    const published = service.spec?.ports?.find((port) => port.port === spec.exposePort);
    const publicPort = spec.publish ? (published?.nodePort ?? null) : null;
    started = { engineId: member.objectName, ip, port: spec.exposePort, publicPort };
  }
  if (!started) throw new Error('the instance has no entry service');
  return { clusterIps, started };
}

/** Why a pod cannot run any more, or undefined while it still may (or runs). */
function failureOf(pod: V1Pod): string | undefined {
  const phase = pod.status?.phase;
  if (phase === 'Failed' || phase === 'Succeeded') return `pod ${phase}`;
  const reason = pod.status?.containerStatuses?.[0]?.state?.waiting?.reason;
  return reason && HOPELESS_WAITS.includes(reason) ? reason : undefined;
}

async function logTail(
  deps: Pick<KubeGroupDeps, 'core' | 'namespace'>,
  name: string,
  bytes = LOG_BYTES,
): Promise<string> {
  const log = await deps.core
    .readNamespacedPodLog({ name, namespace: deps.namespace, tailLines: LOG_LINES })
    .catch(() => '');
  const text = String(log).trim();
  return text.length > bytes ? text.slice(-bytes) : text;
}

/** How much of each service's log the admin's view of a test instance shows. */
const STATE_LOG_BYTES = 8192;

/**
 * Each service of a multi-service instance as its pod is (the admin's test instance view): Running, Exited with
 * its exit code, or Missing while its container has not started; the end of its log. Empty for a single image.
 */
export async function kubeServiceStates(
  deps: Pick<KubeGroupDeps, 'core' | 'namespace'>,
  owner: string,
  instanceId: string,
): Promise<ContainerServiceState[]> {
  const labelSelector = `${instanceLabels.platform}=${owner},${instanceLabels.instance}=${instanceId}`;
  const pods = await deps.core.listNamespacedPod({ namespace: deps.namespace, labelSelector });
  const states: ContainerServiceState[] = [];
  for (const pod of pods.items) {
    const name = pod.metadata?.labels?.[SERVICE_LABEL];
    if (!name || !pod.metadata?.name) continue;
    const phase = pod.status?.phase;
    const terminated = pod.status?.containerStatuses?.[0]?.state?.terminated;
    const state = phase === 'Running' ? 'Running' : phase === 'Failed' || phase === 'Succeeded' ? 'Exited' : 'Missing';
    states.push({
      name,
      entry: pod.metadata.labels?.[instanceLabels.serviceEntry] === 'true',
      state,
      exitCode: state === 'Exited' ? (terminated?.exitCode ?? null) : null,
      logs: state === 'Missing' ? '' : await logTail(deps, pod.metadata.name, STATE_LOG_BYTES),
    });
  }
  return states;
}

async function serviceFailed(deps: KubeGroupDeps, member: GroupMember, reason: string): Promise<Error> {
  const log = await logTail(deps, member.objectName);
  const tail = log ? `; its log ends: ${log}` : '';
  return new Error(`service "${member.service.name}" failed (${reason})${tail}`);
}

/**
 * Polls every pod until all have run for the settling time; the first that fails (or the time limit) fails the
 * whole start.
 */
async function waitGroupRunning(deps: KubeGroupDeps, members: GroupMember[]): Promise<void> {
  const deadline = Date.now() + deps.readyTimeoutMs;
  let allRunningSince: number | undefined;
  for (;;) {
    const waiting: GroupMember[] = [];
    for (const member of members) {
      const pod = await deps.core.readNamespacedPod({ name: member.objectName, namespace: deps.namespace });
      const failure = failureOf(pod);
      if (failure) throw await serviceFailed(deps, member, failure);
      if (pod.status?.phase !== 'Running') waiting.push(member);
    }
    if (waiting.length > 0) allRunningSince = undefined;
    else allRunningSince ??= Date.now();
    if (allRunningSince !== undefined && Date.now() - allRunningSince >= deps.settleMs) return;
    if (waiting.length > 0 && Date.now() > deadline) {
      const names = waiting.map((member) => `"${member.service.name}"`).join(', ');
      throw new Error(`services did not start in time: ${names}`);
    }
    await pause(deps.pollMs);
  }
}
