import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FileRecord, TeamTrafficModel } from '@flagpole/contract';
import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { captureProblems, followFirstStream } from '../src/proxy/tshark';
import { registerAndSignIn, TestClient } from './client';
import { del, expectError, ok } from './game-fixtures';
import { acceptParticipation, createChallenge, createGame, createTeamWithMembers, userId } from './play-fixtures';
import {
  closed,
  createProxyContext,
  openProxyOrFail,
  type ProxyContext,
  roundTrip,
  startEchoServer,
} from './proxy-fixtures';

let ctx: ProxyContext | undefined;
let echo: Awaited<ReturnType<typeof startEchoServer>> | undefined;
let scratch: string | undefined;

afterEach(async () => {
  await ctx?.close();
  await echo?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
  ctx = undefined;
  echo = undefined;
  scratch = undefined;
});

interface Scene {
  ctx: ProxyContext;
  monitor: TestClient;
  player: TestClient;
  gameId: number;
  challengeId: number;
  partId: number;
  instance: string;
}

async function setUp(env: Record<string, string> = {}, options: { capture?: boolean } = {}): Promise<Scene> {
  ctx = await createProxyContext(env);
  echo = await startEchoServer();
  const monitor = await registerAndSignIn(ctx.app, 'watcher', '10.0.0.2');
  await ctx.db.updateTable('users').set({ role: 'Monitor' }).where('user_name', '=', 'watcher').execute();
  const player = await registerAndSignIn(ctx.app, 'player', '10.0.0.3');
  const now = ctx.clock.now().getTime();
  const gameId = await createGame(ctx.db, { start: new Date(now - 3_600_000), end: new Date(now + 3_600_000) });
  const challengeId = await createChallenge(ctx.db, gameId, { type: 'DynamicContainer', title: 'Echo' });
  await ctx.db
    .updateTable('challenges')
    .set({ enable_traffic_capture: options.capture ?? true })
    .where('id', '=', challengeId)
    .execute();
  const playerId = await userId(ctx.db, 'player');
  const teamId = await createTeamWithMembers(ctx.db, 'Packet Pushers', [playerId]);
  const partId = await acceptParticipation(ctx.db, gameId, teamId, [playerId]);
  const instance = ctx.directory.add({
    port: echo.port,
    challengeId,
    teamId,
    gameId,
    captureEnabled: options.capture ?? true,
  });
  return { ctx, monitor, player, gameId, challengeId, partId, instance };
}

/** One proxied session: sends each message, reads its echo, closes, and waits for the file to be finished. */
async function session(scene: Scene, messages: Buffer[], expectedFiles: number): Promise<void> {
  const ws = await openProxyOrFail(`${scene.ctx.wsBase}/api/proxy/${scene.instance}`);
  for (const message of messages) await roundTrip(ws, message);
  ws.close();
  await closed(ws);
  await expect
    .poll(
      async () => (await scene.monitor.get(`/api/game/captures/${scene.challengeId}/${scene.partId}`)).json().length,
      {
        timeout: 10_000,
      },
    )
    .toBe(expectedFiles);
}

async function saved(name: string, body: Buffer): Promise<string> {
  scratch ??= await mkdtemp(path.join(tmpdir(), 'flagpole-captures-'));
  const file = path.join(scratch, name);
  await writeFile(file, body);
  return file;
}

