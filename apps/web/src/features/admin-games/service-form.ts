import { type ContainerService, containerServiceLimits } from '@flagpole/contract';
import { FORM_INDEX } from '@mantine/form';

type NumberField = number | string;

/** One service of a multi-service container challenge as the editor holds it (docs/containers.md "Several services"). */
export interface ServiceFormValue {
  name: string;
  image: string;
  entry: boolean;
  /** The ports as typed (a tags input); sent as numbers. */
  ports: string[];
  env: { name: string; value: string }[];
  memoryLimit: NumberField;
  cpuCount: NumberField;
  pidsLimit: NumberField;
  dynamicFlag: boolean;
  readOnlyRoot: boolean;
}

export type ServiceValidationKey =
  | 'adminGames.validation.required'
  | 'adminGames.validation.range'
  | 'adminGames.validation.integer'
  | 'adminGames.services.errors.name'
  | 'adminGames.services.errors.nameTaken'
  | 'adminGames.services.errors.port'
  | 'adminGames.services.errors.portsRepeat'
  | 'adminGames.services.errors.entryNeedsPort'
  | 'adminGames.services.errors.envName'
  | 'adminGames.services.errors.envNameRepeats'
  | 'adminGames.services.errors.noEntry'
  | 'adminGames.services.errors.tooMany';

export type ServicesTranslate = (key: ServiceValidationKey, options?: Record<string, unknown>) => string;

/** The contract's limits on the numbers of a service (packages/contract/src/schemas/container-services.ts). */
export const serviceNumberLimits = {
  memoryLimit: { min: 32, max: 1_048_576 },
  cpuCount: { min: 1, max: 1024 },
  pidsLimit: { min: containerServiceLimits.pids.min, max: containerServiceLimits.pids.max },
} as const;

const SERVICE_NAME = /^[a-z](?:[a-z0-9-]*[a-z0-9])?$/;
const SERVICE_NAME_MAX = 32;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ENV_NAME_MAX = 128;

/** A new service: the contract's defaults, an entry when it is the first one (a list needs an entry). */
export function newService(existing: readonly ServiceFormValue[]): ServiceFormValue {
  return {
    name: '',
    image: '',
    entry: existing.length === 0,
    ports: [],
    env: [],
    memoryLimit: 64,
    cpuCount: 1,
    pidsLimit: containerServiceLimits.pids.default,
    dynamicFlag: false,
    readOnlyRoot: false,
  };
}

export function toServiceFormValues(services: readonly ContainerService[] | undefined): ServiceFormValue[] {
  return (services ?? []).map((service) => ({
    name: service.name,
    image: service.image,
    entry: service.entry,
    ports: service.ports.map(String),
    env: service.env.map((variable) => ({ ...variable })),
    memoryLimit: service.memoryLimit,
    cpuCount: service.cpuCount,
    pidsLimit: service.pidsLimit,
    dynamicFlag: service.dynamicFlag,
    readOnlyRoot: service.readOnlyRoot ?? false,
  }));
}

/** The `services` to send: trimmed names and images, ports as numbers. An empty list means a single image. */
export function toServicesInput(values: readonly ServiceFormValue[]): ContainerService[] {
  return values.map((service) => ({
    name: service.name.trim(),
    image: service.image.trim(),
    entry: service.entry,
    ports: service.ports.map((port) => Number(port.trim())),
    env: service.env.map((variable) => ({ name: variable.name.trim(), value: variable.value })),
    memoryLimit: Number(service.memoryLimit),
    cpuCount: Number(service.cpuCount),
    pidsLimit: Number(service.pidsLimit),
    dynamicFlag: service.dynamicFlag,
    readOnlyRoot: service.readOnlyRoot,
  }));
}

const isPort = (text: string) => /^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 65_535;

function numberError(t: ServicesTranslate, value: NumberField, { min, max }: { min: number; max: number }) {
  if (value === '') return t('adminGames.validation.required');
  const number = Number(value);
  if (!Number.isFinite(number) || number < min || number > max) return t('adminGames.validation.range', { min, max });
  return Number.isInteger(number) ? null : t('adminGames.validation.integer');
}

