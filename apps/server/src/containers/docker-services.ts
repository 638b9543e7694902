import type { ContainerServiceState } from '@flagpole/contract';
import type Docker from 'dockerode';
import { dockerNames, hardenedHostConfig, storageOptOf } from './docker-engine';
import { type InstanceSpec, instanceLabels, type ServiceSpec, type StartedInstance } from './types';

/*
 * The services of a multi-service instance on Docker (docs/containers.md, "Several services"): one container per
 * service on the instance's own bridge, each reachable by the others under its service name, started as a unit.
 */

/** How long the services get to fail after they all started: one that exits by then fails the instance. */
export const SERVICE_SETTLE_MS = 1000;
/** The end of a failed service's logs put in the start error. */
const FAILURE_LOG_BYTES = 2048;
/** The end of each service's logs the admin's services view shows. */
export const STATE_LOG_BYTES = 8192;

/** The first entry runs under the instance's own container name (what health checks join); the rest add theirs. */
export function serviceContainerName(instanceId: string, service: ServiceSpec, primary: boolean): string {
  const { container } = dockerNames(instanceId);
  return primary ? container : `${container}-${service.name}`;
}

/** The primary entry: the first entry service (the contract guarantees one, with a port). */
export function primaryServiceOf(spec: InstanceSpec): ServiceSpec {
  const primary = spec.services?.find((service) => service.entry && service.ports.length > 0);
  if (!primary) throw new Error('no entry service with a port');
  return primary;
}

/**
 * The create body of one service's container (pure, so its security settings are unit-tested): the hardening of
 * a single instance container with the service's own limits, its name as alias on the instance network, and a
 * published port only for the primary entry's first port, as a single image publishes its port.
 */
export function dockerServiceBody(
  spec: InstanceSpec,
  service: ServiceSpec,
  options: { publishAddress: string; primary: boolean; storageQuota: boolean },
): Docker.ContainerCreateOptions {
  const names = dockerNames(spec.instanceId);
  const published = `${service.ports[0]}/tcp`;
  const publish = options.primary && spec.publish;
  return {
    name: serviceContainerName(spec.instanceId, service, options.primary),
    Image: service.image,
    Env: Object.entries(service.env).map(([key, value]) => `${key}=${value}`),
    Labels: {
      ...spec.labels,
      [instanceLabels.service]: service.name,
      [instanceLabels.serviceEntry]: String(service.entry),
    },
    ExposedPorts: Object.fromEntries(service.ports.map((port) => [`${port}/tcp`, {}])),
    HostConfig: {
      ...hardenedHostConfig(spec.instanceId, service),
      // A read-only root still needs somewhere to write temporary files: a small memory-backed /tmp.
      ...(service.readOnlyRoot ? { ReadonlyRootfs: true, Tmpfs: { '/tmp': 'rw,noexec,nosuid,size=16m' } } : {}),
      PortBindings: publish ? { [published]: [{ HostIp: options.publishAddress, HostPort: '' }] } : {},
      ...storageOptOf(spec, options.storageQuota),
    },
    NetworkingConfig: { EndpointsConfig: { [names.network]: { Aliases: [service.name] } } },
  };
}

/**
 * The text of a container's logs as the daemon sends them without a terminal: frames of an 8-byte header
 * (stream, three zero bytes, big-endian length) and their payload. Anything else is taken as plain text.
 */
export function demuxDockerLogs(raw: Buffer): string {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset + 8 <= raw.length) {
    const stream = raw[offset];
    if (stream === undefined || stream > 2 || raw.readUIntBE(offset + 1, 3) !== 0) return raw.toString('utf8');
    const size = raw.readUInt32BE(offset + 4);
    parts.push(raw.subarray(offset + 8, offset + 8 + size));
    offset += 8 + size;
  }
  return Buffer.concat(parts).toString('utf8');
}

