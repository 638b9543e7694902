import { describe, expect, it } from 'vitest';
import { toChallengeYaml } from '../src/export.js';
import { planSync } from '../src/plan.js';
import type { RemoteChallenge } from '../src/remote.js';
import { validatorFor } from '../src/schema.js';
import { servicesOfFile } from '../src/services-fields.js';

const fileServices = [
  { name: 'web', image: 'chall/web:1', entry: true, ports: [8080] },
  {
    name: 'db',
    image: 'chall/db:1',
    ports: [5432],
    env: { SECRET: 's' },
    memory: 128,
    pids: 64,
    dynamic_flag: true,
    read_only_root: true,
  },
];

const remote = (services: RemoteChallenge['services']): RemoteChallenge => ({
  id: 7,
  title: 'Stack',
  content: 'Pivot.',
  category: 'Web',
  type: 'DynamicContainer',
  hints: [],
  flagTemplate: 'flag{[GUID]}',
  isEnabled: false,
  acceptedCount: 0,
  fileName: null,
  attachment: null,
  flags: [],
  containerImage: 'single:1',
  memoryLimit: 64,
  cpuCount: 1,
  storageLimit: 256,
  exposePort: 80,
  networkMode: 'Open',
  enableTrafficCapture: false,
  disableBloodBonus: false,
  deadlineUtc: null,
  submissionLimit: 0,
  originalScore: 500,
  minScoreRate: 0.25,
  difficulty: 5,
  services,
});

const desired = (services: unknown[] | undefined) => ({
  title: 'Stack',
  category: 'Web',
  type: 'DynamicContainer',
  content: 'Pivot.',
  hints: [],
  flags: [],
  attachment: null,
  ...(services ? { services: servicesOfFile(services as Record<string, unknown>[]) } : {}),
});

describe('flagpole.container.services', () => {
  it('reads the file with the server defaults and writes it back without them', () => {
    const api = servicesOfFile(fileServices);
    expect(api[1]).toEqual({
      name: 'db',
      image: 'chall/db:1',
      entry: false,
      ports: [5432],
      env: [{ name: 'SECRET', value: 's' }],
      memoryLimit: 128,
      cpuCount: 1,
      pidsLimit: 64,
      dynamicFlag: true,
      readOnlyRoot: true,
    });
    const yaml = toChallengeYaml(remote(api)) as { flagpole: { container: { services: unknown } } };
    expect(yaml.flagpole.container.services).toEqual(fileServices);
    const single = toChallengeYaml(remote([])) as { flagpole: { container: Record<string, unknown> } };
    expect(single.flagpole.container).not.toHaveProperty('services');
  });

  it('plans a change only when the services differ, and none when the file says nothing', () => {
    const held = [remote(servicesOfFile(fileServices))];
    const plan = (services: unknown[] | undefined) =>
      planSync([{ file: 'a.yml', desired: desired(services) }], held, { prune: false }).steps[0];
    expect(plan(fileServices)?.action).toBe('unchanged');
    expect(plan(undefined)?.action).toBe('unchanged');
    const changed = plan([fileServices[0]]);
    expect(changed?.changes.map((c) => c.field)).toEqual(['services']);
    expect(plan([])?.changes).toEqual([expect.objectContaining({ field: 'services', to: [] })]);
  });

  it('is checked by the schema: DNS-safe names, bounded limits', () => {
    const validate = validatorFor('ctfcli');
    const file = (services: unknown[]) => ({
      name: 'Stack',
      category: 'Web',
      description: 'x',
      value: 100,
      flagpole: { type: 'DynamicContainer', container: { image: 'single:1', services } },
    });
    expect(validate(file(fileServices)), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(file([{ ...fileServices[0], name: 'Web_1' }]))).toBe(false);
    expect(validate(file([{ ...fileServices[0], pids: 1 }]))).toBe(false);
    expect(validate(file([{ ...fileServices[0], extra: 1 }]))).toBe(false);
  });
});
