import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyBody, errorResponses } from '../http/schemas';
import type { FileStore } from '../services/file-store.service';

export const assetsRoutes =
  (deps: { files: FileStore }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/assets/:hash/:name',
      {
        schema: {
          tags: ['Assets'],
          summary: 'Download a stored file by the SHA-256 of its content; the name is cosmetic',
          params: z.object({
            hash: z.string().max(128).describe('64 lower-case hex characters'),
            name: z.string().min(1).max(255),
          }),
          response: { 200: z.any().describe('The file'), 304: EmptyBody, ...errorResponses(404) },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        const { file, stream } = await deps.files.open(request.params.hash);
        const etag = `"${file.hash.slice(8, 24)}"`;
        reply
          .header('cache-control', 'public, max-age=604800, immutable')
          .header('etag', etag)
          .header('last-modified', file.createdAt.toUTCString())
          .header('x-content-type-options', 'nosniff')
          // Stored files are shown, never run as a page of this site.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
        if (request.headers['if-none-match'] === etag) {
          stream.destroy();
          return reply.code(304).send();
        }
        return reply.type(file.contentType).header('content-length', file.size).send(stream);
      },
    );
  };
