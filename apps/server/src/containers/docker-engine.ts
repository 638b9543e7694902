import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Docker from 'dockerode';
import {
  type ContainerEngine,
  ContainerEngineError,
  type InstanceSpec,
  ignoreNotFound,
  instanceLabels,
  type StartedInstance,
} from './types';

const run = promisify(execFile);

/** Names of the Docker objects made for one instance. */
export function dockerNames(instanceId: string) {
  const compact = instanceId.replaceAll('-', '');
  return {
    container: `flagpole-${instanceId}`,
    network: `flagpole-${instanceId}`,
    /** Linux caps interface names at 15 characters; the `fp-` prefix is what the host guard matches. */
    bridge: `fp-${compact.slice(0, 12)}`,
  };
}

/** Processes an instance may run at once: enough for a forking service, too few for a fork bomb. */
const PIDS_LIMIT = 256;

/** The create body of an instance container (pure, so its security settings are unit-tested). */
export function dockerContainerBody(spec: InstanceSpec, publishAddress: string): Docker.ContainerCreateOptions {
  const names = dockerNames(spec.instanceId);
  const port = `${spec.exposePort}/tcp`;
  const memory = spec.memoryMb * 1024 * 1024;
  return {
    name: names.container,
    Image: spec.image,
    Env: Object.entries(spec.env).map(([key, value]) => `${key}=${value}`),
    Labels: spec.labels,
    ExposedPorts: { [port]: {} },
    HostConfig: {
      NetworkMode: names.network,
      PortBindings: spec.publish ? { [port]: [{ HostIp: publishAddress, HostPort: '' }] } : {},
      Memory: memory,
      MemorySwap: memory,
      NanoCpus: spec.cpuTenths * 100_000_000,
      PidsLimit: PIDS_LIMIT,
      CapDrop: ['ALL'],
      SecurityOpt: ['no-new-privileges'],
      Privileged: false,
      Init: true,
      RestartPolicy: { Name: 'no' },
    },
  };
}

/** The per-instance bridge: nothing else is on it, so no other instance can be reached from it. */
export function dockerNetworkBody(spec: InstanceSpec): Docker.NetworkCreateOptions {
  const names = dockerNames(spec.instanceId);
  return {
    Name: names.network,
    Driver: 'bridge',
    CheckDuplicate: true,
    Labels: spec.labels,
    Options: {
      'com.docker.network.bridge.name': names.bridge,
      // Without masquerading, packets leave with a private source address and no answer comes back.
      'com.docker.network.bridge.enable_ip_masquerade': spec.egress === 'Open' ? 'true' : 'false',
    },
  };
}

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'statusCode' in error ? Number(error.statusCode) : undefined;

const ignoreMissing = (action: Promise<unknown>) => ignoreNotFound(action, statusOf);

/**
 * Drops new connections from instance bridges to the host itself: a bridge's gateway address is the host, so
 * without this an instance could reach the platform (or anything else listening on the host). Answers to
 * connections the host opened (the proxy, published ports) still pass. Needs root and iptables.
 */
export async function ensureHostGuard(): Promise<void> {
  const rule = ['INPUT', '-i', 'fp-+', '-m', 'conntrack', '--ctstate', 'NEW,INVALID', '-j', 'DROP'];
  try {
    await run('iptables', ['-w', '-C', ...rule]);
  } catch {
    try {
      await run('iptables', ['-w', '-I', ...rule]);
    } catch (error) {
      throw new ContainerEngineError(
        `CONTAINER_HOST_GUARD: could not add the iptables rule that keeps instances off the host (${(error as Error).message.split('\n')[0]})`,
      );
    }
  }
}

export interface DockerEngineOptions {
  /** unix:///path, tcp://host:port; the local socket when unset. */
  dockerHost?: string;
  /** Host address published ports bind to. */
  publishAddress: string;
  /** Value of the platform label; list() returns only instances carrying it. */
  owner: string;
}

export function dockerClient(dockerHost: string | undefined): Docker {
  if (!dockerHost) return new Docker({ socketPath: '/var/run/docker.sock', version: 'v1.41' });
  const url = new URL(dockerHost);
  if (url.protocol === 'unix:') return new Docker({ socketPath: url.pathname, version: 'v1.41' });
  return new Docker({
    host: url.hostname,
    port: Number(url.port || 2375),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    version: 'v1.41',
  });
}

/** Docker Engine API: one container on its own bridge network per instance. */
export function createDockerEngine(options: DockerEngineOptions, docker = dockerClient(options.dockerHost)) {
  async function removeObjects(instanceId: string): Promise<void> {
    const names = dockerNames(instanceId);
    await ignoreMissing(docker.getContainer(names.container).remove({ force: true, v: true }));
    await ignoreMissing(docker.getNetwork(names.network).remove());
  }

  const engine: ContainerEngine = {
    name: 'docker',
    async start(spec: InstanceSpec): Promise<StartedInstance> {
      const names = dockerNames(spec.instanceId);
      try {
        await docker.createNetwork(dockerNetworkBody(spec));
        const container = await docker.createContainer(dockerContainerBody(spec, options.publishAddress));
        await container.start();
        const info = await container.inspect();
        if (!info.State.Running) throw new Error(`instance exited at once (${info.State.Status})`);
        const ip = info.NetworkSettings.Networks[names.network]?.IPAddress ?? '';
        const binding = info.NetworkSettings.Ports?.[`${spec.exposePort}/tcp`]?.[0];
        return {
          engineId: info.Id,
          ip,
          port: spec.exposePort,
          publicPort: spec.publish && binding ? Number(binding.HostPort) : null,
        };
      } catch (error) {
        await removeObjects(spec.instanceId).catch(() => undefined);
        const reason = statusOf(error) === 404 ? `image ${spec.image} not found` : (error as Error).message;
        throw new ContainerEngineError(`docker: ${reason}`);
      }
    },
    async destroy(instanceId: string): Promise<void> {
      try {
        await removeObjects(instanceId);
      } catch (error) {
        throw new ContainerEngineError(`docker: ${(error as Error).message}`);
      }
    },
    async list(): Promise<string[]> {
      const filters = JSON.stringify({ label: [`${instanceLabels.platform}=${options.owner}`] });
      const [containers, networks] = await Promise.all([
        docker.listContainers({ all: true, filters }),
        docker.listNetworks({ filters }),
      ]);
      const ids = new Set<string>();
      for (const c of containers) {
        const id = c.Labels?.[instanceLabels.instance];
        if (id) ids.add(id);
      }
      for (const n of networks) {
        const id = n.Labels?.[instanceLabels.instance];
        if (id) ids.add(id);
      }
      return [...ids];
    },
    async close(): Promise<void> {},
  };
  return engine;
}
