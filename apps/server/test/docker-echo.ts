import { connect } from 'node:net';
import { docker, ensureFlagImage, FLAG_IMAGE } from './container-image';

/* A TCP echo container on the local Docker daemon: the test image running `nc -ll -p 8080 -e /bin/cat`. */

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts an echo container and returns its address on the Docker bridge, and how to remove it. */
export async function startEchoContainer(): Promise<{ ip: string; port: number; remove: () => Promise<void> }> {
  await ensureFlagImage();
  const container = await docker.createContainer({
    Image: FLAG_IMAGE,
    Cmd: ['/bin/nc', '-ll', '-p', '8080', '-e', '/bin/cat'],
    Labels: { 'flagpole.test': 'proxy' },
    HostConfig: { Memory: 32 * 1024 * 1024, PidsLimit: 64, CapDrop: ['ALL'], SecurityOpt: ['no-new-privileges'] },
  });
  const remove = async () => {
    await container.remove({ force: true, v: true }).catch(() => undefined);
  };
  try {
    await container.start();
    const ip = (await container.inspect()).NetworkSettings.Networks.bridge?.IPAddress ?? '';
    for (let attempt = 0; attempt < 100 && !(await reachable(ip, 8080)); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { ip, port: 8080, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