function nameError(t: ServicesTranslate, name: string, taken: boolean) {
  const trimmed = name.trim();
  if (!trimmed) return t('adminGames.validation.required');
  if (trimmed.length > SERVICE_NAME_MAX || !SERVICE_NAME.test(trimmed)) {
    return t('adminGames.services.errors.name', { max: SERVICE_NAME_MAX });
  }
  return taken ? t('adminGames.services.errors.nameTaken') : null;
}

function portsError(t: ServicesTranslate, service: ServiceFormValue) {
  if (service.ports.some((port) => !isPort(port))) return t('adminGames.services.errors.port');
  if (new Set(service.ports.map(Number)).size !== service.ports.length)
    return t('adminGames.services.errors.portsRepeat');
  return service.entry && service.ports.length === 0 ? t('adminGames.services.errors.entryNeedsPort') : null;
}

function envErrors(t: ServicesTranslate, service: ServiceFormValue, path: string, errors: Record<string, string>) {
  const seen = new Set<string>();
  service.env.forEach((variable, index) => {
    const name = variable.name.trim();
    let error: string | null = null;
    if (!name || name.length > ENV_NAME_MAX || !ENV_NAME.test(name)) error = t('adminGames.services.errors.envName');
    else if (seen.has(name)) error = t('adminGames.services.errors.envNameRepeats');
    seen.add(name);
    if (error) errors[`${path}.env.${index}.name`] = error;
  });
}

function serviceErrors(t: ServicesTranslate, service: ServiceFormValue, path: string, taken: boolean) {
  const errors: Record<string, string> = {};
  const found: Record<string, string | null> = {
    [`${path}.name`]: nameError(t, service.name, taken),
    [`${path}.image`]: service.image.trim() ? null : t('adminGames.validation.required'),
    [`${path}.ports`]: portsError(t, service),
    [`${path}.memoryLimit`]: numberError(t, service.memoryLimit, serviceNumberLimits.memoryLimit),
    [`${path}.cpuCount`]: numberError(t, service.cpuCount, serviceNumberLimits.cpuCount),
    [`${path}.pidsLimit`]: numberError(t, service.pidsLimit, serviceNumberLimits.pidsLimit),
  };
  for (const [key, error] of Object.entries(found)) if (error) errors[key] = error;
  envErrors(t, service, path, errors);
  return errors;
}

/**
 * The editor's errors, by form path (`services.0.name`, `services.1.env.2.name`, and `services` for the list), as
 * the contract would refuse the list: DNS-label names unique in the challenge, an entry among them, an entry with a
 * port, distinct ports and environment names, numbers in range.
 */
export function validateServices(t: ServicesTranslate, services: readonly ServiceFormValue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const names = services.map((service) => service.name.trim());
  services.forEach((service, index) => {
    const taken = names.indexOf(names[index] ?? '') !== index;
    Object.assign(errors, serviceErrors(t, service, `services.${index}`, taken));
  });
  if (services.length > containerServiceLimits.services) {
    errors.services = t('adminGames.services.errors.tooMany', { count: containerServiceLimits.services });
  } else if (services.length > 0 && !services.some((service) => service.entry)) {
    errors.services = t('adminGames.services.errors.noEntry');
  }
  return errors;
}

type ServiceRule = (value: unknown, values: { services: ServiceFormValue[] }, path: string) => string | null;

/**
 * The form rules of the `services` list: every field reads its error from `validateServices`, so the messages are
 * the same whichever field a rule runs for (the list's own error under FORM_INDEX, Mantine's key for a list rule).
 */
export function serviceFormRules(t: ServicesTranslate) {
  const pick: ServiceRule = (_value, values, path) => validateServices(t, values.services)[path] ?? null;
  return {
    [FORM_INDEX]: pick,
    name: pick,
    image: pick,
    ports: pick,
    memoryLimit: pick,
    cpuCount: pick,
    pidsLimit: pick,
    env: { name: pick },
  };
}
