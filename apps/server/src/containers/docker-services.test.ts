import { describe, expect, it } from 'vitest';
import { dockerNames } from './docker-engine';
import { demuxDockerLogs, dockerServiceBody, primaryServiceOf, serviceContainerName } from './docker-services';
import type { InstanceSpec, ServiceSpec } from './types';

const service = (name: string, extra: Partial<ServiceSpec> = {}): ServiceSpec => ({
  name,
  image: `${name}:1`,
  entry: false,
  ports: [9000],
  env: {},
  memoryMb: 64,
  cpuTenths: 2,
  pidsLimit: 32,
  readOnlyRoot: false,
  ...extra,
});
const web = service('web', { entry: true, ports: [8080, 8081], env: { BACKEND: 'http://vault:9000' } });
const vault = service('vault', { env: { FLAGPOLE_FLAG: 'flag{x}' }, memoryMb: 128 });
const spec: InstanceSpec = {
  instanceId: '0b6f4c9e-8d43-4d7b-9a55-6a1f1b2a3c4d',
  image: 'web:1',
  exposePort: 8080,
  memoryMb: 256,
  cpuTenths: 10,
  storageMb: 0,
  env: {},
  labels: { 'flagpole.platform': 'flagpole', 'flagpole.instance': '0b6f4c9e-8d43-4d7b-9a55-6a1f1b2a3c4d' },
  publish: true,
  egress: 'Isolated',
  services: [vault, web],
};
const network = dockerNames(spec.instanceId).network;

describe('docker service bodies', () => {
  it('takes the first entry as the primary one, under the instance container name', () => {
    expect(primaryServiceOf(spec)).toBe(web);
    expect(serviceContainerName(spec.instanceId, web, true)).toBe(dockerNames(spec.instanceId).container);
    expect(serviceContainerName(spec.instanceId, vault, false)).toBe(`flagpole-${spec.instanceId}-vault`);
  });

  it('runs each service hardened, with its own limits, on the instance network under its name', () => {
    const body = dockerServiceBody(spec, vault, { publishAddress: '127.0.0.1', primary: false, storageQuota: false });
    expect(body.Image).toBe('vault:1');
    expect(body.Env).toEqual(['FLAGPOLE_FLAG=flag{x}']);
    expect(body.Labels).toEqual({ ...spec.labels, 'flagpole.service': 'vault', 'flagpole.service-entry': 'false' });
    expect(body.HostConfig).toMatchObject({
      NetworkMode: network,
      Memory: 128 * 1024 * 1024,
      MemorySwap: 128 * 1024 * 1024,
      NanoCpus: 200_000_000,
      PidsLimit: 32,
      CapDrop: ['ALL'],
      SecurityOpt: ['no-new-privileges'],
      Privileged: false,
      RestartPolicy: { Name: 'no' },
      PortBindings: {},
    });
    expect(body.NetworkingConfig).toEqual({ EndpointsConfig: { [network]: { Aliases: ['vault'] } } });
    expect(body.HostConfig).not.toHaveProperty('ReadonlyRootfs');
    // Asked for, a read-only root with a small memory-backed /tmp.
    const readOnly = dockerServiceBody(
      spec,
      { ...vault, readOnlyRoot: true },
      { publishAddress: '127.0.0.1', primary: false, storageQuota: false },
    );
    expect(readOnly.HostConfig).toMatchObject({ ReadonlyRootfs: true, Tmpfs: { '/tmp': 'rw,noexec,nosuid,size=16m' } });
  });

  it("publishes only the primary entry's first port, and only in Default mapping", () => {
    const options = { publishAddress: '127.0.0.1', primary: true, storageQuota: false };
    const body = dockerServiceBody(spec, web, options);
    expect(body.ExposedPorts).toEqual({ '8080/tcp': {}, '8081/tcp': {} });
    expect(body.HostConfig?.PortBindings).toEqual({ '8080/tcp': [{ HostIp: '127.0.0.1', HostPort: '' }] });
    expect(body.Labels?.['flagpole.service-entry']).toBe('true');
    expect(dockerServiceBody({ ...spec, publish: false }, web, options).HostConfig?.PortBindings).toEqual({});
  });

  it('caps every service writable layer when asked to', () => {
    const limited = { ...spec, storageMb: 32 };
    const options = { publishAddress: '127.0.0.1', primary: false, storageQuota: true };
    expect(dockerServiceBody(limited, vault, options).HostConfig?.StorageOpt).toEqual({ size: '32M' });
  });
});

describe('docker log frames', () => {
  const frame = (stream: number, text: string) => {
    const payload = Buffer.from(text);
    const header = Buffer.alloc(8);
    header[0] = stream;
    header.writeUInt32BE(payload.length, 4);
    return Buffer.concat([header, payload]);
  };

  it('joins stdout and stderr frames in order', () => {
    expect(demuxDockerLogs(Buffer.concat([frame(1, 'out\n'), frame(2, 'err\n'), frame(1, 'end')]))).toBe(
      'out\nerr\nend',
    );
  });

  it('takes unframed output (a terminal) as it is', () => {
    expect(demuxDockerLogs(Buffer.from('plain text from a tty\n'))).toBe('plain text from a tty\n');
  });
});
