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
  customTheme: null,
  apiPublicKey: null,
  logoUrl: null,
  portMapping: 'Default',
  defaultLifetime: 120,
  extensionDuration: 120,
  renewalWindow: 10,
};

/** Platform settings; defaults until the server answers so the shell never waits for it. */
export function useClientConfig(): ClientConfig {
  const { data } = useSWR<ClientConfig>(CLIENT_CONFIG_KEY, fetcher, { refreshInterval: 0 });
  return { ...DEFAULT_CLIENT_CONFIG, ...data, title: data?.title || DEFAULT_CLIENT_CONFIG.title };
}
