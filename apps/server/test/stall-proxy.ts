import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';

export interface StallProxy {
  port: number;
  /** From now on nothing passes either way, on open connections too; new connections are accepted and held. */
  stall(): void;
  /** Connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A TCP relay on loopback in front of a real service (PostgreSQL, Redis) that the test can stall: the peer
 * then looks like a server that accepts connections and never answers. Without a target it is stalled from
 * the start (a black hole).
 */
export async function startStallProxy(target?: { host: string; port: number }): Promise<StallProxy> {
  let stalled = !target;
  let accepted = 0;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    accepted += 1;
    track(client);
    if (stalled || !target) return;
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.on('data', (chunk) => {
      if (!stalled) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!stalled) client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => {
      if (!stalled) client.destroy();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    stall() {
      stalled = true;
    },
    connections: () => accepted,
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
