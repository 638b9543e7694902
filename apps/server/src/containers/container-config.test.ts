import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

describe('container configuration', () => {
  it('defaults to no engine, guarded hosts and a bounded start queue', () => {
    const config = loadConfig({});
    expect(config.CONTAINER_ENGINE).toBe('none');
    expect(config.CONTAINER_HOST_GUARD).toBe(true);
    expect(config.CONTAINER_START_CONCURRENCY).toBe(4);
    expect(config.CONTAINER_OWNER).toBe('flagpole');
  });

  it.each([
    ['CONTAINER_ENGINE', 'podman'],
    ['DOCKER_HOST', 'docker.sock'],
    ['CONTAINER_PUBLISH_ADDRESS', 'everywhere'],
    ['CONTAINER_START_CONCURRENCY', '0'],
    ['CONTAINER_START_WAIT_SECONDS', '-1'],
    ['CONTAINER_OWNER', 'Not A Label'],
    ['KUBE_NAMESPACE', 'UPPER'],
    ['CONTAINER_HOST_GUARD', 'maybe'],
  ])('stops on a bad %s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('accepts a unix or tcp Docker host', () => {
    expect(loadConfig({ DOCKER_HOST: 'unix:///run/docker.sock' }).DOCKER_HOST).toBe('unix:///run/docker.sock');
    expect(loadConfig({ DOCKER_HOST: 'tcp://10.0.0.5:2375' }).DOCKER_HOST).toBe('tcp://10.0.0.5:2375');
  });
});
