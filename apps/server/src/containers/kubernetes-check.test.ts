import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateObject } from '../../../../deploy/test/schema';
import { type FakeKubeApi, type KubeObject, startFakeKubeApi } from '../../test/kube-fake-api';
import { CHECK_COMMAND } from './docker-check';
import { kubeCheckConfigMap, kubeCheckLabels, kubeCheckPod, kubeCheckPolicy } from './kubernetes-check-manifests';
import { createKubernetesEngine } from './kubernetes-engine';
import { kubeNetworkPolicy } from './kubernetes-manifests';
import { CHECK_DIR, type CheckSpec, type InstanceSpec, PRIVATE_RANGES } from './types';

const instanceId = '0b6f4c9e-8d43-4d7b-9a55-6a1f1b2a3c4d';
const spec: CheckSpec = {
  checkId: '5d1e0c1a-3b7f-4e55-8a2b-9c0d1e2f3a4b',
  image: 'registry.example/solver:1',
  script: '#!/bin/sh\nwget -qO- "http://$FLAGPOLE_TARGET/flag"\n',
  files: [],
  env: {},
  target: { instanceId, port: 8080 },
  network: false,
  timeoutMs: 20_000,
  labels: { 'flagpole.platform': 'flagpole', 'flagpole.check': 'true' },
};
const address = { instanceId, host: '10.96.0.42', port: 8080 };
const labels = kubeCheckLabels(spec, 1_000);

