import { EventDashboard, IntId } from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../http/schemas';
import type { EventDashboardService } from './event-dashboard.service';

/** The organisers' event dashboard (monitors and admins); live updates come over the game's live channel. */
export const dashboardRoutes =
  (deps: { dashboard: EventDashboardService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/game/:id/dashboard',
      {
        schema: {
          tags: ['Game'],
          summary:
            'Event dashboard of a started game (monitor): players online, submissions, solves, instances, judge ' +
            'backlog, request figures and process health; refreshed live by `dashboard` messages on the live channel',
          params: z.object({ id: IntId }),
          response: { 200: EventDashboard, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'Monitor' },
      },
      async (request) => deps.dashboard.read(request.params.id),
    );
  };
