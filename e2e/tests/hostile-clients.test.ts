import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaultDatabase, type FaultDatabase, type ServerProcess, startServer } from '../src/faults/cluster';
import { createChallenge, createGame, createPlayers, createUser, type Player } from '../src/faults/fixtures';

/*
 * Hostile clients against the built server: silent and slow connections, a flood from one address while
 * another is served, bodies announced or grown past their limits. Small limits and timeouts keep it quick.
 * Loopback answers on all of 127.0.0.0/8, so a second client address is a socket bound to 127.0.0.2.
 */

const OTHER = '127.0.0.2';
const PER_ADDRESS = 50;
const METRICS_TOKEN = 'hostile-clients-metrics-token';
const MIB = 1024 * 1024;

let db: FaultDatabase;
let server: ServerProcess;
let gameId: number;
let challengeId: number;
let player: Player;
let admin: Record<string, string>;

beforeAll(async () => {
  db = await createFaultDatabase();
  server = await startServer('hostile', {
    DATABASE_URL: db.url,
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    HTTP_HEADERS_TIMEOUT_SECONDS: '2',
    HTTP_BODY_IDLE_SECONDS: '2',
    HTTP_KEEP_ALIVE_SECONDS: '1',
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
    HTTP_MAX_CONNECTIONS: '400',
    MAX_IMPORT_BYTES: String(MIB),
    MAX_ASSET_BYTES: String(MIB),
    METRICS_TOKEN,
  });
  gameId = await createGame(db.pool, 'Hostile');
  challengeId = await createChallenge(db.pool, gameId, 'Warm-up', 'flag{hostile}');
  [player] = (await createPlayers(db.pool, gameId, 'hostile', 1)) as [Player];
  admin = (await createUser(db.pool, 'hostile-admin', 'Admin')).headers;
}, 180_000);

afterAll(async () => {
  await server?.terminate();
  await db?.drop();
});

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** A raw TCP connection; resolves once connected. */
function open(localAddress = '127.0.0.1'): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: server.port, localAddress }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** What a socket received until the server closed it, and how long after `since` that was. */
function closed(socket: Socket, since: number): Promise<{ text: string; afterMs: number }> {
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  socket.on('error', () => undefined);
  return new Promise((resolve) => socket.once('close', () => resolve({ text, afterMs: performance.now() - since })));
}

describe('slow and silent clients', () => {
  it('closes a connection whose headers stop half-way after the header timeout', async () => {
    const socket = await open();
    const since = performance.now();
    const done = closed(socket, since);
    socket.write('GET /healthz HTTP/1.1\r\nHost: flagpole\r\n');
    const result = await done;
    expect(result.afterMs).toBeGreaterThan(1500);
    expect(result.afterMs).toBeLessThan(6000);
    expect(result.text).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes an idle kept-alive connection after the keep-alive timeout', async () => {
    const socket = await open();
    const done = closed(socket, 0);
    socket.write('GET /healthz HTTP/1.1\r\nHost: flagpole\r\n\r\n');
    const answered = await new Promise<number>((resolve) => socket.once('data', () => resolve(performance.now())));
    const result = await done;
    expect(result.text).toMatch(/^HTTP\/1\.1 200/);
    // Node adds its own second of grace to the keep-alive timeout.
    expect(result.afterMs - answered).toBeLessThan(4000);
  });

  it('closes a connection whose body stalls after the body idle timeout', async () => {
    const socket = await open();
    const since = performance.now();
    const done = closed(socket, since);
    socket.write(
      `POST /api/game/${gameId}/challenges/${challengeId} HTTP/1.1\r\nHost: flagpole\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"fl`,
    );
    const result = await done;
    expect(result.afterMs).toBeLessThan(6000);
  });

  it('serves another address while one address holds every connection it can open; the excess is closed at once and counted', async () => {
    const flood: Socket[] = [];
    const refusedQuickly: Array<Promise<number>> = [];
    for (let i = 0; i < PER_ADDRESS + 20; i++) {
      const socket = await open('127.0.0.1');
      const since = performance.now();
      refusedQuickly.push(closed(socket, since).then((result) => result.afterMs));
      flood.push(socket);
    }
    // The 20 over the cap are closed as they arrive, long before the header timeout.
    const closedSoon = await Promise.all(
      refusedQuickly.map((closing) =>
        Promise.race([closing, new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 1000))]),
      ),
    );
    expect(closedSoon.filter((ms) => ms < 1000).length).toBeGreaterThanOrEqual(20);

    const health = await sendFrom(OTHER, '/healthz');
    expect(health.status).toBe(200);
    const board = await sendFrom(OTHER, `/api/game/${gameId}/scoreboard`, { headers: player.headers });
    expect(board.status).toBe(200);
    const submission = await sendFrom(OTHER, `/api/game/${gameId}/challenges/${challengeId}`, {
      method: 'POST',
      headers: { ...player.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ flag: 'flag{hostile}' }),
    });
    expect(submission.status).toBe(200);
    for (const answer of [health, board, submission]) expect(answer.ms).toBeLessThan(2000);

    const metrics = await sendFrom(OTHER, '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const refused = /flagpole_http_connections_refused_total\{listener="api",reason="per_address"\} (\d+)/.exec(
      metrics.body,
    );
    expect(Number(refused?.[1])).toBeGreaterThanOrEqual(20);
    for (const socket of flood) socket.destroy();
  });
});

