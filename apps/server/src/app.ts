import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import { limits } from '@flagpole/contract';
import Fastify, { type FastifyInstance, type onSendAsyncHookHandler, type RouteOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AdminArea, registerAdmin } from './admin.module';
import type { Config } from './config';
import type { InstanceDirectory } from './containers/types';
import { registerContainers } from './containers.module';
import { registerDashboard } from './dashboard.module';
import type { Db } from './db/database';
import { migrations } from './db/migrations/index';
import type { EvidenceService } from './evidence/evidence.service';
import { evidenceDownloads, registerEvidence } from './evidence.module';
import { type GamePlay, registerGamePlay } from './game-play.module';
import { registerHealthChecks } from './health.module';
import { requireDeclaredAccess } from './http/access';
import { trackRouteMethods } from './http/allowed-methods';
import { registerAudit, requireDeclaredAudit } from './http/audit';
import { registerBodyParsers } from './http/body-parsers';
import { connectionCaps, guardConnections, listenerOptions, listenerTimeouts } from './http/connection-guard';
import { handleFrameworkError, registerErrorHandlers } from './http/error-handler';
import { type BearerTokenVerifier, createIdentityResolver } from './http/identity';
import { registerInputHygiene } from './http/input-hygiene';
import { registerLanguage } from './http/language';
import { documentRoute } from './http/openapi';
import { registerRequestGate } from './http/request-gate';
import { deferredChildLogger } from './http/request-logger';
import { QuietRequestLogs } from './http/request-logging';
import { applySecurityHeaders, contentSecurityPolicy, registerSecurityHeaders } from './http/security-headers';
import { validatorCompiler } from './http/validation';
import { registerWebApp } from './http/web-app';
import { registerWebsocketOnlyRoutes } from './http/websocket-only';
import type { BlobStore } from './lib/blob-store';
import type { Clock } from './lib/clock';
import type { EventBus } from './lib/event-bus';
import type { KeyValueStore } from './lib/kv-store';
import { createLogCapture } from './lib/log-capture';
import { logDestination, loggerOptions } from './lib/logger';
import { createMetrics } from './lib/metrics';
import { openBlobStore } from './lib/open-blob-store';
import { registerLiveHubs } from './live-hubs.module';
import { registerMetrics } from './metrics.module';
import { registerProxy } from './proxy.module';
import { createApiTokens, registerPublishing } from './publishing.module';
import { createLiveAdmission, type LiveChannelSettings } from './realtime/live-admission';
import type { LiveHubs } from './realtime/live-hubs';
import { createRehearsals, registerRehearsals } from './rehearsal.module';
import { createAccountTokenRepository } from './repositories/account-token.repository';
import { createFileRepository } from './repositories/file.repository';
import { createNoticeRepository } from './repositories/notice.repository';
import { createPostRepository } from './repositories/post.repository';
import { createProcessLeaseRepository } from './repositories/process-lease.repository';
import { createSessionRepository } from './repositories/session.repository';
import { createSettingsRepository } from './repositories/settings.repository';
import { createUserRepository } from './repositories/user.repository';
import { accountRoutes } from './routes/account.routes';
import { assetsRoutes } from './routes/assets.routes';
import { captchaRoutes } from './routes/captcha.routes';
import { divisionRoutes } from './routes/division.routes';
import { editRoutes } from './routes/edit.routes';
import { gameEntryRoutes } from './routes/game-entry.routes';
import { gamePhaseRoutes } from './routes/game-phase.routes';
import { healthRoutes } from './routes/health.routes';
import { infoRoutes } from './routes/info.routes';
import { postsRoutes } from './routes/posts.routes';
import { teamRoutes } from './routes/team.routes';
import { createAccountEmailService } from './services/account-email.service';
import { createAccountTokens } from './services/account-tokens';
import { createAssetService } from './services/asset.service';
import { createAuditLog } from './services/audit-log';
import { createAuthService } from './services/auth.service';
import { createCaptchaService, effectiveCaptchaProvider } from './services/captcha.service';
import { createChallengeEditService } from './services/challenge-edit.service';
import { createClientConfigService } from './services/client-config.service';
import { createDivisionService } from './services/division.service';
import { createFileStore } from './services/file-store.service';
import { createGameEditService } from './services/game-edit.service';
import { createGameEntryService } from './services/game-entry.service';
import { createGamePhaseService } from './services/game-phase.service';
import { createGameReadinessService } from './services/game-readiness';
import { createMailer, type Mailer } from './services/mailer.service';
import { createNoticeService } from './services/notice.service';
import { createPersonalTeamRenames } from './services/personal-team';
import { createPostService } from './services/post.service';
import { createProcessLease } from './services/process-lease';
import { createProfileService } from './services/profile.service';
import { createRateLimiter, rateLimitSettingsFrom } from './services/rate-limit.service';
import { createReadinessService } from './services/readiness.service';
import { createSessionService } from './services/session.service';
import { createSettingsService } from './services/settings.service';
import { createTeamService } from './services/team.service';
import { registerSignIn, signInClientsFrom } from './sign-in.module';
import { registerTransfer } from './transfer.module';
import { createWebhookRepository } from './webhooks/webhook.repository';
import { webhookRoutes } from './webhooks/webhook.routes';
import { createWebhookService } from './webhooks/webhook.service';
import { createWebhookQueue, WEBHOOK_ALERTS_CHANNEL, type WebhookQueue } from './webhooks/webhook-queue';

