/*
 * How the fake Kubernetes API decides whether one pod may open a connection to another: the NetworkPolicy rules
 * of both (egress of the one, ingress of the other), as a cluster enforcing them would. Modelled: pod selectors
 * (matchLabels) within the namespace, ports, and ipBlock peers (every pod address is taken to lie in 10.0.0.0/8,
 * so a `0.0.0.0/0` block that excepts that range lets no pod through). Namespace selectors match no pod here.
 */

export interface LabelledObject {
  metadata: { name: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
}

interface Peer {
  podSelector?: { matchLabels?: Record<string, string> };
  namespaceSelector?: unknown;
  ipBlock?: { cidr: string; except?: string[] };
}
interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: Array<{ port?: number; protocol?: string }>;
}
interface PolicySpec {
  podSelector?: { matchLabels?: Record<string, string> };
  policyTypes?: string[];
  ingress?: Rule[];
  egress?: Rule[];
}

const POD_RANGE = '10.0.0.0/8';

export function matchesLabels(selector: Record<string, string> | undefined, labels: Record<string, string> = {}) {
  return Object.entries(selector ?? {}).every(([key, value]) => labels[key] === value);
}

function peerMatches(peer: Peer, pod: LabelledObject): boolean {
  if (peer.ipBlock) return peer.ipBlock.cidr === '0.0.0.0/0' && !(peer.ipBlock.except ?? []).includes(POD_RANGE);
  if (peer.namespaceSelector) return false;
  return peer.podSelector !== undefined && matchesLabels(peer.podSelector.matchLabels, pod.metadata.labels);
}

function ruleAllows(rule: Rule, peers: Peer[] | undefined, other: LabelledObject, port: number): boolean {
  const portOk = !rule.ports?.length || rule.ports.some((p) => p.port === undefined || p.port === port);
  const peerOk = !peers?.length || peers.some((peer) => peerMatches(peer, other));
  return portOk && peerOk;
}

/** Whether the policies selecting `pod` let traffic go (`Egress`, to `other`) or come (`Ingress`, from it). */
function allowed(
  policies: LabelledObject[],
  pod: LabelledObject,
  other: LabelledObject,
  port: number,
  direction: 'Ingress' | 'Egress',
): boolean {
  const selecting = policies
    .map((policy) => policy.spec as PolicySpec)
    .filter((spec) => matchesLabels(spec.podSelector?.matchLabels, pod.metadata.labels))
    .filter((spec) => (spec.policyTypes ?? ['Ingress']).includes(direction));
  // A pod no policy selects for a direction is open in that direction.
  if (selecting.length === 0) return true;
  return selecting.some((spec) =>
    direction === 'Egress'
      ? (spec.egress ?? []).some((rule) => ruleAllows(rule, rule.to, other, port))
      : (spec.ingress ?? []).some((rule) => ruleAllows(rule, rule.from, other, port)),
  );
}

/** Whether `from` may connect to `to` on `port` under `policies` (the policies of their namespace). */
export function reachable(policies: LabelledObject[], from: LabelledObject, to: LabelledObject, port: number): boolean {
  return allowed(policies, from, to, port, 'Egress') && allowed(policies, to, from, port, 'Ingress');
}
