import type { V1ConfigMap, V1NetworkPolicy, V1NetworkPolicyEgressRule, V1Pod } from '@kubernetes/client-node';
import { CHECK_COMMAND, CHECK_UNTIL_LABEL, checkFileName } from './docker-check';
import { CHECK_TARGET_LABEL } from './kubernetes-manifests';
import { CHECK_DIR, type CheckSpec, checkEnv, instanceLabels, PRIVATE_RANGES } from './types';

/*
 * The objects of one health check run on Kubernetes (docs/operations.md, "Health checks"): a ConfigMap holding the
 * solve script and the attachment, the pod running the script in the organiser's image with them mounted at
 * CHECK_DIR, and the network policy confining that pod. They share one name and carry the run's id as a label.
 */

/** Label naming the run an object belongs to. */
export const CHECK_ID_LABEL = 'flagpole.check-id';
/** The ConfigMap key of the script (attachment keys are prefixed, so no file name can take it). */
const SCRIPT_KEY = 'solve';
/** What a check pod may use, as on Docker: enough for curl or a Python solve script. */
const CHECK_LIMITS = { cpu: '1', memory: '512Mi', 'ephemeral-storage': '256Mi' };
/** The pod is ended by the cluster this long after its limit even if the process watching it died. */
const DEADLINE_MARGIN_SECONDS = 60;
/**
 * Attachments larger than this are not put in the ConfigMap (a ConfigMap holds 1 MiB at most, the script
 * included): the script then gets only the attachment's address, as on Docker for files over its own limit.
 */
export const KUBE_CHECK_FILE_BYTES = 700 * 1024;

/** Where the check reaches its instance: the address of the instance's service and its port. */
export interface CheckTargetAddress {
  instanceId: string;
  host: string;
  port: number;
}

export const kubeCheckName = (checkId: string) => `fpc-${checkId.toLowerCase()}`;

/** The file name a stored attachment gets beside the script (never the script's own name). */
const mountedName = (name: string) => {
  const safe = checkFileName(name);
  return safe === SCRIPT_KEY ? `_${safe}` : safe;
};

/** Labels of every object of the run: the runner's, the run's id, its end, and the instance it may reach. */
export function kubeCheckLabels(spec: CheckSpec, untilMs: number): Record<string, string> {
  const labels: Record<string, string> = {
    ...spec.labels,
    [CHECK_ID_LABEL]: spec.checkId,
    [CHECK_UNTIL_LABEL]: String(untilMs),
  };
  if (spec.target) labels[CHECK_TARGET_LABEL] = spec.target.instanceId;
  return labels;
}

export function kubeCheckConfigMap(spec: CheckSpec, labels: Record<string, string>): V1ConfigMap {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: kubeCheckName(spec.checkId), labels },
    immutable: true,
    data: { [SCRIPT_KEY]: spec.script },
    binaryData: Object.fromEntries(
      spec.files.map((file) => [`file.${mountedName(file.name)}`, file.content.toString('base64')]),
    ),
  };
}

/** The environment of the script: the runner's, and where the instance is (as on Docker, also `host:port`). */
function checkEnvOf(spec: CheckSpec, target: CheckTargetAddress | null) {
  const env = { ...spec.env };
  if (target) {
    env[checkEnv.host] = target.host;
    env[checkEnv.port] = String(target.port);
    env[checkEnv.target] = `${target.host}:${target.port}`;
  }
  return Object.entries(env).map(([name, value]) => ({ name, value }));
}

/**
 * The check pod: the script in the organiser's image, confined as instances are (no service account token,
 * every capability dropped, no privilege escalation, limits), never restarted, and ended by the cluster itself
 * shortly after its limit. The script's folder is the read-only ConfigMap: a script writes under /tmp.
 */
export function kubeCheckPod(
  spec: CheckSpec,
  labels: Record<string, string>,
  target: CheckTargetAddress | null,
  startWaitMs: number,
): V1Pod {
  const name = kubeCheckName(spec.checkId);
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, labels },
    spec: {
      restartPolicy: 'Never',
      enableServiceLinks: false,
      automountServiceAccountToken: false,
      activeDeadlineSeconds: Math.ceil((startWaitMs + spec.timeoutMs) / 1000) + DEADLINE_MARGIN_SECONDS,
      containers: [
        {
          name: 'check',
          image: spec.image,
          command: CHECK_COMMAND,
          workingDir: '/',
          env: checkEnvOf(spec, target),
          resources: { limits: CHECK_LIMITS, requests: { cpu: '10m', memory: '32Mi' } },
          securityContext: {
            privileged: false,
            allowPrivilegeEscalation: false,
            capabilities: { drop: ['ALL'] },
          },
          volumeMounts: [{ name: 'check', mountPath: CHECK_DIR, readOnly: true }],
        },
      ],
      volumes: [
        {
          name: 'check',
          configMap: {
            name,
            items: [
              { key: SCRIPT_KEY, path: SCRIPT_KEY, mode: 0o755 },
              ...spec.files.map((file) => {
                const path = mountedName(file.name);
                return { key: `file.${path}`, path, mode: 0o644 };
              }),
            ],
          },
        },
      ],
    },
  };
}

/** Name resolution through the cluster's DNS (a script fetching its remote attachment names a host). */
export const toClusterDns: V1NetworkPolicyEgressRule = {
  to: [
    {
      namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } },
      podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
    },
  ],
  ports: [
    { port: 53, protocol: 'UDP' },
    { port: 53, protocol: 'TCP' },
  ],
};

/**
 * Confines the check pod: nothing reaches it; it reaches its instance's pod on the instance's port only (whose
 * own policy lets it in), or, with no instance and a remote attachment to fetch, public addresses and the
 * cluster's DNS, or nothing at all — as on Docker (the instance's namespace, a bridge, or no network).
 */
export function kubeCheckPolicy(spec: CheckSpec, labels: Record<string, string>): V1NetworkPolicy {
  let egress: V1NetworkPolicyEgressRule[] = [];
  if (spec.target) {
    egress = [
      {
        to: [{ podSelector: { matchLabels: { [instanceLabels.instance]: spec.target.instanceId } } }],
        ports: [{ port: spec.target.port, protocol: 'TCP' }],
      },
    ];
  } else if (spec.network) {
    egress = [{ to: [{ ipBlock: { cidr: '0.0.0.0/0', except: PRIVATE_RANGES } }] }, toClusterDns];
  }
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: kubeCheckName(spec.checkId), labels },
    spec: {
      podSelector: { matchLabels: { [CHECK_ID_LABEL]: spec.checkId } },
      policyTypes: ['Ingress', 'Egress'],
      ingress: [],
      egress,
    },
  };
}
