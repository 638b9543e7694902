import { randomUUID } from 'node:crypto';
import {
  ChallengeCategory,
  type ClientFlagContext,
  type ContainerInfoModel,
  type ContainerInstanceModel,
  type ContainerStartModel,
  type GameEvent,
} from '@flagpole/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest, notFound } from '../http/errors';
import type { Clock } from '../lib/clock';
import type { EventBus } from '../lib/event-bus';
import { INSTANCE_CLOSED_CHANNEL } from '../proxy.module';
import { publishLive } from '../realtime/live-channel';
import type { Player } from '../services/game-play.service';
import type { ContainerPolicy } from '../services/settings.service';
import { generateDynamicFlag, TEST_FLAG } from './dynamic-flag';
import type { ContainerChallengeRow, InstanceListRow, InstanceRepository, InstanceRow } from './instance.repository';
import type { StartQueue } from './start-queue';
import { type ContainerEngine, type InstanceDirectory, type InstanceSpec, instanceEnv, instanceLabels } from './types';

/** Seconds between two operations (start, destroy) on one team's instance of a challenge. */
export const COOL_DOWN_SECONDS = 10;
/** A Pending row older than this has lost its start (its process died); the reaper removes it. */
const STALE_PENDING_MS = 10 * 60_000;
/** Destroyed rows are kept this long (cool-down, recent history), then purged. */
const DESTROYED_KEPT_MS = 60 * 60_000;
/** Test containers live this long, whatever the policy says. */
const TEST_LIFETIME_MS = 2 * 60 * 60_000;

const MINUTE = 60_000;
const MIB = 1024 * 1024;
const category = ChallengeCategory.catch('Misc');
const isContainerType = (type: string) => type === 'StaticContainer' || type === 'DynamicContainer';

export interface ContainerServiceDeps {
  /** Null when no engine is configured: every container call answers 400 containersUnavailable. */
  engine: ContainerEngine | null;
  repository: InstanceRepository;
  queue: StartQueue;
  /** The container policy as the administrator last saved it. */
  policy: () => ContainerPolicy;
  /** The participation check of the playing side (404/403/400/10001/10002). */
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
}

/**
 * The life of container instances: start (through the bounded start queue), extend, destroy, the admin's test
 * container and instance list, expiry and clean-up. Rules are checked in one transaction holding the team's
 * row lock; engine calls and events happen after it commits.
 */
