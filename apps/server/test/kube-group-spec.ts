import type { InstanceSpec } from '../src/containers/types';

/**
 * A multi-service instance for the Kubernetes engine's tests: a published web entry (two ports) asking an internal
 * vault, which holds the team's flag, and a worker without ports.
 */
export const groupSpec: InstanceSpec = {
  instanceId: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  image: 'registry.example/notes-web:1',
  exposePort: 8080,
  memoryMb: 64,
  cpuTenths: 5,
  storageMb: 128,
  env: {},
  labels: { 'flagpole.platform': 'flagpole', 'flagpole.instance': '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d' },
  publish: true,
  egress: 'Isolated',
  services: [
    {
      name: 'vault',
      image: 'registry.example/notes-vault:1',
      entry: false,
      ports: [9000],
      env: { GZCTF_FLAG: 'flag{team}' },
      memoryMb: 128,
      cpuTenths: 2,
      pidsLimit: 64,
      readOnlyRoot: true,
    },
    {
      name: 'web',
      image: 'registry.example/notes-web:1',
      entry: true,
      ports: [8080, 8443],
      env: { BACKEND: 'http://vault:9000' },
      memoryMb: 64,
      cpuTenths: 5,
      pidsLimit: 256,
      readOnlyRoot: false,
    },
    {
      name: 'worker',
      image: 'registry.example/worker:1',
      entry: false,
      ports: [],
      env: {},
      memoryMb: 32,
      cpuTenths: 1,
      pidsLimit: 16,
      readOnlyRoot: false,
    },
  ],
};
