import { once } from 'node:events';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import WebSocket from 'ws';

export interface DaemonCall {
  method: string;
  path: string;
  body: unknown;
  origin: string | undefined;
}

interface Tunnel {
  label?: string;
  remote: string;
  local: string;
  server: TcpServer;
}

/**
 * A stand-in for the local tunnel daemon that speaks its HTTP protocol (version, connect with scope approval,
 * tunnel pool) and really carries tunnels: each pool entry is a loopback TCP listener bridged to the remote
 * websocket. It records every call so a test can check what the page asked for.
 */
export async function startWsrxStandIn(options: { version?: string } = {}) {
  const calls: DaemonCall[] = [];
  const tunnels = new Map<string, Tunnel>();
  /** Scopes by host: false while waiting for the daemon user's approval. */
  const scopes = new Map<string, boolean>();
  let version = options.version ?? '0.5.5';

  const openTunnel = async (remote: string, label: string | undefined): Promise<Tunnel> => {
    const server = createTcpServer((socket) => {
      const ws = new WebSocket(remote);
      ws.binaryType = 'nodebuffer';
      const pending: Buffer[] = [];
      socket.on('data', (chunk) => (ws.readyState === WebSocket.OPEN ? ws.send(chunk) : pending.push(chunk)));
      ws.on('open', () => {
        for (const chunk of pending.splice(0)) ws.send(chunk);
      });
      ws.on('message', (data) => socket.write(data as Buffer));
      ws.on('close', () => socket.end());
      ws.on('error', () => socket.destroy());
      socket.on('close', () => ws.close());
      socket.on('error', () => ws.terminate());
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no tunnel port');
    const tunnel = { label, remote, local: `127.0.0.1:${address.port}`, server };
    tunnels.set(tunnel.local, tunnel);
    return tunnel;
  };

  const send = (response: ServerResponse, status: number, body?: unknown) => {
    response.writeHead(status, body === undefined ? {} : { 'Content-Type': 'application/json' });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    // The page runs on another origin, so the daemon answers CORS like the real one must.
    response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
    response.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
    response.setHeader('Access-Control-Allow-Headers', 'Content-Type');
    if (request.method === 'OPTIONS') return send(response, 204);
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const body: unknown = raw ? JSON.parse(raw) : undefined;
    const path = new URL(request.url ?? '/', 'http://daemon').pathname;
    calls.push({ method: request.method ?? 'GET', path, body, origin: request.headers.origin });
    const host = (body as { host?: string } | undefined)?.host;
    const route = `${request.method} ${path}`;
    if (route === 'GET /version') return send(response, 200, { version });
    if (route === 'GET /connect') {
      const known = [...scopes.values()];
      if (known.includes(true)) return send(response, 202);
      return send(response, known.length > 0 ? 201 : 403);
    }
    if (route === 'POST /connect') {
      scopes.set(host ?? '', scopes.get(host ?? '') ?? false);
      return send(response, 201);
    }
    if (route === 'GET /pool') {
      return send(
        response,
        200,
        [...tunnels.values()].map(({ label, remote, local }) => ({ label, remote, local, latency: 1 })),
      );
    }
    if (route === 'POST /pool') {
      const { remote, label } = body as { remote: string; label?: string };
      const tunnel = await openTunnel(remote, label);
      return send(response, 200, { label, remote, local: tunnel.local, latency: 1 });
    }
    if (route === 'DELETE /pool') {
      const tunnel = tunnels.get((body as { local: string }).local);
      if (!tunnel) return send(response, 404);
      tunnel.server.close();
      tunnels.delete(tunnel.local);
      return send(response, 200);
    }
    send(response, 404);
  };

  const server = createHttpServer((request, response) => {
    handle(request, response).catch(() => send(response, 500));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no daemon port');

  return {
    api: `http://127.0.0.1:${address.port}`,
    calls,
    tunnels: () => [...tunnels.values()].map(({ label, remote, local }) => ({ label, remote, local })),
    /** The daemon's user approves every waiting site. */
    approveAll() {
      for (const host of scopes.keys()) scopes.set(host, true);
    },
    setVersion(value: string) {
      version = value;
    },
    async close() {
      for (const tunnel of tunnels.values()) tunnel.server.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type WsrxStandIn = Awaited<ReturnType<typeof startWsrxStandIn>>;
