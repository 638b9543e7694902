import { WSRX_DEFAULT_API } from './wsrx-types';

export const WSRX_OPTIONS_KEY = 'wsrx-options';

/** What the player chose for the local tunnel daemon, kept in local storage. */
export interface WsrxOptions {
  /** Daemon API base address. */
  api: string;
  /** How the daemon lists this site (the platform title plus `::CTF`). */
  name: string;
  /** Listen on every interface instead of loopback only, so other machines on the LAN can use tunnels. */
  allowLan: boolean;
  /** Whether the page talks to the daemon at all. */
  enabled: boolean;
}

export const DEFAULT_WSRX_OPTIONS: WsrxOptions = {
  api: WSRX_DEFAULT_API,
  name: 'Flagpole::CTF',
  allowLan: false,
  enabled: true,
};

export function siteName(title: string): string {
  return `${title.trim() || 'Flagpole'}::CTF`;
}

/** An http(s) daemon address without a trailing slash, or null when it is not one. */
export function normaliseDaemonApi(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash) return null;
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** Reads stored options; anything missing or malformed falls back to the default for that field. */
export function parseWsrxOptions(raw: string | null): WsrxOptions {
  if (!raw) return DEFAULT_WSRX_OPTIONS;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return DEFAULT_WSRX_OPTIONS;
  }
  if (typeof value !== 'object' || value === null) return DEFAULT_WSRX_OPTIONS;
  const record = value as Record<string, unknown>;
  const api = typeof record.api === 'string' ? normaliseDaemonApi(record.api) : null;
  return {
    api: api ?? DEFAULT_WSRX_OPTIONS.api,
    name: typeof record.name === 'string' && record.name.trim() ? record.name : DEFAULT_WSRX_OPTIONS.name,
    allowLan: typeof record.allowLan === 'boolean' ? record.allowLan : DEFAULT_WSRX_OPTIONS.allowLan,
    enabled: typeof record.enabled === 'boolean' ? record.enabled : DEFAULT_WSRX_OPTIONS.enabled,
  };
}

/** Where a new tunnel listens: any free port on loopback, or on every interface when LAN use is allowed. */
export function tunnelListenAddress(options: Pick<WsrxOptions, 'allowLan'>): string {
  return options.allowLan ? '0.0.0.0:0' : '127.0.0.1:0';
}
