import type { ContainerPortMappingType } from '@flagpole/contract';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Under the platform proxy the server hands out the instance GUID instead of `host:port`. */
export function isProxyEntry(entry: string): boolean {
  return GUID.test(entry);
}

interface PageLocation {
  protocol: string;
  host: string;
}

/**
 * What a player connects to: `host:port` as given in Default mode, or the websocket address built from the
 * page's own host with path `api/proxy/{id}` (`api/proxy/noinst/{id}` for an organiser's test container).
 */
export function instanceAddress(
  entry: string,
  portMapping: ContainerPortMappingType,
  location: PageLocation,
  options: { noInstance?: boolean } = {},
): string {
  if (portMapping !== 'PlatformProxy' || !isProxyEntry(entry)) return entry;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const path = options.noInstance ? 'api/proxy/noinst' : 'api/proxy';
  return `${scheme}://${location.host}/${path}/${entry.toLowerCase()}`;
}
