import { IntId, TeamGameResult } from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../http/schemas';
import type { TeamResultsService } from '../services/team-results.service';
import { isOrganiser } from './game-play.routes';

/** The games and results on a team's public page. */
export const teamResultsRoutes =
  (deps: { results: TeamResultsService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/team/:id/games',
      {
        schema: {
          tags: ['Team'],
          summary:
            'Games the team plays or played (Accepted entries, hidden games left out) with its standing; during a ' +
            'freeze as it stood at the freeze, except for organisers',
          params: z.object({ id: IntId }),
          response: { 200: z.array(TeamGameResult), ...errorResponses(400, 404) },
        },
        config: { access: 'public' },
      },
      async (request) => deps.results.games(request.params.id, isOrganiser(request.identity)),
    );
  };
