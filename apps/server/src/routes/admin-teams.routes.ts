import { AdminTeamModel, AdminTeamsQuery, ArrayResponseOfTeamInfoModel, IntId, SearchQuery } from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyBody, errorResponses } from '../http/schemas';
import type { AdminTeamService } from '../services/admin-teams.service';

const tags = ['Admin'];
const config = { access: 'Admin' } as const;
const TeamParams = z.object({ id: IntId });

/** The admin area's team management (Admin only). */
export const adminTeamRoutes =
  (deps: { teams: AdminTeamService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { teams } = deps;

    app.get(
      '/api/admin/teams',
      {
        schema: {
          tags,
          summary:
            'Every team with members, paged; `order` id (default) | newest | name; `search` keeps the teams whose ' +
            'name contains it or whose id it is',
          querystring: AdminTeamsQuery,
          response: { 200: ArrayResponseOfTeamInfoModel, ...errorResponses(400, 401, 403) },
        },
        config,
      },
      async (request) => teams.list(request.query),
    );

    app.post(
      '/api/admin/teams/search',
      {
        schema: {
          tags,
          summary: 'Search teams by name or id (at most 30)',
          querystring: SearchQuery,
          response: { 200: ArrayResponseOfTeamInfoModel, ...errorResponses(400, 401, 403) },
        },
        config: { ...config, audit: false },
      },
      async (request) => teams.search(request.query.hint),
    );

    app.put(
      '/api/admin/teams/:id',
      {
        schema: {
          tags,
          summary: 'Edit a team’s name, bio or administrator lock',
          params: TeamParams,
          body: AdminTeamModel,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 404) },
        },
        config: { ...config, audit: 'team.update' },
      },
      async (request, reply) => {
        await teams.update(request.params.id, request.body);
        return reply.send();
      },
    );

    app.delete(
      '/api/admin/teams/:id',
      {
        schema: {
          tags,
          summary: 'Delete a team with its game entries',
          params: TeamParams,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 404) },
        },
        config: { ...config, audit: 'team.delete' },
      },
      async (request, reply) => {
        await teams.remove(request.params.id);
        return reply.send();
      },
    );
  };
