import { ContainerServices } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { GZCTF_FLAG_ENV, instanceImageOf, primaryEntryOf, serviceSpecsOf } from './service-specs';

const services = ContainerServices.parse([
  {
    name: 'vault',
    image: ' vault:1 ',
    ports: [9000],
    dynamicFlag: true,
    readOnlyRoot: true,
    pidsLimit: 64,
    env: [{ name: 'A', value: '1' }],
  },
  {
    name: 'web',
    image: 'web:1',
    entry: true,
    ports: [8080, 8081],
    env: [{ name: 'FLAGPOLE_TEAM_ID', value: 'spoofed' }],
  },
]);
const instanceEnv = { FLAGPOLE_INSTANCE_ID: 'abc', FLAGPOLE_TEAM_ID: '7', FLAGPOLE_FLAG: 'flag{x}' };

describe('service specs of a multi-service instance', () => {
  it('takes the first entry as the primary one, whose image names the instance', () => {
    expect(primaryEntryOf(services)?.name).toBe('web');
    expect(instanceImageOf({ container_image: 'single', container_services: services })).toBe('web:1');
    expect(instanceImageOf({ container_image: ' single ', container_services: null })).toBe('single');
  });

  it('gives the flag only to the services that ask for it, and the ids to all', () => {
    const [vault, web] = serviceSpecsOf(services, { env: instanceEnv, flag: 'flag{x}' });
    expect(vault).toEqual({
      name: 'vault',
      image: 'vault:1',
      entry: false,
      ports: [9000],
      env: {
        A: '1',
        FLAGPOLE_INSTANCE_ID: 'abc',
        FLAGPOLE_TEAM_ID: '7',
        FLAGPOLE_FLAG: 'flag{x}',
        [GZCTF_FLAG_ENV]: 'flag{x}',
      },
      memoryMb: 64,
      cpuTenths: 1,
      pidsLimit: 64,
      readOnlyRoot: true,
    });
    // A service's own variable cannot spoof the instance's ids.
    expect(web?.env).toEqual({ FLAGPOLE_INSTANCE_ID: 'abc', FLAGPOLE_TEAM_ID: '7' });
  });

  it('gives no flag variables to a static challenge', () => {
    const [vault] = serviceSpecsOf(services, { env: instanceEnv, flag: null });
    expect(vault?.env).not.toHaveProperty('FLAGPOLE_FLAG');
    expect(vault?.env).not.toHaveProperty(GZCTF_FLAG_ENV);
  });
});
