/**
 * Platform proxy benchmark. The platform runs as its own process (embedded database, PlatformProxy mode, an
 * instance directory pointing at a loopback TCP echo server); this process runs the echo server and the
 * clients. Measures:
 *   1. echo throughput over one connection: direct loopback TCP vs. through the proxy websocket, and through
 *      the proxy with traffic capture on (every byte written to a pcap file);
 *   2. how many proxied connections the platform holds at once, and the platform's memory per connection.
 * All traffic stays on loopback.
 *
 *   node --import tsx bench/scenarios/proxy-throughput.ts [--write] [--connections N] [--mib N]
 *
 * --write records the results in bench/results/proxy.md.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const here = fileURLToPath(import.meta.url);
const repoRoot = path.resolve(path.dirname(here), '../..');
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(name);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const CONNECTIONS = option('--connections', 2_000);
const MIB = option('--mib', 128);
const FRAME = 64 * 1024;
/** Bytes a client keeps in flight: enough to keep both directions busy, small enough to bound memory. */
const WINDOW = 4 * 1024 * 1024;

interface Ready {
  type: 'ready';
  port: number;
  plainId: string;
  captureId: string;
}
interface Memory {
  type: 'memory';
  rss: number;
  heapUsed: number;
  external: number;
  sessions: number;
}

// ---------------------------------------------------------------------------------------------------------
// The platform process
// ---------------------------------------------------------------------------------------------------------

