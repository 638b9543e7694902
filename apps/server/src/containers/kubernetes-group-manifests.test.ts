import { describe, expect, it } from 'vitest';
import { validateObject } from '../../../../deploy/test/schema';
import { groupSpec } from '../../test/kube-group-spec';
import {
  groupHostAliases,
  groupMembers,
  kubeGroupPod,
  kubeGroupPolicy,
  kubeGroupService,
  SERVICE_LABEL,
} from './kubernetes-group-manifests';
import { CHECK_TARGET_LABEL } from './kubernetes-manifests';
import { PRIVATE_RANGES } from './types';

const [vault, web, worker] = groupMembers(groupSpec);
const instance = { 'flagpole.instance': groupSpec.instanceId };
const tcp = (...ports: number[]) => ports.map((port) => ({ port, protocol: 'TCP' }));
/** The wire form: the client's `_from` is `from` to the API server (and to the schemas). */
const wire = <T>(object: T) => JSON.parse(JSON.stringify(object).replaceAll('"_from":', '"from":'));

describe('kubernetes manifests of a multi-service instance', () => {
  it('names the primary entry as a single image is named, the others by index, all DNS labels', () => {
    expect(web).toMatchObject({ objectName: `fp-${groupSpec.instanceId}`, primary: true });
    expect(vault).toMatchObject({ objectName: `fp-${groupSpec.instanceId}-0`, primary: false });
    expect(worker?.objectName).toBe(`fp-${groupSpec.instanceId}-2`);
    for (const member of groupMembers(groupSpec)) {
      expect(member.objectName).toMatch(/^[a-z]([-a-z0-9]{0,61}[a-z0-9])?$/);
    }
  });

  it('gives each pod its own limits and env, no token, no privileges, and the siblings by name', async () => {
    if (!vault) throw new Error('no vault');
    const aliases = groupHostAliases(
      groupMembers(groupSpec),
      new Map([
        ['vault', '10.96.0.7'],
        ['web', '10.96.0.8'],
      ]),
    );
    expect(aliases).toEqual([
      { ip: '10.96.0.7', hostnames: ['vault'] },
      { ip: '10.96.0.8', hostnames: ['web'] },
    ]);
    const pod = kubeGroupPod(groupSpec, vault, aliases);
    expect(pod.metadata?.labels).toEqual({ ...groupSpec.labels, [SERVICE_LABEL]: 'vault' });
    expect(pod.spec?.automountServiceAccountToken).toBe(false);
    expect(pod.spec?.enableServiceLinks).toBe(false);
    expect(pod.spec?.hostAliases).toEqual(aliases);
    const [container] = pod.spec?.containers ?? [];
    expect(container?.name).toBe('vault');
    expect(container?.image).toBe('registry.example/notes-vault:1');
    expect(container?.env).toEqual([{ name: 'GZCTF_FLAG', value: 'flag{team}' }]);
    expect(container?.resources?.limits).toEqual({ cpu: '200m', memory: '128Mi', 'ephemeral-storage': '128Mi' });
    // The vault asked for a read-only root: it writes only to a small memory-backed /tmp.
    expect(container?.securityContext).toEqual({
      privileged: false,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
      readOnlyRootFilesystem: true,
    });
    expect(container?.volumeMounts).toEqual([{ name: 'tmp', mountPath: '/tmp' }]);
    expect(pod.spec?.volumes).toEqual([{ name: 'tmp', emptyDir: { medium: 'Memory', sizeLimit: '16Mi' } }]);
    expect(await validateObject(wire(pod))).toEqual([]);
    const web = groupMembers(groupSpec).find((member) => member.service.name === 'web');
    if (!web) throw new Error('no web');
    const writable = kubeGroupPod(groupSpec, web, aliases);
    expect(writable.spec?.containers[0]?.securityContext).not.toHaveProperty('readOnlyRootFilesystem');
    expect(writable.spec).not.toHaveProperty('volumes');
  });

  it('publishes only entries (NodePort in Default mapping) and selects one service of one instance', async () => {
    if (!vault || !web) throw new Error('no members');
    const front = kubeGroupService(groupSpec, web);
    expect(front.spec?.type).toBe('NodePort');
    expect(front.spec?.selector).toEqual({ ...instance, [SERVICE_LABEL]: 'web' });
    expect(front.spec?.ports?.map((port) => port.port)).toEqual([8080, 8443]);
    expect(kubeGroupService({ ...groupSpec, publish: false }, web).spec?.type).toBe('ClusterIP');
    expect(kubeGroupService(groupSpec, vault).spec?.type).toBe('ClusterIP');
    for (const service of [front, kubeGroupService(groupSpec, vault)]) {
      expect(await validateObject(wire(service))).toEqual([]);
    }
  });

  it('lets an internal service in only from its own instance, on its ports', async () => {
    if (!vault) throw new Error('no vault');
    const policy = kubeGroupPolicy(groupSpec, vault, 'ctf');
    expect(policy.spec?.podSelector).toEqual({ matchLabels: { ...instance, [SERVICE_LABEL]: 'vault' } });
    expect(policy.spec?.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(policy.spec?.ingress).toEqual([{ _from: [{ podSelector: { matchLabels: instance } }], ports: tcp(9000) }]);
    expect(await validateObject(wire(policy))).toEqual([]);
  });

  it('lets an entry in also from the platform, players (published) and its check', async () => {
    if (!web) throw new Error('no web');
    const policy = kubeGroupPolicy({ ...groupSpec, checkTarget: true }, web, 'ctf');
    expect(policy.spec?.ingress).toEqual([
      { _from: [{ podSelector: { matchLabels: instance } }], ports: tcp(8080, 8443) },
      {
        _from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ctf' } } }],
        ports: tcp(8080, 8443),
      },
      { _from: [{ ipBlock: { cidr: '0.0.0.0/0' } }], ports: tcp(8080, 8443) },
      { _from: [{ podSelector: { matchLabels: { [CHECK_TARGET_LABEL]: groupSpec.instanceId } } }], ports: tcp(8080) },
    ]);
    const proxied = kubeGroupPolicy({ ...groupSpec, publish: false }, web, 'ctf').spec?.ingress ?? [];
    expect(proxied.some((rule) => rule._from?.some((peer) => peer.ipBlock))).toBe(false);
    expect(await validateObject(wire(policy))).toEqual([]);
  });

  it('lets nothing in to a service without ports (a rule without ports would open them all)', () => {
    if (!worker) throw new Error('no worker');
    expect(kubeGroupPolicy(groupSpec, worker, 'ctf').spec?.ingress).toEqual([]);
  });

  it('lets a service out only to its own instance, plus public addresses and DNS when egress is Open', async () => {
    if (!vault) throw new Error('no vault');
    const toSiblings = { to: [{ podSelector: { matchLabels: instance } }] };
    expect(kubeGroupPolicy(groupSpec, vault, 'ctf').spec?.egress).toEqual([toSiblings]);
    const open = kubeGroupPolicy({ ...groupSpec, egress: 'Open' }, vault, 'ctf');
    const egress = open.spec?.egress ?? [];
    expect(egress[0]).toEqual(toSiblings);
    expect(egress[1]).toEqual({ to: [{ ipBlock: { cidr: '0.0.0.0/0', except: PRIVATE_RANGES } }] });
    // Beyond its own pods, only the cluster's DNS pods on port 53: never another instance's pods.
    expect(egress[2]?.to?.[0]?.podSelector).toEqual({ matchLabels: { 'k8s-app': 'kube-dns' } });
    expect(egress[2]?.ports?.map((port) => port.port)).toEqual([53, 53]);
    expect(egress).toHaveLength(3);
    expect(await validateObject(wire(open))).toEqual([]);
  });
});
