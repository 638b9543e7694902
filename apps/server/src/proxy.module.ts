import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { InstanceDirectory } from './containers/types';
import type { Db } from './db/database';
import type { BlobStore } from './lib/blob-store';
import type { Clock } from './lib/clock';
import type { EventBus } from './lib/event-bus';
import { createCaptureStore } from './proxy/capture-store';
import { createConnectionLimits } from './proxy/connection-limits';
import { proxyRoutes } from './proxy/proxy.routes';
import { createProxyService, type ProxyService } from './proxy/proxy.service';
import { createCaptureRepository } from './repositories/capture.repository';
import { captureRoutes } from './routes/captures.routes';
import { createCaptureService } from './services/capture.service';
import type { SettingsService } from './services/settings.service';

/** Event-bus channel on which a destroyed instance's id is announced, so every process ends its sessions. */
export const INSTANCE_CLOSED_CHANNEL = 'proxy.instance-closed';

export interface PlatformProxy {
  service: ProxyService;
  /** Ends the proxy sessions of a destroyed instance in every process. Call after the instance is gone. */
  instanceDestroyed(instanceId: string): Promise<void>;
}

/**
 * The platform proxy (`/api/proxy/...` websockets to instances) and the traffic it records (`captures` calls).
 * Requires @fastify/websocket to be registered. Capture files live under `capture/` of the blob store.
 */
export async function registerProxy(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    events: EventBus;
    config: Config;
    settings: SettingsService;
    directory: InstanceDirectory;
    /** Where finished capture files go. */
    blobs: BlobStore;
    /** Local folder for files still being recorded. */
    spoolDir: string;
  },
): Promise<PlatformProxy> {
  const { config, clock } = deps;
  const store = createCaptureStore({ blobs: deps.blobs, spoolDir: deps.spoolDir, clock });
  const repository = createCaptureRepository(deps.db);
  const service = createProxyService({
    directory: deps.directory,
    proxyMode: () => deps.settings.get().containerPolicy.portMapping === 'PlatformProxy',
    limits: createConnectionLimits({
      perInstance: config.PROXY_MAX_PER_INSTANCE,
      perAddress: config.PROXY_MAX_PER_ADDRESS,
    }),
    captures: store,
    participationOf: (gameId, teamId) => repository.participationOf(gameId, teamId),
    options: {
      captureEnabled: config.TRAFFIC_CAPTURE,
      perInstance: config.PROXY_MAX_PER_INSTANCE,
      perAddress: config.PROXY_MAX_PER_ADDRESS,
      idleMs: config.PROXY_IDLE_SECONDS * 1000,
      maxSessionMs: config.PROXY_MAX_SESSION_SECONDS * 1000,
      connectTimeoutMs: 5_000,
      highWaterBytes: 1024 * 1024,
    },
    log: app.log,
  });
  const captures = createCaptureService({ repository, store });

  await app.register(proxyRoutes({ proxy: service }));
  await app.register(captureRoutes({ captures, clock }));

  const unsubscribe = deps.events.subscribe(INSTANCE_CLOSED_CHANNEL, (payload) => {
    const id = (payload as { instanceId?: unknown } | null)?.instanceId;
    if (typeof id === 'string') service.closeInstance(id);
  });
  app.addHook('preClose', async () => {
    unsubscribe();
    service.closeAll();
  });

  return {
    service,
    instanceDestroyed: (instanceId) => deps.events.publish(INSTANCE_CLOSED_CHANNEL, { instanceId }),
  };
}
