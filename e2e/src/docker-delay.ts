import { once } from 'node:events';
import { createServer, request } from 'node:http';

/**
 * A pass-through to the real Docker socket, reachable as `DOCKER_HOST=tcp://…`, that can hold back container
 * creation for a while: with it a test makes every engine start slow on purpose, so a start queue really forms.
 * Everything else, and the created containers themselves, are the real dockerd's.
 */
export async function startDockerDelay(socketPath = '/var/run/docker.sock') {
  let createDelayMs = 0;
  const server = createServer((incoming, outgoing) => {
    const creating = incoming.method === 'POST' && /\/containers\/create(\?|$)/.test(incoming.url ?? '');
    const forward = () => {
      const upstream = request(
        { socketPath, method: incoming.method, path: incoming.url, headers: incoming.headers },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      upstream.on('error', () => outgoing.destroy());
      incoming.pipe(upstream);
    };
    // A held request whose client went away (its process was killed) never reaches dockerd, as it would not
    // have without the delay.
    let gone = false;
    outgoing.on('close', () => {
      gone = !outgoing.writableFinished;
    });
    if (creating && createDelayMs > 0) setTimeout(() => gone || forward(), createDelayMs);
    else forward();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no proxy port');
  return {
    dockerHost: `tcp://127.0.0.1:${address.port}`,
    /** How long each container creation is held before it reaches dockerd (0: not at all). */
    setCreateDelay(ms: number) {
      createDelayMs = ms;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type DockerDelay = Awaited<ReturnType<typeof startDockerDelay>>;
