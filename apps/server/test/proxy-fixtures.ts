import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import WebSocket from 'ws';
import type { InstanceTarget } from '../src/containers/types';
import { createTestContext, type TestContext } from './harness';

/** A loopback TCP echo server; `sockets` are the connections it currently holds. */
export async function startEchoServer(): Promise<{ port: number; sockets: Set<Socket>; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.pipe(socket);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    sockets,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Instances the test registers by GUID, standing in for the container module's directory. */
export class FakeDirectory {
  readonly targets = new Map<string, InstanceTarget>();
  readonly lookup = async (id: string) => this.targets.get(id) ?? null;

  add(target: Partial<InstanceTarget> & { port: number }): string {
    const id = randomUUID();
    this.targets.set(id, {
      host: '127.0.0.1',
      challengeId: 1,
      teamId: 1,
      gameId: 1,
      captureEnabled: false,
      ...target,
    });
    return id;
  }
}

export interface ProxyContext extends TestContext {
  directory: FakeDirectory;
  /** `ws://127.0.0.1:<port>` of the listening app. */
  wsBase: string;
  httpBase: string;
}

/** Switches the app to PlatformProxy mode and makes it listen on a loopback port; returns its bases. */
export async function listenInProxyMode(ctx: TestContext): Promise<{ wsBase: string; httpBase: string }> {
  await ctx.app.services.settings.update('containerPolicy', { portMapping: 'PlatformProxy' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { wsBase: `ws://127.0.0.1:${address.port}`, httpBase: `http://127.0.0.1:${address.port}` };
}

/** An app listening on a loopback port in PlatformProxy mode, with a directory the test fills. */
export async function createProxyContext(env: Record<string, string> = {}): Promise<ProxyContext> {
  const directory = new FakeDirectory();
  const ctx = await createTestContext(env, { instanceDirectory: directory.lookup });
  return { ...ctx, directory, ...(await listenInProxyMode(ctx)) };
}

/** Opens a proxy websocket, or resolves with the refusal's HTTP status and body. */
export function openProxy(
  url: string,
): Promise<{ ws: WebSocket; status: 101 } | { status: number; body: { title: string; status: number } }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve({ ws, status: 101 }));
    ws.once('unexpected-response', (_request, response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : { title: '', status: 0 } });
      });
    });
    ws.once('error', (error) => reject(error));
  });
}

/**
 * Opens a proxy websocket or throws. An instance reported Running may not listen yet (its process starts after its
 * container; slower on a loaded machine), which the proxy answers with 418: that is retried for up to `waitMs`, as
 * a player's client would.
 */
export async function openProxyOrFail(url: string, waitMs = 10_000): Promise<WebSocket> {
  const until = Date.now() + waitMs;
  for (;;) {
    const result = await openProxy(url);
    if (result.status === 101 && 'ws' in result) return result.ws;
    if (result.status !== 418 || Date.now() >= until) throw new Error(`proxy refused: ${JSON.stringify(result)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Sends `data` through the socket and collects the same number of bytes back. */
export async function roundTrip(ws: WebSocket, data: Buffer, chunkSize = 64 * 1024): Promise<Buffer> {
  const received: Buffer[] = [];
  let total = 0;
  const done = new Promise<void>((resolve, reject) => {
    const onMessage = (message: Buffer) => {
      received.push(message);
      total += message.length;
      if (total >= data.length) {
        ws.off('message', onMessage);
        resolve();
      }
    };
    ws.on('message', onMessage);
    ws.once('close', () => reject(new Error(`closed after ${total} of ${data.length} bytes`)));
  });
  for (let offset = 0; offset < data.length; offset += chunkSize) ws.send(data.subarray(offset, offset + chunkSize));
  await done;
  return Buffer.concat(received);
}

export function closed(ws: WebSocket): Promise<{ code: number; reason: string }> {
  if (ws.readyState === ws.CLOSED) return Promise.resolve({ code: 1006, reason: '' });
  return new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
}
