import { type ContainerService, ContainerServices, containerServiceLimits } from '@flagpole/contract';
import { FORM_INDEX } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import {
  newService,
  type ServiceFormValue,
  type ServicesTranslate,
  serviceFormRules,
  toServiceFormValues,
  toServicesInput,
  validateServices,
} from './service-form';

/** The key and its options, so a test sees which message was chosen. */
const t: ServicesTranslate = (key, options) => (options ? `${key} ${JSON.stringify(options)}` : key);

const web: ServiceFormValue = {
  ...newService([]),
  name: 'web',
  image: 'registry.example/web:1',
  ports: ['8080'],
  env: [{ name: 'BACKEND', value: 'http://vault:9000' }],
};
const vault: ServiceFormValue = {
  ...newService([web]),
  name: 'vault',
  image: 'registry.example/vault:1',
  ports: ['9000'],
  dynamicFlag: true,
  pidsLimit: 64,
  readOnlyRoot: false,
};

describe('service form mapping', () => {
  it('reads the stored services and sends them back as the contract takes them', () => {
    const stored: ContainerService[] = [
      {
        name: 'web',
        image: 'w:1',
        entry: true,
        ports: [80, 443],
        env: [],
        memoryLimit: 64,
        cpuCount: 1,
        pidsLimit: 256,
        readOnlyRoot: false,
        dynamicFlag: false,
      },
      {
        name: 'db',
        image: 'd:1',
        entry: false,
        ports: [],
        env: [{ name: 'A', value: 'b' }],
        memoryLimit: 128,
        cpuCount: 5,
        pidsLimit: 64,
        readOnlyRoot: true,
        dynamicFlag: true,
      },
    ];
    const values = toServiceFormValues(stored);
    expect(values[0]?.ports).toEqual(['80', '443']);
    expect(toServicesInput(values)).toEqual(stored);
  });

  it('trims names and images and turns typed ports into numbers', () => {
    const [sent] = toServicesInput([{ ...web, name: ' web ', image: ' w:1 ', ports: [' 8080 '], pidsLimit: '64' }]);
    expect(sent).toMatchObject({ name: 'web', image: 'w:1', ports: [8080], pidsLimit: 64 });
  });

  it('makes the first new service an entry with the contract defaults', () => {
    expect(newService([])).toMatchObject({ entry: true, memoryLimit: 64, cpuCount: 1, pidsLimit: 256 });
    expect(newService([web]).entry).toBe(false);
  });

  it('has no undefined services for no services (a single image)', () => {
    expect(toServiceFormValues(undefined)).toEqual([]);
  });
});

describe('service validation', () => {
  it('accepts a valid list, which the contract accepts too', () => {
    expect(validateServices(t, [web, vault])).toEqual({});
    expect(ContainerServices.safeParse(toServicesInput([web, vault])).success).toBe(true);
    expect(validateServices(t, [])).toEqual({});
  });

  it('wants DNS-label names, unique in the challenge', () => {
    const errors = validateServices(t, [
      { ...web, name: 'Web_1' },
      { ...vault, name: '' },
      { ...vault, name: 'web' },
    ]);
    expect(errors['services.0.name']).toBe('adminGames.services.errors.name {"max":32}');
    expect(errors['services.1.name']).toBe('adminGames.validation.required');
    expect(validateServices(t, [web, { ...vault, name: 'web' }])['services.1.name']).toBe(
      'adminGames.services.errors.nameTaken',
    );
    expect(validateServices(t, [{ ...web, name: 'a-' }])['services.0.name']).toBe(
      'adminGames.services.errors.name {"max":32}',
    );
  });

  it('wants an image', () => {
    expect(validateServices(t, [{ ...web, image: ' ' }])['services.0.image']).toBe('adminGames.validation.required');
  });

  it('wants at least one entry, and a port on an entry', () => {
    expect(validateServices(t, [{ ...web, entry: false }]).services).toBe('adminGames.services.errors.noEntry');
    expect(validateServices(t, [{ ...web, ports: [] }])['services.0.ports']).toBe(
      'adminGames.services.errors.entryNeedsPort',
    );
    expect(validateServices(t, [web, { ...vault, ports: [] }])).toEqual({});
  });

  it('wants ports in range, written once', () => {
    expect(validateServices(t, [{ ...web, ports: ['70000'] }])['services.0.ports']).toBe(
      'adminGames.services.errors.port',
    );
    expect(validateServices(t, [{ ...web, ports: ['80', 'x'] }])['services.0.ports']).toBe(
      'adminGames.services.errors.port',
    );
    expect(validateServices(t, [{ ...web, ports: ['80', '080'] }])['services.0.ports']).toBe(
      'adminGames.services.errors.portsRepeat',
    );
  });

  it('wants environment names that are variable names, set once', () => {
    const env = [
      { name: 'A', value: '1' },
      { name: '1A', value: '' },
      { name: 'A', value: '2' },
    ];
    const errors = validateServices(t, [{ ...web, env }]);
    expect(errors['services.0.env.0.name']).toBeUndefined();
    expect(errors['services.0.env.1.name']).toBe('adminGames.services.errors.envName');
    expect(errors['services.0.env.2.name']).toBe('adminGames.services.errors.envNameRepeats');
  });

  it('wants the limits in range', () => {
    const errors = validateServices(t, [{ ...web, memoryLimit: 16, cpuCount: '', pidsLimit: 8 }]);
    expect(errors['services.0.memoryLimit']).toBe('adminGames.validation.range {"min":32,"max":1048576}');
    expect(errors['services.0.cpuCount']).toBe('adminGames.validation.required');
    expect(errors['services.0.pidsLimit']).toBe('adminGames.validation.range {"min":16,"max":4096}');
  });

  it('refuses more services than the contract allows', () => {
    const many = Array.from({ length: containerServiceLimits.services + 1 }, (_, index) => ({
      ...web,
      name: `s${index}`,
    }));
    expect(validateServices(t, many).services).toBe('adminGames.services.errors.tooMany {"count":8}');
  });
});

describe('service form rules', () => {
  it('give each field, and the list, its own error', () => {
    const rules = serviceFormRules(t);
    const values = {
      services: [
        { ...web, entry: false },
        { ...vault, name: 'web' },
      ],
    };
    expect(rules.name(undefined, values, 'services.1.name')).toBe('adminGames.services.errors.nameTaken');
    expect(rules.name(undefined, values, 'services.0.name')).toBeNull();
    expect(rules[FORM_INDEX](undefined, values, 'services')).toBe('adminGames.services.errors.noEntry');
    expect(rules.env.name(undefined, { services: [web] }, 'services.0.env.0.name')).toBeNull();
  });
});
