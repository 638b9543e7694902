import type { ClientConfig } from '@flagpole/contract';
import { isHexColor } from '@flagpole/contract';
import { type CachedBody, cachedBody } from '../http/cached-response';
import { sha256Hex } from '../lib/crypto';
import type { Settings, SettingsService } from './settings.service';

/** What the server can do, as configured at start-up: the web app offers nothing beyond it. */
export interface ServerAbilities {
  mailEnabled: boolean;
  containersEnabled: boolean;
  /** A captcha provider that can work (HashPow, or Turnstile with both keys). */
  captchaEnabled: boolean;
  /** The single sign-on providers configured (docs/integrations.md). */
  signInProviders: ClientConfig['signInProviders'];
  /** False under OIDC_ONLY. */
  passwordSignIn: boolean;
}

export function toClientConfig(settings: Settings, abilities: ServerAbilities): ClientConfig {
  const { mailEnabled, containersEnabled, captchaEnabled } = abilities;
  const { globalConfig, containerPolicy } = settings;
  return {
    title: globalConfig.title,
    slogan: globalConfig.slogan,
    footerInfo: globalConfig.footerInfo,
    aboutText: globalConfig.aboutText,
    // The same condition as the e-mail change itself (account-email.service.ts).
    emailChangeByLink: mailEnabled && settings.accountPolicy.emailConfirmationRequired,
    mailEnabled,
    containersEnabled,
    captchaEnabled,
    customTheme: isHexColor(globalConfig.customTheme) ? globalConfig.customTheme : null,
    apiPublicKey: null,
    logoUrl: globalConfig.logoHash ? `/assets/${globalConfig.logoHash}/logo` : null,
    portMapping: containerPolicy.portMapping,
    defaultLifetime: containerPolicy.defaultLifetime,
    extensionDuration: containerPolicy.extensionDuration,
    renewalWindow: containerPolicy.renewalWindow,
    signInProviders: abilities.signInProviders,
    passwordSignIn: abilities.passwordSignIn,
  };
}

/** The public client configuration, serialised once per settings change. */
export function createClientConfigService(deps: { settings: SettingsService } & ServerAbilities) {
  let cached: CachedBody | undefined;
  const build = (settings: Settings) => {
    const config = toClientConfig(settings, deps);
    const body = JSON.stringify(config);
    cached = cachedBody(config, `cfg-${sha256Hex(body).slice(0, 16)}`, settings.updatedAt);
  };
  deps.settings.onChange(build);
  return {
    current(): CachedBody {
      if (!cached) build(deps.settings.get());
      return cached as CachedBody;
    },
  };
}
export type ClientConfigService = ReturnType<typeof createClientConfigService>;
