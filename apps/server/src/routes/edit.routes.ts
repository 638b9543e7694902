import {
  AttachmentCreateModel,
  arrayResponse,
  BatchRequestResponse,
  ChallengeCreateModel,
  ChallengeEditDetailModel,
  ChallengeInfoModel,
  ChallengeUpdateModel,
  FlagCreateModel,
  GameEditModel,
  GameInfoModel,
  GameListOrder,
  GameNotice,
  GameNoticeModel,
  GameReadinessModel,
  IntId,
  ListSearchText,
} from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyBody, errorResponses } from '../http/schemas';
import { acceptUploads, multipartBodyLimit, readSingleUpload } from '../http/upload';
import type { ChallengeEditService } from '../services/challenge-edit.service';
import type { GameEditService } from '../services/game-edit.service';
import type { GameReadinessService } from '../services/game-readiness';

const tags = ['Edit'];
const GameParams = z.object({ id: IntId });
const ChallengeParams = z.object({ id: IntId, cId: IntId });
const FlagParams = z.object({ id: IntId, cId: IntId, fId: IntId });
const NoticeParams = z.object({ id: IntId, noticeId: IntId });
const EditPageQuery = z.object({
  count: z.coerce.number().int().min(0).max(100).default(100),
  skip: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  order: GameListOrder.default('newest'),
  search: ListSearchText,
});
const admin = { access: 'Admin' } as const;
const denied = [400, 401, 403, 404] as const;

