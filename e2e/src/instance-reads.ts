import { once } from 'node:events';
import { connect } from 'node:net';
import WebSocket from 'ws';

/*
 * Reading the first line a challenge instance sends, the way a player's tools reach it: through the platform's
 * websocket proxy, or through the local TCP port of a tunnel daemon.
 */

/** Waits until `received()` holds a whole line, for 10 s at the most (the caller checks what came). */
async function untilLine(received: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!received().includes('\n') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Reads what an instance says first through a websocket to the platform proxy. */
export async function readThroughProxy(address: string): Promise<string> {
  const socket = new WebSocket(address);
  let received = '';
  socket.on('message', (data) => {
    received += data.toString();
  });
  await once(socket, 'open');
  socket.send('hello\n');
  await untilLine(() => received);
  // The instance may already have closed the session after answering.
  if (socket.readyState !== WebSocket.CLOSED) {
    const closed = once(socket, 'close');
    socket.close();
    await closed;
  }
  return received.trim();
}

/** The same through the local TCP port the daemon's tunnel listens on. */
export async function readThroughTunnel(local: string): Promise<string> {
  const [host, port] = local.split(':');
  const socket = connect(Number(port), host);
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  await once(socket, 'connect');
  socket.write('hello\n');
  await untilLine(() => received);
  socket.destroy();
  return received.trim();
}
