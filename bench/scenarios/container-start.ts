/**
 * Instance start overhead: what the platform adds on top of the raw Docker Engine call. Three ways to get a
 * running container from the same local busybox image, each repeated sequentially:
 *   raw     — create + start one container on the default bridge (the bare engine call);
 *   engine  — the Docker engine of the platform: its own bridge network, limits, labels, start, inspect;
 *   api     — `POST /api/game/{id}/container/{cid}` through the whole app (session, participation check,
 *             reservation transaction on the local PostgreSQL, start queue, engine, event), in process.
 * Every object is removed afterwards (also on failure). Needs dockerd on /var/run/docker.sock, root (the
 * host guard) and PostgreSQL on 127.0.0.1:5432.
 *
 *   node --import tsx bench/scenarios/container-start.ts [--write] [--runs 10]
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Docker from 'dockerode';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createDockerEngine } from '../../apps/server/src/containers/docker-engine';
import type { InstanceSpec } from '../../apps/server/src/containers/types';
import { migrate, openDatabase } from '../../apps/server/src/db/database';
import { systemClock } from '../../apps/server/src/lib/clock';
import { MemoryEventBus } from '../../apps/server/src/lib/event-bus';
import { MemoryStore } from '../../apps/server/src/lib/kv-store';
import { generateGameKeyPair } from '../../apps/server/src/lib/team-token';
import { databaseUrl, recreateDatabase } from './bench-database';

const IMAGE = 'flagpole-bench-nc:1';
const OWNER = 'bench-containers';
const DB_NAME = 'flagpole_bench_containers';
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 10;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const docker = new Docker({ socketPath: '/var/run/docker.sock', version: 'v1.41' });

async function ensureImage(): Promise<void> {
  try {
    await docker.getImage(IMAGE).inspect();
    return;
  } catch {
    // build below
  }
  const work = path.join(tmpdir(), `flagpole-bench-rootfs-${process.pid}`);
  const root = path.join(work, 'rootfs');
  for (const dir of ['bin', 'etc', 'tmp']) mkdirSync(path.join(root, dir), { recursive: true });
  copyFileSync('/bin/busybox', path.join(root, 'bin/busybox'));
  for (const applet of ['sh', 'nc', 'cat']) symlinkSync('busybox', path.join(root, 'bin', applet));
  writeFileSync(path.join(root, 'etc/passwd'), 'root:x:0:0:root:/:/bin/sh\n');
  const tar = path.join(work, 'rootfs.tar');
  execFileSync('tar', ['-C', root, '-cf', tar, '.']);
  const [repo, tag] = IMAGE.split(':') as [string, string];
  const cmd = ['/bin/nc', '-ll', '-p', '8080', '-e', '/bin/cat'];
  const stream = (await docker.importImage(tar, {
    repo,
    tag,
    changes: [`CMD ${JSON.stringify(cmd)}`],
  } as never)) as unknown as NodeJS.ReadableStream;
  await new Promise((resolve, reject) => docker.modem.followProgress(stream, (e) => (e ? reject(e) : resolve(null))));
  rmSync(work, { recursive: true, force: true });
}

async function removeOwned(): Promise<void> {
  const filters = JSON.stringify({ label: [`flagpole.platform=${OWNER}`] });
  for (const c of await docker.listContainers({ all: true, filters })) {
    await docker
      .getContainer(c.Id)
      .remove({ force: true })
      .catch(() => undefined);
  }
  for (const n of await docker.listNetworks({ filters }))
    await docker
      .getNetwork(n.Id)
      .remove()
      .catch(() => undefined);
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  return { median: at(0.5), p90: at(0.9), min: sorted[0] as number, max: sorted[sorted.length - 1] as number };
}

async function timeRaw(): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const c = await docker.createContainer({
      Image: IMAGE,
      Labels: { 'flagpole.platform': OWNER },
      HostConfig: { PortBindings: { '8080/tcp': [{ HostIp: '127.0.0.1', HostPort: '' }] } },
      ExposedPorts: { '8080/tcp': {} },
    });
    await c.start();
    out.push(performance.now() - t0);
    await c.remove({ force: true });
  }
  return out;
}

async function timeEngine(): Promise<number[]> {
  const engine = createDockerEngine({ publishAddress: '127.0.0.1', owner: OWNER });
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const id = crypto.randomUUID();
    const spec: InstanceSpec = {
      instanceId: id,
      image: IMAGE,
      exposePort: 8080,
      memoryMb: 64,
      cpuTenths: 5,
      storageMb: 0,
      env: { FLAGPOLE_FLAG: 'flag{bench}' },
      labels: { 'flagpole.platform': OWNER, 'flagpole.instance': id },
      publish: true,
      egress: 'Isolated',
    };
    const t0 = performance.now();
    await engine.start(spec);
    out.push(performance.now() - t0);
    await engine.destroy(id);
  }
  return out;
}

async function timeApi(): Promise<number[]> {
  await recreateDatabase(DB_NAME);
  const db = await openDatabase({ url: databaseUrl(DB_NAME), maxConnections: 5 });
  await migrate(db);
  const dataDir = path.join(tmpdir(), `flagpole-bench-${process.pid}`);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    RATE_LIMIT: 'false',
    CONTAINER_ENGINE: 'docker',
    CONTAINER_OWNER: OWNER,
    CONTAINER_PUBLISH_ADDRESS: '127.0.0.1',
    CONTAINER_START_WAIT_SECONDS: '30',
  });
  const store = new MemoryStore(() => Date.now());
  const events = new MemoryEventBus();
  const app = await buildApp({ config, db, clock: systemClock, store, events });
  await app.ready();
  const out: number[] = [];
  try {
    const keys = generateGameKeyPair();
    const now = Date.now();
    const game = await db
      .insertInto('games')
      .values({
        title: 'Bench',
        start_at: new Date(now - 3_600_000),
        end_at: new Date(now + 86_400_000),
        writeup_deadline: new Date(now + 86_400_000),
        public_key: keys.publicKey,
        private_key: keys.privateKey,
        container_count_limit: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const challenges: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const row = await db
        .insertInto('challenges')
        .values({
          game_id: game.id,
          title: `C${i}`,
          category: 'Misc',
          type: 'DynamicContainer',
          is_enabled: true,
          container_image: IMAGE,
          expose_port: 8080,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      challenges.push(row.id);
    }
    // One player whose team starts one instance of each challenge (no cool-down between different challenges).
    const register = await app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: { userName: 'benchuser', password: 'Bench-pass1', email: 'bench@example.com' },
    });
    if (register.statusCode !== 200) throw new Error(`register: ${register.body}`);
    const login = await app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName: 'benchuser', password: 'Bench-pass1' },
    });
    const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
    const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const team = await db
      .insertInto('teams')
      .values({ name: 'Bench', invite_token: 'x'.repeat(32), captain_id: user.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const part = await db
      .insertInto('participations')
      .values({ game_id: game.id, team_id: team.id, status: 'Accepted' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('participation_members')
      .values({ participation_id: part.id, game_id: game.id, user_id: user.id })
      .execute();
    const headers = { 'x-xsrf-token': cookies['XSRF-TOKEN'] ?? '' };
    for (const challengeId of challenges) {
      const t0 = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: `/api/game/${game.id}/container/${challengeId}`,
        cookies,
        headers,
      });
      out.push(performance.now() - t0);
      if (response.statusCode !== 200) throw new Error(`start: ${response.statusCode} ${response.body}`);
      // Like the other two paths, one instance at a time: every live bridge network slows the next one down.
      await removeOwned();
    }
  } finally {
    await app.close();
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

async function main(): Promise<void> {
  await ensureImage();
  await removeOwned();
  try {
    const raw = stats(await timeRaw());
    const engine = stats(await timeEngine());
    const api = stats(await timeApi());
    const row = (name: string, s: ReturnType<typeof stats>) =>
      `| ${name} | ${s.median.toFixed(0)} | ${s.p90.toFixed(0)} | ${s.min.toFixed(0)} | ${s.max.toFixed(0)} | ${(s.median - raw.median).toFixed(0)} |`;
    const table = [
      '| path | median ms | p90 ms | min ms | max ms | median over raw ms |',
      '|---|---|---|---|---|---|',
      row('raw engine call (create + start, default bridge)', raw),
      row('platform engine (own network, limits, inspect)', engine),
      row('POST /api/game/{id}/container/{cid} (whole app)', api),
    ].join('\n');
    console.log(table);
    if (process.argv.includes('--write')) {
      const machine = `${cpus().length} CPU (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB`;
      const doc = `# Container start overhead\n\nMeasured by \`bench/scenarios/container-start.ts\` on ${new Date().toISOString().slice(0, 10)}, ${machine}, Node ${process.version}, Docker ${(await docker.version()).Version}, ${RUNS} sequential starts each (one instance alive at a time), busybox \`nc\` image, load average ${loadavg()[0]?.toFixed(1)} at the end (the machine is shared: expect a wide spread).\n\nThe platform's engine path adds a bridge network per instance (isolation) and an inspect; the API path adds the session and participation checks, the reservation transaction on PostgreSQL, the start queue, the ContainerStart event and the response.\n\n${table}\n`;
      writeFileSync(path.join(repoRoot, 'bench/results/container-start.md'), doc);
    }
  } finally {
    await removeOwned();
  }
}

await main();
