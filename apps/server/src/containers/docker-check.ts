import type Docker from 'dockerode';
import { demuxDockerLog, tarArchive } from '../lib/tar-writer';
import { CHECK_DIR, type CheckResult, type CheckSpec, ContainerEngineError, checkEnv } from './types';

/** What a check container may use: enough for curl or a Python solve script, not for a fork bomb. */
const CHECK_MEMORY = 512 * 1024 * 1024;
const CHECK_PIDS = 128;
/** Lines of output read back from a run (the end of it). */
const MAX_OUTPUT_LINES = 500;

/**
 * The command of a check container: the script runs directly when it names its interpreter (`#!`), else with sh;
 * like ctfcli's healthcheck it is given `--connection-info <host:port>` when there is an instance.
 */
export const CHECK_COMMAND = [
  '/bin/sh',
  '-c',
  `cd ${CHECK_DIR} && if [ "$(head -c 2 solve)" = '#!' ]; then set -- ./solve "$@"; else set -- sh ./solve "$@"; fi; ` +
    `if [ -n "$${checkEnv.target}" ]; then exec "$@" --connection-info "$${checkEnv.target}"; else exec "$@"; fi`,
  'check',
];

/** File names inside the check folder: no path separators, nothing hidden, at most 90 bytes. */
export function checkFileName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
  return (safe || 'attachment').slice(-90);
}

/** The create body of a check container (pure, so its confinement is unit-tested). */
export function dockerCheckBody(spec: CheckSpec, containerOf: (instanceId: string) => string) {
  const env = { ...spec.env };
  if (spec.target) {
    env[checkEnv.host] = '127.0.0.1';
    env[checkEnv.port] = String(spec.target.port);
    env[checkEnv.target] = `127.0.0.1:${spec.target.port}`;
  }
  // Sharing the instance's network namespace: the script reaches it on the loopback address, whatever the port
  // mapping and the host guard, and nothing the instance itself could not reach.
  const networkMode = spec.target
    ? `container:${containerOf(spec.target.instanceId)}`
    : spec.network
      ? 'bridge'
      : 'none';
  return {
    name: `flagpole-check-${spec.checkId}`,
    Image: spec.image,
    Cmd: CHECK_COMMAND,
    Env: Object.entries(env).map(([key, value]) => `${key}=${value}`),
    Labels: { ...spec.labels, [CHECK_UNTIL_LABEL]: String(Date.now() + spec.timeoutMs) },
    WorkingDir: '/',
    HostConfig: {
      NetworkMode: networkMode,
      Memory: CHECK_MEMORY,
      MemorySwap: CHECK_MEMORY,
      NanoCpus: 1_000_000_000,
      PidsLimit: CHECK_PIDS,
      CapDrop: ['ALL'],
      SecurityOpt: ['no-new-privileges'],
      Privileged: false,
      Init: true,
      RestartPolicy: { Name: 'no' },
    },
  } satisfies Docker.ContainerCreateOptions;
}

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'statusCode' in error ? Number(error.statusCode) : undefined;

/** Label of a check container: when its run must be over (ms since the epoch). */
export const CHECK_UNTIL_LABEL = 'flagpole.check-until';
/** Beyond its limit a check container is given this long (reading its output, removal) before it counts as left. */
const LEFTOVER_AFTER_MS = 60_000;

/**
 * Removes check containers of this platform whose run should long be over: a process that died mid-run leaves its
 * check container behind (reconciliation only knows instances). Best effort, before each run.
 */
export async function removeLeftoverChecks(docker: Docker, owner: string, now = Date.now()): Promise<number> {
  const filters = JSON.stringify({ label: [`flagpole.platform=${owner}`, CHECK_UNTIL_LABEL] });
  const containers = await docker.listContainers({ all: true, filters });
  const stale = containers.filter((c) => Number(c.Labels?.[CHECK_UNTIL_LABEL]) + LEFTOVER_AFTER_MS < now);
  await Promise.all(
    stale.map((c) =>
      docker
        .getContainer(c.Id)
        .remove({ force: true, v: true })
        .catch(() => undefined),
    ),
  );
  return stale.length;
}

/** Runs a check to its end or its limit, reads its output and removes its container, whatever happens. */
export async function runDockerCheck(
  docker: Docker,
  spec: CheckSpec,
  containerOf: (instanceId: string) => string,
): Promise<CheckResult> {
  const owner = spec.labels['flagpole.platform'];
  if (owner) await removeLeftoverChecks(docker, owner).catch(() => undefined);
  let container: Docker.Container;
  try {
    container = await docker.createContainer(dockerCheckBody(spec, containerOf));
  } catch (error) {
    const reason = statusOf(error) === 404 ? `image ${spec.image} not found` : (error as Error).message;
    throw new ContainerEngineError(`docker: ${reason}`);
  }
  try {
    const dir = CHECK_DIR.slice(1);
    const archive = tarArchive([
      { name: `${dir}/solve`, content: Buffer.from(spec.script), mode: 0o755 },
      ...spec.files.map((file) => ({ name: `${dir}/${checkFileName(file.name)}`, content: file.content, mode: 0o644 })),
    ]);
    await container.putArchive(archive, { path: '/' });
    await container.start();
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), spec.timeoutMs);
    });
    const ended = await Promise.race([container.wait() as Promise<{ StatusCode: number }>, limit]);
    clearTimeout(timer);
    const timedOut = ended === 'timeout';
    if (timedOut) await container.kill().catch(() => undefined);
    // The last lines only: a script that printed without end is not read whole.
    const raw = (await container.logs({ stdout: true, stderr: true, follow: false, tail: MAX_OUTPUT_LINES })) as
      | Buffer
      | undefined;
    const output = raw ? demuxDockerLog(raw) : '';
    return { exitCode: timedOut ? null : ended.StatusCode, output, timedOut };
  } catch (error) {
    throw new ContainerEngineError(`docker: ${(error as Error).message}`);
  } finally {
    await container.remove({ force: true, v: true }).catch(() => undefined);
  }
}
