import { randomUUID } from 'node:crypto';
import type {
  ClientFlagContext,
  ContainerInfoModel,
  ContainerInstanceModel,
  ContainerServiceState,
  ContainerStartModel,
} from '@flagpole/contract';
import { badRequest, notFound } from '../http/errors';
import { type ContainerServiceDeps, createInstanceLifecycle, MINUTE, TEST_LIFETIME_MS } from './container-lifecycle';
import { createContainerMaintenance } from './container-maintenance';
import { generateDynamicFlag, TEST_FLAG } from './dynamic-flag';
import { createHealthInstances } from './health-instance';
import { instanceImageOf } from './service-specs';
import type { InstanceDirectory } from './types';

/** The engine's reason an admin's test instance failed, as much as the answer carries (logs end it). */
const MAX_REASON = 4000;

export { COOL_DOWN_SECONDS, type ContainerServiceDeps } from './container-lifecycle';

/**
 * The life of container instances: start (through the bounded start queue), extend, destroy, the admin's test
 * container and instance list, expiry and clean-up. Rules are checked in one transaction holding the team's
 * row lock; engine calls and events happen after it commits.
 */
export function createContainerService(deps: ContainerServiceDeps) {
  const { repository, clock } = deps;
  const lifecycle = createInstanceLifecycle(deps);
  const { requireEngine, entryOf, infoOf, containerChallenge, coolDown, specOf, emit, runStart, queueStart } =
    lifecycle;
  const { destroyInstance, toInstanceModel } = lifecycle;

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
          image: instanceImageOf(challenge),
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
          image: instanceImageOf(challenge),
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
      let reason = '';
      const started = await runStart(
        spec,
        async () => {},
        (why) => {
          reason = why;
        },
      );
      // Organisers see why (a service that exited, with its last logs); players only ever get the plain message.
      if (!started && reason) throw badRequest('error.testInstanceFailed', { reason: reason.slice(0, MAX_REASON) });
      if (!started) throw badRequest('error.containerStartFailed');
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

    /**
     * Each service of the challenge's live test instance, in the challenge's order, as the engine has it (a
     * service without a container is Missing); empty for a single-image challenge; 404 without a test instance.
     */
    async testServices(gameId: number, challengeId: number): Promise<ContainerServiceState[]> {
      const challenge = await repository.challenge(gameId, challengeId);
      if (!challenge) throw notFound('error.challengeNotFound');
      const engine = requireEngine();
      const latest = await repository.latest(challengeId, null);
      if (!latest || latest.status === 'Destroyed') throw notFound('error.instanceNotFound');
      const services = challenge.container_services ?? [];
      if (services.length === 0) return [];
      const found = new Map((await engine.serviceStates?.(latest.id))?.map((state) => [state.name, state]));
      // Whether a service is an entry is the challenge's configuration, whatever the engine labelled.
      return services.map((service) => ({
        ...(found.get(service.name) ?? { name: service.name, state: 'Missing' as const, exitCode: null, logs: '' }),
        entry: service.entry,
      }));
    },

    async list(filter: { gameId?: number } = {}): Promise<ContainerInstanceModel[]> {
      return (await repository.listLive(filter)).map(toInstanceModel);
    },

    /** Force-destroys any instance (admin); 404 when unknown or already destroyed. */
    async adminDestroy(id: string): Promise<void> {
      requireEngine();
      if (!(await destroyInstance(id.toLowerCase(), { userId: null }))) throw notFound('error.instanceNotFound');
    },

    ...createContainerMaintenance(deps, lifecycle),
    ...createHealthInstances(deps, lifecycle),
  };
}
export type ContainerService = ReturnType<typeof createContainerService>;
