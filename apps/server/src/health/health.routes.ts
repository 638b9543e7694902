import { ChallengeHealthDetailModel, GameHealthModel, HealthCheckEditModel, IntId } from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyBody, errorResponses } from '../http/schemas';
import type { HealthService } from './health.service';

const tags = ['Health checks'];
const GameParams = z.object({ id: IntId });
const ChallengeParams = z.object({ id: IntId, cId: IntId });
const denied = [400, 401, 403, 404] as const;

/** Challenge health checks: the status list (admins and monitors) and each challenge's check (admins). */
export const healthRoutes =
  (deps: { health: HealthService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { health } = deps;

    app.get(
      '/api/game/:id/health',
      {
        schema: {
          tags,
          summary: "Flagpole: the health of the game's challenges that carry a check (admin challenge list, monitor)",
          params: GameParams,
          response: { 200: GameHealthModel, ...errorResponses(...denied) },
        },
        config: { access: 'Monitor' },
      },
      async (request) => health.game(request.params.id),
    );

    const path = '/api/edit/games/:id/challenges/:cId/health';
    app.get(
      path,
      {
        schema: {
          tags,
          summary: 'Flagpole: the health check of a challenge, its status and its last runs',
          params: ChallengeParams,
          response: { 200: ChallengeHealthDetailModel, ...errorResponses(...denied) },
        },
        config: { access: 'Admin' },
      },
      async (request) => health.detail(request.params.id, request.params.cId),
    );

    app.put(
      path,
      {
        schema: {
          tags,
          summary: 'Flagpole: set the health check of a challenge (it runs at once, then on its schedule)',
          params: ChallengeParams,
          body: HealthCheckEditModel,
          response: { 200: ChallengeHealthDetailModel, ...errorResponses(...denied) },
        },
        config: { access: 'Admin', audit: 'challenge.healthSave' },
      },
      async (request) => health.save(request.params.id, request.params.cId, request.body),
    );

    app.delete(
      path,
      {
        schema: {
          tags,
          summary: 'Flagpole: remove the health check of a challenge and its history',
          params: ChallengeParams,
          response: { 200: EmptyBody, ...errorResponses(...denied) },
        },
        config: { access: 'Admin', audit: 'challenge.healthDelete' },
      },
      async (request, reply) => {
        await health.remove(request.params.id, request.params.cId);
        return reply.send();
      },
    );

    app.post(
      `${path}/run`,
      {
        schema: {
          tags,
          summary: 'Flagpole: run the health check now (400 without a container engine)',
          params: ChallengeParams,
          response: { 200: ChallengeHealthDetailModel, ...errorResponses(...denied) },
        },
        config: { access: 'Admin', audit: 'challenge.healthRun' },
      },
      async (request) => health.request(request.params.id, request.params.cId),
    );
  };
