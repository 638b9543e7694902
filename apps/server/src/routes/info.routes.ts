import { ClientConfig } from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../http/cached-response';
import { EmptyBody } from '../http/schemas';
import type { ClientConfigService } from '../services/client-config.service';

export interface InfoRouteDeps {
  clientConfig: ClientConfigService;
}

export const infoRoutes =
  (deps: InfoRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/config',
      {
        schema: {
          tags: ['Info'],
          summary: 'Public client configuration',
          response: { 200: ClientConfig, 304: EmptyBody },
        },
        config: { access: 'public' },
      },
      (request, reply) => {
        sendCached(request, reply, deps.clientConfig.current());
      },
    );
  };
