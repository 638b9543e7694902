import type {
  AdminLiveMessage,
  ChallengeHealthDetailModel,
  GameHealthModel,
  WebhookCreatedModel,
} from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomHex } from '../src/lib/crypto';
import type { TestClient } from './client';
import { createContainerChallenge, createDockerContext, createRunningGame, eventually } from './container-fixtures';
import { docker, ensureFlagImage, FLAG_IMAGE, removeOwnedObjects } from './container-image';
import { ok, signUpAdmin } from './game-fixtures';
import type { TestContext } from './harness';
import { cookieOf, type OpenSocket, openSocket, wsUrl } from './live-sockets';
import { addFlag, createChallenge, createPlayer, type Player } from './play-fixtures';
import { uploadAsset } from './transfer-fixtures';
import { withTwoApps } from './two-apps';
import { type Receiver, startReceiver } from './webhook-receiver';

/*
 * Health checks on the real Docker daemon: a working challenge image and a broken one (it serves a stale flag),
 * each checked by a solve script in the busybox test image against a fresh instance of its own.
 */

const OWNER = `test-${randomHex(4)}`;
const BROKEN_IMAGE = 'flagpole-test-broken:1';
/** Prints what the instance serves and passes only when that is the flag (exit 1 otherwise). */
const SOLVE = 'wget -qO- "http://$FLAGPOLE_TARGET/flag"\nexit 1\n';

/** The test image with a command that serves a flag nobody can score with. */
async function ensureBrokenImage(): Promise<void> {
  await ensureFlagImage();
  const container = await docker.createContainer({ Image: FLAG_IMAGE, Labels: { 'flagpole.test': 'health' } });
  try {
    const [repo, tag] = BROKEN_IMAGE.split(':') as [string, string];
    const cmd = ['/bin/sh', '-c', 'echo "flag{stale}" > /www/flag && exec /bin/httpd -f -p 8080 -h /www'];
    await container.commit({ repo, tag, changes: [`CMD ${JSON.stringify(cmd)}`] } as never);
  } finally {
    await container.remove({ force: true });
  }
}

