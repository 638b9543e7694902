import { ApiToken, ApiTokenCreateModel, ApiTokenResponse, ApiTokenRevokeQuery } from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../http/request-context';
import { EmptyBody, errorResponses } from '../http/schemas';
import type { ApiTokenService } from '../services/api-token.service';

const tags = ['ApiToken'];
const admin = { access: 'Admin' } as const;
const TokenParams = z.object({ id: z.string().max(64).describe('The token id (a GUID)') });

/** `/api/tokens`: administrators issue, list, revoke and restore API tokens. */
export const tokensRoutes =
  (deps: { tokens: ApiTokenService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { tokens } = deps;

    app.get(
      '/api/tokens',
      {
        schema: {
          tags,
          summary: 'Every API token, newest first, revoked ones included',
          response: { 200: z.array(ApiToken), ...errorResponses(401, 403) },
        },
        config: admin,
      },
      async () => tokens.list(),
    );

    app.post(
      '/api/tokens',
      {
        schema: {
          tags,
          summary: 'Issue an API token; the secret is in this response only',
          body: ApiTokenCreateModel,
          response: { 200: ApiTokenResponse, ...errorResponses(400, 401, 403) },
        },
        config: { ...admin, audit: 'token.create' },
      },
      async (request) => tokens.create(signedIn(request).userId, request.body),
    );

    app.delete(
      '/api/tokens/:id',
      {
        schema: {
          tags,
          summary: 'Revoke a token (`delete=true`: remove it for good)',
          params: TokenParams,
          querystring: ApiTokenRevokeQuery,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 404) },
        },
        config: { ...admin, audit: 'token.revoke' },
      },
      async (request, reply) => {
        request.auditNote = request.query.delete ? 'deleted for good' : 'revoked';
        await tokens.revoke(request.params.id, { remove: request.query.delete });
        return reply.send();
      },
    );

    app.post(
      '/api/tokens/:id/restore',
      {
        schema: {
          tags,
          summary: 'Make a revoked token usable again',
          params: TokenParams,
          response: { 200: EmptyBody, ...errorResponses(401, 403, 404) },
        },
        config: { ...admin, audit: 'token.restore' },
      },
      async (request, reply) => {
        await tokens.restore(request.params.id);
        return reply.send();
      },
    );
  };
