import type { FastifyInstance } from 'fastify';
import { createDashboardRepository } from './dashboard/dashboard.repository';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { createEventDashboardService } from './dashboard/event-dashboard.service';
import { createProcessHealth, type LocalFigures } from './dashboard/process-health';
import { createRequestWindow } from './dashboard/request-window';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { EventBus } from './lib/event-bus';
import type { LiveGateway } from './realtime/live-gateway';

/**
 * The organisers' event dashboard (docs/operations.md, "Event dashboard"): every interval each process reports
 * its health on the event bus and, for each game one of its sockets monitors, computes the game's snapshot once
 * and pushes it to those monitors as a `dashboard` live message.
 */
export async function registerDashboard(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    events: EventBus;
    processId: string;
    intervalMs: number;
    gateway: LiveGateway;
    assertStarted: (gameId: number) => Promise<unknown>;
    local: Omit<LocalFigures, 'playersOnline'>;
  },
) {
  const requests = createRequestWindow();
  const health = createProcessHealth({
    events: deps.events,
    clock: deps.clock,
    processId: deps.processId,
    intervalMs: deps.intervalMs,
    requests,
    local: { ...deps.local, playersOnline: () => deps.gateway.playersOnline() },
  });
  const dashboard = createEventDashboardService({
    repository: createDashboardRepository(deps.db),
    health,
    clock: deps.clock,
    intervalMs: deps.intervalMs,
    assertStarted: deps.assertStarted,
  });
  app.addHook('onResponse', async (_request, reply) => {
    requests.record(reply.statusCode, reply.elapsedTime);
  });
  await app.register(dashboardRoutes({ dashboard }));

  async function tick(): Promise<void> {
    await health.report();
    const games = deps.gateway.monitoredGames();
    dashboard.keepOnly(games);
    for (const gameId of games) {
      const data = await dashboard.snapshot(gameId);
      deps.gateway.sendToMonitors(gameId, { type: 'dashboard', data });
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let running = false;
  app.addHook('onReady', async () => {
    await health.report().catch(() => undefined);
    timer = setInterval(() => {
      // One pass at a time: a slow database delays the next push instead of piling reads up.
      if (running) return;
      running = true;
      tick()
        .catch((error) => app.log.warn({ err: error }, 'dashboard: snapshot failed'))
        .finally(() => {
          running = false;
        });
    }, deps.intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    health.close();
  });
  return { health, startFailed: (gameId: number) => health.startFailed(gameId) };
}
