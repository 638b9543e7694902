import type { FastifyInstance } from 'fastify';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { EventBus } from './lib/event-bus';
import type { LogCapture } from './lib/log-capture';
import { createAdminLogGateway } from './realtime/admin-log-gateway';
import { heartbeatMsOf, type LiveChannelSettings } from './realtime/live-admission';
import { createAdminFileRepository } from './repositories/admin-files.repository';
import { createAdminLogRepository } from './repositories/admin-logs.repository';
import { adminSystemRoutes } from './routes/admin-system.routes';
import { adminTeamRoutes } from './routes/admin-teams.routes';
import { adminUserRoutes } from './routes/admin-users.routes';
import { createAdminLogService } from './services/admin-logs.service';
import { createAdminSettingsService } from './services/admin-settings.service';
import { createAdminTeamService } from './services/admin-teams.service';
import { createAdminUserService } from './services/admin-users.service';
import type { FileStore } from './services/file-store.service';
import type { SessionService } from './services/session.service';
import type { SettingsService } from './services/settings.service';

export interface AdminArea {
  /** Writes the log entries captured so far (tests read the stored log right after). */
  flushLogs(): Promise<void>;
  /** Open live-log websockets of this process (metrics). */
  liveLogConnections(): number;
}

/**
 * The admin area: users, teams, settings and logo, stored files, and the stored and live server log.
 * Requires @fastify/websocket to be registered (the logo upload route accepts multipart bodies itself). From
 * here on, captured log entries are written to the database; the rest are written when the app closes.
 */
export async function registerAdmin(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    events: EventBus;
    sessions: SessionService;
    files: FileStore;
    settings: SettingsService;
    logCapture: LogCapture;
    maxImageBytes: number;
    /** The live log shares the live channels' budget and timeouts. */
    live: LiveChannelSettings;
  },
): Promise<AdminArea> {
  const { db, events, files } = deps;
  const logs = createAdminLogService({ repository: createAdminLogRepository(db), events });
  const liveLogs = createAdminLogGateway({
    events,
    clock: deps.clock,
    log: app.log,
    heartbeatMs: heartbeatMsOf(deps.live),
    onIdleClose: () => deps.live.admission.observer.timedOut('adminLog', 'idle'),
  });
  const users = createAdminUserService({ db, sessions: deps.sessions, files, events });
  const teams = createAdminTeamService({ db, files, events });
  const settings = createAdminSettingsService({
    settings: deps.settings,
    files,
    fileList: createAdminFileRepository(db),
  });

  await app.register(adminUserRoutes({ users }));
  await app.register(adminTeamRoutes({ teams }));
  await app.register(
    adminSystemRoutes({
      settings,
      logs,
      liveLogs,
      liveAdmission: deps.live.admission,
      maxImageBytes: deps.maxImageBytes,
    }),
  );

  deps.logCapture.attach(logs.sink);
  app.addHook('onClose', async () => {
    liveLogs.close();
    await deps.logCapture.close();
  });
  return { flushLogs: () => deps.logCapture.flush(), liveLogConnections: () => liveLogs.size };
}