/** `/api/edit/*`: organisers' game, challenge, flag, attachment and notice management (Admin). */
export const editRoutes =
  (deps: {
    games: GameEditService;
    challenges: ChallengeEditService;
    readiness: GameReadinessService;
    maxImageBytes: number;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    await acceptUploads(app);
    const { games, challenges } = deps;

    // ---- games ----

    app.get(
      '/api/edit/games',
      {
        schema: {
          tags,
          summary:
            'All games including hidden ones, paged; `order` newest (default) | start | title; `search` keeps the ' +
            'games whose title contains it',
          querystring: EditPageQuery,
          response: { 200: arrayResponse(GameInfoModel), ...errorResponses(400, 401, 403) },
        },
        config: admin,
      },
      async (request) => games.list(request.query),
    );

    app.post(
      '/api/edit/games',
      {
        schema: {
          tags,
          summary: 'Create a game (with a fresh Ed25519 key pair)',
          body: GameEditModel,
          response: { 200: GameInfoModel, ...errorResponses(400, 401, 403) },
        },
        config: { ...admin, audit: 'game.create' },
      },
      async (request) => games.create(request.body),
    );

    app.get(
      '/api/edit/games/:id',
      {
        schema: {
          tags,
          summary: 'One game',
          params: GameParams,
          response: { 200: GameInfoModel, ...errorResponses(...denied) },
        },
        config: admin,
      },
      async (request) => games.get(request.params.id),
    );

    app.put(
      '/api/edit/games/:id',
      {
        schema: {
          tags,
          summary: 'Update a game; optional fields left out keep their values',
          params: GameParams,
          body: GameEditModel,
          response: { 200: GameInfoModel, ...errorResponses(...denied) },
        },
        config: { ...admin, audit: 'game.update' },
      },
      async (request) => games.update(request.params.id, request.body),
    );

    app.delete(
      '/api/edit/games/:id',
      {
        schema: {
          tags,
          summary: 'Delete a game and everything in it',
          params: GameParams,
          response: { 200: EmptyBody, ...errorResponses(...denied) },
        },
        config: { ...admin, audit: 'game.delete' },
      },
      async (request, reply) => {
        await games.remove(request.params.id);
        return reply.send();
      },
    );

    app.get(
      '/api/edit/games/:id/readiness',
      {
        schema: {
          tags,
          summary: 'Flagpole: the publish checklist (times, enabled challenges, each one playable)',
          params: GameParams,
          response: { 200: GameReadinessModel, ...errorResponses(...denied) },
        },
        config: admin,
      },
      async (request) => deps.readiness.check(request.params.id),
    );

    app.post(
      '/api/edit/games/:id/scoreboard/flush',
      {
        schema: {
          tags,
          summary: 'Rebuild the scoreboard from the stored rows, on every server process',
          params: GameParams,
          response: { 200: EmptyBody, ...errorResponses(...denied) },
        },
        config: { ...admin, audit: 'game.flushScoreboard' },
      },
      async (request, reply) => {
        await games.flushScoreboard(request.params.id);
        return reply.send();
      },
    );

    app.post(
      '/api/edit/games/:id/scoreboard/reveal',
      {
        schema: {
          tags,
          summary: 'Reveal the frozen scoreboard (after the end): the final board and held blood notices go public',
          params: GameParams,
          response: { 200: EmptyBody, ...errorResponses(...denied) },
        },
        config: { ...admin, audit: 'game.revealScoreboard' },
      },
      async (request, reply) => {
        await games.revealScoreboard(request.params.id);
        return reply.send();
      },
    );

    app.put(
      '/api/edit/games/:id/poster',
      {
        bodyLimit: multipartBodyLimit(deps.maxImageBytes),
        schema: {
          tags,
          summary: 'Upload the game poster (multipart part `file`)',
          params: GameParams,
          consumes: ['multipart/form-data'],
          response: { 200: z.string().describe('URL of the poster'), ...errorResponses(...denied, 413, 415) },
        },
        config: { ...admin, audit: 'game.poster' },
      },
      async (request, reply) => {
        const upload = await readSingleUpload(request, 'file', deps.maxImageBytes);
        const url = await games.setPoster(request.params.id, upload);
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(url));
      },
    );

    // ---- notices ----

    app.get(
      '/api/edit/games/:id/notices',
      {
        schema: {
          tags,
          summary: 'The organisers’ notices of a game, newest first',
          params: GameParams,
          response: { 200: z.array(GameNotice), ...errorResponses(...denied) },
        },
        config: admin,
      },
      async (request) => games.notices(request.params.id),
    );

    app.post(
      '/api/edit/games/:id/notices',
      {
        schema: {
          tags,
          summary: 'Post a notice (pushed to players at once)',
          params: GameParams,
          body: GameNoticeModel,
          response: { 200: GameNotice, ...errorResponses(...denied) },
        },
        config: { ...admin, audit: 'notice.create' },
      },
      async (request) => games.postNotice(request.params.id, request.body.content),
    );

    app.put(
      '/api/edit/games/:id/notices/:noticeId',
      {
        schema: {
          tags,
          summary: 'Edit an organiser’s notice (automatic ones cannot be edited)',
          params: NoticeParams,
          body: GameNoticeModel,
          response: { 200: GameNotice, ...errorResponses(...denied) },
        },
        config: { ...admin, audit: 'notice.update' },
      },
      async (request) => games.editNotice(request.params.id, request.params.noticeId, request.body.content),
    );

    app.delete(
      '/api/edit/games/:id/notices/:noticeId',
      {
        schema: {
          tags,
          summary: 'Delete an organiser’s notice (automatic ones cannot be deleted)',
          params: NoticeParams,
          response: { 200: EmptyBody, ...errorResponses(...denied) },
        },
        config: { ...admin, audit: 'notice.delete' },
      },
      async (request, reply) => {
        await games.removeNotice(request.params.id, request.params.noticeId);
        return reply.send();
      },
    );

    // ---- challenges ----

    app.get(
      '/api/edit/games/:id/challenges',
      {
        schema: {
          tags,
          summary: 'Challenges of a game with their current score (empty for an unknown game)',
          params: GameParams,
          response: { 200: z.array(ChallengeInfoModel), ...errorResponses(400, 401, 403) },
        },
        config: admin,
      },
      async (request) => challenges.list(request.params.id),
    );

    app.post(
      '/api/edit/games/:id/challenges',
      {
        schema: {
          tags,
          summary: 'Create a challenge (title, category, type); it starts disabled',
          params: GameParams,
          body: ChallengeCreateModel,
          response: { 200: ChallengeEditDetailModel, ...errorResponses(...denied) },
        },
        config: { ...admin, audit: 'challenge.create' },
      },
      async (request) => challenges.create(request.params.id, request.body),
    );

    app.post(
      '/api/edit/games/:id/challenges/updateaccepted',
      {
        schema: {
          tags,
          summary: 'Recount accepted solves (refreshes the scoreboard)',
          params: GameParams,
          response: { 200: EmptyBody, ...errorResponses(...denied) },
        },
        config: { ...admin, audit: 'challenge.recount' },
      },
      async (request, reply) => {
        await challenges.recountAccepted(request.params.id);
        return reply.send();
      },
    );

    app.get(
      '/api/edit/games/:id/challenges/:cId',
      {
        schema: {
          tags,
          summary: 'One challenge with flags and attachment',
          params: ChallengeParams,
          response: { 200: ChallengeEditDetailModel, ...errorResponses(...denied) },
        },
        config: admin,
      },
      async (request) => challenges.get(request.params.id, request.params.cId),
    );

    app.put(
      '/api/edit/games/:id/challenges/:cId',
      {
        schema: {
          tags,
          summary: 'Edit a challenge; absent or null fields stay unchanged',
          params: ChallengeParams,
          body: ChallengeUpdateModel,
          response: { 200: ChallengeEditDetailModel, ...errorResponses(...denied) },
        },
        config: { ...admin, audit: 'challenge.update' },
      },
      async (request) => challenges.update(request.params.id, request.params.cId, request.body),
    );

    app.delete(
      '/api/edit/games/:id/challenges/:cId',
      {
        schema: {
          tags,
          summary: 'Delete a challenge',
          params: ChallengeParams,
          response: { 200: EmptyBody, ...errorResponses(...denied) },
        },
        config: { ...admin, audit: 'challenge.delete' },
      },
      async (request, reply) => {
        await challenges.remove(request.params.id, request.params.cId);
        return reply.send();
      },
    );

    app.post(
      '/api/edit/games/:id/challenges/:cId/attachment',
      {
        schema: {
          tags,
          summary: 'Set or clear the challenge attachment (not for dynamic attachments)',
          params: ChallengeParams,
          body: AttachmentCreateModel,
          response: { 200: EmptyBody, ...errorResponses(...denied) },
        },
        config: { ...admin, audit: 'challenge.attachment' },
      },
      async (request, reply) => {
        await challenges.setAttachment(request.params.id, request.params.cId, request.body);
        return reply.send();
      },
    );

    app.post(
      '/api/edit/games/:id/challenges/:cId/flags',
      {
        schema: {
          tags,
          summary: 'Add flags (dynamic attachments: each with its own attachment)',
          params: ChallengeParams,
          body: z.array(FlagCreateModel).max(1000),
          response: { 200: EmptyBody, 400: BatchRequestResponse, ...errorResponses(401, 403, 404) },
        },
        config: { ...admin, audit: 'flag.add' },
      },
      async (request, reply) => {
        await challenges.addFlags(request.params.id, request.params.cId, request.body);
        return reply.send();
      },
    );

    app.delete(
      '/api/edit/games/:id/challenges/:cId/flags/:fId',
      {
        schema: {
          tags,
          summary: 'Delete a flag; deleting the last one disables the challenge',
          params: FlagParams,
          response: {
            200: z.string().describe('TaskStatus as a JSON string: "Success" or "NotFound"'),
            ...errorResponses(...denied),
          },
        },
        config: { ...admin, audit: 'flag.delete' },
      },
      async (request, reply) => {
        const status = await challenges.removeFlag(request.params.id, request.params.cId, request.params.fId);
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(status));
      },
    );
  };
