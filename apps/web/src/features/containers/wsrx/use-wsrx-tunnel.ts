import { useEffect } from 'react';
import { useClientConfig } from '@/features/info/api/get-client-config';
import { tunnelListenAddress } from './wsrx-options';
import { useWsrx, wsrxStore } from './wsrx-store';
import { WsrxState } from './wsrx-types';

/**
 * The local address of a daemon tunnel to `remote` (a proxy websocket address), asking the daemon for one
 * when it is usable; null while there is none or when the platform does not use the proxy.
 */
export function useWsrxTunnel(remote: string | null, label: string): string | null {
  const { portMapping } = useClientConfig();
  const wsrx = useWsrx();
  const wanted =
    portMapping === 'PlatformProxy' && wsrx.options.enabled && remote !== null && /^wss?:\/\//.test(remote);
  const usable = wanted && wsrx.state === WsrxState.Usable;
  const existing = usable ? (wsrx.instances.find((instance) => instance.remote === remote) ?? null) : null;
  const listen = tunnelListenAddress(wsrx.options);

  useEffect(() => {
    if (!usable || existing || remote === null) return;
    void wsrxStore().add({ label, remote, local: listen });
  }, [usable, existing, remote, label, listen]);

  return existing?.local ?? null;
}

/** Closes the daemon tunnel to `remote`, if the daemon has one (used when the instance is destroyed). */
export async function closeWsrxTunnel(remote: string): Promise<void> {
  const store = wsrxStore();
  const tunnel = store.getView().instances.find((instance) => instance.remote === remote);
  if (tunnel) await store.remove(tunnel.local);
}
