import {
  ArrayResponseOfContainerInstanceModel,
  ContainerInfoModel,
  ContainerServiceState,
  ContainerStartModel,
  IntId,
} from '@flagpole/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../http/errors';
import { EmptyBody, errorResponses } from '../http/schemas';
import type { ContainerService } from './container.service';

const ChallengeParams = z.object({ id: IntId, challengeId: IntId });
const EditParams = z.object({ id: IntId, cId: IntId });
const InstanceParams = z.object({ id: z.uuid() });
const InstanceQuery = z.object({ game: IntId.optional() });

function userId(request: FastifyRequest): string {
  if (!request.identity) throw unauthorized();
  return request.identity.userId;
}

/** Player instance calls, the admin's test container and the admin instance list. */
export function containerRoutes(deps: { containers: ContainerService }): FastifyPluginAsyncZod {
  const { containers } = deps;
  return async (app) => {
    const player = { tags: ['Game'], params: ChallengeParams };
    const playerErrors = errorResponses(400, 401, 403, 404, 429);

    app.post(
      '/api/game/:id/container/:challengeId',
      {
        schema: {
          ...player,
          summary: "Start the team's instance of a container challenge (Pending with a queue position if busy)",
          response: { 200: ContainerStartModel, ...playerErrors },
        },
        config: { access: 'User', audit: 'instance.create' },
      },
      async (request) => containers.start(request.params.id, request.params.challengeId, userId(request)),
    );

    app.delete(
      '/api/game/:id/container/:challengeId',
      {
        schema: {
          ...player,
          summary: "Destroy the team's instance",
          response: { 200: EmptyBody, ...playerErrors },
        },
        config: { access: 'User', audit: 'instance.destroy' },
      },
      async (request) => {
        await containers.destroy(request.params.id, request.params.challengeId, userId(request));
      },
    );

    app.post(
      '/api/game/:id/container/:challengeId/extend',
      {
        schema: {
          ...player,
          summary: "Extend the team's instance within its renewal window",
          response: { 200: ContainerInfoModel, ...playerErrors },
        },
        config: { access: 'User', audit: 'instance.extend' },
      },
      async (request) => containers.extend(request.params.id, request.params.challengeId, userId(request)),
    );

    const edit = { tags: ['Edit'], params: EditParams };
    app.post(
      '/api/edit/games/:id/challenges/:cId/container',
      {
        schema: {
          ...edit,
          summary: 'Start the test container of a challenge',
          response: { 200: ContainerInfoModel, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'Admin', audit: 'instance.testStart' },
      },
      async (request) => containers.startTest(request.params.id, request.params.cId),
    );

    app.delete(
      '/api/edit/games/:id/challenges/:cId/container',
      {
        schema: {
          ...edit,
          summary: 'Stop the test container of a challenge (200 also when none runs)',
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'Admin', audit: 'instance.testStop' },
      },
      async (request) => {
        await containers.destroyTest(request.params.id, request.params.cId);
      },
    );

    app.get(
      '/api/edit/games/:id/challenges/:cId/container/services',
      {
        schema: {
          ...edit,
          summary:
            "State, exit code and last logs of each service of a challenge's test container (empty for a single image)",
          response: { 200: z.array(ContainerServiceState), ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'Admin' },
      },
      async (request) => containers.testServices(request.params.id, request.params.cId),
    );

    app.get(
      '/api/admin/instances',
      {
        schema: {
          tags: ['Admin'],
          summary: 'Running and starting instances, newest first; `game` filters by game',
          querystring: InstanceQuery,
          response: { 200: ArrayResponseOfContainerInstanceModel, ...errorResponses(400, 401, 403) },
        },
        config: { access: 'Admin' },
      },
      async (request) => {
        const data = await containers.list({ gameId: request.query.game });
        return { data, length: data.length, total: data.length };
      },
    );

    app.delete(
      '/api/admin/instances/:id',
      {
        schema: {
          tags: ['Admin'],
          summary: 'Force-destroy an instance',
          params: InstanceParams,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'Admin', audit: 'instance.forceDestroy' },
      },
      async (request) => {
        await containers.adminDestroy(request.params.id);
      },
    );
  };
}