/** Services tests and start-up tasks reach through the app (for example to drop the post cache). */
export interface AppServices {
  settings: ReturnType<typeof createSettingsService>;
  posts: ReturnType<typeof createPostService>;
  /** Scoreboard cache and flag checker of the playing side (tests drain and settle them). */
  play: GamePlay;
  /** The admin area (tests write the captured log before reading it). */
  admin: AdminArea;
  /** The SignalR live hubs (tests wait until a client has been admitted). */
  hubs: LiveHubs;
  /** Where files and captures are stored (local disk or S3). */
  storage: BlobStore;
  /** The webhook delivery queue (tests run its ticks with the injected clock). */
  webhooks: WebhookQueue;
  /** Flag-sharing evidence (tests run its claimed computation directly). */
  evidence: EvidenceService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  store: KeyValueStore;
  /** Fan-out of changes to every server process (settings, game notices, live game channels). */
  events: EventBus;
  /** Replaces the API-token verifier (`Authorization: Bearer …`) the app builds itself. */
  bearerTokens?: BearerTokenVerifier;
  /** Replaces the SMTP mailer (tests of mail failures). */
  mailer?: Mailer;
  /** Where the log goes instead of stdout (tests read it to prove secrets stay out). */
  logStream?: NodeJS.WritableStream;
  /** Sees every route as it is registered (the access-table test lists the server's routes with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Finds instances for the platform proxy; without it (no container engine) every proxy id is unknown. */
  instanceDirectory?: InstanceDirectory;
  /** Sees every answer before it is sent (tests check each against the published OpenAPI document). */
  onSend?: onSendAsyncHookHandler;
}