/** The last `bytes` of a container's logs (stdout and stderr in order); '' when it has none or is gone. */
export async function tailLogs(container: Docker.Container, bytes: number): Promise<string> {
  try {
    const raw = (await container.logs({ stdout: true, stderr: true, follow: false, tail: 200 })) as unknown as Buffer;
    const text = demuxDockerLogs(Buffer.isBuffer(raw) ? raw : Buffer.from(String(raw)));
    return Buffer.byteLength(text) <= bytes ? text : Buffer.from(text).subarray(-bytes).toString('utf8');
  } catch {
    return '';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ServiceStartDeps {
  /** Creates a container from the body (with the storage cap where the daemon takes it). */
  create: (body: (storageQuota: boolean) => Docker.ContainerCreateOptions) => Promise<Docker.Container>;
  publishAddress: string;
  settleMs: number;
}

/**
 * Creates and starts every service, then waits `settleMs` and checks that all still run: the instance is
 * running only when every service is. Throws an Error naming the failed service with the end of its logs; the
 * caller removes what was made (containers and network, by label).
 */
export async function startServices(spec: InstanceSpec, deps: ServiceStartDeps): Promise<StartedInstance> {
  const primary = primaryServiceOf(spec);
  const started: Array<{ service: ServiceSpec; container: Docker.Container }> = [];
  for (const service of spec.services ?? []) {
    const isPrimary = service === primary;
    const body = (storageQuota: boolean) =>
      dockerServiceBody(spec, service, { publishAddress: deps.publishAddress, primary: isPrimary, storageQuota });
    try {
      const container = await deps.create(body);
      started.push({ service, container });
      await container.start();
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      const reason = status === 404 ? `image ${service.image} not found` : (error as Error).message;
      throw new Error(`service ${service.name}: ${reason}`);
    }
  }
  await sleep(deps.settleMs);
  let primaryInfo: Docker.ContainerInspectInfo | undefined;
  for (const { service, container } of started) {
    const info = await container.inspect();
    if (!info.State.Running) {
      const logs = (await tailLogs(container, FAILURE_LOG_BYTES)).trim();
      const exit = `exited at start (${info.State.Status}, code ${info.State.ExitCode})`;
      throw new Error(`service ${service.name} ${exit}${logs ? `; its last logs:\n${logs}` : ''}`);
    }
    if (service === primary) primaryInfo = info;
  }
  if (!primaryInfo) throw new Error('the primary entry did not start');
  const port = primary.ports[0] ?? spec.exposePort;
  const binding = primaryInfo.NetworkSettings.Ports?.[`${port}/tcp`]?.[0];
  return {
    engineId: primaryInfo.Id,
    ip: primaryInfo.NetworkSettings.Networks[dockerNames(spec.instanceId).network]?.IPAddress ?? '',
    port,
    publicPort: spec.publish && binding ? Number(binding.HostPort) : null,
  };
}

/** The services of an instance as the daemon has them (owner and instance labels), with the end of their logs. */
export async function dockerServiceStates(
  docker: Docker,
  filter: { owner: string; instanceId: string },
): Promise<ContainerServiceState[]> {
  const filters = JSON.stringify({
    label: [`${instanceLabels.platform}=${filter.owner}`, `${instanceLabels.instance}=${filter.instanceId}`],
  });
  const containers = await docker.listContainers({ all: true, filters });
  const services = containers.filter((c) => c.Labels?.[instanceLabels.service]);
  return Promise.all(
    services.map(async (c): Promise<ContainerServiceState> => {
      const container = docker.getContainer(c.Id);
      const running = c.State === 'running';
      const exitCode = running
        ? null
        : await container.inspect().then(
            (info) => info.State.ExitCode,
            () => null,
          );
      return {
        name: c.Labels[instanceLabels.service] ?? '',
        entry: c.Labels[instanceLabels.serviceEntry] === 'true',
        state: running ? 'Running' : 'Exited',
        exitCode,
        logs: await tailLogs(container, STATE_LOG_BYTES),
      };
    }),
  );
}
