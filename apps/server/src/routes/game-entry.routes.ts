import {
  arrayResponse,
  BasicGameInfoModel,
  DetailedGameInfoModel,
  GameJoinCheckInfoModel,
  GameJoinModel,
  GameRosterModel,
  IntId,
  ListSearchText,
  ParticipationEditModel,
  ParticipationInfoModel,
} from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCached } from '../http/cached-response';
import { signedIn } from '../http/request-context';
import { EmptyBody, errorResponses } from '../http/schemas';
import type { GameEntryService } from '../services/game-entry.service';

const tags = ['Game'];
const GameParams = z.object({ id: IntId });

/** Game lists, details, joining and leaving; the organiser's participation review. */
export const gameEntryRoutes =
  (deps: { entry: GameEntryService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { entry } = deps;

    app.get(
      '/api/game',
      {
        schema: {
          tags,
          summary:
            'Visible games, latest start first (paged); `search` (our addition) keeps those whose title contains it',
          querystring: z.object({
            count: z.coerce.number().int().min(0).max(50).default(10),
            skip: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
            search: ListSearchText,
          }),
          response: { 200: arrayResponse(BasicGameInfoModel), 304: EmptyBody, ...errorResponses(400) },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        return sendCached(
          request,
          reply,
          await entry.page(request.query.count, request.query.skip, request.query.search),
        );
      },
    );

    app.get(
      '/api/game/recent',
      {
        schema: {
          tags,
          summary: 'Running, then upcoming, then ended games for the home page (limit 0 = up to 50)',
          querystring: z.object({ limit: z.coerce.number().int().min(0).max(50).default(0) }),
          response: { 200: z.array(BasicGameInfoModel), 304: EmptyBody, ...errorResponses(400) },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        return sendCached(request, reply, await entry.recent(request.query.limit));
      },
    );

    app.get(
      '/api/game/:id',
      {
        schema: {
          tags,
          summary: 'A game; with a session, the caller’s participation status and team',
          params: GameParams,
          response: { 200: DetailedGameInfoModel, ...errorResponses(400, 404) },
        },
        config: { access: 'public' },
      },
      async (request) => entry.detail(request.params.id, request.identity),
    );

    app.post(
      '/api/game/:id',
      {
        schema: {
          tags,
          summary: 'Join a game with a team (the caller goes on the team’s roster)',
          params: GameParams,
          body: GameJoinModel,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'User', audit: 'game.join' },
      },
      async (request, reply) => {
        await entry.join(signedIn(request), request.params.id, request.body);
        return reply.send();
      },
    );

    app.put(
      '/api/game/:id/roster',
      {
        schema: {
          tags,
          summary: 'Flagpole: the captain chooses who plays for the team in the game (within the member limit)',
          params: GameParams,
          body: GameRosterModel,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'User', audit: 'game.roster' },
      },
      async (request, reply) => {
        await entry.setRoster(signedIn(request), request.params.id, request.body);
        return reply.send();
      },
    );

    app.get(
      '/api/game/:id/check',
      {
        schema: {
          tags,
          summary: 'The caller’s teams that already have an entry in the game, with its status',
          params: GameParams,
          response: { 200: GameJoinCheckInfoModel, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'User' },
      },
      async (request) => entry.check(signedIn(request), request.params.id),
    );

    app.delete(
      '/api/game/:id',
      {
        schema: {
          tags,
          summary: 'Leave a game while the team’s entry is pending or rejected',
          params: GameParams,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'User', audit: 'game.leave' },
      },
      async (request, reply) => {
        await entry.leave(signedIn(request), request.params.id);
        return reply.send();
      },
    );

    app.get(
      '/api/game/:id/participations',
      {
        schema: {
          tags,
          summary: 'Every team entry of a game with members and roster (Admin)',
          params: GameParams,
          response: { 200: z.array(ParticipationInfoModel), ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'Admin' },
      },
      async (request) => entry.participations(request.params.id),
    );

    app.put(
      '/api/admin/participation/:id',
      {
        schema: {
          tags: ['Admin'],
          summary: 'Review a team entry: Pending → Accepted/Rejected, Accepted ⇄ Suspended',
          params: GameParams,
          body: ParticipationEditModel,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'Admin', audit: 'participation.review' },
      },
      async (request, reply) => {
        await entry.review(request.params.id, request.body);
        return reply.send();
      },
    );
  };
