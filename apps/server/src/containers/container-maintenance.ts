import type { ContainerServiceDeps, InstanceLifecycle } from './container-lifecycle';
import { DESTROYED_KEPT_MS, MIB, STALE_PENDING_MS } from './container-lifecycle';
import { TEST_FLAG } from './dynamic-flag';

/**
 * What keeps the engine and the database in step without a player asking: taking over the starts of dead
 * processes, the sweep of expired instances, reconciliation and the storage watchdog.
 */
export function createContainerMaintenance(deps: ContainerServiceDeps, lifecycle: InstanceLifecycle) {
  const { repository, clock, log } = deps;
  const { specOf, runStart, emit, destroyInstance, closeSessions } = lifecycle;

  return {
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

export type ContainerMaintenance = ReturnType<typeof createContainerMaintenance>;
