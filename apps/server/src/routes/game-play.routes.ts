import {
  AnswerResult,
  ChallengeDetailModel,
  CheatInfoModel,
  CtftimeFeed,
  FlagSubmitModel,
  GameDetailModel,
  GameEvent,
  GameNotice,
  IdempotencyKey,
  IntId,
  intParam,
  MonitorSearchText,
  roleRank,
  ScoreboardModel,
  Submission,
} from '@flagpole/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Identity } from '../http/access';
import { sendCached } from '../http/cached-response';
import { notFound, unauthorized } from '../http/errors';
import { EmptyBody, errorResponses } from '../http/schemas';
import type { Clock } from '../lib/clock';
import { ctftimeFeedOf } from '../services/ctftime-feed';
import type { GameMonitorService } from '../services/game-monitor.service';
import type { GamePlayService } from '../services/game-play.service';
import { gameNotStartedError } from '../services/game-window';
import type { NoticeService } from '../services/notice.service';
import type { BuiltScoreboard, ScoreboardService } from '../services/scoreboard.service';

const tags = ['Game'];
const GameParams = z.object({ id: IntId });
const ChallengeParams = z.object({ id: IntId, challengeId: IntId });
const StatusParams = ChallengeParams.extend({
  submitId: intParam(Number.MAX_SAFE_INTEGER),
});
const Count = z.coerce.number().int().min(0).max(100).default(100);
const Skip = z.coerce.number().int().min(0).max(1_000_000_000).default(0);

/**
 * The flag-submission routes answer a number, a verdict or an error of a few dozen bytes, always below the
 * compression threshold (1 KiB): the compression hooks would run twice per submission and never compress.
 */
const tinyAnswers = { compress: false } as const;

function signedIn(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthorized();
  return request.identity;
}

/** Admins and monitors: they see the live board during a freeze (docs/game-play.md, "Freeze and reveal"). */
export function isOrganiser(identity: Identity | null | undefined): boolean {
  return identity !== null && identity !== undefined && roleRank[identity.role] >= roleRank.Monitor;
}

function userId(request: FastifyRequest): string {
  return signedIn(request).userId;
}

/** Sends already-serialised JSON (a bare number or string) past the response serializer. */
function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}

/** br before gzip; an encoding with q=0 is refused. */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) <= 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Sends the scoreboard: 304 on a matching validator, else the body in the best accepted encoding. `perCaller`: the
 * answer depends on who asks (a freeze), so shared caches must not keep it.
 */
async function sendScoreboard(
  request: FastifyRequest,
  reply: FastifyReply,
  board: BuiltScoreboard,
  perCaller = false,
): Promise<FastifyReply> {
  reply
    .header('etag', board.etag)
    .header('last-modified', board.lastModified.toUTCString())
    .header('cache-control', perCaller ? 'private, no-cache' : 'no-cache, must-revalidate')
    .header('vary', 'Accept-Encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const tags = ifNoneMatch.split(',').map((t) => t.trim());
    if (tags.includes(board.etag) || tags.includes('*')) return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding !== null) return reply.header('content-encoding', encoding).send(await board.encoded(encoding));
  return reply.send(board.body());
}

