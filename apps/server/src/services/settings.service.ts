import { randomUUID } from 'node:crypto';
import {
  AccountPolicy as AccountPolicySchema,
  type ConfigEditModel,
  type ConfigUpdateModel,
  ContainerPolicy as ContainerPolicySchema,
  GlobalConfig as GlobalConfigSchema,
} from '@flagpole/contract';
import { z } from 'zod';
import { badRequest } from '../http/errors';
import type { Clock } from '../lib/clock';
import { BUS_RESYNC, type EventBus } from '../lib/event-bus';
import type { SettingsRepository } from '../repositories/settings.repository';

/** Event-bus channel: some process saved settings; every process reloads them. */
export const SETTINGS_CHANGED = 'settings:changed';

/** What a fresh platform starts with (lifetimes in minutes). */
export const DEFAULT_SETTINGS: ConfigEditModel = {
  accountPolicy: {
    allowRegister: true,
    activeOnRegister: true,
    useCaptcha: false,
    emailConfirmationRequired: false,
    emailDomainList: '',
  },
  globalConfig: {
    title: 'Flagpole',
    slogan: 'Hack for fun not for profit',
    description: null,
    footerInfo: null,
    aboutText: null,
    defaultLanguage: 'en-US',
    customTheme: null,
    apiEncryption: false,
    logoHash: null,
    faviconHash: null,
  },
  containerPolicy: {
    autoDestroyOnLimitReached: true,
    maxExerciseContainerCountPerUser: 1,
    defaultLifetime: 120,
    extensionDuration: 120,
    renewalWindow: 10,
    portMapping: 'Default',
  },
};

type Section = keyof ConfigEditModel;

/** A section's contract schema with missing fields taken from the defaults. */
function withDefaults<S extends Section, T extends z.ZodType<ConfigEditModel[S]>>(section: S, schema: T) {
  return z.preprocess(
    (value) => ({ ...DEFAULT_SETTINGS[section], ...(typeof value === 'object' && value !== null ? value : {}) }),
    schema,
  );
}

export const AccountPolicy = withDefaults('accountPolicy', AccountPolicySchema);
export type AccountPolicy = ConfigEditModel['accountPolicy'];
export const GlobalConfig = withDefaults('globalConfig', GlobalConfigSchema);
export type GlobalConfig = ConfigEditModel['globalConfig'];
export const ContainerPolicy = withDefaults('containerPolicy', ContainerPolicySchema);
export type ContainerPolicy = ConfigEditModel['containerPolicy'];

const sections = { accountPolicy: AccountPolicy, globalConfig: GlobalConfig, containerPolicy: ContainerPolicy };
const SECTIONS = Object.keys(sections) as Section[];

export interface Settings extends ConfigEditModel {
  /** When the settings were last loaded; used as the validator of cached responses. */
  updatedAt: Date;
}

/**
 * Runtime settings, read from the database and kept in memory. A save writes through, reloads, and
 * tells every other process over the event bus so they reload too; listeners (the client config,
 * the captcha info) rebuild on every reload.
 */
export function createSettingsService(deps: {
  repository: SettingsRepository;
  clock: Clock;
  /** Fan-out to the other server processes; without it changes stay in this process. */
  events?: EventBus;
  /** Values that apply until an administrator saves the section (e.g. captcha on when a provider is configured). */
  defaults?: { [S in Section]?: Partial<Settings[S]> };
  /**
   * What the configuration can do: without a captcha provider the captcha switch cannot be turned on, without a
   * container engine the platform proxy (which forwards to container instances) cannot be chosen, without mail
   * (SMTP) e-mail confirmation cannot be required (no one could confirm).
   */
  abilities?: { captchaEnabled: boolean; containersEnabled: boolean; mailEnabled?: boolean };
}) {
  let current: Settings | undefined;
  const listeners = new Set<(settings: Settings) => void>();
  // Our own announcements come back from the bus; the reload they ask for has already happened.
  const origin = randomUUID();

  async function load(): Promise<Settings> {
    const stored = await deps.repository.getAll();
    const parse = <S extends Section>(key: S) => {
      const result = sections[key].safeParse(stored.get(key) ?? deps.defaults?.[key] ?? {});
      return (result.success ? result.data : DEFAULT_SETTINGS[key]) as Settings[S];
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

  function get(): Settings {
    if (!current) throw new Error('settings not loaded');
    return current;
  }

  /** Saves the given sections (merged over their current values) in one transaction, then reloads everywhere. */
  async function save(patches: { [S in Section]?: Partial<Settings[S]> }): Promise<Settings> {
    const merged = SECTIONS.filter((key) => patches[key] != null).map((key) => {
      const result = sections[key].safeParse({ ...get()[key], ...patches[key] });
      if (!result.success) throw badRequest('error.invalidField', { field: key });
      return [key, result.data] as const;
    });
    if (merged.length === 0) return get();
    await deps.repository.putMany(merged, deps.clock.now());
    const reloaded = await load();
    await deps.events?.publish(SETTINGS_CHANGED, { origin });
    return reloaded;
  }

  const unsubscribe = deps.events?.subscribe(SETTINGS_CHANGED, (payload) => {
    const from = (payload as { origin?: unknown } | null)?.origin;
    if (from !== origin) void load().catch(() => undefined);
  });
  // A change may have been missed: read the settings again.
  const stopResync = deps.events?.subscribe(BUS_RESYNC, () => void load().catch(() => undefined));

  return {
    load,
    get,
    save,
    async update<S extends Section>(key: S, patch: Partial<Settings[S]>): Promise<Settings> {
      return save({ [key]: patch } as { [K in Section]?: Partial<Settings[K]> });
    },
    /** The admin edit: null sections are skipped; logo hashes are only set through `setLogo`. */
    async edit(input: ConfigUpdateModel): Promise<void> {
      if (input.globalConfig?.apiEncryption === true) throw badRequest('error.apiEncryptionUnsupported');
      // Turning on what the configuration cannot perform would only pretend: a captcha without a provider protects
      // nothing, the proxy without an engine has no instance to forward to, a confirmation mail no one sends
      // locks every new account out. A value already set (before the
      // configuration changed) can still be saved or turned off.
      const { accountPolicy, containerPolicy } = get();
      const captchaOn = input.accountPolicy?.useCaptcha === true && !accountPolicy.useCaptcha;
      if (captchaOn && deps.abilities?.captchaEnabled === false) throw badRequest('error.captchaNotConfigured');
      const proxyOn =
        input.containerPolicy?.portMapping === 'PlatformProxy' && containerPolicy.portMapping !== 'PlatformProxy';
      if (proxyOn && deps.abilities?.containersEnabled === false) throw badRequest('error.proxyNeedsEngine');
      const confirmationOn =
        input.accountPolicy?.emailConfirmationRequired === true && !accountPolicy.emailConfirmationRequired;
      if (confirmationOn && deps.abilities?.mailEnabled === false) throw badRequest('error.mailNotConfigured');
      const { logoHash: _logo, faviconHash: _favicon, ...globalConfig } = input.globalConfig ?? {};
      await save({
        accountPolicy: input.accountPolicy ?? undefined,
        globalConfig: input.globalConfig ? globalConfig : undefined,
        containerPolicy: input.containerPolicy ?? undefined,
      });
    },
    async setLogo(logoHash: string | null, faviconHash: string | null): Promise<void> {
      await save({ globalConfig: { logoHash, faviconHash } });
    },
    onChange(listener: (settings: Settings) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close(): void {
      unsubscribe?.();
      stopResync?.();
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
