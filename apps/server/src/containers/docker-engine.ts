import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Docker from 'dockerode';
import { runDockerCheck } from './docker-check';
import { dockerServiceStates, SERVICE_SETTLE_MS, startServices } from './docker-services';
import {
  type ContainerEngine,
  ContainerEngineError,
  type EngineInstance,
  type InstanceSpec,
  ignoreNotFound,
  instanceLabels,
  mergeEngineInstances,
  PRIVATE_RANGES,
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

/**
 * Whether the daemon's storage driver can cap a container's writable layer (`StorageOpt size`), read from
 * `GET /info`: btrfs, zfs and devicemapper can; overlay2 only over xfs (and then only when mounted with project
 * quotas, which /info does not say: a refused create tells).
 */
export function storageQuotaPossible(info: { Driver?: string; DriverStatus?: Array<[string, string]> }): boolean {
  const driver = info.Driver ?? '';
  if (['btrfs', 'zfs', 'devicemapper'].includes(driver)) return true;
  const backing = info.DriverStatus?.find(([key]) => key === 'Backing Filesystem')?.[1];
  return driver === 'overlay2' && backing === 'xfs';
}

/**
 * The host settings every instance container shares (the single image and each service of a multi-service
 * instance): no capabilities, no privilege gain, capped memory (no swap beyond it), CPU and processes, never
 * restarted, on the instance's own network.
 */
export function hardenedHostConfig(
  instanceId: string,
  limits: { memoryMb: number; cpuTenths: number; pidsLimit: number },
): Docker.HostConfig {
  const memory = limits.memoryMb * 1024 * 1024;
  return {
    NetworkMode: dockerNames(instanceId).network,
    Memory: memory,
    MemorySwap: memory,
    NanoCpus: limits.cpuTenths * 100_000_000,
    PidsLimit: limits.pidsLimit,
    CapDrop: ['ALL'],
    SecurityOpt: ['no-new-privileges'],
    Privileged: false,
    Init: true,
    RestartPolicy: { Name: 'no' },
  };
}

/** The writable-layer cap of an instance container, when the daemon can apply it. */
export function storageOptOf(spec: InstanceSpec, storageQuota: boolean): Docker.HostConfig {
  return storageQuota && spec.storageMb > 0 ? { StorageOpt: { size: `${spec.storageMb}M` } } : {};
}

/** The create body of an instance container (pure, so its security settings are unit-tested). */
export function dockerContainerBody(
  spec: InstanceSpec,
  publishAddress: string,
  options: { storageQuota: boolean } = { storageQuota: false },
): Docker.ContainerCreateOptions {
  const port = `${spec.exposePort}/tcp`;
  return {
    name: dockerNames(spec.instanceId).container,
    Image: spec.image,
    Env: Object.entries(spec.env).map(([key, value]) => `${key}=${value}`),
    Labels: spec.labels,
    ExposedPorts: { [port]: {} },
    HostConfig: {
      ...hardenedHostConfig(spec.instanceId, { ...spec, pidsLimit: PIDS_LIMIT }),
      PortBindings: spec.publish ? { [port]: [{ HostIp: publishAddress, HostPort: '' }] } : {},
      ...storageOptOf(spec, options.storageQuota),
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
 * The network guard's iptables rules, in chain order. A bridge's gateway address is the host itself, so without
 * the INPUT rule an instance could reach the platform (or anything else listening on the host); the DROP rules
 * keep instances, masqueraded or not, from opening connections to private, CGNAT and link-local networks (the
 * cloud metadata address, the platform's database, other instances), as the Kubernetes network policy does.
 * Only new connections are dropped: answers to connections opened towards an instance (the proxy, published
 * ports, players on a private network) still pass. Traffic bridged within one instance's bridge (the services of
 * a multi-service instance talking to each other) is let through first: it never leaves the instance, while
 * anything towards another bridge is routed, not bridged, and meets the DROP rules.
 */
export function networkGuardRules(): string[][] {
  const fromInstances = ['-i', 'fp-+', '-m', 'conntrack', '--ctstate', 'NEW,INVALID', '-j', 'DROP'];
  return [
    ['INPUT', ...fromInstances],
    // DOCKER-USER is the chain Docker keeps for its users, consulted first for forwarded packets.
    ['DOCKER-USER', '-i', 'fp-+', '-m', 'physdev', '--physdev-is-bridged', '-j', 'RETURN'],
    ...PRIVATE_RANGES.map((range) => ['DOCKER-USER', '-d', range, ...fromInstances]),
  ];
}

/**
 * Adds (once: each rule is checked first) the network guard rules. Needs root and iptables. Each missing rule is
 * inserted at the top of its chain, last rule first, so the chain ends up in the order above (a rule added to an
 * older guard, such as the bridged exception, lands above the rules already there).
 */
export async function ensureNetworkGuard(): Promise<void> {
  for (const rule of networkGuardRules().reverse()) {
    try {
      await run('iptables', ['-w', '-C', ...rule]);
      continue;
    } catch {
      // not there yet: add it below
    }
    try {
      await run('iptables', ['-w', '-I', ...rule]);
    } catch (error) {
      throw new ContainerEngineError(
        `CONTAINER_HOST_GUARD: could not add the iptables rule that keeps instances off the host and private networks (${(error as Error).message.split('\n')[0]})`,
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
  /** How long the services of a multi-service instance get to fail after starting (SERVICE_SETTLE_MS). */
  serviceSettleMs?: number;
  /** Skips the storage driver detection: true tries `StorageOpt size` whatever the driver (tests). */
  storageQuota?: boolean;
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

/** Docker Engine API: one container (or one per service) on its own bridge network per instance. */
export function createDockerEngine(options: DockerEngineOptions, docker = dockerClient(options.dockerHost)) {
  async function removeContainer(container: Docker.Container): Promise<void> {
    try {
      await ignoreMissing(container.remove({ force: true, v: true }));
    } catch (error) {
      if (statusOf(error) !== 409) throw error;
      // Someone else (a reconciliation pass, another process) is removing it: done when they are.
      await ignoreMissing(container.wait({ condition: 'removed' }));
    }
  }

  /** Every container of the instance (its single container, or each of its services), then its network. */
  async function removeObjects(instanceId: string): Promise<void> {
    const names = dockerNames(instanceId);
    const filters = JSON.stringify({
      label: [`${instanceLabels.platform}=${options.owner}`, `${instanceLabels.instance}=${instanceId}`],
    });
    const labelled = await docker.listContainers({ all: true, filters });
    const ids = new Set([names.container, ...labelled.map((c) => c.Id)]);
    await Promise.all([...ids].map((id) => removeContainer(docker.getContainer(id))));
    await ignoreMissing(docker.getNetwork(names.network).remove());
  }

  // Whether to ask the daemon for a writable-layer size cap; found out once, and dropped for good when a
  // create refuses it (overlay2 over xfs without project quotas). Without it the storage watchdog enforces.
  let storageQuota: Promise<boolean> | undefined =
    options.storageQuota === undefined ? undefined : Promise.resolve(options.storageQuota);
  const quotaPossible = () => {
    storageQuota ??= docker.info().then(storageQuotaPossible, () => {
      // Unreachable daemon: ask again next time rather than remember a guess.
      storageQuota = undefined;
      return false;
    });
    return storageQuota;
  };

  /** Creates a container from its body, with the storage cap when the daemon takes one (`quota` false: never). */
  async function createContainer(
    body: (storageQuota: boolean) => Docker.ContainerCreateOptions,
    wantsQuota: boolean,
  ): Promise<Docker.Container> {
    const quota = wantsQuota && (await quotaPossible());
    try {
      return await docker.createContainer(body(quota));
    } catch (error) {
      if (!quota || !/storage/i.test((error as Error).message)) throw error;
      storageQuota = Promise.resolve(false);
      return docker.createContainer(body(false));
    }
  }

  async function startSingle(spec: InstanceSpec): Promise<StartedInstance> {
    const names = dockerNames(spec.instanceId);
    const body = (storageQuota: boolean) => dockerContainerBody(spec, options.publishAddress, { storageQuota });
    const container = await createContainer(body, spec.storageMb > 0);
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
  }

  const engine: ContainerEngine = {
    name: 'docker',
    async start(spec: InstanceSpec): Promise<StartedInstance> {
      try {
        await docker.createNetwork(dockerNetworkBody(spec));
        if (!spec.services?.length) return await startSingle(spec);
        return await startServices(spec, {
          create: (body) => createContainer(body, spec.storageMb > 0),
          publishAddress: options.publishAddress,
          settleMs: options.serviceSettleMs ?? SERVICE_SETTLE_MS,
        });
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
    async list(): Promise<EngineInstance[]> {
      const filters = JSON.stringify({ label: [`${instanceLabels.platform}=${options.owner}`] });
      const [containers, networks] = await Promise.all([
        docker.listContainers({ all: true, filters }),
        docker.listNetworks({ filters }),
      ]);
      // A multi-service instance runs only while every one of its services does: one that died leaves the
      // group broken, which the reconciliation then removes as a whole (the team starts it afresh).
      const idOf = (c: Docker.ContainerInfo) => c.Labels?.[instanceLabels.instance];
      const broken = new Set(containers.filter((c) => c.State !== 'running').map(idOf));
      return mergeEngineInstances([
        ...containers.map((c) => ({ instanceId: idOf(c), running: c.State === 'running' && !broken.has(idOf(c)) })),
        ...networks.map((n) => ({ instanceId: n.Labels?.[instanceLabels.instance], running: false })),
      ]);
    },
    async storageUsage(): Promise<Map<string, number>> {
      const usage = new Map<string, number>();
      if (await quotaPossible()) return usage;
      // The daemon sums each writable layer (`SizeRw`) on request; only running instances matter.
      const filters = JSON.stringify({ label: [`${instanceLabels.platform}=${options.owner}`] });
      const containers: Array<Docker.ContainerInfo & { SizeRw?: number }> = await docker.listContainers({
        size: true,
        filters,
      });
      for (const c of containers) {
        const id = c.Labels?.[instanceLabels.instance];
        // A multi-service instance writes through each of its containers.
        if (id) usage.set(id, (usage.get(id) ?? 0) + (c.SizeRw ?? 0));
      }
      return usage;
    },
    serviceStates: (instanceId) => dockerServiceStates(docker, { owner: options.owner, instanceId }),
    runCheck: (spec) => runDockerCheck(docker, spec, (instanceId) => dockerNames(instanceId).container),
    async close(): Promise<void> {},
  };
  return engine;
}