describe('kubernetes health check manifests', () => {
  it('runs the script in a pod confined as instances are, ended by the cluster after its limit', () => {
    const pod = kubeCheckPod(spec, labels, address, 60_000);
    expect(pod.metadata?.name).toBe(`fpc-${spec.checkId}`);
    expect(pod.spec).toMatchObject({
      restartPolicy: 'Never',
      enableServiceLinks: false,
      automountServiceAccountToken: false,
      activeDeadlineSeconds: 80 + 60,
    });
    const container = pod.spec?.containers[0];
    expect(container?.command).toEqual(CHECK_COMMAND);
    expect(container?.securityContext).toEqual({
      privileged: false,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
    expect(container?.resources?.limits).toEqual({ cpu: '1', memory: '512Mi', 'ephemeral-storage': '256Mi' });
    expect(container?.volumeMounts).toEqual([{ name: 'check', mountPath: CHECK_DIR, readOnly: true }]);
    // The instance is reached at its service address, also given as ctfcli's `host:port`.
    expect(container?.env).toEqual(
      expect.arrayContaining([
        { name: 'FLAGPOLE_TARGET', value: '10.96.0.42:8080' },
        { name: 'FLAGPOLE_TARGET_HOST', value: '10.96.0.42' },
        { name: 'FLAGPOLE_TARGET_PORT', value: '8080' },
      ]),
    );
    expect(pod.metadata?.labels).toMatchObject({
      'flagpole.check-target': instanceId,
      'flagpole.check-id': spec.checkId,
    });
  });

  it('puts the script and the attachment in the ConfigMap, the script executable, no file taking its name', () => {
    const files = [
      { name: 'cipher text.txt', content: Buffer.from('synt{k}') },
      { name: 'solve', content: Buffer.from('not the script') },
    ];
    const withFiles = { ...spec, files };
    const map = kubeCheckConfigMap(withFiles, labels);
    expect(map.data).toEqual({ solve: spec.script });
    expect(map.binaryData).toEqual({
      'file.cipher_text.txt': Buffer.from('synt{k}').toString('base64'),
      'file._solve': Buffer.from('not the script').toString('base64'),
    });
    const items = kubeCheckPod(withFiles, labels, address, 0).spec?.volumes?.[0]?.configMap?.items;
    expect(items).toEqual([
      { key: 'solve', path: 'solve', mode: 0o755 },
      { key: 'file.cipher_text.txt', path: 'cipher_text.txt', mode: 0o644 },
      { key: 'file._solve', path: '_solve', mode: 0o644 },
    ]);
  });

  it("lets the check reach its instance's port only, public addresses for a remote attachment, else nothing", () => {
    const toInstance = kubeCheckPolicy(spec, labels).spec;
    expect(toInstance?.podSelector).toEqual({ matchLabels: { 'flagpole.check-id': spec.checkId } });
    expect(toInstance?.ingress).toEqual([]);
    expect(toInstance?.egress).toEqual([
      {
        to: [{ podSelector: { matchLabels: { 'flagpole.instance': instanceId } } }],
        ports: [{ port: 8080, protocol: 'TCP' }],
      },
    ]);
    const remote = kubeCheckPolicy({ ...spec, target: null, network: true }, labels).spec?.egress;
    expect(remote?.[0]).toEqual({ to: [{ ipBlock: { cidr: '0.0.0.0/0', except: PRIVATE_RANGES } }] });
    expect(remote?.[1]?.ports).toEqual([
      { port: 53, protocol: 'UDP' },
      { port: 53, protocol: 'TCP' },
    ]);
    expect(kubeCheckPolicy({ ...spec, target: null }, labels).spec?.egress).toEqual([]);
  });

  it("lets a check's pod into a health check's instance only", () => {
    const instance: InstanceSpec = {
      instanceId,
      image: 'web:1',
      exposePort: 8080,
      memoryMb: 64,
      cpuTenths: 5,
      storageMb: 0,
      env: {},
      labels: {},
      publish: false,
      egress: 'Isolated',
    };
    const fromCheck = {
      _from: [{ podSelector: { matchLabels: { 'flagpole.check-target': instanceId } } }],
      ports: [{ port: 8080, protocol: 'TCP' }],
    };
    expect(kubeNetworkPolicy({ ...instance, checkTarget: true }, 'ctf').spec?.ingress).toContainEqual(fromCheck);
    expect(kubeNetworkPolicy(instance, 'ctf').spec?.ingress).not.toContainEqual(fromCheck);
  });
});

describe('kubernetes health check runs against a fake API server', () => {
  let fake: FakeKubeApi;
  let engine: ReturnType<typeof createKubernetesEngine>;
  /** The check's objects as the API server received them, when its pod was created. */
  let received: KubeObject[] = [];

  beforeAll(async () => {
    fake = await startFakeKubeApi();
    engine = createKubernetesEngine({
      namespace: 'challenges',
      platformNamespace: 'ctf',
      owner: 'flagpole',
      kubeConfig: fake.kubeConfig,
      pollMs: 10,
      readyTimeoutMs: 300,
    });
    // The instance the checks attack: its service gives the address.
    fake.objects.set(`/api/v1/namespaces/challenges/services/fp-${instanceId}`, {
      metadata: { name: `fp-${instanceId}`, labels: { 'flagpole.instance': instanceId } },
      spec: { clusterIP: '10.96.0.99' },
    });
  });
  afterAll(() => fake.close());

  const checkObjects = () => fake.pathsOf('fpc-');

  it('sends objects the Kubernetes schemas accept, reads output and exit code, and removes everything', async () => {
    fake.runPod = (pod) => {
      const name = pod.metadata.name;
      received = [
        structuredClone(pod),
        fake.objects.get(`/api/v1/namespaces/challenges/configmaps/${name}`),
        fake.objects.get(`/apis/networking.k8s.io/v1/namespaces/challenges/networkpolicies/${name}`),
      ].filter((object): object is KubeObject => object !== undefined);
      return { output: 'line 1\nflag{ok}\n', exitCode: 3 };
    };
    const files = [{ name: 'cipher.txt', content: Buffer.from('synt{k}') }];
    const result = await engine.runCheck?.({ ...spec, files });
    expect(result).toEqual({ exitCode: 3, output: 'line 1\nflag{ok}\n', timedOut: false });
    expect(received.map((object) => (object as { kind?: string }).kind)).toEqual(['Pod', 'ConfigMap', 'NetworkPolicy']);
    for (const object of received) {
      expect(await validateObject(object as Parameters<typeof validateObject>[0])).toEqual([]);
    }
    const pod = received[0]?.spec as { containers: Array<{ env: unknown[] }> } | undefined;
    const env = pod?.containers[0]?.env;
    expect(env).toContainEqual({ name: 'FLAGPOLE_TARGET', value: '10.96.0.99:8080' });
    expect(checkObjects()).toEqual([]);
  });

  it('stops a script at its limit, keeps what it printed, and removes everything', async () => {
    fake.runPod = () => ({ output: 'still trying\n', hang: true });
    const result = await engine.runCheck?.({ ...spec, timeoutMs: 200 });
    expect(result).toEqual({ exitCode: null, output: 'still trying\n', timedOut: true });
    expect(checkObjects()).toEqual([]);
  });

  it('fails a check whose image cannot be pulled, saying so, and removes everything', async () => {
    fake.runPod = () => ({ waiting: 'ErrImagePull' });
    await expect(engine.runCheck?.(spec)).rejects.toThrow(/image registry.example\/solver:1 cannot run \(ErrImagePull/);
    expect(checkObjects()).toEqual([]);
  });

  it("removes a dead process's check objects once their run should long be over, and no live run's", async () => {
    const stale = { 'flagpole.platform': 'flagpole', 'flagpole.check-id': 'x', 'flagpole.check-until': '1' };
    const live = { ...stale, 'flagpole.check-until': String(Date.now() + 60_000) };
    fake.objects.set('/api/v1/namespaces/challenges/configmaps/fpc-old', {
      metadata: { name: 'fpc-old', labels: stale },
    });
    fake.objects.set('/api/v1/namespaces/challenges/pods/fpc-live', { metadata: { name: 'fpc-live', labels: live } });
    fake.runPod = () => ({ output: '', exitCode: 0 });
    await engine.runCheck?.({ ...spec, target: null });
    expect(checkObjects()).toEqual(['/api/v1/namespaces/challenges/pods/fpc-live']);
    fake.objects.delete('/api/v1/namespaces/challenges/pods/fpc-live');
  });
});