/** One request from a client bound to `localAddress`. */
function sendFrom(
  localAddress: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        localAddress,
        path,
        method: init.method ?? 'GET',
        headers: init.headers,
        agent: false,
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body, ms: performance.now() - started }));
      },
    );
    call.on('error', reject);
    call.end(init.body);
  });
}

/** Sends headers (and a few body bytes), never the rest; resolves with the status line's answer and its time. */
async function announce(path: string, headers: string, firstBytes: string): Promise<{ text: string; ms: number }> {
  const socket = await open(OTHER);
  const since = performance.now();
  const done = closed(socket, since);
  socket.write(`POST ${path} HTTP/1.1\r\nHost: flagpole\r\n${headers}\r\n${firstBytes}`);
  const first = await Promise.race([
    new Promise<number>((resolve) => socket.once('data', () => resolve(performance.now() - since))),
    new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 5000)),
  ]);
  const result = await Promise.race([done, new Promise<undefined>((resolve) => setTimeout(resolve, 5000))]);
  socket.destroy();
  return { text: result?.text ?? '(still open)', ms: first };
}

const cookieHeaders = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');

describe('early refusals', () => {
  const HUGE = 600 * MIB;

  it('answers 413 within a second to 600 MiB announced on an import, an upload and a JSON route, and closes', async () => {
    const multipart = 'content-type: multipart/form-data; boundary=x\r\n';
    for (const path of ['/api/edit/games/import', '/api/edit/games/import/ctfd', '/api/assets']) {
      const answer = await announce(path, `${cookieHeaders(admin)}${multipart}content-length: ${HUGE}\r\n`, '--x\r\n');
      expect(answer.ms, path).toBeLessThan(1000);
      expect(answer.text, path).toMatch(/^HTTP\/1\.1 413/);
      expect(answer.text, path).toMatch(/\{"title":"[^"]+","status":413\}$/);
    }
    const json = await announce(
      `/api/game/${gameId}/challenges/${challengeId}`,
      `${cookieHeaders(player.headers)}content-type: application/json\r\ncontent-length: ${HUGE}\r\n`,
      '{"flag":"',
    );
    expect(json.ms).toBeLessThan(1000);
    expect(json.text).toMatch(/^HTTP\/1\.1 413/);
  });

  it('answers 413 at once when a chunked body grows past the limit', async () => {
    for (const [path, headers, type] of [
      [`/api/game/${gameId}/challenges/${challengeId}`, player.headers, 'application/json'],
      ['/api/edit/games/import', admin, 'multipart/form-data; boundary=x'],
    ] as const) {
      const socket = await open(OTHER);
      const done = closed(socket, 0);
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: flagpole\r\n${cookieHeaders(headers)}content-type: ${type}\r\ntransfer-encoding: chunked\r\n\r\n`,
      );
      const head =
        type === 'application/json'
          ? '{"flag":"'
          : '--x\r\ncontent-disposition: form-data; name="file"; filename="a.zip"\r\ncontent-type: application/zip\r\n\r\n';
      const chunk = (text: string | Buffer) => socket.write(`${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`);
      chunk(head);
      // 1 MiB and 64 KiB, then nothing more: the answer must not wait for a body end that never comes.
      for (let i = 0; i < 17; i++) chunk(Buffer.alloc(64 * 1024, 97).toString());
      const sentAt = performance.now();
      const answeredAfter = new Promise<number>((resolve) =>
        socket.once('data', () => resolve(performance.now() - sentAt)),
      );
      const result = await Promise.race([done, new Promise<undefined>((resolve) => setTimeout(resolve, 5000))]);
      socket.destroy();
      expect(result?.text ?? '(no answer)', path).toMatch(/^HTTP\/1\.1 413/);
      expect(await answeredAfter, path).toBeLessThan(2000);
    }
  });

  it('keeps the 413 for a client that sends its whole body before it reads the answer', async () => {
    // Such clients (many HTTP libraries) keep a half-closed connection open while they send, then read: the
    // server must not reset the connection under them while the refused body is still arriving.
    const socket = connect({ host: '127.0.0.1', port: server.port, localAddress: OTHER, allowHalfOpen: true });
    await new Promise((resolve) => socket.once('connect', resolve));
    let failure: string | null = null;
    const cut = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', (error) => {
      failure = error.message;
    });
    const path = `/api/game/${gameId}/challenges/${challengeId}`;
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: flagpole\r\n${cookieHeaders(player.headers)}content-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`,
    );
    const chunk = (text: string) => socket.write(`${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`);
    chunk('{"flag":"');
    const piece = 'a'.repeat(64 * 1024);
    // 3 s of body at ~1.3 MiB/s: past the 1 MiB limit within the first second, and still sending long after.
    const sendUntil = performance.now() + 3000;
    while (performance.now() < sendUntil && !socket.destroyed) {
      chunk(piece);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    socket.write('0\r\n\r\n');
    const text = await new Promise<string>((resolve) => {
      let received = '';
      socket.on('data', (data: Buffer) => {
        received += data.toString();
      });
      socket.once('end', () => resolve(received));
      void cut.then(() => resolve(received));
    });
    socket.destroy();
    expect(failure).toBeNull();
    expect(text).toMatch(/^HTTP\/1\.1 413/);
  });
});
