import type { FastifyInstance } from 'fastify';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { EventBus } from './lib/event-bus';
import { createLiveGateway, liveRoutes } from './realtime/live-gateway';
import { createJudgeRepository } from './repositories/judge.repository';
import type { NoticeRepository } from './repositories/notice.repository';
import { createPlayRepository } from './repositories/play.repository';
import { createScoreboardRepository } from './repositories/scoreboard.repository';
import { gamePlayRoutes } from './routes/game-play.routes';
import { createFlagCache } from './services/flag-cache';
import { createFlagChecker, type FlagChecker } from './services/flag-checker.service';
import { createGameMonitorService } from './services/game-monitor.service';
import { createGamePlayService, type GamePlayService } from './services/game-play.service';
import type { NoticeService } from './services/notice.service';
import { createPlayLookups } from './services/play-lookups';
import type { RateLimiter } from './services/rate-limit.service';
import { createScoreboardService, type ScoreboardService } from './services/scoreboard.service';

export interface GamePlay {
  scoreboard: ScoreboardService;
  flagChecker: FlagChecker;
  /** The player-side service (the containers module reuses its participation check). */
  play: GamePlayService;
}

/**
 * The playing side of games: the scoreboard cache, the flag checker, the player and monitor routes and the
 * live websocket. Requires @fastify/websocket to be registered. The flag checker starts (re-queuing
 * submissions left unjudged) when the app is ready and drains when it closes.
 */
export async function registerGamePlay(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    events: EventBus;
    limiter: RateLimiter;
    notices: NoticeService;
    noticeRepository: NoticeRepository;
    /** How long cached player and challenge lookups are trusted (0: no cache). */
    lookupTrustMs: number;
  },
): Promise<GamePlay> {
  const { db, clock, events } = deps;
  const log = app.log;
  const repository = createPlayRepository(db);
  const scoreboard = createScoreboardService({ repository: createScoreboardRepository(db), clock, events, log });
  const judgeRepository = createJudgeRepository(db, deps.noticeRepository);
  const flags = createFlagCache({ repository: judgeRepository, events, clock, trustMs: deps.lookupTrustMs });
  const flagChecker = createFlagChecker({
    repository: judgeRepository,
    flags,
    notices: deps.notices,
    scoreboard,
    events,
    clock,
    log,
  });
  const lookups = createPlayLookups({ repository, events, clock, trustMs: deps.lookupTrustMs });
  const play = createGamePlayService({ repository, lookups, scoreboard, flagChecker, limiter: deps.limiter, clock });
  const monitor = createGameMonitorService({ repository, play });
  const gateway = createLiveGateway({ events, clock, scoreboard, log });

  await app.register(gamePlayRoutes({ play, monitor, scoreboard, notices: deps.notices, clock }));
  await app.register(liveRoutes({ gateway, play }));

  app.addHook('onReady', async () => {
    const recovered = await flagChecker.start();
    if (recovered > 0) log.info({ recovered }, 'flag checker: re-queued unjudged submissions');
  });
  app.addHook('onClose', async () => {
    gateway.close();
    lookups.close();
    flags.close();
    await flagChecker.stop();
    await scoreboard.settle();
    scoreboard.close();
  });
  return { scoreboard, flagChecker, play };
}
