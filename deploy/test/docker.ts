import { execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { repositoryRoot } from './render';

const run = promisify(execFile);

/** Debian's docker client, which matches the engine (another one may come first in PATH). */
export const DOCKER = existsSync('/usr/bin/docker') ? '/usr/bin/docker' : 'docker';

export async function docker(...args: string[]): Promise<string> {
  const { stdout } = await run(DOCKER, args, { maxBuffer: 64 * 1024 * 1024 });
  return stdout.trim();
}

/** Runs a long command with its output kept for the error; rejects with the tail of it on failure. */
export function runLogged(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repositoryRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output.slice(-4000)}`));
    });
  });
}

/**
 * Certificate authorities this machine added to the system store (Debian keeps them in
 * /usr/local/share/ca-certificates): a TLS-intercepting proxy between the build and the npm registry needs
 * its authority inside the build too.
 */
export function localCertificateAuthorities(): string {
  const folder = '/usr/local/share/ca-certificates';
  if (!existsSync(folder)) return '';
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.crt'))
    .map((name) => readFileSync(path.join(folder, name), 'utf8').trim())
    .join('\n');
}

/** The image CI builds from the root Dockerfile (on the locally made base images). */
export const IMAGE = 'flagpole:ci';

/** The build stage, tagged so that its layers (the dependency install above all) stay cached between runs. */
const BUILD_STAGE = `${IMAGE}-build`;

/**
 * Makes the base images when needed (scripts/build-base-image.sh) and builds the image; Docker's layer
 * cache makes a second build of unchanged sources take seconds. The images a build replaces are removed,
 * with their layers, so repeated runs on one machine do not pile them up.
 */
export async function buildImage(): Promise<void> {
  await runLogged('bash', ['scripts/build-base-image.sh']);
  const idOf = (tag: string) => docker('image', 'inspect', '-f', '{{.Id}}', tag).catch(() => '');
  const previous = [await idOf(BUILD_STAGE), await idOf(IMAGE)];
  const args = ['--build-arg', `EXTRA_CA_CERTS=${localCertificateAuthorities()}`, '.'];
  await runLogged(DOCKER, ['build', '--target', 'build', '-t', BUILD_STAGE, ...args]);
  await runLogged(DOCKER, ['build', '-t', IMAGE, ...args]);
  const current = [await idOf(BUILD_STAGE), await idOf(IMAGE)];
  for (const id of previous) {
    if (id && !current.includes(id)) await docker('image', 'rm', id).catch(() => undefined);
  }
}
