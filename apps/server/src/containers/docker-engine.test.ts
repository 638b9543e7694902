import { describe, expect, it } from 'vitest';
import {
  dockerContainerBody,
  dockerNames,
  dockerNetworkBody,
  networkGuardRules,
  storageQuotaPossible,
} from './docker-engine';
import { type InstanceSpec, PRIVATE_RANGES } from './types';

const spec: InstanceSpec = {
  instanceId: '0b6f4c9e-8d43-4d7b-9a55-6a1f1b2a3c4d',
  image: 'web:1',
  exposePort: 80,
  memoryMb: 128,
  cpuTenths: 10,
  storageMb: 0,
  env: { FLAGPOLE_FLAG: 'flag{x}' },
  labels: { 'flagpole.platform': 'flagpole' },
  publish: true,
  egress: 'Isolated',
};

describe('docker engine bodies', () => {
  it('names the bridge so the host guard matches it, within the 15-character interface limit', () => {
    const names = dockerNames(spec.instanceId);
    expect(names.bridge).toBe('fp-0b6f4c9e8d43');
    expect(names.bridge.length).toBeLessThanOrEqual(15);
  });

  it('runs the instance without privileges, with limits, on its own network', () => {
    const body = dockerContainerBody(spec, '127.0.0.1');
    expect(body.Env).toEqual(['FLAGPOLE_FLAG=flag{x}']);
    expect(body.HostConfig).toMatchObject({
      NetworkMode: `flagpole-${spec.instanceId}`,
      PortBindings: { '80/tcp': [{ HostIp: '127.0.0.1', HostPort: '' }] },
      Memory: 128 * 1024 * 1024,
      MemorySwap: 128 * 1024 * 1024,
      NanoCpus: 1_000_000_000,
      CapDrop: ['ALL'],
      SecurityOpt: ['no-new-privileges'],
      Privileged: false,
    });
    expect(body.HostConfig?.PidsLimit).toBeGreaterThan(0);
    expect(dockerContainerBody({ ...spec, publish: false }, '127.0.0.1').HostConfig?.PortBindings).toEqual({});
  });

  it('masquerades outgoing traffic only for Open challenges', () => {
    const option = 'com.docker.network.bridge.enable_ip_masquerade';
    expect(dockerNetworkBody(spec).Options?.[option]).toBe('false');
    expect(dockerNetworkBody({ ...spec, egress: 'Open' }).Options?.[option]).toBe('true');
  });

  it('caps the writable layer only when asked to and the challenge has a storage limit', () => {
    const limited = { ...spec, storageMb: 64 };
    expect(dockerContainerBody(limited, '0.0.0.0', { storageQuota: true }).HostConfig?.StorageOpt).toEqual({
      size: '64M',
    });
    expect(dockerContainerBody(limited, '0.0.0.0').HostConfig?.StorageOpt).toBeUndefined();
    expect(dockerContainerBody(spec, '0.0.0.0', { storageQuota: true }).HostConfig?.StorageOpt).toBeUndefined();
  });
});

describe('storage driver detection', () => {
  it.each([
    ['btrfs', [], true],
    ['zfs', [], true],
    ['devicemapper', [], true],
    ['overlay2', [['Backing Filesystem', 'xfs']], true],
    ['overlay2', [['Backing Filesystem', 'extfs']], false],
    ['vfs', [], false],
    [undefined, undefined, false],
  ] as const)('%s over %j: %s', (driver, status, possible) => {
    const info = { Driver: driver, DriverStatus: status as Array<[string, string]> | undefined };
    expect(storageQuotaPossible(info)).toBe(possible);
  });
});

describe('network guard rules', () => {
  it('drop new connections from instance bridges to the host and to every private range, answers excepted', () => {
    const rules = networkGuardRules();
    const fromInstances = ['-i', 'fp-+', '-m', 'conntrack', '--ctstate', 'NEW,INVALID', '-j', 'DROP'];
    expect(rules).toContainEqual(['INPUT', ...fromInstances]);
    for (const range of PRIVATE_RANGES) expect(rules).toContainEqual(['DOCKER-USER', '-d', range, ...fromInstances]);
    // Traffic within one instance's bridge (its services) passes before any drop; routed traffic does not.
    const bridged = ['DOCKER-USER', '-i', 'fp-+', '-m', 'physdev', '--physdev-is-bridged', '-j', 'RETURN'];
    expect(rules.findIndex((rule) => rule.join(' ') === bridged.join(' '))).toBe(
      rules.findIndex((rule) => rule[0] === 'DOCKER-USER'),
    );
    expect(PRIVATE_RANGES).toEqual(expect.arrayContaining(['169.254.0.0/16', '100.64.0.0/10', '10.0.0.0/8']));
  });
});
