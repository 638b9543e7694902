import { once } from 'node:events';
import { createConnection, createServer, type Server, type Socket } from 'node:net';

/** What the proxy does with traffic. */
export type FaultMode = 'pass' | 'refuse' | 'stall';

interface Pair {
  client: Socket;
  upstream?: Socket;
  /** Bytes held back while stalled, per direction. */
  toUpstream: Buffer[];
  toClient: Buffer[];
}

/**
 * A TCP proxy a test controls, in front of PostgreSQL or Redis: it passes traffic through, refuses
 * connections (the port stops listening, so connecting gets ECONNREFUSED, and open connections are
 * reset), resets the open connections, or stalls (connections stay open, but no byte moves either way
 * and new connections are accepted but go nowhere) until `restore()`.
 */
export async function startFaultProxy(target: { host: string; port: number }, port = 0) {
  let mode: FaultMode = 'pass';
  /** Added to every chunk in both directions (a slow network); order is kept. */
  let latencyMs = 0;
  const forward = (to: Socket, chunk: Buffer) => {
    if (latencyMs > 0) setTimeout(() => to.write(chunk), latencyMs);
    else to.write(chunk);
  };
  const pairs = new Set<Pair>();
  let server: Server | undefined;
  let listeningPort = port;

  function connectUpstream(pair: Pair): void {
    const upstream = createConnection(target);
    pair.upstream = upstream;
    upstream.setNoDelay(true);
    upstream.on('data', (chunk: Buffer) => {
      if (mode === 'stall') pair.toClient.push(chunk);
      else forward(pair.client, chunk);
    });
    upstream.on('error', () => pair.client.destroy());
    upstream.on('close', () => pair.client.destroy());
    for (const chunk of pair.toUpstream.splice(0)) upstream.write(chunk);
  }

  function accept(client: Socket): void {
    client.setNoDelay(true);
    const pair: Pair = { client, toUpstream: [], toClient: [] };
    pairs.add(pair);
    client.on('data', (chunk: Buffer) => {
      if (mode === 'stall' || !pair.upstream) pair.toUpstream.push(chunk);
      else forward(pair.upstream, chunk);
    });
    const end = () => {
      pairs.delete(pair);
      pair.upstream?.destroy();
    };
    client.on('error', end);
    client.on('close', end);
    if (mode !== 'stall') connectUpstream(pair);
  }

  async function listen(): Promise<void> {
    server = createServer(accept);
    server.listen(listeningPort, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    if (address && typeof address === 'object') listeningPort = address.port;
  }

  /** Stops listening and resets what is open (the server's close waits for its connections to end). */
  async function stopListening(): Promise<void> {
    const current = server;
    server = undefined;
    const closed = current ? new Promise<void>((resolve) => current.close(() => resolve())) : undefined;
    resetAll();
    await closed;
  }

  function resetAll(): void {
    for (const pair of [...pairs]) {
      pairs.delete(pair);
      pair.client.resetAndDestroy();
      pair.upstream?.resetAndDestroy();
    }
  }

  await listen();

  return {
    get port(): number {
      return listeningPort;
    },
    get mode(): FaultMode {
      return mode;
    },
    /** Open client connections. */
    get connections(): number {
      return pairs.size;
    },
    /** Connections are refused (not listening) and the open ones reset. */
    async refuse(): Promise<void> {
      mode = 'refuse';
      await stopListening();
    },
    /** Delays every chunk by `ms` in both directions from now on (0: none). */
    setLatency(ms: number): void {
      latencyMs = ms;
    },
    /** Every open connection is reset; new ones pass. */
    reset(): void {
      resetAll();
    },
    /** Nothing moves until `restore()`; new connections are accepted and held. */
    stall(): void {
      mode = 'stall';
    },
    /** Back to passing traffic: held bytes flow, held connections reach the target. */
    async restore(): Promise<void> {
      const was = mode;
      mode = 'pass';
      if (was === 'refuse') await listen();
      for (const pair of pairs) {
        if (!pair.upstream) connectUpstream(pair);
        else for (const chunk of pair.toUpstream.splice(0)) pair.upstream.write(chunk);
        for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk);
      }
    },
    async close(): Promise<void> {
      await stopListening();
    },
  };
}
export type FaultProxy = Awaited<ReturnType<typeof startFaultProxy>>;
