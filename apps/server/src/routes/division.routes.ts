import { Division, DivisionCreateModel, DivisionEditModel, IntId } from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyBody, errorResponses } from '../http/schemas';
import type { DivisionService } from '../services/division.service';

const tags = ['Edit'];
const GameParams = z.object({ id: IntId });
const DivisionParams = z.object({ id: IntId, divisionId: IntId });
const denied = [400, 401, 403, 404] as const;

/** `/api/edit/games/{id}/divisions`: a game's divisions, their invite codes and permissions (Admin). */
export const divisionRoutes =
  (deps: { divisions: DivisionService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { divisions } = deps;

    app.get(
      '/api/edit/games/:id/divisions',
      {
        schema: {
          tags,
          summary: 'The divisions of a game with their per-challenge permission overrides',
          params: GameParams,
          response: { 200: z.array(Division), ...errorResponses(...denied) },
        },
        config: { access: 'Admin' },
      },
      async (request) => divisions.list(request.params.id),
    );

    app.post(
      '/api/edit/games/:id/divisions',
      {
        schema: {
          tags,
          summary: 'Create a division (default permissions: All)',
          params: GameParams,
          body: DivisionCreateModel,
          response: { 200: Division, ...errorResponses(...denied) },
        },
        config: { access: 'Admin', audit: 'division.create' },
      },
      async (request) => divisions.create(request.params.id, request.body),
    );

    app.put(
      '/api/edit/games/:id/divisions/:divisionId',
      {
        schema: {
          tags,
          summary: 'Update a division; null fields stay, a list of challenge configs replaces the overrides',
          params: DivisionParams,
          body: DivisionEditModel,
          response: { 200: Division, ...errorResponses(...denied) },
        },
        config: { access: 'Admin', audit: 'division.update' },
      },
      async (request) => divisions.update(request.params.id, request.params.divisionId, request.body),
    );

    app.delete(
      '/api/edit/games/:id/divisions/:divisionId',
      {
        schema: {
          tags,
          summary: 'Delete a division; its teams stay in the game without a division',
          params: DivisionParams,
          response: { 200: EmptyBody, ...errorResponses(...denied) },
        },
        config: { access: 'Admin', audit: 'division.delete' },
      },
      async (request, reply) => {
        await divisions.delete(request.params.id, request.params.divisionId);
        return reply.send();
      },
    );
  };
