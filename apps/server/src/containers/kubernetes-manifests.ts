import type { V1NetworkPolicy, V1NetworkPolicyIngressRule, V1Pod, V1Service } from '@kubernetes/client-node';
import { type InstanceSpec, instanceLabels, PRIVATE_RANGES } from './types';

/** Label of a health check's pod naming the instance it checks: that instance's policy lets it in. */
export const CHECK_TARGET_LABEL = 'flagpole.check-target';

/** Name of the pod, service and network policy of one instance (a DNS label starting with a letter). */
export const kubeName = (instanceId: string) => `fp-${instanceId.toLowerCase()}`;

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
 * Isolates one instance. Ingress: from the platform's namespace (the proxy) and, when the port is published
 * as a NodePort, to that port from any address: NodePort traffic usually arrives source-NATed to a node
 * address, and players on a LAN have private addresses, so no source range can tell players apart. Other
 * instances are kept out by their own policies, which select their pods by instance label and let them open
 * connections to public addresses only (Open) or nowhere (Isolated). A health check's instance also lets in, on its
 * port, the pod of its check (labelled with its id; only the platform creates pods in the namespace).
 */
export function kubeNetworkPolicy(spec: InstanceSpec, platformNamespace: string): V1NetworkPolicy {
  const fromPlatform = {
    _from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': platformNamespace } } }],
  };
  const fromPlayers = {
    _from: [{ ipBlock: { cidr: '0.0.0.0/0' } }],
    ports: [{ port: spec.exposePort, protocol: 'TCP' }],
  };
  const fromCheck = {
    _from: [{ podSelector: { matchLabels: { [CHECK_TARGET_LABEL]: spec.instanceId } } }],
    ports: [{ port: spec.exposePort, protocol: 'TCP' }],
  };
  const ingress: V1NetworkPolicyIngressRule[] = spec.publish ? [fromPlatform, fromPlayers] : [fromPlatform];
  if (spec.checkTarget) ingress.push(fromCheck);
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: kubeName(spec.instanceId), labels: spec.labels },
    spec: {
      podSelector: { matchLabels: { [instanceLabels.instance]: spec.instanceId } },
      policyTypes: ['Ingress', 'Egress'],
      ingress,
      egress: spec.egress === 'Open' ? [{ to: [{ ipBlock: { cidr: '0.0.0.0/0', except: PRIVATE_RANGES } }] }] : [],
    },
  };
}