export function createContainerService(deps: ContainerServiceDeps) {
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
    if (!challenge || (!forAdmin && !challenge.is_enabled)) throw notFound('error.challengeNotFound');
    if (!isContainerType(challenge.type)) throw badRequest('error.notContainerChallenge');
    if (challenge.container_image.trim() === '' || challenge.expose_port < 1) {
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
    return {
      instanceId,
      image: challenge.container_image.trim(),
      exposePort: challenge.expose_port,
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

  /** Runs one queued engine start; true when the instance runs. Never throws. */
  async function runStart(spec: InstanceSpec, onRunning: () => Promise<void>): Promise<boolean> {
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

  const directory: InstanceDirectory = async (instanceId) => {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(instanceId)) return null;
    const row = await repository.byId(instanceId.toLowerCase());
    if (row?.status !== 'Running' || !row.ip || row.port === null) return null;
    return {
      host: row.ip,
      port: row.port,
      challengeId: row.challenge_id,
      teamId: row.team_id,
      gameId: row.game_id,
      captureEnabled: row.enable_traffic_capture && row.participation_id !== null,
    };
  };

  return {
    get available(): boolean {
      return deps.engine !== null;
    },
    directory,

    /**
     * Starts the caller's team instance. Answers Running once the engine has it, or Pending (with the place
     * in the start queue) when it is not running within startWaitMs; the client then polls the challenge.
     */
    async start(gameId: number, challengeId: number, userId: string): Promise<ContainerStartModel> {
      const p = await deps.player(gameId, userId, challengeId);
      const challenge = await containerChallenge(gameId, challengeId, false);
      requireEngine();
      const policy = deps.policy();
      const now = clock.now();
      const instanceId = randomUUID();
      const { spec } = await repository.reserve({ participationId: p.participationId, challengeId }, async (trx) => {
        const latest = await repository.latest(challengeId, p.participationId, trx);
        coolDown(latest, now);
        if (latest && latest.status !== 'Destroyed') throw badRequest('error.containerAlreadyRunning');
        const limit = await repository.containerLimit(trx, gameId);
        if (limit > 0 && (await repository.countLive(trx, gameId, p.participationId)) >= limit) {
          throw badRequest('error.containerLimitReached', { limit });
        }
        const flag =
          challenge.type === 'DynamicContainer'
            ? await repository.teamFlag(trx, challengeId, p.participationId, () =>
                generateDynamicFlag(challenge.flag_template, { challengeId, participationId: p.participationId }),
              )
            : null;
        await repository.insert(trx, {
          id: instanceId,
          game_id: gameId,
          challenge_id: challengeId,
          participation_id: p.participationId,
          image: challenge.container_image.trim(),
          engine_id: null,
          ip: null,
          port: null,
          public_port: null,
          started_at: now,
          expect_stop_at: new Date(now.getTime() + policy.defaultLifetime * MINUTE),
          last_operation_at: now,
          owner_process: deps.leaseId,
        });
        return { spec: specOf(challenge, instanceId, { teamId: p.teamId, flag }) };
      });
      const result = await queueStart(spec, () =>
        emit(
          'ContainerStart',
          { game_id: gameId, challenge_id: challengeId, participation_id: p.participationId },
          { userId, teamId: p.teamId, teamName: p.teamName, challengeTitle: challenge.title },
        ),
      );
      if (result === false) throw badRequest('error.containerStartFailed');
      const row = await repository.byId(instanceId);
      if (!row || row.status === 'Destroyed') throw badRequest('error.containerStartFailed');
      return { ...infoOf(row), queuePosition: deps.queue.position(instanceId) };
    },

    /** Destroys the caller's team instance; 400 when none runs, 429 within the cool-down. */
    async destroy(gameId: number, challengeId: number, userId: string): Promise<void> {
      const p = await deps.player(gameId, userId, challengeId);
      await containerChallenge(gameId, challengeId, false);
      requireEngine();
      const latest = await repository.latest(challengeId, p.participationId);
      if (!latest || latest.status === 'Destroyed') throw badRequest('error.containerNotFound');
      coolDown(latest, clock.now());
      if (!(await destroyInstance(latest.id, { userId }))) throw badRequest('error.containerNotFound');
    },

    /** Adds the extension to a running instance in its renewal window. */
    async extend(gameId: number, challengeId: number, userId: string): Promise<ContainerInfoModel> {
      const p = await deps.player(gameId, userId, challengeId);
      await containerChallenge(gameId, challengeId, false);
      requireEngine();
      const latest = await repository.latest(challengeId, p.participationId);
      if (latest?.status !== 'Running') throw badRequest('error.containerNotFound');
      const policy = deps.policy();
      const now = clock.now();
      if (latest.expect_stop_at.getTime() - now.getTime() > policy.renewalWindow * MINUTE) {
        throw badRequest('error.containerNotRenewable', { minutes: policy.renewalWindow });
      }
      const next = new Date(latest.expect_stop_at.getTime() + policy.extensionDuration * MINUTE);
      const row = await repository.extend(latest.id, next);
      if (!row) throw badRequest('error.containerNotFound');
      return infoOf(row);
    },

    /** Instance fields of a container challenge's detail for the team. */
    async context(gameId: number, challengeId: number, participationId: number): Promise<Partial<ClientFlagContext>> {
      if (!deps.engine) return { containersAvailable: false, instanceStatus: null };
      const latest = await repository.latest(challengeId, participationId);
      if (!latest || latest.status === 'Destroyed' || latest.game_id !== gameId) {
        return { containersAvailable: true, instanceStatus: null };
      }
      return {
        containersAvailable: true,
        instanceStatus: latest.status,
        instanceEntry: latest.status === 'Running' ? entryOf(latest) : null,
        closeTime: latest.expect_stop_at.getTime(),
        queuePosition: deps.queue.position(latest.id),
      };
    },

    /** The admin's test container (no team; the test flag for dynamic challenges); waits for the engine. */
    async startTest(gameId: number, challengeId: number): Promise<ContainerInfoModel> {
      const challenge = await containerChallenge(gameId, challengeId, true);
      requireEngine();
      const now = clock.now();
      const instanceId = randomUUID();
      const spec = await repository.reserve({ participationId: null, challengeId }, async (trx) => {
        const latest = await repository.latest(challengeId, null, trx);
        if (latest && latest.status !== 'Destroyed') throw badRequest('error.containerAlreadyRunning');
        await repository.insert(trx, {
          id: instanceId,
          game_id: gameId,
          challenge_id: challengeId,
          participation_id: null,
          image: challenge.container_image.trim(),
          engine_id: null,
          ip: null,
          port: null,
          public_port: null,
          started_at: now,
          expect_stop_at: new Date(now.getTime() + TEST_LIFETIME_MS),
          last_operation_at: now,
          owner_process: deps.leaseId,
        });
        const flag = challenge.type === 'DynamicContainer' ? TEST_FLAG : null;
        return specOf(challenge, instanceId, { teamId: null, flag });
      });
      // An organiser testing a challenge goes straight to the engine rather than queueing behind players.
      if (!(await runStart(spec, async () => {}))) throw badRequest('error.containerStartFailed');
      const row = await repository.byId(instanceId);
      if (row?.status !== 'Running') throw badRequest('error.containerStartFailed');
      return infoOf(row);
    },

    /** Stops the test container; succeeds when there is none. */
    async destroyTest(gameId: number, challengeId: number): Promise<void> {
      const challenge = await repository.challenge(gameId, challengeId);
      if (!challenge) throw notFound('error.challengeNotFound');
      requireEngine();
      const latest = await repository.latest(challengeId, null);
      if (latest && latest.status !== 'Destroyed') await destroyInstance(latest.id, { userId: null });
    },

    /** The running test container of a challenge, for the editor. */
    async testInfo(challengeId: number): Promise<ContainerInfoModel | null> {
      const latest = await repository.latest(challengeId, null);
      return latest && latest.status !== 'Destroyed' ? infoOf(latest) : null;
    },

    async list(filter: { gameId?: number } = {}): Promise<ContainerInstanceModel[]> {
      return (await repository.listLive(filter)).map(toInstanceModel);
    },

    /** Force-destroys any instance (admin); 404 when unknown or already destroyed. */
    async adminDestroy(id: string): Promise<void> {
      requireEngine();
      if (!(await destroyInstance(id.toLowerCase(), { userId: null }))) throw notFound('error.instanceNotFound');
    },

    /**
     * Starts again the Pending instances whose process died before their start ran (or while it ran): what
     * the engine may have made of them is removed first, then they wait in this process's start queue.
     * Returns how many were taken over.
     */
    async takeOverStarts(): Promise<number> {
      if (!deps.engine) return 0;
      const engine = deps.engine;
      const ids = await repository.claimOrphanedStarts(deps.leaseId);
      for (const id of ids) {
        const row = await repository.byId(id);
        const challenge = row && (await repository.challenge(row.game_id, row.challenge_id));
        if (row?.status !== 'Pending' || !challenge) continue;
        const flag =
          challenge.type !== 'DynamicContainer'
            ? null
            : row.participation_id === null
              ? TEST_FLAG
              : await repository.existingTeamFlag(challenge.id, row.participation_id);
        const spec = specOf(challenge, id, { teamId: row.team_id, flag });
        const who = {
          userId: null,
          teamId: row.team_id,
          teamName: row.team_name ?? '',
          challengeTitle: challenge.title,
        };
        void deps.queue.enqueue(id, async () => {
          // Whatever the dead process's start left on the engine goes first (same name, same labels).
          await engine.destroy(id).catch(() => undefined);
          await runStart(spec, () => emit('ContainerStart', row, who));
        });
      }
      if (ids.length > 0) log.info({ count: ids.length }, 'containers: took over queued starts');
      return ids.length;
    },

    /**
     * Destroys what must go: expired instances, stale starts, team instances of disabled challenges and of
     * ended games. Returns how many were destroyed.
     */
    async sweep(scope: { gameId?: number } = {}): Promise<number> {
      if (!deps.engine) return 0;
      const now = clock.now();
      const ids = await repository.liveIds({ expiredBefore: now, endedBefore: now, gameId: scope.gameId });
      const stale = await repository.stalePendingIds(new Date(now.getTime() - STALE_PENDING_MS));
      let destroyed = 0;
      for (const id of new Set([...ids, ...stale])) {
        try {
          if (await destroyInstance(id, { userId: null })) destroyed += 1;
        } catch (error) {
          log.error({ instanceId: id, err: (error as Error).message }, 'containers: sweep could not destroy');
        }
      }
      await repository.purgeDestroyed(new Date(now.getTime() - DESTROYED_KEPT_MS));
      return destroyed;
    },

    /**
     * Reconciliation (at start-up, periodically, and when instance owners are deleted): removes engine instances
     * the database does not know as live (left by a crash, or whose game, challenge or participation was
     * deleted with their rows), and destroys Running instances whose container is gone or has stopped.
     */
    async reconcile(): Promise<{ removed: number; forgotten: number }> {
      if (!deps.engine) return { removed: 0, forgotten: 0 };
      const engine = deps.engine;
      // The order of the reads keeps concurrent starts safe: a row Running before the engine is listed has its
      // instance running already, and an instance listed before the live rows are read has its row already.
      const running = await repository.runningIds();
      const onEngine = await engine.list();
      const known = await repository.allLiveIds();
      const remove = async (id: string) => {
        await closeSessions(id);
        await engine.destroy(id).catch((error) => log.warn({ instanceId: id, err: error }, 'containers: reconcile'));
      };
      let removed = 0;
      for (const { instanceId } of onEngine) {
        if (known.has(instanceId)) continue;
        await remove(instanceId);
        removed += 1;
      }
      const runningOnEngine = new Set(onEngine.filter((i) => i.running).map((i) => i.instanceId));
      let forgotten = 0;
      for (const id of running) {
        if (runningOnEngine.has(id) || !(await repository.claimDestroy(id, clock.now()))) continue;
        // What is left of it (a stopped container, its network) goes too.
        await remove(id);
        forgotten += 1;
      }
      return { removed, forgotten };
    },

    /**
     * Storage watchdog, for engines that cannot cap an instance's filesystem: destroys running instances that
     * wrote more than their challenge's storage limit, logging why. Returns the ids destroyed.
     */
    async enforceStorageLimits(): Promise<string[]> {
      if (!deps.engine?.storageUsage) return [];
      const limited = await repository.runningStorageLimits();
      if (limited.length === 0) return [];
      const usage = await deps.engine.storageUsage();
      const destroyed: string[] = [];
      for (const { id, storage_limit: limitMb } of limited) {
        const usedBytes = usage.get(id);
        if (usedBytes === undefined || usedBytes <= limitMb * MIB) continue;
        const usedMb = Math.ceil(usedBytes / MIB);
        // The reason goes into the message itself: the admin log page shows messages, not fields.
        log.warn(
          { instanceId: id, usedMb, limitMb },
          `containers: instance ${id} destroyed: it wrote ${usedMb} MiB, over its storage limit of ${limitMb} MiB`,
        );
        try {
          if (await destroyInstance(id, { userId: null })) destroyed.push(id);
        } catch (error) {
          log.error(
            { instanceId: id, err: (error as Error).message },
            'containers: storage watchdog could not destroy',
          );
        }
      }
      return destroyed;
    },
  };
}

export type ContainerService = ReturnType<typeof createContainerService>;
