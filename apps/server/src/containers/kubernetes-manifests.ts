import type { V1NetworkPolicy, V1Pod, V1Service } from '@kubernetes/client-node';
import { type InstanceSpec, instanceLabels } from './types';

/** Name of the pod, service and network policy of one instance (a DNS label starting with a letter). */
export const kubeName = (instanceId: string) => `fp-${instanceId.toLowerCase()}`;

/** Private and link-local ranges an instance with open egress still may not reach (the cluster, the host). */
export const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '100.64.0.0/10'];

export function kubePod(spec: InstanceSpec): V1Pod {
  const limits: Record<string, string> = {
    cpu: `${spec.cpuTenths * 100}m`,
    memory: `${spec.memoryMb}Mi`,
  };
  if (spec.storageMb > 0) limits['ephemeral-storage'] = `${spec.storageMb}Mi`;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: kubeName(spec.instanceId), labels: spec.labels },
    spec: {
      restartPolicy: 'Never',
      enableServiceLinks: false,
      automountServiceAccountToken: false,
      containers: [
        {
          name: 'challenge',
          image: spec.image,
          env: Object.entries(spec.env).map(([name, value]) => ({ name, value })),
          ports: [{ containerPort: spec.exposePort, protocol: 'TCP' }],
          resources: { limits, requests: { cpu: '10m', memory: '32Mi' } },
          securityContext: {
            privileged: false,
            allowPrivilegeEscalation: false,
            capabilities: { drop: ['ALL'] },
          },
        },
      ],
    },
  };
}

/** NodePort when players connect directly (Default mapping), else ClusterIP for the platform proxy. */
export function kubeService(spec: InstanceSpec): V1Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: kubeName(spec.instanceId), labels: spec.labels },
    spec: {
      type: spec.publish ? 'NodePort' : 'ClusterIP',
      selector: { [instanceLabels.instance]: spec.instanceId },
      ports: [{ port: spec.exposePort, targetPort: spec.exposePort, protocol: 'TCP' }],
    },
  };
}

/**
 * Isolates one instance: ingress only from the platform's namespace (and, when the port is published, from
 * outside the private ranges, i.e. players), egress nowhere (Isolated) or only to public addresses (Open).
 */
export function kubeNetworkPolicy(spec: InstanceSpec, platformNamespace: string): V1NetworkPolicy {
  const fromPlatform = { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': platformNamespace } } };
  const fromPlayers = { ipBlock: { cidr: '0.0.0.0/0', except: PRIVATE_RANGES } };
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: kubeName(spec.instanceId), labels: spec.labels },
    spec: {
      podSelector: { matchLabels: { [instanceLabels.instance]: spec.instanceId } },
      policyTypes: ['Ingress', 'Egress'],
      ingress: [{ _from: spec.publish ? [fromPlatform, fromPlayers] : [fromPlatform] }],
      egress: spec.egress === 'Open' ? [{ to: [{ ipBlock: { cidr: '0.0.0.0/0', except: PRIVATE_RANGES } }] }] : [],
    },
  };
}
