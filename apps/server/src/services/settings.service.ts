import { ContainerPortMappingType } from '@flagpole/contract';
import { z } from 'zod';
import type { Clock } from '../lib/clock';
import type { SettingsRepository } from '../repositories/settings.repository';

/** Who may register and how new accounts become active. */
export const AccountPolicy = z.object({
  allowRegister: z.boolean().default(true),
  activeOnRegister: z.boolean().default(true),
  emailConfirmationRequired: z.boolean().default(false),
  useCaptcha: z.boolean().default(false),
  /** Comma-separated list of allowed e-mail domains; empty allows all. */
  emailDomainList: z.string().max(2048).default(''),
});
export type AccountPolicy = z.infer<typeof AccountPolicy>;

export const GlobalConfig = z.object({
  title: z.string().max(64).default('Flagpole'),
  slogan: z.string().max(256).default('Hack for fun not for profit'),
  footerInfo: z.string().max(1024).nullable().default(null),
  customTheme: z.string().nullable().default(null),
  logoHash: z.string().nullable().default(null),
});
export type GlobalConfig = z.infer<typeof GlobalConfig>;

/** Container defaults; lifetimes are minutes. */
export const ContainerPolicy = z.object({
  portMapping: ContainerPortMappingType.default('Default'),
  defaultLifetime: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  extensionDuration: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  renewalWindow: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10),
});
export type ContainerPolicy = z.infer<typeof ContainerPolicy>;

const sections = { accountPolicy: AccountPolicy, globalConfig: GlobalConfig, containerPolicy: ContainerPolicy };

export interface Settings {
  accountPolicy: AccountPolicy;
  globalConfig: GlobalConfig;
  containerPolicy: ContainerPolicy;
  /** When the settings last changed; used as the validator of cached responses. */
  updatedAt: Date;
}

type Section = keyof typeof sections;

/**
 * Runtime settings, read from the database once and kept in memory; updates write through
 * and notify listeners so derived caches (the client config) rebuild.
 */
export function createSettingsService(deps: {
  repository: SettingsRepository;
  clock: Clock;
  /** Values that apply until an administrator saves the section (e.g. captcha on when a provider is configured). */
  defaults?: { [S in Section]?: Partial<Settings[S]> };
}) {
  let current: Settings | undefined;
  const listeners = new Set<(settings: Settings) => void>();

  async function load(): Promise<Settings> {
    const stored = await deps.repository.getAll();
    const parse = <S extends Section>(key: S) => {
      const result = sections[key].safeParse(stored.get(key) ?? deps.defaults?.[key] ?? {});
      return (result.success ? result.data : sections[key].parse({})) as Settings[S];
    };
    current = {
      accountPolicy: parse('accountPolicy'),
      globalConfig: parse('globalConfig'),
      containerPolicy: parse('containerPolicy'),
      updatedAt: deps.clock.now(),
    };
    for (const listener of listeners) listener(current);
    return current;
  }

  return {
    load,
    /** The current settings; load() must have run. */
    get(): Settings {
      if (!current) throw new Error('settings not loaded');
      return current;
    },
    async update<S extends Section>(key: S, patch: Partial<Settings[S]>): Promise<Settings> {
      const merged = sections[key].parse({ ...this.get()[key], ...patch });
      await deps.repository.put(key, merged, deps.clock.now());
      return load();
    },
    onChange(listener: (settings: Settings) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