describe('challenge health checks on a real Docker daemon', () => {
  let ctx: TestContext;
  let admin: TestClient;
  let player: Player;
  let gameId: number;
  let working: number;
  let broken: number;
  let staticId: number;
  let receiver: Receiver;
  let live: OpenSocket<AdminLiveMessage>;
  const healthPath = (challengeId: number) => `/api/edit/games/${gameId}/challenges/${challengeId}/health`;
  const detailOf = async (challengeId: number) =>
    ok<ChallengeHealthDetailModel>(await admin.get(healthPath(challengeId)));

  beforeAll(async () => {
    await ensureBrokenImage();
    ctx = await createDockerContext(OWNER, { HEALTH_CHECK_CONCURRENCY: '2', WEBHOOK_ALLOW_PRIVATE: 'true' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    gameId = await createRunningGame(ctx);
    working = await createContainerChallenge(ctx.db, gameId, { type: 'DynamicContainer', title: 'Web' });
    broken = await createContainerChallenge(ctx.db, gameId, { type: 'StaticContainer', title: 'Stale' });
    await ctx.db.updateTable('challenges').set({ container_image: BROKEN_IMAGE }).where('id', '=', broken).execute();
    await addFlag(ctx.db, broken, 'flag{fresh}');
    staticId = await createChallenge(ctx.db, gameId, { title: 'Crypto', type: 'StaticAttachment' });
    await addFlag(ctx.db, staticId, 'flag{static}');
    await ctx.db.updateTable('games').set({ container_count_limit: 1 }).where('id', '=', gameId).execute();
    player = await createPlayer(ctx.app, ctx.db, gameId, 'player');
    admin = await signUpAdmin(ctx, 'boss');
    // The attachment the static challenge's script decodes: it is copied in beside the script.
    const hash = await uploadAsset(admin, 'cipher.txt', Buffer.from('synt{fgngvp}\n'));
    ok(
      await admin.post(`/api/edit/games/${gameId}/challenges/${staticId}/attachment`, {
        attachmentType: 'Local',
        fileHash: hash,
      }),
    );
    receiver = await startReceiver();
    ok<WebhookCreatedModel>(
      await admin.post('/api/admin/webhooks', {
        url: receiver.url,
        format: 'generic',
        events: ['healthcheck.failed'],
        gameId,
      }),
    );
    live = await openSocket<AdminLiveMessage>(wsUrl(ctx.app, '/api/admin/logs/live'), { cookie: cookieOf(admin) });
  }, 60_000);

  afterAll(async () => {
    live?.ws.terminate();
    await receiver?.close();
    await ctx?.close();
    await removeOwnedObjects(OWNER);
  });

  it('runs each saved check on a fresh instance: the working image turns healthy, the broken one failing', async () => {
    const check = { image: FLAG_IMAGE, script: SOLVE, timeoutSeconds: 20 };
    for (const id of [working, broken]) ok(await admin.put(healthPath(id), check));
    // A rot13 "solve" of the attachment, then a failing exit: the printed flag alone makes it pass.
    const rot13 = 'tr "a-zA-Z" "n-za-mN-ZA-M" < "$FLAGPOLE_ATTACHMENT"; exit 3';
    ok(await admin.put(healthPath(staticId), { image: FLAG_IMAGE, script: rot13 }));
    await eventually(async () => {
      const all = ok<GameHealthModel>(await admin.get(`/api/game/${gameId}/health`));
      return all.challenges.every((c) => c.status !== 'Unknown');
    }, 45_000);

    const good = await detailOf(working);
    expect(good.health).toMatchObject({ status: 'Healthy', failingSince: null, scheduled: true });
    expect(good.runs[0]).toMatchObject({ outcome: 'Passed', trigger: 'Schedule', exitCode: 1 });
    // The flag it printed was made for this run: no team has it.
    expect(good.runs[0]?.output).toMatch(/flag\{/);
    const bad = await detailOf(broken);
    expect(bad.health).toMatchObject({ status: 'Failing', failingSince: bad.runs[0]?.startedAt });
    expect(bad.runs[0]).toMatchObject({ outcome: 'Failed', exitCode: 1, output: 'flag{stale}\n' });
    expect((await detailOf(staticId)).runs[0]).toMatchObject({ outcome: 'Passed', output: 'flag{static}\n' });
  }, 60_000);

  it('notifies organisers once when a check turns failing: the admin live channel and a webhook delivery', async () => {
    await eventually(async () => live.messages.some((m) => m.type === 'health'));
    const alerts = live.messages.filter((m) => m.type === 'health');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.data).toMatchObject({ gameId, challengeId: broken, title: 'Stale', status: 'Failing' });
    const deliveries = await ctx.db.selectFrom('webhook_deliveries').selectAll().execute();
    expect(deliveries.map((d) => d.event_type)).toEqual(['healthcheck.failed']);
    expect(deliveries[0]?.payload).toMatchObject({
      type: 'healthcheck.failed',
      data: { challenge: { id: broken, name: 'Stale' }, outcome: 'Failed' },
    });
    await eventually(async () => receiver.received.length === 1);

    // A second failing run keeps the streak and notifies nobody again.
    ok(await admin.post(`${healthPath(broken)}/run`));
    await eventually(async () => (await detailOf(broken)).runs.length === 2, 30_000);
    const again = await detailOf(broken);
    expect(again.runs[0]).toMatchObject({ outcome: 'Failed', trigger: 'Manual' });
    expect(again.health?.failingSince).toBe(again.runs[1]?.startedAt);
    expect(live.messages.filter((m) => m.type === 'health')).toHaveLength(1);
    expect(await ctx.db.selectFrom('webhook_deliveries').selectAll().execute()).toHaveLength(1);
  }, 60_000);

  it("never counts the check's instance for a team: no participation, no flag, no solve, no slot, removed", async () => {
    const rows = await ctx.db.selectFrom('container_instances').selectAll().where('health_check', '=', true).execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) expect(row).toMatchObject({ participation_id: null, status: 'Destroyed' });
    const engineLeft = await docker.listContainers({
      all: true,
      filters: JSON.stringify({ label: [`flagpole.platform=${OWNER}`] }),
    });
    expect(engineLeft).toEqual([]);
    expect(await ctx.db.selectFrom('flags').selectAll().where('participation_id', 'is not', null).execute()).toEqual(
      [],
    );
    expect(await ctx.db.selectFrom('submissions').selectAll().execute()).toEqual([]);
    // The team's one-instance limit is untouched and the admin's test container slot is free.
    ok(await player.client.post(`/api/game/${gameId}/container/${working}`));
    ok(await admin.post(`/api/edit/games/${gameId}/challenges/${working}/container`));
  }, 60_000);

  it('three processes that all see the check due run it once', async () => {
    const shared = await createContainerChallenge(ctx.db, gameId, { type: 'DynamicContainer', title: 'Shared' });
    // A check container a dead process left behind (its run should have ended long ago): the next run removes it.
    const leftover = await docker.createContainer({
      Image: FLAG_IMAGE,
      Labels: { 'flagpole.platform': OWNER, 'flagpole.check-until': String(Date.now() - 5 * 60_000) },
    });
    await withTwoApps(ctx, async (first, second) => {
      ok(await admin.put(healthPath(shared), { image: FLAG_IMAGE, script: SOLVE, timeoutSeconds: 20 }));
      await eventually(async () => (await detailOf(shared)).runs.length > 0, 30_000);
      // Three schedulers (this app and two more) saw the check due at the same instant: one ran it.
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      expect((await detailOf(shared)).runs).toHaveLength(1);
      await expect(leftover.inspect()).rejects.toThrow();
      expect(first.server.listening && second.server.listening).toBe(true);
    });
  }, 60_000);
});
