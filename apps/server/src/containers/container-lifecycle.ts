import type { ContainerInfoModel, ContainerInstanceModel, GameEvent } from '@flagpole/contract';
import { ChallengeCategory } from '@flagpole/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest, notFound } from '../http/errors';
import type { Clock } from '../lib/clock';
import type { EventBus } from '../lib/event-bus';
import { INSTANCE_CLOSED_CHANNEL } from '../proxy.module';
import { publishLive } from '../realtime/live-channel';
import { isReleased } from '../scoring/release';
import type { Player } from '../services/game-play.service';
import type { ContainerPolicy } from '../services/settings.service';
import type { WebhookEmitter } from '../webhooks/webhook-queue';
import type { ContainerChallengeRow, InstanceListRow, InstanceRepository, InstanceRow } from './instance.repository';
import { instanceImageOf, primaryEntryOf, serviceSpecsOf } from './service-specs';
import type { StartQueue } from './start-queue';
import { type ContainerEngine, type InstanceSpec, instanceEnv, instanceLabels } from './types';

/** Seconds between two operations (start, destroy) on one team's instance of a challenge. */
export const COOL_DOWN_SECONDS = 10;
/** A Pending row older than this has lost its start (its process died); the reaper removes it. */
export const STALE_PENDING_MS = 10 * 60_000;
/** Destroyed rows are kept this long (cool-down, recent history), then purged. */
export const DESTROYED_KEPT_MS = 60 * 60_000;
/** Test containers live this long, whatever the policy says. */
export const TEST_LIFETIME_MS = 2 * 60 * 60_000;

export const MINUTE = 60_000;
export const MIB = 1024 * 1024;
const category = ChallengeCategory.catch('Misc');
const isContainerType = (type: string) => type === 'StaticContainer' || type === 'DynamicContainer';

export interface ContainerServiceDeps {
  /** Null when no engine is configured: every container call answers 400 containersUnavailable. */
  engine: ContainerEngine | null;
  repository: InstanceRepository;
  queue: StartQueue;
  /** The container policy as the administrator last saved it. */
  policy: () => ContainerPolicy;
  /** The caller's Accepted entry, checked against the challenge (a division that may not see it: 404). */
  player: (gameId: number, userId: string, challengeId: number) => Promise<Player>;
  clock: Clock;
  events: EventBus;
  log: FastifyBaseLogger;
  /** Value of the platform label on every instance (CONTAINER_OWNER). */
  owner: string;
  /** This process's lease id: the Pending instances it queues name it, so others can take them over. */
  leaseId: string;
  /** Host name shown with published ports. */
  publicHost: string;
  /** How long a start request waits for its instance before answering Pending. */
  startWaitMs: number;
  /** Instances that fail to start go to webhooks. */
  webhooks?: WebhookEmitter;
  /** Told of each failed start (the event dashboard counts them). */
  onStartFailed?: (gameId: number) => void;
}

/**
 * The steps the container operations share: rule checks, the engine start and destroy, the monitor events and
 * the models. Player and admin operations (container.service.ts) and the periodic maintenance
 * (container-maintenance.ts) are built on them.
 */
