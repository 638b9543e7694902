import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Docker from 'dockerode';

/*
 * A challenge image for container tests, imported from a busybox root filesystem (no registry): at start it
 * writes $FLAGPOLE_FLAG to /www/flag and serves /www over HTTP on port 8080.
 */

export const FLAG_IMAGE = 'flagpole-test-flag:1';
const BUSYBOX = '/bin/busybox';
const SOCKET = '/var/run/docker.sock';

export const docker = new Docker({ socketPath: SOCKET, version: 'v1.41' });

/**
 * Container tests run against the real daemon and fail, rather than skip, when it is missing: a skipped suite
 * would pass CI without testing anything (.ci/run starts dockerd).
 */
function requireDocker(): void {
  if (!existsSync(SOCKET)) throw new Error(`container tests need dockerd listening on ${SOCKET} (.ci/run starts it)`);
  if (!existsSync(BUSYBOX)) throw new Error(`container tests build their image from ${BUSYBOX} (busybox-static)`);
}

export async function ensureFlagImage(): Promise<void> {
  const cmd = ['/bin/sh', '-c', 'echo "$FLAGPOLE_FLAG" > /www/flag && exec /bin/httpd -f -p 8080 -h /www'];
  await ensureBusyboxImage(FLAG_IMAGE, cmd);
}

/**
 * A busybox image (imported from a root filesystem: no registry) running `cmd`, with `files` (path inside the
 * image: content; made executable) added. Built once per tag.
 */
export async function ensureBusyboxImage(image: string, cmd: string[], files: Record<string, string> = {}) {
  requireDocker();
  try {
    await docker.getImage(image).inspect();
    return;
  } catch {
    // not there yet: build it below
  }
  const work = path.join(tmpdir(), `flagpole-image-rootfs-${process.pid}-${Date.now()}`);
  const root = path.join(work, 'rootfs');
  for (const dir of ['bin', 'etc', 'tmp', 'www', 'proc', 'sys', 'dev'])
    mkdirSync(path.join(root, dir), { recursive: true });
  copyFileSync(BUSYBOX, path.join(root, 'bin/busybox'));
  const applets = execFileSync(BUSYBOX, ['--list']).toString().split('\n').filter(Boolean);
  for (const applet of applets) if (applet !== 'busybox') symlinkSync('busybox', path.join(root, 'bin', applet));
  writeFileSync(path.join(root, 'etc/passwd'), 'root:x:0:0:root:/:/bin/sh\n');
  writeFileSync(path.join(root, 'etc/group'), 'root:x:0:\n');
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content, { mode: 0o755 });
  }
  const tar = path.join(work, 'rootfs.tar');
  execFileSync('tar', ['-C', root, '-cf', tar, '.']);
  const [repo, tag] = image.split(':') as [string, string];
  const stream = (await docker.importImage(tar, {
    repo,
    tag,
    changes: [`CMD ${JSON.stringify(cmd)}`],
  } as never)) as unknown as NodeJS.ReadableStream;
  await new Promise((resolve, reject) =>
    docker.modem.followProgress(stream, (error) => (error ? reject(error) : resolve(null))),
  );
  rmSync(work, { recursive: true, force: true });
}

/** Removes every container and network carrying this owner label (run in afterAll, also after failures). */
export async function removeOwnedObjects(owner: string): Promise<void> {
  const filters = JSON.stringify({ label: [`flagpole.platform=${owner}`] });
  const containers = await docker.listContainers({ all: true, filters });
  await Promise.all(
    containers.map((c) =>
      docker
        .getContainer(c.Id)
        .remove({ force: true })
        .catch(() => undefined),
    ),
  );
  const networks = await docker.listNetworks({ filters });
  await Promise.all(
    networks.map((n) =>
      docker
        .getNetwork(n.Id)
        .remove()
        .catch(() => undefined),
    ),
  );
}

/** Runs a command inside a container and returns its output and exit code. */
export async function execIn(containerId: string, cmd: string[]): Promise<{ output: string; exitCode: number }> {
  const exec = await docker.getContainer(containerId).exec({ Cmd: cmd, AttachStdout: true, AttachStderr: true });
  const stream = await exec.start({});
  const chunks: Buffer[] = [];
  // The daemon frames stdout and stderr in one stream; unframed, the output is what the command printed.
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  docker.modem.demuxStream(stream, sink, sink);
  await new Promise<void>((resolve) => stream.on('end', () => resolve()));
  const info = await exec.inspect();
  return { output: Buffer.concat(chunks).toString('utf8'), exitCode: info.ExitCode ?? -1 };
}
