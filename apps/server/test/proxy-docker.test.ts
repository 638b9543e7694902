import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FileRecord } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followFirstStream } from '../src/proxy/tshark';
import { registerAndSignIn } from './client';
import { startEchoContainer } from './docker-echo';
import { ok } from './game-fixtures';
import { acceptParticipation, createChallenge, createGame, createTeamWithMembers, userId } from './play-fixtures';
import { closed, createProxyContext, openProxyOrFail, type ProxyContext, roundTrip } from './proxy-fixtures';

let container: Awaited<ReturnType<typeof startEchoContainer>> | undefined;
let ctx: ProxyContext | undefined;

beforeAll(async () => {
  container = await startEchoContainer();
});
afterAll(async () => {
  await ctx?.close();
  await container?.remove();
});

describe('platform proxy to a real container', () => {
  it('carries bytes to a busybox echo container and back, and the capture shows them', async () => {
    if (!container) throw new Error('no container');
    ctx = await createProxyContext();
    const monitor = await registerAndSignIn(ctx.app, 'watcher', '10.0.0.2');
    await ctx.db.updateTable('users').set({ role: 'Monitor' }).where('user_name', '=', 'watcher').execute();
    const now = ctx.clock.now().getTime();
    const gameId = await createGame(ctx.db, { start: new Date(now - 60_000), end: new Date(now + 3_600_000) });
    const challengeId = await createChallenge(ctx.db, gameId, { type: 'DynamicContainer' });
    await registerAndSignIn(ctx.app, 'player', '10.0.0.3');
    const playerId = await userId(ctx.db, 'player');
    const teamId = await createTeamWithMembers(ctx.db, 'Dockers', [playerId]);
    const partId = await acceptParticipation(ctx.db, gameId, teamId, [playerId]);
    const instance = ctx.directory.add({
      host: container.ip,
      port: container.port,
      challengeId,
      teamId,
      gameId,
      captureEnabled: true,
    });

    const ws = await openProxyOrFail(`${ctx.wsBase}/api/proxy/${instance}`);
    expect((await roundTrip(ws, Buffer.from('flag please\n'))).toString()).toBe('flag please\n');
    const payload = randomBytes(2 * 1024 * 1024);
    expect((await roundTrip(ws, payload)).equals(payload)).toBe(true);
    ws.close();
    await closed(ws);

    const base = `/api/game/captures/${challengeId}/${partId}`;
    await expect.poll(async () => (await monitor.get(base)).json().length, { timeout: 10_000 }).toBe(1);
    const [record] = ok<FileRecord[]>(await monitor.get(base));
    const download = await monitor.get(`${base}/${record?.fileName}`);
    const dir = await mkdtemp(path.join(tmpdir(), 'flagpole-docker-capture-'));
    try {
      const file = path.join(dir, 'capture.pcap');
      await writeFile(file, download.rawPayload);
      const stream = followFirstStream(file);
      const sent = Buffer.concat([Buffer.from('flag please\n'), payload]);
      expect(stream.fromClient.equals(sent)).toBe(true);
      expect(stream.fromServer.equals(sent)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