/** The composition root: every repository and service is built here and handed to the routes. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, clock, store } = deps;
  const logCapture = createLogCapture();
  const timeouts = listenerTimeouts(config);
  const app = Fastify({
    ...listenerOptions(timeouts),
    logger: { ...loggerOptions(config.LOG_LEVEL), stream: logDestination(deps.logStream, logCapture) },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 200 },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors: (error, request, reply) => {
      applySecurityHeaders(request, reply, contentSecurityPolicy(config.CAPTCHA_PROVIDER));
      return handleFrameworkError(error, request, reply);
    },
    // The same lines per request, at debug level.
    logController: new QuietRequestLogs(),
    childLoggerFactory: deferredChildLogger,
    // While draining (SIGTERM), requests that still arrive on open connections are served, not refused.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  const audit = createAuditLog({ capture: logCapture, log: app.log });
  const caps = connectionCaps({
    total: config.HTTP_MAX_CONNECTIONS,
    perAddress: config.HTTP_MAX_CONNECTIONS_PER_ADDRESS,
  });
  if (caps.limits.total > caps.descriptors - 64) {
    app.log.warn(
      { ...caps.limits, descriptors: caps.descriptors },
      'HTTP_MAX_CONNECTIONS is near or above the open-files limit',
    );
  }
  const connections = guardConnections(app, {
    limits: caps.limits,
    timeouts,
    trustProxy: config.TRUST_PROXY,
    log: app.log,
  });

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  if (deps.onSend) app.addHook('onSend', deps.onSend);
  const metrics = await createMetrics({
    enabled: config.METRICS_PORT !== undefined || config.METRICS_TOKEN !== undefined,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer = deps.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
  const captchaEnabled = effectiveCaptchaProvider(config) !== 'None';
  const containersEnabled = config.CONTAINER_ENGINE !== 'none';
  const settings = createSettingsService({
    repository: createSettingsRepository(db),
    clock,
    events: deps.events,
    // An operator who configures a captcha provider wants it used until an administrator says otherwise.
    defaults: { accountPolicy: { useCaptcha: config.CAPTCHA_PROVIDER !== 'None' } },
    abilities: { captchaEnabled, containersEnabled, mailEnabled: mailer.enabled },
  });
  await settings.load();
  app.addHook('onClose', async () => settings.close());
  // This process's lease on the work it owns. Its close hook is added first, so it runs last: the lease is
  // given up once the flag checker and the start queue have stopped, and others take over what is left.
  const lease = createProcessLease({ repository: createProcessLeaseRepository(db), log: app.log });
  await lease.start();
  app.addHook('onClose', async () => lease.release());

  const users = createUserRepository(db);
  const sessions = createSessionService({
    sessions: createSessionRepository(db),
    users,
    clock,
    events: deps.events,
    trustMs: config.LOOKUP_CACHE_SECONDS * 1000,
  });
  app.addHook('onClose', async () => sessions.close());
  const tokens = createAccountTokens({ tokens: createAccountTokenRepository(db), clock });
  const blobs = await openBlobStore(config);
  app.addHook('onClose', async () => blobs.close());
  // Uploads and captures in progress are written here first; with local storage, beside the store itself.
  const stagingDir = path.join(config.filesDir, '.staging');
  const files = createFileStore({ blobs, stagingDir, files: createFileRepository(db) });
  const assets = createAssetService({ files });
  const downloads = evidenceDownloads(db, clock, app.log);
  const limiter = createRateLimiter({
    store,
    clock,
    enabled: config.RATE_LIMIT,
    settings: rateLimitSettingsFrom(config),
  });
  const signInClients = signInClientsFrom(config);
  const clientConfig = createClientConfigService({
    settings,
    mailEnabled: mailer.enabled,
    containersEnabled,
    captchaEnabled,
    signInProviders: signInClients.map((client) => ({ id: client.id, name: client.name })),
    passwordSignIn: !config.OIDC_ONLY,
  });
  const captcha = createCaptchaService({ config, settings, store, log: app.log });
  const posts = createPostService({ posts: createPostRepository(db) });
  const mailDeps = { users, sessions, tokens, settings, captcha, mailer, publicUrl: config.publicUrl };
  const rehearsals = createRehearsals({ config, db, clock, events: deps.events });
  const auth = createAuthService({ ...mailDeps, limiter, rehearsals, passwordSignIn: !config.OIDC_ONLY });
  const accountEmail = createAccountEmailService(mailDeps);
  const profiles = createProfileService({
    users,
    sessions,
    files,
    onPublicProfileChange: () => posts.invalidate(),
    onUserRenamed: createPersonalTeamRenames({ db, events: deps.events }),
  });
  const teams = createTeamService({ db, clock, files, events: deps.events });
  const noticeRepository = createNoticeRepository(db);
  const webhookRepository = createWebhookRepository(db);
  const webhooks = createWebhookQueue({
    repository: webhookRepository,
    clock,
    log: app.log,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
    defaultLanguage: () => settings.get().globalConfig.defaultLanguage,
    onDisabled: (alert) => deps.events.publish(WEBHOOK_ALERTS_CHANNEL, alert),
    events: deps.events,
    cacheMs: config.LOOKUP_CACHE_SECONDS * 1000,
  });
  webhooks.start();
  app.addHook('onClose', async () => webhooks.close());
  const notices = createNoticeService({ repository: noticeRepository, clock, events: deps.events, webhooks });
  const gameEdit = createGameEditService({ db, clock, events: deps.events, files, notices, noticeRepository });
  const challengeEdit = createChallengeEditService({ db, clock, events: deps.events, notices, containersEnabled });
  const gameEntry = createGameEntryService({ db, clock, events: deps.events, webhooks, audit });
  const divisions = createDivisionService({ db, events: deps.events });
  const gamePhases = createGamePhaseService({ db, events: deps.events });

  registerLanguage(app);
  registerErrorHandlers(app);
  registerBodyParsers(app);
  registerSecurityHeaders(app, { captcha: config.CAPTCHA_PROVIDER });
  requireDeclaredAccess(app);
  requireDeclaredAudit(app);
  const allowedMethods = trackRouteMethods(app);
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  registerWebsocketOnlyRoutes(app);
  // Proxy clients send TCP data in frames of whatever size they read; the live channel ignores what it receives.
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 1024 * 1024 },
    // Closing the server closes every socket with 1001 (going away): clients reconnect to another process.
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(1001, 'server shutting down');
      done();
    },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Flagpole API', version: '0.1.0', description: 'Capture-the-flag competition platform' },
    },
    transform: documentRoute,
  });
  const apiTokens = createApiTokens({ db, clock, events: deps.events });
  const bearerTokens = deps.bearerTokens ?? apiTokens.verifier;
  registerRequestGate(app, { resolveIdentity: createIdentityResolver({ sessions, bearerTokens }), limiter });
  registerInputHygiene(app);
  registerAudit(app, audit);

  const readiness = createReadinessService({
    db,
    migrationNames: Object.keys(migrations),
    pingRedis: store.ping?.bind(store),
  });
  await app.register(healthRoutes({ readiness }));
  await app.register(infoRoutes({ clientConfig }));
  await app.register(captchaRoutes({ captcha }));
  await app.register(postsRoutes({ posts }));
  const assetUploadLimits = {
    maxFiles: 20,
    maxFileBytes: config.MAX_ASSET_BYTES,
    maxTotalBytes: 2 * config.MAX_ASSET_BYTES,
  };
  await app.register(
    assetsRoutes({ files, assets: assets, uploadLimits: assetUploadLimits, onDownload: downloads.record }),
  );
  await app.register(accountRoutes({ auth, profiles, accountEmail, maxImageBytes: limits.imageBytes }));
  await registerSignIn(app, {
    config,
    db,
    clock,
    events: deps.events,
    store,
    sessions,
    settings,
    clients: signInClients,
  });
  await app.register(teamRoutes({ teams, maxImageBytes: limits.imageBytes }));
  const readinessOfGames = createGameReadinessService({ db, clock, containersEnabled });
  await app.register(
    editRoutes({
      games: gameEdit,
      challenges: challengeEdit,
      readiness: readinessOfGames,
      maxImageBytes: limits.imageBytes,
    }),
  );
  await app.register(gameEntryRoutes({ entry: gameEntry }));
  await registerTransfer(app, { config, db, clock, events: deps.events, files });
  await app.register(divisionRoutes({ divisions }));
  await app.register(gamePhaseRoutes({ phases: gamePhases }));

  // One connection budget for every live channel of this process (the platform proxy has its own caps).
  const live: LiveChannelSettings = {
    admission: createLiveAdmission({
      limits: {
        maxTotal: config.LIVE_MAX_CONNECTIONS,
        maxPerAddress: config.LIVE_MAX_PER_ADDRESS,
        maxPerUser: config.LIVE_MAX_PER_USER,
      },
      observer: metrics.live,
    }),
    idleMs: config.LIVE_IDLE_SECONDS * 1000,
    handshakeMs: config.LIVE_HANDSHAKE_SECONDS * 1000,
  };
  const play = await registerGamePlay(app, {
    db,
    clock,
    events: deps.events,
    limiter,
    notices,
    noticeRepository,
    webhooks,
    lookupTrustMs: config.LOOKUP_CACHE_SECONDS * 1000,
    audit,
    observe: metrics.play,
    lease,
    live,
  });
  let dashboard: Awaited<ReturnType<typeof registerDashboard>> | undefined;
  const containers = await registerContainers(app, {
    config,
    db,
    clock,
    events: deps.events,
    store,
    settings,
    play: play.play,
    challengeEdit,
    lease,
    webhooks,
    // The dashboard is registered after the game's live channel; failures reach it once it exists.
    onStartFailed: (gameId) => dashboard?.startFailed(gameId),
  });
  const evidence = await registerEvidence(app, { db, clock, repository: downloads.repository, owner: lease.id });
  await registerHealthChecks(app, {
    config,
    db,
    clock,
    events: deps.events,
    store,
    blobs,
    engine: containers.engine,
    containers: containers.service,
    lease,
    webhooks,
  });
  await registerRehearsals(app, rehearsals, config);
  await registerPublishing(app, {
    db,
    clock,
    events: deps.events,
    files,
    posts,
    scoreboard: play.scoreboard,
    apiTokens,
  });
  const proxy = await registerProxy(app, {
    db,
    clock,
    events: deps.events,
    config,
    settings,
    directory: deps.instanceDirectory ?? containers.directory,
    blobs,
    spoolDir: stagingDir,
  });
  const admin = await registerAdmin(app, {
    db,
    clock,
    events: deps.events,
    sessions,
    files,
    settings,
    logCapture,
    maxImageBytes: limits.imageBytes,
    live,
  });
  await app.register(
    webhookRoutes({
      webhooks: createWebhookService({
        repository: webhookRepository,
        queue: webhooks,
        clock,
        allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
        timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
        defaultLanguage: () => settings.get().globalConfig.defaultLanguage,
      }),
    }),
  );
  const hubs = await registerLiveHubs(app, { db, clock, events: deps.events, bearerTokens, live });
  dashboard = await registerDashboard(app, {
    db,
    clock,
    events: deps.events,
    processId: lease.id,
    intervalMs: config.DASHBOARD_INTERVAL_SECONDS * 1000,
    gateway: play.gateway,
    assertStarted: (gameId) => play.play.assertStarted(gameId),
    local: {
      judgeQueue: () => play.flagChecker.queued,
      liveConnections: () => play.liveConnections() + admin.liveLogConnections() + hubs.counts().connections,
    },
  });
  app.decorate('services', { settings, posts, play, admin, hubs, storage: blobs, webhooks, evidence });
  registerMetrics(app, {
    config,
    db,
    clock,
    metrics,
    sources: {
      judgeQueueLocal: () => play.flagChecker.queued,
      liveConnections: () => ({
        game: play.liveConnections(),
        adminLog: admin.liveLogConnections(),
        proxy: proxy.service.openSessions(),
        hub: hubs.counts().connections,
      }),
      startQueue: () => containers.startQueue(),
      connections: connections.stats,
    },
  });

  app.get('/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () => app.swagger());
  await registerWebApp(app, config.WEB_DIST, allowedMethods);
  return app;
}
