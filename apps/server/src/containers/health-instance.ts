import { randomUUID } from 'node:crypto';
import { badRequest } from '../http/errors';
import type { ContainerServiceDeps, InstanceLifecycle } from './container-lifecycle';
import { instanceEnv, instanceLabels } from './types';

/** Label value of the team of a health check's instance. */
export const HEALTH_TEAM_LABEL = 'health';

/**
 * The fresh instance of one health check run: no team (never a participation, never on the board, outside every
 * team's instance limit), marked in its row so it is not the admin's test container, owned by no start queue (it
 * goes straight to the engine, so no process takes it over), and removed by the sweep if its run never ends.
 */
export function createHealthInstances(deps: ContainerServiceDeps, lifecycle: InstanceLifecycle) {
  const { repository, clock } = deps;
  return {
    /** Starts it with `flag` as its flag (dynamic containers); answers its id and port, or throws 400. */
    async startHealthInstance(
      gameId: number,
      challengeId: number,
      options: { flag: string | null; lifetimeMs: number },
    ): Promise<{ instanceId: string; port: number }> {
      // `starting`: refused like a test instance where the engine cannot start the challenge's services.
      const challenge = await lifecycle.containerChallenge(gameId, challengeId, true);
      lifecycle.requireEngine();
      const now = clock.now();
      const instanceId = randomUUID();
      const spec = lifecycle.specOf(challenge, instanceId, { teamId: null, flag: options.flag });
      spec.labels[instanceLabels.team] = HEALTH_TEAM_LABEL;
      // Every service of a multi-service instance carries the ids too.
      for (const env of [spec.env, ...(spec.services ?? []).map((service) => service.env)]) {
        env[instanceEnv.teamId] = HEALTH_TEAM_LABEL;
      }
      // The check reaches it from inside the engine (its network namespace, or its pod): nothing needs publishing.
      spec.publish = false;
      spec.checkTarget = true;
      await repository.reserve({ participationId: null, challengeId }, async (trx) => {
        await repository.insert(trx, {
          id: instanceId,
          game_id: gameId,
          challenge_id: challengeId,
          participation_id: null,
          image: spec.image,
          engine_id: null,
          ip: null,
          port: null,
          public_port: null,
          started_at: now,
          expect_stop_at: new Date(now.getTime() + options.lifetimeMs),
          last_operation_at: now,
          owner_process: null,
          health_check: true,
        });
      });
      if (!(await lifecycle.runStart(spec, async () => {}))) throw badRequest('error.containerStartFailed');
      return { instanceId, port: spec.exposePort };
    },

    async destroyHealthInstance(instanceId: string): Promise<void> {
      await lifecycle.destroyInstance(instanceId, { userId: null });
    },
  };
}
