import { GamePhaseCreateModel, GamePhaseEditModel, GamePhaseInfo, IntId } from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyBody, errorResponses } from '../http/schemas';
import type { GamePhaseService } from '../services/game-phase.service';

const tags = ['Edit'];
const GameParams = z.object({ id: IntId });
const PhaseParams = z.object({ id: IntId, phaseId: IntId });
const denied = [400, 401, 403, 404] as const;

/** `/api/edit/games/{id}/phases`: a game's phases (Flagpole; Admin). */
export const gamePhaseRoutes =
  (deps: { phases: GamePhaseService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { phases } = deps;

    app.get(
      '/api/edit/games/:id/phases',
      {
        schema: {
          tags,
          summary: 'The phases of a game, ordered by start',
          params: GameParams,
          response: { 200: z.array(GamePhaseInfo), ...errorResponses(...denied) },
        },
        config: { access: 'Admin' },
      },
      async (request) => phases.list(request.params.id),
    );

    app.post(
      '/api/edit/games/:id/phases',
      {
        schema: {
          tags,
          summary: 'Create a phase (a title and a start)',
          params: GameParams,
          body: GamePhaseCreateModel,
          response: { 200: GamePhaseInfo, ...errorResponses(...denied) },
        },
        config: { access: 'Admin', audit: 'phase.create' },
      },
      async (request) => phases.create(request.params.id, request.body),
    );

    app.put(
      '/api/edit/games/:id/phases/:phaseId',
      {
        schema: {
          tags,
          summary: 'Rename a phase or change its start; null fields stay',
          params: PhaseParams,
          body: GamePhaseEditModel,
          response: { 200: GamePhaseInfo, ...errorResponses(...denied) },
        },
        config: { access: 'Admin', audit: 'phase.update' },
      },
      async (request) => phases.update(request.params.id, request.params.phaseId, request.body),
    );

    app.delete(
      '/api/edit/games/:id/phases/:phaseId',
      {
        schema: {
          tags,
          summary: 'Delete a phase; its challenges stay in the game without a phase',
          params: PhaseParams,
          response: { 200: EmptyBody, ...errorResponses(...denied) },
        },
        config: { access: 'Admin', audit: 'phase.delete' },
      },
      async (request, reply) => {
        await phases.delete(request.params.id, request.params.phaseId);
        return reply.send();
      },
    );
  };