export function createInstanceLifecycle(deps: ContainerServiceDeps) {
  const { repository, clock, log } = deps;

  function requireEngine(): ContainerEngine {
    if (!deps.engine) throw badRequest('error.containersUnavailable');
    return deps.engine;
  }

  function entryOf(row: Pick<InstanceRow, 'id' | 'public_port'>): string {
    return row.public_port === null ? row.id : `${deps.publicHost}:${row.public_port}`;
  }

  function infoOf(row: InstanceRow): ContainerInfoModel {
    return {
      status: row.status,
      startedAt: row.started_at.getTime(),
      expectStopAt: row.expect_stop_at.getTime(),
      entry: row.status === 'Running' ? entryOf(row) : '',
    };
  }

  async function containerChallenge(gameId: number, challengeId: number, forAdmin: boolean) {
    const challenge = await repository.challenge(gameId, challengeId);
    // Before its release a challenge does not exist for players (scoring/release.ts).
    const playable = challenge?.is_enabled && isReleased(challenge.release_at?.getTime(), clock.now().getTime());
    if (!challenge || (!forAdmin && !playable)) throw notFound('error.challengeNotFound');
    if (!isContainerType(challenge.type)) throw badRequest('error.notContainerChallenge');
    const services = challenge.container_services ?? [];
    // A multi-service challenge runs its services' images; the single image fields are then unused.
    if (services.length === 0 && (challenge.container_image.trim() === '' || challenge.expose_port < 1)) {
      throw badRequest('error.containerImageMissing');
    }
    return challenge;
  }

  function coolDown(latest: InstanceRow | undefined, now: Date): void {
    if (!latest) return;
    const waitMs = latest.last_operation_at.getTime() + COOL_DOWN_SECONDS * 1000 - now.getTime();
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new AppError(429, 'error.containerCoolDown', { seconds }, 429, { 'retry-after': String(seconds) });
    }
  }

  function specOf(
    challenge: ContainerChallengeRow,
    instanceId: string,
    owner: { teamId: number | null; flag: string | null },
  ): InstanceSpec {
    const env: Record<string, string> = {
      [instanceEnv.instanceId]: instanceId,
      [instanceEnv.teamId]: owner.teamId === null ? 'test' : String(owner.teamId),
    };
    if (owner.flag !== null) env[instanceEnv.flag] = owner.flag;
    const services = challenge.container_services ?? [];
    const primary = primaryEntryOf(services);
    return {
      instanceId,
      image: instanceImageOf(challenge),
      exposePort: primary?.ports[0] ?? challenge.expose_port,
      memoryMb: challenge.memory_limit,
      cpuTenths: challenge.cpu_count,
      storageMb: challenge.storage_limit,
      env,
      labels: {
        [instanceLabels.platform]: deps.owner,
        [instanceLabels.instance]: instanceId,
        [instanceLabels.game]: String(challenge.game_id),
        [instanceLabels.challenge]: String(challenge.id),
        [instanceLabels.team]: owner.teamId === null ? 'test' : String(owner.teamId),
      },
      publish: deps.policy().portMapping === 'Default',
      egress: challenge.network_mode === 'Open' ? 'Open' : 'Isolated',
      ...(primary ? { services: serviceSpecsOf(services, { env, flag: owner.flag }) } : {}),
    };
  }

  async function emit(
    type: 'ContainerStart' | 'ContainerDestroy',
    row: Pick<InstanceRow, 'game_id' | 'challenge_id' | 'participation_id'>,
    who: { userId: string | null; teamId: number | null; teamName: string; challengeTitle: string },
  ): Promise<void> {
    if (row.participation_id === null) return;
    const at = clock.now();
    const values = [String(row.challenge_id), who.challengeTitle];
    await repository.recordEvent({ gameId: row.game_id, type, values, userId: who.userId, teamId: who.teamId, at });
    const user = who.userId ? await repository.userName(who.userId) : '';
    const event: GameEvent = { time: at.getTime(), user, team: who.teamName, type, values };
    await publishLive(deps.events, row.game_id, { type: 'event', data: event });
  }

  /** A failed start of a team's instance as a webhook event (names are filled in by the queue). */
  function announceFailure(spec: InstanceSpec, error: unknown): void {
    const gameId = Number(spec.labels[instanceLabels.game]);
    const challengeId = Number(spec.labels[instanceLabels.challenge]);
    const teamId = Number(spec.labels[instanceLabels.team]);
    if (Number.isInteger(gameId)) deps.onStartFailed?.(gameId);
    if (!deps.webhooks || !Number.isInteger(gameId) || !Number.isInteger(teamId)) return;
    void deps.webhooks.emit({
      type: 'instance.failed',
      key: `instance.failed:${spec.instanceId}`,
      gameId,
      at: clock.now(),
      data: {
        challenge: { id: challengeId, name: '' },
        team: { id: teamId, name: '' },
        instanceId: spec.instanceId,
        error: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
      },
    });
  }

  /** Runs one queued engine start; true when the instance runs. Never throws. */
  async function runStart(
    spec: InstanceSpec,
    onRunning: () => Promise<void>,
    /** Told why the engine failed (the admin's test instance shows it: a service's name and its last logs). */
    onFailure?: (reason: string) => void,
  ): Promise<boolean> {
    const engine = requireEngine();
    try {
      const started = await engine.start(spec);
      const kept = await repository.markRunning(spec.instanceId, started);
      if (!kept) {
        // Destroyed while it was starting: take down what the engine just made.
        await engine.destroy(spec.instanceId).catch(() => undefined);
        return false;
      }
      await onRunning().catch((error) => log.warn({ err: error }, 'containers: start event failed'));
      return true;
    } catch (error) {
      log.warn({ instanceId: spec.instanceId, err: (error as Error).message }, 'containers: start failed');
      onFailure?.(error instanceof Error ? error.message : String(error));
      announceFailure(spec, error);
      await repository.claimDestroy(spec.instanceId, clock.now());
      await engine.destroy(spec.instanceId).catch(() => undefined);
      return false;
    }
  }

  /** Queues the start and waits up to startWaitMs for its outcome. */
  async function queueStart(spec: InstanceSpec, onRunning: () => Promise<void>): Promise<boolean | 'waiting'> {
    let finish: (ok: boolean) => void = () => {};
    const outcome = new Promise<boolean>((resolve) => {
      finish = resolve;
    });
    void deps.queue
      .enqueue(spec.instanceId, async () => {
        finish(await runStart(spec, onRunning));
      })
      // A start cancelled while waiting (destroyed first) never runs.
      .then(() => finish(false));
    if (deps.startWaitMs <= 0) return 'waiting';
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'waiting'>((resolve) => {
      timer = setTimeout(() => resolve('waiting'), deps.startWaitMs);
    });
    try {
      return await Promise.race([outcome, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Ends the instance's proxy sessions in every process. Called before the engine removes the instance, so a
   * player's session ends with "going away" rather than with a reset half-way through the removal.
   */
  async function closeSessions(instanceId: string): Promise<void> {
    await deps.events
      .publish(INSTANCE_CLOSED_CHANNEL, { instanceId })
      .catch((error) => log.warn({ err: error }, 'containers: closing proxy sessions failed'));
  }

  /** Destroys a live instance (once, whoever asks first); false when it was already gone. */
  async function destroyInstance(id: string, by: { userId: string | null }): Promise<boolean> {
    const before = await repository.byId(id);
    const claimed = await repository.claimDestroy(id, clock.now());
    if (!claimed) return false;
    deps.queue.cancel(id);
    await closeSessions(id);
    try {
      await requireEngine().destroy(id);
    } catch (error) {
      log.error({ instanceId: id, err: (error as Error).message }, 'containers: destroy failed');
      throw badRequest('error.containerDestroyFailed');
    }
    if (before?.status === 'Running') {
      await emit('ContainerDestroy', claimed, {
        userId: by.userId,
        teamId: before.team_id,
        teamName: before.team_name ?? '',
        challengeTitle: before.challenge_title,
      }).catch((error) => log.warn({ err: error }, 'containers: destroy event failed'));
    }
    return true;
  }

  function toInstanceModel(row: InstanceListRow): ContainerInstanceModel {
    return {
      team:
        row.team_id === null
          ? null
          : {
              id: row.team_id,
              name: row.team_name ?? '',
              avatar: row.team_avatar ? `/assets/${row.team_avatar}/avatar` : null,
            },
      challenge: {
        id: row.challenge_id,
        title: row.challenge_title,
        category: category.parse(row.challenge_category),
        type: row.challenge_type,
      },
      gameId: row.game_id,
      image: row.image,
      containerGuid: row.id,
      containerId: row.engine_id ?? '',
      status: row.status,
      startedAt: row.started_at.getTime(),
      expectStopAt: row.expect_stop_at.getTime(),
      ip: row.ip ?? '',
      port: row.port ?? 0,
      entry: row.status === 'Running' ? entryOf(row) : '',
    };
  }

  return {
    requireEngine,
    entryOf,
    infoOf,
    containerChallenge,
    coolDown,
    specOf,
    emit,
    runStart,
    queueStart,
    closeSessions,
    destroyInstance,
    toInstanceModel,
  };
}

export type InstanceLifecycle = ReturnType<typeof createInstanceLifecycle>;