async function serve(echoPort: number): Promise<void> {
  const { buildApp } = await import('../../apps/server/src/app');
  const { loadConfig } = await import('../../apps/server/src/config');
  const { migrate, openDatabase } = await import('../../apps/server/src/db/database');
  const { systemClock } = await import('../../apps/server/src/lib/clock');
  const { MemoryEventBus } = await import('../../apps/server/src/lib/event-bus');
  const { MemoryStore } = await import('../../apps/server/src/lib/kv-store');
  const { generateGameKeyPair } = await import('../../apps/server/src/lib/team-token');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'flagpole-proxy-bench-'));
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    RATE_LIMIT: 'false',
    PROXY_MAX_PER_INSTANCE: '10000',
    PROXY_MAX_PER_ADDRESS: '10000',
  });
  const db = await openDatabase({ maxConnections: 5 });
  await migrate(db);

  // A game, a capturing container challenge and a team, so the capturing instance has somewhere to record.
  const keys = generateGameKeyPair();
  const now = Date.now();
  const game = await db
    .insertInto('games')
    .values({
      title: 'Bench',
      start_at: new Date(now - 3_600_000),
      end_at: new Date(now + 3_600_000),
      writeup_deadline: new Date(now + 3_600_000),
      public_key: keys.publicKey,
      private_key: keys.privateKey,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const challenge = await db
    .insertInto('challenges')
    .values({
      game_id: game.id,
      title: 'Echo',
      category: 'Misc',
      type: 'DynamicContainer',
      enable_traffic_capture: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({ user_name: 'bench', email: 'bench@example.com', password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const team = await db
    .insertInto('teams')
    .values({ name: 'Bench', invite_token: randomUUID().replace(/-/g, ''), captain_id: user.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('participations').values({ game_id: game.id, team_id: team.id, status: 'Accepted' }).execute();

  const plainId = randomUUID();
  const captureId = randomUUID();
  const target = { host: '127.0.0.1', port: echoPort, challengeId: challenge.id, teamId: team.id, gameId: game.id };
  const directory = async (id: string) =>
    id === plainId
      ? { ...target, captureEnabled: false }
      : id === captureId
        ? { ...target, captureEnabled: true }
        : null;
  const store = new MemoryStore(() => Date.now());
  const app = await buildApp({
    config,
    db,
    clock: systemClock,
    store,
    events: new MemoryEventBus(),
    instanceDirectory: directory,
  });
  await app.services.settings.update('containerPolicy', { portMapping: 'PlatformProxy' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');

  process.on('message', async (message: { type: string }) => {
    if (message.type === 'memory') {
      (globalThis as { gc?: () => void }).gc?.();
      const usage = process.memoryUsage();
      const sessions = await countSessions();
      process.send?.({ type: 'memory', rss: usage.rss, heapUsed: usage.heapUsed, external: usage.external, sessions });
    } else if (message.type === 'stop') {
      await app.close();
      await store.close();
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
  async function countSessions(): Promise<number> {
    return new Promise((resolve) => app.server.getConnections((_error, count) => resolve(count)));
  }
  process.send?.({ type: 'ready', port: address.port, plainId, captureId } satisfies Ready);
}

// ---------------------------------------------------------------------------------------------------------
// The measuring process
// ---------------------------------------------------------------------------------------------------------

function startEcho(): Promise<{ port: number; sockets: Set<Socket>; close: () => void }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.pipe(socket);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      resolve({
        port: address.port,
        sockets,
        close: () => {
          for (const socket of sockets) socket.destroy();
          server.close();
        },
      });
    });
  });
}

/** Streams `total` bytes through a send/receive pair with a bounded window; returns MiB/s of echoed data. */
async function pump(
  send: (chunk: Buffer) => void,
  onData: (listener: (length: number) => void) => void,
  total: number,
): Promise<number> {
  const frame = Buffer.alloc(FRAME, 0x5a);
  let sent = 0;
  let received = 0;
  const started = process.hrtime.bigint();
  await new Promise<void>((resolve) => {
    const fill = () => {
      while (sent < total && sent - received < WINDOW) {
        send(frame);
        sent += frame.length;
      }
    };
    onData((length) => {
      received += length;
      if (received >= total) resolve();
      else fill();
    });
    fill();
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return total / (1024 * 1024) / seconds;
}

async function directThroughput(echoPort: number, total: number): Promise<number> {
  const socket = connect({ host: '127.0.0.1', port: echoPort, noDelay: true });
  await once(socket, 'connect');
  const rate = await pump(
    (chunk) => socket.write(chunk),
    (listener) => socket.on('data', (data: Buffer) => listener(data.length)),
    total,
  );
  socket.destroy();
  return rate;
}

async function openWs(url: string): Promise<WebSocket> {
  const ws = new WebSocket(url);
  await once(ws, 'open');
  return ws;
}

async function proxiedThroughput(url: string, total: number): Promise<number> {
  const ws = await openWs(url);
  const rate = await pump(
    (chunk) => ws.send(chunk),
    (listener) => ws.on('message', (data: Buffer) => listener(data.length)),
    total,
  );
  ws.close();
  await once(ws, 'close');
  return rate;
}

function ask<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (message) => resolve(message as T));
    child.send({ type });
  });
}

async function holdConnections(
  url: string,
  count: number,
): Promise<{ held: number; failed: number; sockets: WebSocket[] }> {
  const sockets: WebSocket[] = [];
  let failed = 0;
  const batch = 100;
  for (let i = 0; i < count; i += batch) {
    const opened = await Promise.allSettled(
      Array.from({ length: Math.min(batch, count - i) }, async () => {
        const ws = await openWs(url);
        // One small echo proves the whole path (client → proxy → instance → back) is open.
        const back = once(ws, 'message');
        ws.send('ping');
        await back;
        return ws;
      }),
    );
    for (const result of opened) {
      if (result.status === 'fulfilled') sockets.push(result.value);
      else failed += 1;
    }
  }
  return { held: sockets.length, failed, sockets };
}

const progress = (text: string) => process.stderr.write(`${new Date().toISOString()} ${text}\n`);
const mib = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

async function main(): Promise<void> {
  const echo = await startEcho();
  const child = fork(here, ['--serve', String(echo.port)], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [ready] = (await once(child, 'message')) as [Ready];
  progress(`platform ready on port ${ready.port}`);
  const base = `ws://127.0.0.1:${ready.port}/api/proxy`;
  const total = MIB * 1024 * 1024;
  const started = new Date().toISOString();

  // Warm-up of both paths, then three timed runs each; the median is reported.
  await directThroughput(echo.port, 16 * 1024 * 1024);
  await proxiedThroughput(`${base}/${ready.plainId}`, 16 * 1024 * 1024);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const runs = { direct: [] as number[], proxied: [] as number[], captured: [] as number[] };
  progress('warmed up');
  for (let run = 0; run < 3; run++) {
    progress(`throughput run ${run + 1}`);
    runs.direct.push(await directThroughput(echo.port, total));
    runs.proxied.push(await proxiedThroughput(`${base}/${ready.plainId}`, total));
    runs.captured.push(await proxiedThroughput(`${base}/${ready.captureId}`, total));
  }

  const idle = await ask<Memory>(child, 'memory');
  progress(`opening ${CONNECTIONS} connections`);
  const hold = await holdConnections(`${base}/${ready.plainId}`, CONNECTIONS);
  const loaded = await ask<Memory>(child, 'memory');
  for (const ws of hold.sockets) ws.terminate();
  const exited = once(child, 'exit');
  child.send({ type: 'stop' });
  await exited;
  echo.close();

  const perConnection = hold.held > 0 ? (loaded.rss - idle.rss) / hold.held : 0;
  const fmt = (values: number[]) => `${median(values).toFixed(0)} (${values.map((v) => v.toFixed(0)).join(', ')})`;
  const ratio = median(runs.proxied) / median(runs.direct);
  const report = `# Platform proxy — throughput and connections

\`node --import tsx bench/scenarios/proxy-throughput.ts --write\` (see the file's header). The platform runs as
its own process (embedded database, PlatformProxy mode); this process runs a loopback TCP echo server standing in
for the instance, and the clients (\`ws\` for the proxy, \`net\` for the direct baseline). One client streams
${MIB} MiB in 64 KiB frames with at most 4 MiB in flight and reads the echo back; MiB/s counts the echoed bytes.

## Machine

- \`nproc\`: ${cpus().length} (${cpus()[0]?.model ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM
- \`node --version\`: ${process.version}
- run started ${started}; load average at the end ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}
- **Shared machine**: other engineers' builds and tests run at the same time, so the figures are lower bounds
  of throughput and upper bounds of memory.

## Throughput over one connection (MiB/s, median of 3, runs in brackets)

| path | MiB/s |
|---|---|
| direct loopback TCP (client ↔ echo) | ${fmt(runs.direct)} |
| through the proxy (client ↔ websocket ↔ proxy ↔ TCP ↔ echo) | ${fmt(runs.proxied)} |
| through the proxy, traffic capture on (pcap written to disk) | ${fmt(runs.captured)} |

The proxy reaches **${(ratio * 100).toFixed(0)}%** of the direct connection's throughput on this machine. The direct
path is one process talking to itself through the kernel; the proxied path adds websocket framing and masking in
both directions and a second process, and all three processes share the 2 cores.

## Concurrent connections held

- asked for ${CONNECTIONS} proxied connections (each proved open with one echoed message), in batches of 100:
  **${hold.held} held**, ${hold.failed} failed.
- platform process after a full GC: RSS ${mib(idle.rss)} MiB idle → ${mib(loaded.rss)} MiB with the connections
  held; heap+external ${mib(idle.heapUsed + idle.external)} MiB → ${mib(loaded.heapUsed + loaded.external)} MiB.
- **memory per proxied connection: ${(perConnection / 1024).toFixed(1)} KiB RSS**; each connection also holds two file
  descriptors in the platform process (the websocket and the TCP connection to the instance).
`;
  process.stdout.write(report);
  if (args.includes('--write')) writeFileSync(path.join(repoRoot, 'bench/results/proxy.md'), report);
}

if (args[0] === '--serve') {
  void serve(Number(args[1]));
} else {
  await main();
}
