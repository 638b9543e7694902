import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/*
 * A TCP echo container on the local Docker daemon (`busybox nc -ll -p 8080 -e /bin/cat`), driven through the
 * Engine API on the unix socket, with an image imported from a busybox root filesystem (no registry).
 */

const SOCKET = '/var/run/docker.sock';
const IMAGE = 'flagpole-proxy-echo';
const TAG = 'test';
const BUSYBOX = '/bin/busybox';

export const dockerAvailable = existsSync(SOCKET) && existsSync(BUSYBOX);

function engine(method: string, url: string, body?: Buffer | object, contentType = 'application/json') {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    const req = request(
      {
        socketPath: SOCKET,
        method,
        path: `/v1.41${url}`,
        headers: payload ? { 'content-type': contentType, 'content-length': payload.length } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function ensureImage(): Promise<void> {
  if ((await engine('GET', `/images/${IMAGE}:${TAG}/json`)).status === 200) return;
  const work = path.join(tmpdir(), `flagpole-echo-rootfs-${process.pid}`);
  const root = path.join(work, 'rootfs');
  rmSync(work, { recursive: true, force: true });
  for (const dir of ['bin', 'etc', 'tmp']) mkdirSync(path.join(root, dir), { recursive: true });
  copyFileSync(BUSYBOX, path.join(root, 'bin/busybox'));
  for (const applet of ['sh', 'nc', 'cat']) symlinkSync('busybox', path.join(root, 'bin', applet));
  writeFileSync(path.join(root, 'etc/passwd'), 'root:x:0:0:root:/:/bin/sh\n');
  const tar = path.join(work, 'rootfs.tar');
  execFileSync('tar', ['-C', root, '-cf', tar, '.']);
  const changes = encodeURIComponent('CMD ["/bin/nc","-ll","-p","8080","-e","/bin/cat"]');
  const imported = await engine(
    'POST',
    `/images/create?fromSrc=-&repo=${IMAGE}&tag=${TAG}&changes=${changes}`,
    readFileSync(tar),
    'application/x-tar',
  );
  rmSync(work, { recursive: true, force: true });
  if (imported.status !== 200) throw new Error(`image import failed: ${imported.status} ${imported.body}`);
}

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
  await ensureImage();
  const created = await engine('POST', '/containers/create', {
    Image: `${IMAGE}:${TAG}`,
    Labels: { 'flagpole.test': 'proxy' },
    HostConfig: { Memory: 32 * 1024 * 1024, PidsLimit: 64, CapDrop: ['ALL'], SecurityOpt: ['no-new-privileges'] },
  });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${created.body}`);
  const id = (JSON.parse(created.body) as { Id: string }).Id;
  const remove = async () => {
    await engine('DELETE', `/containers/${id}?force=true&v=true`);
  };
  try {
    const started = await engine('POST', `/containers/${id}/start`);
    if (started.status !== 204) throw new Error(`start failed: ${started.status} ${started.body}`);
    const info = JSON.parse((await engine('GET', `/containers/${id}/json`)).body) as {
      NetworkSettings: { IPAddress: string };
    };
    const ip = info.NetworkSettings.IPAddress;
    for (let attempt = 0; attempt < 100 && !(await reachable(ip, 8080)); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { ip, port: 8080, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
