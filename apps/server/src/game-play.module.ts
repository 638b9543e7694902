import type { FastifyInstance } from 'fastify';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { EventBus } from './lib/event-bus';
import type { PlayObserver } from './lib/metrics';
import { heartbeatMsOf, type LiveChannelSettings } from './realtime/live-admission';
import { createLiveGateway, type LiveGateway, liveRoutes } from './realtime/live-gateway';
import { createJudgeRepository } from './repositories/judge.repository';
import type { NoticeRepository } from './repositories/notice.repository';
import { createPlayRepository } from './repositories/play.repository';
import { createPrerequisiteRepository } from './repositories/prerequisite.repository';
import { createScoreboardRepository } from './repositories/scoreboard.repository';
import { gamePlayRoutes } from './routes/game-play.routes';
import { hintRoutes } from './routes/hints.routes';
import { teamResultsRoutes } from './routes/team-results.routes';
import type { AuditLog } from './services/audit-log';
import { createAwardService } from './services/award.service';
import { createReleaseTicker, type ReleaseTicker } from './services/challenge-release';
import { createDecidedChallenges } from './services/decided-challenges';
import { createFlagCache } from './services/flag-cache';
import { createFlagChecker, type FlagChecker } from './services/flag-checker.service';
import { createGameMonitorService } from './services/game-monitor.service';
import { createGamePlayService, type GamePlayService } from './services/game-play.service';
import { createHintService } from './services/hint.service';
import { createHintFreeNotices, type HintFreeNotices } from './services/hint-free-notices';
import type { NoticeService } from './services/notice.service';
import { createPlayLookups } from './services/play-lookups';
import type { ProcessLease } from './services/process-lease';
import type { RateLimiter } from './services/rate-limit.service';
import { createScoreboardService, type ScoreboardService } from './services/scoreboard.service';
import { createTeamResultsService } from './services/team-results.service';
import type { WebhookEmitter } from './webhooks/webhook-queue';

export interface GamePlay {
  scoreboard: ScoreboardService;
  flagChecker: FlagChecker;
  /** The player-side service (the containers module reuses its participation check). */
  play: GamePlayService;
  /** Timed releases: each one's board change and its NewChallenge notice (services/challenge-release.ts). */
  releases: ReleaseTicker;
  /** FreeAfter hints' NewHint notice at their time (services/hint-free-notices.ts). */
  hintNotices: HintFreeNotices;
  /** The games' live channel of this process (the event dashboard pushes through it). */
  gateway: LiveGateway;
  /** Open live-channel websockets of this process (metrics). */
  liveConnections(): number;
}

/**
 * The playing side of games: the scoreboard cache, the flag checker, the player and monitor routes and the
 * live websocket. Requires @fastify/websocket to be registered. The flag checker starts (taking over the
 * submissions of processes that are gone) when the app is ready, keeps taking them over on every lease
 * tick, and finishes its running batch when the app closes.
 */
export async function registerGamePlay(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    events: EventBus;
    limiter: RateLimiter;
    notices: NoticeService;
    /** Solves and cheat detections go to webhooks. */
    webhooks?: WebhookEmitter;
    noticeRepository: NoticeRepository;
    /** How long cached player and challenge lookups are trusted (0: no cache). */
    lookupTrustMs: number;
    /** Where flag verdicts are recorded. */
    audit?: AuditLog;
    /** Verdicts and scoreboard builds, for the metrics. */
    observe?: PlayObserver;
    /** This process's lease: owner of the submissions it stores; its ticks take over those of dead processes. */
    lease: ProcessLease;
    /** The live websocket's share of the live channels' budget, and its timeouts. */
    live: LiveChannelSettings;
  },
): Promise<GamePlay> {
  const { db, clock, events } = deps;
  const log = app.log;
  const repository = createPlayRepository(db);
  const scoreboard = createScoreboardService({
    repository: createScoreboardRepository(db),
    clock,
    events,
    log,
    onBuilt: deps.observe?.scoreboardBuilt,
  });
  const judgeRepository = createJudgeRepository(db, deps.noticeRepository);
  const flags = createFlagCache({ repository: judgeRepository, events, clock, trustMs: deps.lookupTrustMs });
  const decided = createDecidedChallenges({ events, clock, trustMs: deps.lookupTrustMs });
  const flagChecker = createFlagChecker({
    repository: judgeRepository,
    owner: deps.lease.id,
    flags,
    notices: deps.notices,
    scoreboard,
    events,
    clock,
    log,
    audit: deps.audit,
    onVerdict: deps.observe?.verdict,
    decided,
    webhooks: deps.webhooks,
  });
  const prerequisites = createPrerequisiteRepository(db);
  const lookups = createPlayLookups({ repository, prerequisites, events, clock, trustMs: deps.lookupTrustMs });
  const play = createGamePlayService({
    repository,
    lookups,
    scoreboard,
    flagChecker,
    limiter: deps.limiter,
    clock,
    owner: deps.lease.id,
  });
  const monitor = createGameMonitorService({ repository, play });
  const gateway = createLiveGateway({
    events,
    clock,
    scoreboard,
    log,
    heartbeatMs: heartbeatMsOf(deps.live),
    onIdleClose: () => deps.live.admission.observer.timedOut('game', 'idle'),
  });

  await app.register(gamePlayRoutes({ play, monitor, scoreboard, notices: deps.notices, clock }));
  await app.register(liveRoutes({ gateway, play, admission: deps.live.admission }));
  await app.register(teamResultsRoutes({ results: createTeamResultsService({ db, clock, scoreboard }) }));
  await app.register(
    hintRoutes({
      hints: createHintService({ db, clock, events, play, scoreboard }),
      awards: createAwardService({ db, clock, events }),
    }),
  );

  const releases = createReleaseTicker({
    db,
    clock,
    events,
    notices: deps.notices,
    noticeRepository: deps.noticeRepository,
    rebuildHere: (gameId) => scoreboard.rebuildHere(gameId),
    log,
  });

  const hintNotices = createHintFreeNotices({
    db,
    clock,
    events,
    notices: deps.notices,
    noticeRepository: deps.noticeRepository,
    log,
  });

  let stopTakeover: (() => void) | undefined;
  app.addHook('onReady', async () => {
    releases.start();
    hintNotices.start();
    await flagChecker.start();
    // Every lease tick: the unjudged submissions of processes that died or stopped become this one's.
    stopTakeover = deps.lease.onTick(async () => {
      await flagChecker.takeOver();
    });
  });
  app.addHook('onClose', async () => {
    stopTakeover?.();
    await releases.close();
    await hintNotices.close();
    gateway.close();
    lookups.close();
    flags.close();
    decided.close();
    await flagChecker.stop();
    await scoreboard.settle();
    scoreboard.close();
  });
  return {
    scoreboard,
    flagChecker,
    play,
    releases,
    hintNotices,
    gateway,
    liveConnections: () => gateway.connectionCount(),
  };
}
