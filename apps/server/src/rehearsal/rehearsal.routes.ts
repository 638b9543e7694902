import { IdField } from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../http/schemas';
import type { RehearsalService } from './rehearsal.service';

const tags = ['Admin'];
const config = { access: 'Admin' } as const;

/** A run to mint: the game it rehearses and its planned length (the lease is these plus a grace period). */
export const RehearsalStartModel = z.object({
  gameId: IdField,
  minutes: z
    .number()
    .min(0)
    .max(24 * 60),
  rampSeconds: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600),
});

export const RehearsalRunModel = z.object({
  id: z.uuid(),
  /** Sent by the run's registrations and sign-ins in the `X-Flagpole-Rehearsal` header. */
  secret: z.string(),
  expiresAt: z.string(),
});

export const RehearsalRemovedModel = z.object({
  users: z.number().int(),
  teams: z.number().int(),
  gameIds: z.array(z.number().int()),
});

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