export const gamePlayRoutes =
  (deps: {
    play: GamePlayService;
    monitor: GameMonitorService;
    scoreboard: ScoreboardService;
    notices: NoticeService;
    clock: Clock;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { play, monitor, scoreboard, notices } = deps;

    app.get(
      '/api/game/:id/details',
      {
        schema: {
          tags,
          summary:
            "The challenge board and the caller's team row, token and writeup fields (Admin/Monitor without a team: a preview)",
          params: GameParams,
          response: { 200: GameDetailModel, 304: EmptyBody, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'User' },
      },
      async (request, reply) => {
        return sendCached(request, reply, await play.details(request.params.id, signedIn(request)), 'private');
      },
    );

    app.get(
      '/api/game/:id/challenges/:challengeId',
      {
        schema: {
          tags,
          summary: 'One challenge as the team sees it (Admin/Monitor without a team: a preview)',
          params: ChallengeParams,
          response: { 200: ChallengeDetailModel, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'User' },
      },
      async (request) => play.challengeDetail(request.params.id, request.params.challengeId, signedIn(request)),
    );

    app.post(
      '/api/game/:id/challenges/:challengeId',
      {
        schema: {
          tags,
          summary: 'Submit a flag; returns the submission id, judged asynchronously',
          description:
            'With an `Idempotency-Key` header, a retry of a request whose answer was lost stores nothing new and ' +
            "answers the first submission's id (so it never uses another attempt); the same key with another " +
            'challenge or answer is 422.',
          params: ChallengeParams,
          headers: z.object({ 'idempotency-key': IdempotencyKey.optional() }),
          body: FlagSubmitModel,
          response: { 200: z.number().int(), ...errorResponses(400, 401, 403, 404, 422, 429) },
        },
        config: { access: 'User', audit: 'flag.submit' },
        ...tinyAnswers,
      },
      async (request, reply) => {
        const { id: gameId, challengeId } = request.params;
        const key = request.headers['idempotency-key'];
        const id = await play.submit(gameId, challengeId, signedIn(request), request.ip, request.body.flag, key);
        return sendJsonText(reply, String(id));
      },
    );

    app.get(
      '/api/game/:id/challenges/:challengeId/status/:submitId',
      {
        schema: {
          tags,
          summary: "A submission's verdict (CheatDetected reads as WrongAnswer)",
          params: StatusParams,
          response: { 200: AnswerResult, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'User' },
        ...tinyAnswers,
      },
      async (request, reply) => {
        const { id, challengeId, submitId } = request.params;
        const status = await play.status(id, challengeId, submitId, userId(request));
        return sendJsonText(reply, JSON.stringify(status));
      },
    );

    app.get(
      '/api/game/:id/scoreboard',
      {
        schema: {
          tags,
          summary:
            'The scoreboard (after the start), served from memory with ETag; frozen for all but organisers from the ' +
            "game's freezeAt until the reveal (organisers: `view=players` for what players see); Flagpole: `phase` " +
            "for the board of one game phase (ranked on that phase's challenges only)",
          params: GameParams,
          querystring: z.object({ view: z.enum(['live', 'players']).default('live'), phase: IntId.optional() }),
          response: { 200: ScoreboardModel, 304: EmptyBody, ...errorResponses(400, 404) },
        },
        config: { access: 'public' },
        // The body is compressed once per board and encoding (on the first request for it), not per request.
        compress: false,
      },
      async (request, reply) => {
        const live = await scoreboard.get(request.params.id);
        if (!live) throw notFound('error.gameNotFound');
        if (deps.clock.now().getTime() < live.startAt) throw gameNotStartedError();
        const seen =
          isOrganiser(request.identity) && request.query.view === 'live' ? live : scoreboard.forPlayers(live);
        const { phase } = request.query;
        const board = phase === undefined ? seen : scoreboard.phaseOf(seen, phase);
        if (board === 'no phase') throw notFound('error.phaseNotFound');
        // During a freeze the answer depends on who asks: shared caches must not hand the organisers' one on.
        return sendScoreboard(request, reply, board, live.freeze !== null && !live.freeze.revealed);
      },
    );

    app.get(
      '/api/game/:id/ctftime',
      {
        schema: {
          tags,
          summary:
            "CTFtime's scoreboard feed (full Jeopardy shape, ASCII with \\u escapes), always the public board: frozen " +
            'during a freeze for everyone, organisers included; Flagpole: `division` ranks within one division, ' +
            '`phase` the board of one game phase',
          params: GameParams,
          querystring: z.object({ division: IntId.optional(), phase: IntId.optional() }),
          response: { 200: CtftimeFeed, 304: EmptyBody, ...errorResponses(400, 404) },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        const { division, phase } = request.query;
        await play.assertFeedVisible(request.params.id, request.identity ?? null);
        const live = await scoreboard.get(request.params.id);
        if (!live) throw notFound('error.gameNotFound');
        if (deps.clock.now().getTime() < live.startAt) throw gameNotStartedError();
        // The feed is public data: what the public sees, whoever asks (no per-caller answer, so caches may share it).
        const seen = scoreboard.forPlayers(live);
        const board = phase === undefined ? seen : scoreboard.phaseOf(seen, phase);
        if (board === 'no phase') throw notFound('error.phaseNotFound');
        if (division !== undefined && !board.model.divisions.some((d) => d.id === division)) {
          throw notFound('error.divisionNotFound');
        }
        const feed = ctftimeFeedOf(board, division);
        reply
          .header('etag', feed.etag)
          .header('last-modified', board.lastModified.toUTCString())
          .header('cache-control', 'no-cache, must-revalidate');
        const matches = (request.headers['if-none-match'] ?? '').split(',').map((t) => t.trim());
        if (matches.includes(feed.etag) || matches.includes('*')) return reply.code(304).send();
        return sendJsonText(reply, feed.body);
      },
    );

    app.get(
      '/api/game/:id/notices',
      {
        schema: {
          tags,
          summary: 'Notices of the game, newest first (after the start)',
          params: GameParams,
          querystring: z.object({ count: Count, skip: z.coerce.number().int().min(0).max(300).default(0) }),
          response: { 200: z.array(GameNotice), 304: EmptyBody, ...errorResponses(400, 404) },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        const gameId = request.params.id;
        await play.assertStarted(gameId);
        const { count, skip } = request.query;
        if (skip === 0 && count === 100) {
          return sendCached(request, reply, await notices.list(gameId));
        }
        const all = await notices.listModels(gameId);
        reply.send(all.slice(skip, skip + count));
      },
    );

    app.get(
      '/api/game/:id/events',
      {
        schema: {
          tags,
          summary: 'Game events, newest first (monitor); `search` keeps those whose team, user or content contains it',
          params: GameParams,
          querystring: z.object({
            hideContainer: z.stringbool().default(false),
            count: Count,
            skip: Skip,
            search: MonitorSearchText,
          }),
          response: { 200: z.array(GameEvent), ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'Monitor' },
      },
      async (request) => monitor.events(request.params.id, request.query),
    );

    app.get(
      '/api/game/:id/submissions',
      {
        schema: {
          tags,
          summary:
            'Submissions with their answers, newest first (monitor); count 0 means all; `search` keeps those whose ' +
            'team, user, challenge or answer contains it',
          params: GameParams,
          querystring: z.object({ type: AnswerResult.optional(), count: Count, skip: Skip, search: MonitorSearchText }),
          response: { 200: z.array(Submission), ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'Monitor' },
      },
      async (request) =>
        monitor.submissions(request.params.id, { ...request.query, type: request.query.type ?? undefined }),
    );

    app.get(
      '/api/game/:id/cheatinfo',
      {
        schema: {
          tags,
          summary: "Submissions of another team's dynamic flag (monitor)",
          params: GameParams,
          response: { 200: z.array(CheatInfoModel), ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'Monitor' },
      },
      async (request) => monitor.cheatInfo(request.params.id),
    );
  };
