import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { containerRoutes } from './containers/container.routes';
import { type ContainerService, createContainerService } from './containers/container.service';
import { createInstanceRepository } from './containers/instance.repository';
import { createStartQueue } from './containers/start-queue';
import type { ContainerEngine, InstanceDirectory } from './containers/types';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { EventBus } from './lib/event-bus';
import type { ChallengeEditService } from './services/challenge-edit.service';
import { GAMES_CHANGED } from './services/game-edit.service';
import type { GamePlayService } from './services/game-play.service';
import { PLAY_LOOKUPS_CHANGED } from './services/play-lookups';
import type { SettingsService } from './services/settings.service';

export interface Containers {
  service: ContainerService;
  /** Finds running instances by id, for the platform proxy. */
  directory: InstanceDirectory;
}

/**
 * The engine the configuration names; null for `none`. Each engine's client library is loaded only when
 * that engine is chosen, so a server without containers (or with the other engine) does not hold it.
 */
export async function createConfiguredEngine(config: Config): Promise<ContainerEngine | null> {
  switch (config.CONTAINER_ENGINE) {
    case 'docker': {
      const { createDockerEngine } = await import('./containers/docker-engine');
      return createDockerEngine({
        dockerHost: config.DOCKER_HOST,
        publishAddress: config.CONTAINER_PUBLISH_ADDRESS,
        owner: config.CONTAINER_OWNER,
      });
    }
    case 'kubernetes': {
      const { createKubernetesEngine } = await import('./containers/kubernetes-engine');
      return createKubernetesEngine({
        namespace: config.KUBE_NAMESPACE,
        platformNamespace: config.KUBE_PLATFORM_NAMESPACE,
        owner: config.CONTAINER_OWNER,
        kubeConfigPath: config.KUBE_CONFIG,
      });
    }
    default:
      return null;
  }
}

/**
 * Container instances: the engine, the start queue, the lifecycle service and its routes, the reaper that
 * removes expired instances (and those of disabled challenges and ended games), and start-up reconciliation.
 */
export async function registerContainers(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    clock: Clock;
    events: EventBus;
    settings: SettingsService;
    play: GamePlayService;
    challengeEdit: ChallengeEditService;
    /** Replaces the configured engine (tests). */
    engine?: ContainerEngine | null;
  },
): Promise<Containers> {
  const { config, clock, events } = deps;
  const log = app.log;
  const engine = deps.engine === undefined ? await createConfiguredEngine(config) : deps.engine;
  const queue = createStartQueue({ concurrency: config.CONTAINER_START_CONCURRENCY });
  const service = createContainerService({
    engine,
    repository: createInstanceRepository(deps.db),
    queue,
    policy: () => deps.settings.get().containerPolicy,
    player: (gameId, userId) => deps.play.player(gameId, userId),
    clock,
    events,
    log,
    owner: config.CONTAINER_OWNER,
    publicHost: config.CONTAINER_PUBLIC_HOST ?? new URL(config.publicUrl).hostname,
    startWaitMs: config.CONTAINER_START_WAIT_SECONDS * 1000,
  });
  deps.play.provideInstanceContext(service.context);
  deps.challengeEdit.provideTestContainerInfo(service.testInfo);
  await app.register(containerRoutes({ containers: service }));

  const sweep = (scope: { gameId?: number } = {}) =>
    service.sweep(scope).catch((error) => log.error({ err: error }, 'containers: sweep failed'));
  // A challenge disabled or a game ended by an edit loses its instances at once, not at the next sweep.
  const onGameChange = (payload: unknown) => {
    const gameId = (payload as { gameId?: unknown } | null)?.gameId;
    if (typeof gameId === 'number') void sweep({ gameId });
  };
  const unsubscribers = engine
    ? [events.subscribe(PLAY_LOOKUPS_CHANGED, onGameChange), events.subscribe(GAMES_CHANGED, onGameChange)]
    : [];
  let timer: NodeJS.Timeout | undefined;

  app.addHook('onReady', async () => {
    if (!engine) return;
    if (engine.name === 'docker' && config.CONTAINER_HOST_GUARD) {
      const { ensureHostGuard } = await import('./containers/docker-engine');
      await ensureHostGuard();
    }
    try {
      const { removed, forgotten } = await service.reconcile();
      if (removed + forgotten > 0) log.info({ removed, forgotten }, 'containers: reconciled with the engine');
    } catch (error) {
      log.error({ err: error }, 'containers: engine unreachable at start-up; instances will fail to start');
    }
    timer = setInterval(() => void sweep(), config.CONTAINER_REAP_INTERVAL_SECONDS * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    for (const unsubscribe of unsubscribers) unsubscribe();
    await queue.settle();
    await engine?.close();
  });
  return { service, directory: service.directory };
}
