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

  it('refuses the host guard with a Docker daemon on another machine, naming the variable', () => {
    const remote = { CONTAINER_ENGINE: 'docker', DOCKER_HOST: 'tcp://10.0.0.5:2375' };
    expect(() => loadConfig(remote)).toThrow(ConfigError);
    expect(() => loadConfig(remote)).toThrow(/CONTAINER_HOST_GUARD: DOCKER_HOST is another machine/);
    expect(() => loadConfig({ ...remote, DOCKER_HOST: 'https://docker.example:2376' })).toThrow(ConfigError);
    // Turned off by an operator who guards the Docker host's firewall, it starts.
    expect(loadConfig({ ...remote, CONTAINER_HOST_GUARD: 'false' }).DOCKER_HOST).toBe('tcp://10.0.0.5:2375');
    // A daemon on this machine, or no Docker at all, is not concerned.
    for (const local of ['tcp://127.0.0.1:2375', 'tcp://localhost:2375', 'tcp://[::1]:2375', 'unix:///run/d.sock']) {
      expect(loadConfig({ CONTAINER_ENGINE: 'docker', DOCKER_HOST: local }).DOCKER_HOST).toBe(local);
    }
    expect(loadConfig({ CONTAINER_ENGINE: 'kubernetes', DOCKER_HOST: 'tcp://10.0.0.5:2375' })).toBeTruthy();
  });
});
