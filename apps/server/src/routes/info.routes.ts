import { ClientConfig } from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
// The JSON Schemas of the `flagpole` command's challenge files (docs/challenges-as-code.md), bundled into the
// server so that editors can point `$schema` at the platform itself.
import challengeFileSchema from '../../../cli/schema/challenge.schema.json';
import noctfFileSchema from '../../../cli/schema/noctf.schema.json';
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

    const challengeFiles = { 'challenge.schema.json': challengeFileSchema, 'noctf.schema.json': noctfFileSchema };
    for (const [name, schema] of Object.entries(challengeFiles)) {
      app.get(
        `/api/schemas/${name}`,
        {
          schema: {
            tags: ['Info'],
            summary: `JSON Schema of the challenge files the flagpole command reads (${name})`,
            response: { 200: z.record(z.string(), z.unknown()) },
          },
          config: { access: 'public' },
        },
        async (_request, reply) => {
          reply.header('cache-control', 'public, max-age=3600');
          return schema;
        },
      );
    }
  };
