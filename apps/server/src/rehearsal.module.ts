import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { EventBus } from './lib/event-bus';
import { createRehearsalRepository } from './rehearsal/rehearsal.repository';
import { rehearsalRoutes } from './rehearsal/rehearsal.routes';
import { createRehearsalService, type RehearsalService } from './rehearsal/rehearsal.service';

/**
 * Load rehearsals (docs/operations.md, "Rehearsal"): the admin routes and the sweep every process runs, removing
 * the accounts of runs whose lease ran out (a command killed before it cleaned up). The sweep runs even with
 * REHEARSAL off, so turning rehearsals off never strands a run's accounts.
 */
export function createRehearsals(deps: { config: Config; db: Db; clock: Clock; events: EventBus }): RehearsalService {
  const { config, db } = deps;
  return createRehearsalService({
    enabled: config.REHEARSAL,
    graceSeconds: config.REHEARSAL_GRACE_SECONDS,
    repository: createRehearsalRepository(db),
    gameExists: async (gameId) =>
      (await db.selectFrom('games').select('id').where('id', '=', gameId).executeTakeFirst()) !== undefined,
    events: deps.events,
    clock: deps.clock,
  });
}

export async function registerRehearsals(
  app: FastifyInstance,
  service: RehearsalService,
  config: Pick<Config, 'REHEARSAL_SWEEP_SECONDS'>,
): Promise<void> {
  await app.register(rehearsalRoutes({ rehearsals: service }));

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = service.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'rehearsal sweep failed'));
  };
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, config.REHEARSAL_SWEEP_SECONDS * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
