import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { containerRoutes } from './containers/container.routes';
import { type ContainerService, createContainerService } from './containers/container.service';
import { createInstanceRepository } from './containers/instance.repository';
import { createStartQueue } from './containers/start-queue';
import { createSharedSlots } from './containers/start-slots';
import { type ContainerEngine, INSTANCE_OWNERS_DELETED, type InstanceDirectory } from './containers/types';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import { BUS_RESYNC, type EventBus } from './lib/event-bus';
import type { KeyValueStore } from './lib/kv-store';
import type { ChallengeEditService } from './services/challenge-edit.service';
import { GAMES_CHANGED } from './services/game-edit.service';
import type { GamePlayService } from './services/game-play.service';
import { PLAY_LOOKUPS_CHANGED } from './services/play-lookups';
import type { ProcessLease } from './services/process-lease';
import type { SettingsService } from './services/settings.service';
import type { WebhookEmitter } from './webhooks/webhook-queue';

/**
 * How long a start slot stays taken without renewal: its holder renews it while the start runs, so this only
 * bounds how long the slots of a process that died stay taken.
 */
const START_SLOT_TTL_MS = 6_000;

export interface Containers {
  service: ContainerService;
  /** The engine in use (null: none); health checks run on it. */
  engine: ContainerEngine | null;
  /** Finds running instances by id, for the platform proxy. */
  directory: InstanceDirectory;
  /** Starts of this process waiting for a slot, and running (metrics). */
  startQueue(): { waiting: number; starting: number };
}

/**
 * Runs `task` one call at a time. A call made while it runs asks for one more run once it ends (so a request
 * made mid-run is not lost) and shares that run. `task` handles its own errors.
 */
function oneAtATime(task: () => Promise<void>) {
  let running: Promise<void> | undefined;
  let again: Promise<void> | undefined;
  const run = (): Promise<void> => {
    if (running) {
      again ??= running.then(() => {
        again = undefined;
        return run();
      });
      return again;
    }
    running = task().finally(() => {
      running = undefined;
    });
    return running;
  };
  /** Resolves once no run is going on or asked for. */
  const settle = async () => {
    while (running) await (again ?? running);
  };
  return Object.assign(run, { settle });
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
 * Container instances: the engine, the start queue, the lifecycle service and its routes, and the background
 * job: the reaper that removes expired instances (and those of disabled challenges and ended games),
 * reconciliation with the engine (at start-up, periodically, and when instance owners are deleted) and the
 * storage watchdog.
 */
export async function registerContainers(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    clock: Clock;
    events: EventBus;
    /** Shared with other processes through Redis: holds the start slots. */
    store: KeyValueStore;
    settings: SettingsService;
    play: GamePlayService;
    challengeEdit: ChallengeEditService;
    /** Replaces the configured engine (tests). */
    engine?: ContainerEngine | null;
    /** This process's lease: its ticks take over the queued starts of processes that are gone. */
    lease: ProcessLease;
    /** Instances that fail to start go to webhooks. */
    webhooks?: WebhookEmitter;
    /** Told of each failed start (the event dashboard counts them). */
    onStartFailed?: (gameId: number) => void;
  },
): Promise<Containers> {
  const { config, clock, events } = deps;
  const log = app.log;
  const engine = deps.engine === undefined ? await createConfiguredEngine(config) : deps.engine;
  const queue = createStartQueue({
    concurrency: config.CONTAINER_START_CONCURRENCY,
    // The bound holds across processes sharing the store (Redis), not just in this one.
    shared: createSharedSlots(deps.store, {
      name: `container-start:${config.CONTAINER_OWNER}`,
      limit: config.CONTAINER_START_CONCURRENCY,
      ttlMs: START_SLOT_TTL_MS,
    }),
  });
  const service = createContainerService({
    engine,
    repository: createInstanceRepository(deps.db),
    queue,
    policy: () => deps.settings.get().containerPolicy,
    player: (gameId, userId, challengeId) => deps.play.playerFor(gameId, userId, challengeId),
    clock,
    events,
    log,
    owner: config.CONTAINER_OWNER,
    leaseId: deps.lease.id,
    publicHost: config.CONTAINER_PUBLIC_HOST ?? new URL(config.publicUrl).hostname,
    startWaitMs: config.CONTAINER_START_WAIT_SECONDS * 1000,
    webhooks: deps.webhooks,
    onStartFailed: deps.onStartFailed,
  });
  deps.play.provideInstanceContext(service.context);
  deps.challengeEdit.provideTestContainerInfo(service.testInfo);
  await app.register(containerRoutes({ containers: service }));

  const sweep = (scope: { gameId?: number } = {}) =>
    service.sweep(scope).catch((error) => log.error({ err: error }, 'containers: sweep failed'));
  const reconcile = oneAtATime(async () => {
    try {
      const { removed, forgotten } = await service.reconcile();
      if (removed + forgotten > 0) log.info({ removed, forgotten }, 'containers: reconciled with the engine');
    } catch (error) {
      log.error({ err: error }, 'containers: reconciliation failed; is the engine reachable?');
    }
  });
  const enforceStorage = () =>
    service.enforceStorageLimits().catch((error) => log.error({ err: error }, 'containers: storage watchdog failed'));
  // The background job: expiry and rules, then instances left behind (rows deleted by a cascade, a process
  // that died), then storage. A slow engine makes passes wait for each other rather than pile up.
  const backgroundPass = oneAtATime(async () => {
    await sweep();
    await reconcile();
    await enforceStorage();
  });
  // A challenge disabled or a game ended by an edit loses its instances at once, not at the next sweep.
  const onGameChange = (payload: unknown) => {
    const gameId = (payload as { gameId?: unknown } | null)?.gameId;
    if (typeof gameId === 'number') void sweep({ gameId });
  };
  const unsubscribers = engine
    ? [
        events.subscribe(PLAY_LOOKUPS_CHANGED, onGameChange),
        events.subscribe(GAMES_CHANGED, onGameChange),
        // A deleted game, challenge or participation took its rows along: its instances go at once too.
        events.subscribe(INSTANCE_OWNERS_DELETED, () => void reconcile()),
        // Any of these may have been missed: a full pass now rather than at the next interval.
        events.subscribe(BUS_RESYNC, () => void backgroundPass()),
      ]
    : [];
  let timer: NodeJS.Timeout | undefined;
  let stopTakeover: (() => void) | undefined;

  app.addHook('onReady', async () => {
    if (!engine) return;
    if (engine.name === 'docker' && config.CONTAINER_HOST_GUARD) {
      const { ensureNetworkGuard } = await import('./containers/docker-engine');
      await ensureNetworkGuard();
    }
    await reconcile();
    timer = setInterval(() => void backgroundPass(), config.CONTAINER_REAP_INTERVAL_SECONDS * 1000);
    timer.unref();
    stopTakeover = deps.lease.onTick(async () => {
      await service.takeOverStarts();
    });
  });
  app.addHook('onClose', async () => {
    stopTakeover?.();
    if (timer) clearInterval(timer);
    for (const unsubscribe of unsubscribers) unsubscribe();
    await backgroundPass.settle();
    // Starts still waiting are left to the other processes (they take over this one's Pending instances once
    // its lease is given up); the ones the engine is running are finished.
    queue.abandonWaiting();
    await queue.settle();
    await engine?.close();
  });
  return {
    service,
    engine,
    directory: service.directory,
    startQueue: () => ({ waiting: queue.waiting, starting: queue.inFlight }),
  };
}
