import type {
  V1HostAlias,
  V1NetworkPolicy,
  V1NetworkPolicyEgressRule,
  V1NetworkPolicyIngressRule,
  V1Pod,
  V1Service,
} from '@kubernetes/client-node';
import { toClusterDns } from './kubernetes-check-manifests';
import { CHECK_TARGET_LABEL, kubeName } from './kubernetes-manifests';
import { type InstanceSpec, instanceLabels, PRIVATE_RANGES, type ServiceSpec } from './types';

/*
 * A multi-service instance on Kubernetes (docs/containers.md, "Several services"): in the engine's one namespace,
 * per service a pod, a Service (when it has ports) and a NetworkPolicy, all labelled with the instance as a single
 * image's objects are, so list, destroy and reconciliation find them by label as before. The services reach each
 * other by name through `hostAliases` (each pod's /etc/hosts maps every sibling's name to its Service's cluster
 * IP): short names stay private to the instance without a namespace per instance, which would need cluster-wide
 * rights the platform's Role does not grant, and without the cluster's DNS for Isolated instances.
 */

/** Label naming the service a pod, Service or policy of a multi-service instance belongs to. */
export const SERVICE_LABEL = 'flagpole.service';

/** One service of the group with the name of its objects. */
export interface GroupMember {
  service: ServiceSpec;
  /** Name of its pod, Service and policy: the primary entry's is the single image's name, so checks find it. */
  objectName: string;
  primary: boolean;
}

/** The group's members; the primary entry is the first entry service (InstanceSpec.services). */
export function groupMembers(spec: InstanceSpec): GroupMember[] {
  const services = spec.services ?? [];
  const primaryIndex = services.findIndex((service) => service.entry);
  const base = kubeName(spec.instanceId);
  // An index, not the service's name: a Service's name is a DNS label of at most 63 characters and the base
  // already takes 39 of them.
  return services.map((service, index) => ({
    service,
    objectName: index === primaryIndex ? base : `${base}-${index}`,
    primary: index === primaryIndex,
  }));
}

const labelsOf = (spec: InstanceSpec, member: GroupMember) => ({
  ...spec.labels,
  [SERVICE_LABEL]: member.service.name,
});

const selectorOf = (spec: InstanceSpec, member: GroupMember) => ({
  [instanceLabels.instance]: spec.instanceId,
  [SERVICE_LABEL]: member.service.name,
});

const tcpPorts = (ports: number[]) => ports.map((port) => ({ port, protocol: 'TCP' }));

/**
 * The pod of one service: its own limits (PIDs excepted: Kubernetes sets them per node, not per pod), the
 * instance's storage limit, no service-account token, no privileges, and its siblings' names in /etc/hosts.
 */
export function kubeGroupPod(spec: InstanceSpec, member: GroupMember, hostAliases: V1HostAlias[]): V1Pod {
  const { service } = member;
  const limits: Record<string, string> = { cpu: `${service.cpuTenths * 100}m`, memory: `${service.memoryMb}Mi` };
  if (spec.storageMb > 0) limits['ephemeral-storage'] = `${spec.storageMb}Mi`;
  // A read-only root still needs somewhere to write temporary files: a small memory-backed /tmp.
  const readOnly = service.readOnlyRoot
    ? {
        volumes: [{ name: 'tmp', emptyDir: { medium: 'Memory', sizeLimit: '16Mi' } }],
        mounts: [{ name: 'tmp', mountPath: '/tmp' }],
      }
    : null;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: member.objectName, labels: labelsOf(spec, member) },
    spec: {
      restartPolicy: 'Never',
      enableServiceLinks: false,
      automountServiceAccountToken: false,
      hostAliases,
      ...(readOnly ? { volumes: readOnly.volumes } : {}),
      containers: [
        {
          name: service.name,
          image: service.image,
          env: Object.entries(service.env).map(([name, value]) => ({ name, value })),
          ports: service.ports.map((port) => ({ containerPort: port, protocol: 'TCP' })),
          resources: { limits, requests: { cpu: '10m', memory: '32Mi' } },
          securityContext: {
            privileged: false,
            allowPrivilegeEscalation: false,
            capabilities: { drop: ['ALL'] },
            ...(readOnly ? { readOnlyRootFilesystem: true } : {}),
          },
          ...(readOnly ? { volumeMounts: readOnly.mounts } : {}),
        },
      ],
    },
  };
}

/** The Service of one service with ports: a NodePort for an entry in Default mapping, else a ClusterIP. */
export function kubeGroupService(spec: InstanceSpec, member: GroupMember): V1Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: member.objectName, labels: labelsOf(spec, member) },
    spec: {
      type: member.service.entry && spec.publish ? 'NodePort' : 'ClusterIP',
      selector: selectorOf(spec, member),
      ports: member.service.ports.map((port) => ({ name: `p${port}`, port, targetPort: port, protocol: 'TCP' })),
    },
  };
}

/** Every sibling's name mapped to its Service's cluster IP (services without ports have no Service). */
export function groupHostAliases(members: GroupMember[], clusterIps: Map<string, string>): V1HostAlias[] {
  return members.flatMap(({ service }) => {
    const ip = clusterIps.get(service.name);
    return ip ? [{ ip, hostnames: [service.name] }] : [];
  });
}

function ingressOf(spec: InstanceSpec, member: GroupMember, platformNamespace: string): V1NetworkPolicyIngressRule[] {
  const { ports, entry } = member.service;
  // No ports: nothing may connect (a rule without ports would open every port).
  if (ports.length === 0) return [];
  const fromSiblings = {
    _from: [{ podSelector: { matchLabels: { [instanceLabels.instance]: spec.instanceId } } }],
    ports: tcpPorts(ports),
  };
  if (!entry) return [fromSiblings];
  const rules: V1NetworkPolicyIngressRule[] = [
    fromSiblings,
    {
      _from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': platformNamespace } } }],
      ports: tcpPorts(ports),
    },
  ];
  // NodePort traffic arrives source-NATed, so no source range tells players apart (as for a single image).
  if (spec.publish) rules.push({ _from: [{ ipBlock: { cidr: '0.0.0.0/0' } }], ports: tcpPorts(ports) });
  if (spec.checkTarget && member.primary) {
    rules.push({
      _from: [{ podSelector: { matchLabels: { [CHECK_TARGET_LABEL]: spec.instanceId } } }],
      ports: tcpPorts([spec.exposePort]),
    });
  }
  return rules;
}

/**
 * Egress: the instance's own pods (their policies decide which ports), and with Open egress also public
 * addresses and the cluster's DNS; never the private ranges. Isolated instances get no DNS: their siblings'
 * names are in /etc/hosts, and a resolver would be a way out.
 */
function egressOf(spec: InstanceSpec): V1NetworkPolicyEgressRule[] {
  const toSiblings = { to: [{ podSelector: { matchLabels: { [instanceLabels.instance]: spec.instanceId } } }] };
  if (spec.egress !== 'Open') return [toSiblings];
  return [toSiblings, { to: [{ ipBlock: { cidr: '0.0.0.0/0', except: PRIVATE_RANGES } }] }, toClusterDns];
}

/** Isolates one service's pod: in only from its instance (entries: also the proxy, players, a check). */
export function kubeGroupPolicy(spec: InstanceSpec, member: GroupMember, platformNamespace: string): V1NetworkPolicy {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: member.objectName, labels: labelsOf(spec, member) },
    spec: {
      podSelector: { matchLabels: selectorOf(spec, member) },
      policyTypes: ['Ingress', 'Egress'],
      ingress: ingressOf(spec, member, platformNamespace),
      egress: egressOf(spec),
    },
  };
}
