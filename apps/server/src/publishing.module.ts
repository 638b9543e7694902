import type { FastifyInstance } from 'fastify';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import { BUS_RESYNC, type EventBus } from './lib/event-bus';
import { createApiTokenRepository } from './repositories/api-token.repository';
import { createPostRepository } from './repositories/post.repository';
import { createSheetRepository } from './repositories/sheet.repository';
import { createTeamRepository } from './repositories/team.repository';
import { createWriteupRepository } from './repositories/writeup.repository';
import { postEditRoutes } from './routes/post-edit.routes';
import { sheetsRoutes } from './routes/sheets.routes';
import { tokensRoutes } from './routes/tokens.routes';
import { writeupsRoutes } from './routes/writeups.routes';
import { createApiTokenService } from './services/api-token.service';
import type { FileStore } from './services/file-store.service';
import type { PostService } from './services/post.service';
import { createPostEditService, POSTS_CHANGED } from './services/post-edit.service';
import type { ScoreboardService } from './services/scoreboard.service';
import { createSheetService } from './services/sheet.service';
import { createWriteupService } from './services/writeup.service';

/** The API-token verifier, built before the routes so that access control can use it. */
export function createApiTokens(deps: { db: Db; clock: Clock; events: EventBus }) {
  return createApiTokenService({
    repository: createApiTokenRepository(deps.db),
    clock: deps.clock,
    events: deps.events,
  });
}
export type ApiTokens = ReturnType<typeof createApiTokens>;

/**
 * What organisers publish and export: posts editing, API tokens, writeups and the spreadsheet exports.
 * Post changes from any process drop every process's post cache through the event bus.
 */
export async function registerPublishing(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    events: EventBus;
    files: FileStore;
    posts: PostService;
    scoreboard: ScoreboardService;
    apiTokens: ApiTokens;
  },
): Promise<void> {
  const { db, clock, events } = deps;
  const unsubscribers = [
    events.subscribe(POSTS_CHANGED, () => deps.posts.invalidate()),
    events.subscribe(BUS_RESYNC, () => deps.posts.invalidate()),
  ];
  app.addHook('onClose', async () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
  });

  const postEdit = createPostEditService({ repository: createPostRepository(db), clock, events });
  const teams = createTeamRepository(db);
  const writeups = createWriteupService({
    repository: createWriteupRepository(db),
    files: deps.files,
    clock,
    teamMembers: (ids) => teams.members(ids),
  });
  const sheets = createSheetService({ repository: createSheetRepository(db), scoreboard: deps.scoreboard, clock });

  await app.register(postEditRoutes({ posts: postEdit }));
  await app.register(tokensRoutes({ tokens: deps.apiTokens }));
  await app.register(writeupsRoutes({ writeups }));
  await app.register(sheetsRoutes({ sheets }));
}