describe('traffic capture', () => {
  it('records a proxied session that tshark reads back byte for byte, and lists it for monitors', async () => {
    const scene = await setUp();
    const { monitor, gameId, challengeId, partId } = scene;
    const big = randomBytes(300_000);
    await session(scene, [Buffer.from('GET flag\n'), big, Buffer.from([0, 1, 2, 255])], 1);

    const challenges = ok<unknown[]>(await monitor.get(`/api/game/games/${gameId}/captures`));
    expect(challenges).toEqual([
      { id: challengeId, title: 'Echo', category: 'Misc', type: 'DynamicContainer', isEnabled: true, count: 1 },
    ]);
    const teams = ok<TeamTrafficModel[]>(await monitor.get(`/api/game/captures/${challengeId}`));
    expect(teams).toEqual([
      { id: partId, teamId: expect.any(Number), name: 'Packet Pushers', division: null, avatar: null, count: 1 },
    ]);
    const [record] = ok<FileRecord[]>(await monitor.get(`/api/game/captures/${challengeId}/${partId}`));
    if (!record) throw new Error('no capture file');
    expect(record.fileName).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{8}-[0-9a-f]{6}\.pcap$/);
    expect(record.updateTime).toBeGreaterThan(0);

    const download = await monitor.get(`/api/game/captures/${challengeId}/${partId}/${record.fileName}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/vnd.tcpdump.pcap');
    expect(download.headers['content-disposition']).toContain(record.fileName);
    expect(download.rawPayload.length).toBe(record.size);
    const file = await saved('one.pcap', download.rawPayload);

    const sent = Buffer.concat([Buffer.from('GET flag\n'), big, Buffer.from([0, 1, 2, 255])]);
    const stream = followFirstStream(file);
    expect(stream.fromClient.equals(sent)).toBe(true);
    expect(stream.fromServer.equals(sent)).toBe(true);
    expect(captureProblems(file)).toBe('');
    const ascii = execFileSync('tshark', ['-r', file, '-q', '-z', 'follow,tcp,ascii,0'], { encoding: 'utf8' });
    expect(ascii).toContain('GET flag');
    // The client is the real client address; the server is the instance's address and port.
    const hosts = execFileSync(
      'tshark',
      ['-r', file, '-c', '1', '-T', 'fields', '-e', 'ip.src', '-e', 'ip.dst', '-e', 'tcp.dstport'],
      {
        encoding: 'utf8',
      },
    );
    expect(hosts.trim().split('\t')).toEqual(['127.0.0.1', '127.0.0.1', String(echo?.port)]);
  });

  it('keeps one file per connection, zips them all, and deletes one or all', async () => {
    const scene = await setUp();
    const { monitor, challengeId, partId } = scene;
    await session(scene, [Buffer.from('first')], 1);
    await session(scene, [Buffer.from('second')], 2);
    const base = `/api/game/captures/${challengeId}/${partId}`;
    const files = ok<FileRecord[]>(await monitor.get(base));

    const zip = await monitor.get(`${base}/all`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(
      new RegExp(`Capture-${challengeId}-${partId}-\\d{8}T\\d{6}\\.zip`),
    );
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(files.map((f) => f.fileName).sort());
    const texts = await Promise.all(
      Object.entries(entries).map(async ([name, bytes]) =>
        followFirstStream(await saved(name, Buffer.from(bytes))).fromClient.toString(),
      ),
    );
    expect(texts.sort()).toEqual(['first', 'second']);

    const [first, second] = files;
    if (!first || !second) throw new Error('two files expected');
    expect((await del(monitor, `${base}/${first.fileName}`)).statusCode).toBe(200);
    expectError(await del(monitor, `${base}/${first.fileName}`), 404);
    expectError(await monitor.get(`${base}/${first.fileName}`), 404);
    expect(ok<FileRecord[]>(await monitor.get(base)).map((f) => f.fileName)).toEqual([second.fileName]);

    expect((await del(monitor, `${base}/all`)).statusCode).toBe(200);
    expect(ok<FileRecord[]>(await monitor.get(base))).toEqual([]);
    expectError(await monitor.get(`/api/game/captures/${challengeId}`), 404);
    expectError(await monitor.get(`${base}/all`), 404);
    expect((await del(monitor, `${base}/all`)).statusCode).toBe(200);
  });

  it('records nothing when the challenge, the platform or the route does not capture', async () => {
    const scene = await setUp({}, { capture: false });
    const ws = await openProxyOrFail(`${scene.ctx.wsBase}/api/proxy/${scene.instance}`);
    await roundTrip(ws, Buffer.from('not recorded'));
    ws.close();
    await closed(ws);
    const test = scene.ctx.directory.add({
      port: echo?.port ?? 0,
      teamId: null,
      challengeId: scene.challengeId,
      captureEnabled: true,
    });
    const testWs = await openProxyOrFail(`${scene.ctx.wsBase}/api/proxy/noinst/${test}`);
    await roundTrip(testWs, Buffer.from('admin test'));
    testWs.close();
    await closed(testWs);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await scene.ctx.app.services.storage.list('capture/')).toEqual([]);
  });

  it('records nothing when traffic capture is switched off for the platform', async () => {
    const scene = await setUp({ TRAFFIC_CAPTURE: 'false' });
    const ws = await openProxyOrFail(`${scene.ctx.wsBase}/api/proxy/${scene.instance}`);
    await roundTrip(ws, Buffer.from('not recorded'));
    ws.close();
    await closed(ws);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await scene.ctx.app.services.storage.list('capture/')).toEqual([]);
  });
});

describe('captures API: access and bad input', () => {
  it('is for monitors and administrators only', async () => {
    const scene = await setUp();
    const { player, gameId, challengeId, partId } = scene;
    const anonymous = new TestClient(scene.ctx.app, '10.0.0.9');
    const base = `/api/game/captures/${challengeId}/${partId}`;
    const reads = [
      `/api/game/games/${gameId}/captures`,
      `/api/game/captures/${challengeId}`,
      base,
      `${base}/all`,
      `${base}/x.pcap`,
    ];
    for (const url of reads) {
      expectError(await anonymous.get(url), 401);
      expectError(await player.get(url), 403);
    }
    for (const url of [`${base}/all`, `${base}/x.pcap`]) {
      expect((await anonymous.send('DELETE', url)).statusCode).toBe(401);
      expectError(await del(player, url), 403);
    }
  });

  it('answers unknown ids, malformed ids and foreign file names with 4xx, never touching other files', async () => {
    const scene = await setUp();
    const { monitor, challengeId, partId, gameId } = scene;
    await session(scene, [Buffer.from('keep me')], 1);
    const base = `/api/game/captures/${challengeId}/${partId}`;

    expectError(await monitor.get('/api/game/games/999999/captures'), 404);
    expectError(await monitor.get('/api/game/captures/999999'), 404);
    expectError(await monitor.get('/api/game/captures/999999/1'), 404);
    expect(ok<FileRecord[]>(await monitor.get(`/api/game/captures/${challengeId}/999999`))).toEqual([]);
    for (const url of [
      '/api/game/games/abc/captures',
      '/api/game/captures/0',
      '/api/game/captures/-1/1',
      `/api/game/captures/${challengeId}/1.5`,
      `/api/game/captures/${challengeId}/99999999999`,
      `${base}/${'a'.repeat(250)}.pcap`,
    ]) {
      const response = await monitor.get(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.json(), url).toMatchObject({ title: expect.any(String) });
    }
    for (const name of ['..%2F..%2F..%2Fetc%2Fpasswd', '.pcap', 'a.txt', '..%2Fx.pcap', 'x.pcap.part', '%00.pcap']) {
      const read = await monitor.get(`${base}/${name}`);
      expect(read.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(read.statusCode, name).toBeLessThan(500);
      const remove = await del(monitor, `${base}/${name}`);
      expect(remove.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(remove.statusCode, name).toBeLessThan(500);
    }
    expect(ok<unknown[]>(await monitor.get(base))).toHaveLength(1);
    expect(ok<unknown[]>(await monitor.get(`/api/game/games/${gameId}/captures`))).toHaveLength(1);
  });
});
