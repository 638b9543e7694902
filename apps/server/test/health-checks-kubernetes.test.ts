import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChallengeHealthDetailModel } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client';
import { createContainerChallenge, createRunningGame, eventually } from './container-fixtures';
import { ok, signUpAdmin } from './game-fixtures';
import { createTestContext, type TestContext } from './harness';
import { type FakeKubeApi, type KubeObject, type PodRun, startFakeKubeApi } from './kube-fake-api';
import { addFlag } from './play-fixtures';

/*
 * Health checks on the Kubernetes engine, the whole server configured for it (CONTAINER_ENGINE=kubernetes and a
 * kubeconfig) against the fake API server, as no cluster runs here. The fake's kubelet plays the checker image:
 * `solver:fetch` asks the address it was given for the flag, which answers only when the network policies let
 * the check's pod reach the instance's pod, and prints what the instance serves (its FLAGPOLE_FLAG, or a stale
 * flag for the broken image); `solver:hang` never ends.
 */

const OWNER = 'kube-health';
const NAMESPACE = 'challenges';
const BROKEN_IMAGE = 'registry.example/broken:1';

interface PodSpec {
  containers: Array<{ image: string; env?: Array<{ name: string; value: string }> }>;
}
const podSpec = (pod: KubeObject) => pod.spec as unknown as PodSpec;
const envOf = (pod: KubeObject, name: string) => podSpec(pod).containers[0]?.env?.find((e) => e.name === name)?.value;

/** What the instance at the check's target serves, if the check can reach it. */
function fetchFlag(fake: FakeKubeApi, check: KubeObject): PodRun {
  const host = envOf(check, 'FLAGPOLE_TARGET_HOST') ?? '';
  const port = Number(envOf(check, 'FLAGPOLE_TARGET_PORT'));
  const service = fake.serviceAt(NAMESPACE, host);
  const instance = service ? fake.podsOf(NAMESPACE, service)[0] : undefined;
  if (!instance || !fake.reachable(NAMESPACE, check, instance, port)) {
    return { output: `wget: can't connect to remote host (${host})\n`, exitCode: 1 };
  }
  const served =
    podSpec(instance).containers[0]?.image === BROKEN_IMAGE ? 'flag{stale}' : envOf(instance, 'FLAGPOLE_FLAG');
  return { output: `${served}\n`, exitCode: 1 };
}

