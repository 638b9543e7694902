import { execFile } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A tiny local image (no registry): each TCP connection to port 7000 gets the instance's flag and a newline. */
export const FLAG_IMAGE = 'flagpole-e2e-flag:1';
export const FLAG_PORT = 7000;

/**
 * Builds FLAG_IMAGE from the host's static busybox with `docker import`, the way the container engine notes
 * describe; a second call finds the image and returns at once.
 */
export async function buildFlagImage(): Promise<void> {
  const present = await run('docker', ['image', 'inspect', FLAG_IMAGE]).then(
    () => true,
    () => false,
  );
  if (present) return;
  const work = await mkdtemp(path.join(tmpdir(), 'flagpole-image-'));
  try {
    const root = path.join(work, 'rootfs');
    for (const dir of ['bin', 'etc', 'tmp', 'proc', 'sys', 'dev'])
      await mkdir(path.join(root, dir), { recursive: true });
    await copyFile('/bin/busybox', path.join(root, 'bin/busybox'));
    const { stdout } = await run('/bin/busybox', ['--list']);
    for (const applet of stdout.split('\n').filter((name) => name && name !== 'busybox')) {
      await symlink('busybox', path.join(root, 'bin', applet));
    }
    await writeFile(path.join(root, 'etc/passwd'), 'root:x:0:0:root:/:/bin/sh\n');
    await writeFile(path.join(root, 'etc/group'), 'root:x:0:\n');
    const script = path.join(root, 'bin/flag.sh');
    await writeFile(script, '#!/bin/sh\necho "$FLAGPOLE_FLAG"\n');
    await chmod(script, 0o755);
    const tarball = path.join(work, 'rootfs.tar');
    await run('tar', ['-C', root, '-cf', tarball, '.']);
    await run('docker', [
      'import',
      '-c',
      `CMD ["/bin/nc","-ll","-p","${FLAG_PORT}","-e","/bin/flag.sh"]`,
      tarball,
      FLAG_IMAGE,
    ]);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Ids of running containers carrying a label, e.g. `flagpole.instance=<guid>`. */
export async function containersWithLabel(label: string): Promise<string[]> {
  const { stdout } = await run('docker', ['ps', '-q', '--filter', `label=${label}`]);
  return stdout.split('\n').filter(Boolean);
}

/** What `tshark -r` prints for a capture file (one line per packet). */
export async function readCapture(file: string): Promise<{ summary: string; payload: string }> {
  const { stdout: summary } = await run('tshark', ['-r', file]);
  const { stdout: payload } = await run('tshark', ['-r', file, '-q', '-z', 'follow,tcp,ascii,0']);
  return { summary, payload };
}
