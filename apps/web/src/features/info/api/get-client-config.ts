import type { ClientConfig } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher } from '@/lib/http';

export const CLIENT_CONFIG_KEY = '/api/config';

export const DEFAULT_CLIENT_CONFIG: ClientConfig = {
  title: 'Flagpole',
  slogan: 'Hack for fun not for profit',
  footerInfo: null,
  aboutText: null,
  emailChangeByLink: false,
  mailEnabled: false,
  containersEnabled: false,
  captchaEnabled: false,
  customTheme: null,
  apiPublicKey: null,
  logoUrl: null,
  portMapping: 'Default',
  defaultLifetime: 120,
  extensionDuration: 120,
  renewalWindow: 10,
  signInProviders: [],
  passwordSignIn: true,
};

/** Platform settings; defaults until the server answers so the shell never waits for it. */
export function useClientConfig(): ClientConfig {
  const { data } = useSWR<ClientConfig>(CLIENT_CONFIG_KEY, fetcher, { refreshInterval: 0 });
  return { ...DEFAULT_CLIENT_CONFIG, ...data, title: data?.title || DEFAULT_CLIENT_CONFIG.title };
}

/**
 * What the server can do (mail, containers, captcha), or null while its configuration has not arrived: pages that would
 * otherwise offer an action it cannot perform wait for the answer rather than guess.
 */
export function useServerAbilities(): {
  mailEnabled: boolean;
  containersEnabled: boolean;
  captchaEnabled: boolean;
  recoveryByMail: boolean;
} | null {
  const { data } = useSWR<ClientConfig>(CLIENT_CONFIG_KEY, fetcher, { refreshInterval: 0 });
  if (!data) return null;
  // Password recovery needs what an e-mail change by link needs: mail set up and addresses confirmed.
  return {
    mailEnabled: data.mailEnabled,
    containersEnabled: data.containersEnabled,
    captchaEnabled: data.captchaEnabled,
    recoveryByMail: data.emailChangeByLink,
  };
}
