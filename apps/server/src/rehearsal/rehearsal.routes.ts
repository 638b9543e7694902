import { RehearsalRemovedModel, RehearsalRunModel, RehearsalStartModel } from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../http/schemas';
import type { RehearsalService } from './rehearsal.service';

const tags = ['Admin'];
const config = { access: 'Admin' } as const;

const RunParams = z.object({ id: z.uuid() });

/** Load rehearsals (Admin only; 403 unless the server runs with REHEARSAL=true). */
export const rehearsalRoutes =
  (deps: { rehearsals: RehearsalService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { rehearsals } = deps;

    app.post(
      '/api/admin/rehearsals',
      {
        schema: {
          tags,
          summary: 'Mint a load rehearsal run for a game (REHEARSAL=true only)',
          body: RehearsalStartModel,
          response: { 200: RehearsalRunModel, ...errorResponses(400, 401, 403, 404) },
        },
        config: { ...config, audit: 'rehearsal.start' },
      },
      async (request) => rehearsals.start(request.body),
    );

    app.delete(
      '/api/admin/rehearsals/:id',
      {
        schema: {
          tags,
          summary: "Remove a rehearsal run's accounts, teams, entries and submissions; boards are rebuilt",
          params: RunParams,
          response: { 200: RehearsalRemovedModel, ...errorResponses(400, 401, 403, 404) },
        },
        config: { ...config, audit: 'rehearsal.finish' },
      },
      async (request) => rehearsals.finish(request.params.id),
    );
  };
