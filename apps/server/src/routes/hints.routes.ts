import {
  AwardCreateModel,
  AwardInfo,
  HintCreateModel,
  HintEditInfo,
  HintPlayerInfo,
  IntId,
  PendingAwardInfo,
} from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../http/errors';
import { EmptyBody, errorResponses } from '../http/schemas';
import type { AwardService } from '../services/award.service';
import type { HintService } from '../services/hint.service';

const GameParams = z.object({ id: IntId });
const EditChallengeParams = z.object({ id: IntId, cId: IntId });
const EditHintParams = EditChallengeParams.extend({ hintId: IntId });
const PlayChallengeParams = z.object({ id: IntId, challengeId: IntId });
const PlayHintParams = PlayChallengeParams.extend({ hintId: IntId });
const AwardParams = z.object({ id: IntId, awardId: IntId });
const PendingAwardParams = z.object({ id: IntId, pendingId: IntId });
const denied = [400, 401, 403, 404] as const;
const admin = { access: 'Admin' } as const;

/**
 * Locked hints (`/api/edit/games/{id}/challenges/{cId}/hints` for organisers, `/api/game/{id}/challenges/
 * {challengeId}/hints` for teams) and awards (`/api/edit/games/{id}/awards`, and `/awards/pending` for imported
 * ones waiting for their team); Flagpole's own, issue 28.
 */
export const hintRoutes =
  (deps: { hints: HintService; awards: AwardService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { hints, awards } = deps;
    const userOf = (identity: { userId: string } | null | undefined) => {
      if (!identity) throw unauthorized();
      return identity.userId;
    };

    app.get(
      '/api/edit/games/:id/challenges/:cId/hints',
      {
        schema: {
          tags: ['Edit'],
          summary: 'The locked hints of a challenge, with their costs and unlock counts',
          params: EditChallengeParams,
          response: { 200: z.array(HintEditInfo), ...errorResponses(...denied) },
        },
        config: admin,
      },
      async (request) => hints.editList(request.params.id, request.params.cId),
    );

    app.post(
      '/api/edit/games/:id/challenges/:cId/hints',
      {
        schema: {
          tags: ['Edit'],
          summary: 'Add a locked hint (Points, RewardShare or FreeAfter); answers the challenge’s hints',
          params: EditChallengeParams,
          body: HintCreateModel,
          response: { 200: z.array(HintEditInfo), ...errorResponses(...denied) },
        },
        config: { ...admin, audit: 'hint.create' },
      },
      async (request) => hints.create(request.params.id, request.params.cId, request.body),
    );

    app.delete(
      '/api/edit/games/:id/challenges/:cId/hints/:hintId',
      {
        schema: {
          tags: ['Edit'],
          summary: 'Delete a locked hint; its unlocks and their charges go with it',
          params: EditHintParams,
          response: { 200: EmptyBody, ...errorResponses(...denied) },
        },
        config: { ...admin, audit: 'hint.delete' },
      },
      async (request, reply) => {
        await hints.delete(request.params.id, request.params.cId, request.params.hintId);
        return reply.send();
      },
    );

    app.get(
      '/api/game/:id/challenges/:challengeId/hints',
      {
        schema: {
          tags: ['Game'],
          summary: 'The locked hints of a challenge as the team sees them (content once unlocked)',
          params: PlayChallengeParams,
          response: { 200: z.array(HintPlayerInfo), ...errorResponses(...denied) },
        },
        config: { access: 'User' },
      },
      async (request) => hints.list(request.params.id, request.params.challengeId, userOf(request.identity)),
    );

    app.post(
      '/api/game/:id/challenges/:challengeId/hints/:hintId/unlock',
      {
        schema: {
          tags: ['Game'],
          summary: 'Unlock a hint for the team (once per team; repeating it charges nothing); answers the hints',
          params: PlayHintParams,
          response: { 200: z.array(HintPlayerInfo), ...errorResponses(...denied) },
        },
        config: { access: 'User', audit: 'hint.unlock' },
      },
      async (request) =>
        hints.unlock(request.params.id, request.params.challengeId, request.params.hintId, userOf(request.identity)),
    );

    app.get(
      '/api/edit/games/:id/awards',
      {
        schema: {
          tags: ['Edit'],
          summary: 'The awards and penalties of a game',
          params: GameParams,
          response: { 200: z.array(AwardInfo), ...errorResponses(...denied) },
        },
        config: admin,
      },
      async (request) => awards.list(request.params.id),
    );

    app.post(
      '/api/edit/games/:id/awards',
      {
        schema: {
          tags: ['Edit'],
          summary: 'Give (positive points) or take (negative) points to a team with a reason',
          params: GameParams,
          body: AwardCreateModel,
          response: { 200: AwardInfo, ...errorResponses(...denied) },
        },
        config: { ...admin, audit: 'award.create' },
      },
      async (request) => awards.create(request.params.id, request.body, userOf(request.identity)),
    );

    app.delete(
      '/api/edit/games/:id/awards/:awardId',
      {
        schema: {
          tags: ['Edit'],
          summary: 'Remove an award or a penalty',
          params: AwardParams,
          response: { 200: EmptyBody, ...errorResponses(...denied) },
        },
        config: { ...admin, audit: 'award.delete' },
      },
      async (request, reply) => {
        await awards.delete(request.params.id, request.params.awardId);
        return reply.send();
      },
    );

    app.get(
      '/api/edit/games/:id/awards/pending',
      {
        schema: {
          tags: ['Edit'],
          summary: 'Imported awards waiting for a team of their name to be accepted in the game',
          params: GameParams,
          response: { 200: z.array(PendingAwardInfo), ...errorResponses(...denied) },
        },
        config: admin,
      },
      async (request) => awards.listPending(request.params.id),
    );

    app.delete(
      '/api/edit/games/:id/awards/pending/:pendingId',
      {
        schema: {
          tags: ['Edit'],
          summary: 'Remove an imported award before its team joins',
          params: PendingAwardParams,
          response: { 200: EmptyBody, ...errorResponses(...denied) },
        },
        config: { ...admin, audit: 'award.deletePending' },
      },
      async (request, reply) => {
        await awards.deletePending(request.params.id, request.params.pendingId);
        return reply.send();
      },
    );
  };