describe('challenge health checks on Kubernetes (fake API server)', () => {
  let fake: FakeKubeApi;
  let dir: string;
  let ctx: TestContext;
  let admin: TestClient;
  let gameId: number;
  const healthPath = (challengeId: number) => `/api/edit/games/${gameId}/challenges/${challengeId}/health`;
  const detailOf = async (challengeId: number) =>
    ok<ChallengeHealthDetailModel>(await admin.get(healthPath(challengeId)));

  beforeAll(async () => {
    fake = await startFakeKubeApi();
    fake.runPod = (pod) => {
      if (!pod.metadata.labels?.['flagpole.check-id']) return undefined;
      const image = podSpec(pod).containers[0]?.image;
      if (image === 'solver:hang') return { output: 'waiting for the service\n', hang: true };
      return fetchFlag(fake, pod);
    };
    dir = await mkdtemp(path.join(tmpdir(), 'flagpole-kube-'));
    const kubeConfig = path.join(dir, 'kubeconfig');
    await writeFile(kubeConfig, fake.kubeConfig.exportConfig());
    ctx = await createTestContext({
      CONTAINER_ENGINE: 'kubernetes',
      CONTAINER_OWNER: OWNER,
      KUBE_CONFIG: kubeConfig,
      KUBE_NAMESPACE: NAMESPACE,
      KUBE_PLATFORM_NAMESPACE: 'ctf',
      CONTAINER_PUBLIC_HOST: 'ctf.example',
      HEALTH_CHECK_CONCURRENCY: '2',
    });
    gameId = await createRunningGame(ctx);
    admin = await signUpAdmin(ctx, 'kube_boss');
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Saves a check, waits for its first run, and answers the challenge's health and runs. */
  async function firstRun(challengeId: number, check: { image: string; timeoutSeconds?: number }) {
    ok(
      await admin.put(healthPath(challengeId), {
        script: 'wget -qO- "http://$FLAGPOLE_TARGET/flag"\nexit 1\n',
        ...check,
      }),
    );
    await eventually(async () => (await detailOf(challengeId)).runs.length > 0, 30_000);
    return detailOf(challengeId);
  }

  /** Nothing of the run is left: no object in the namespace, and its instance row destroyed, owned by no team. */
  async function expectNothingLeft(challengeId: number) {
    expect(fake.pathsOf(`/namespaces/${NAMESPACE}/`)).toEqual([]);
    const rows = await ctx.db
      .selectFrom('container_instances')
      .select(['participation_id', 'status', 'health_check'])
      .where('challenge_id', '=', challengeId)
      .execute();
    expect(rows).toEqual([{ participation_id: null, status: 'Destroyed', health_check: true }]);
  }

  it("passes a check whose script prints the flag of its own fresh instance, reached through the instance's service", async () => {
    const challengeId = await createContainerChallenge(ctx.db, gameId, { type: 'DynamicContainer', title: 'Web' });
    const detail = await firstRun(challengeId, { image: 'solver:fetch' });
    expect(detail.available).toBe(true);
    expect(detail.health).toMatchObject({ status: 'Healthy', failingSince: null });
    expect(detail.runs[0]).toMatchObject({ outcome: 'Passed', trigger: 'Schedule', exitCode: 1 });
    // The flag was made for this run and handed to the instance's pod; the check could only have read it there.
    expect(detail.runs[0]?.output).toMatch(/^flag\{.+\}\n$/);
    await expectNothingLeft(challengeId);
    // The check's pod, ConfigMap and policy, and the instance's pod, service and policy, were all made and deleted.
    for (const kind of ['pods', 'configmaps', 'services', 'networkpolicies']) {
      expect(fake.calls.some((call) => call.startsWith('DELETE') && call.includes(`/${kind}/`))).toBe(true);
    }
    expect(await ctx.db.selectFrom('submissions').selectAll().execute()).toEqual([]);
  }, 40_000);

  it('fails a check whose instance serves a wrong flag, keeping what the script printed', async () => {
    const challengeId = await createContainerChallenge(ctx.db, gameId, { type: 'StaticContainer', title: 'Stale' });
    await ctx.db
      .updateTable('challenges')
      .set({ container_image: BROKEN_IMAGE })
      .where('id', '=', challengeId)
      .execute();
    await addFlag(ctx.db, challengeId, 'flag{fresh}');
    const detail = await firstRun(challengeId, { image: 'solver:fetch' });
    expect(detail.health).toMatchObject({ status: 'Failing', failingSince: detail.runs[0]?.startedAt });
    expect(detail.runs[0]).toMatchObject({ outcome: 'Failed', exitCode: 1, output: 'flag{stale}\n' });
    await expectNothingLeft(challengeId);
  }, 40_000);

  it('stops a check at its time limit and removes its pod and its instance all the same', async () => {
    const challengeId = await createContainerChallenge(ctx.db, gameId, { type: 'DynamicContainer', title: 'Slow' });
    const detail = await firstRun(challengeId, { image: 'solver:hang', timeoutSeconds: 5 });
    expect(detail.health?.status).toBe('Failing');
    expect(detail.runs[0]).toMatchObject({ outcome: 'TimedOut', exitCode: null, output: 'waiting for the service\n' });
    expect(detail.runs[0]?.durationMs).toBeGreaterThanOrEqual(5_000);
    await expectNothingLeft(challengeId);
  }, 40_000);
});
