import { BasicWriteupInfoModel, IntId, WriteupInfoModel, writeupLimits } from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedIn } from '../http/request-context';
import { binaryBody, EmptyBody, errorResponses } from '../http/schemas';
import { acceptUploads, multipartBodyLimit, readFileParts } from '../http/upload';
import type { WriteupService } from '../services/writeup.service';

const GameParams = z.object({ id: IntId });
const uploadLimits = { maxFiles: 1, maxFileBytes: writeupLimits.bytes, maxTotalBytes: writeupLimits.bytes };

/** Writeups: players upload their team's PDF; organisers list, download and clear them. */
export const writeupsRoutes =
  (deps: { writeups: WriteupService }): FastifyPluginAsyncZod =>
  async (app) => {
    await acceptUploads(app);
    const { writeups } = deps;

    app.get(
      '/api/game/:id/writeup',
      {
        schema: {
          tags: ['Game'],
          summary: "The caller's team's writeup and the organisers' instructions",
          params: GameParams,
          response: { 200: BasicWriteupInfoModel, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'User' },
      },
      async (request) => writeups.mine(request.params.id, signedIn(request).userId),
    );

    app.post(
      '/api/game/:id/writeup',
      {
        bodyLimit: multipartBodyLimit(uploadLimits.maxTotalBytes),
        schema: {
          tags: ['Game'],
          summary: "Upload the team's writeup (multipart part `file`, a PDF of at most 20 MiB); replaces the last one",
          consumes: ['multipart/form-data'],
          params: GameParams,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 404, 413, 415) },
        },
        config: { access: 'User', audit: 'writeup.submit' },
      },
      async (request, reply) => {
        await writeups.submit(
          request.params.id,
          signedIn(request).userId,
          readFileParts(request, 'file', uploadLimits),
        );
        return reply.send();
      },
    );

    app.get(
      '/api/admin/writeups/:id',
      {
        schema: {
          tags: ['Admin'],
          summary: "A game's writeups, oldest upload first",
          params: GameParams,
          response: { 200: WriteupInfoModel, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'Admin' },
      },
      async (request) => writeups.list(request.params.id),
    );

    app.get(
      '/api/admin/writeups/:id/all',
      {
        schema: {
          tags: ['Admin'],
          summary: "All of a game's writeups as one zip archive",
          params: GameParams,
          response: {
            200: binaryBody('application/zip', 'Every writeup of the game, zipped'),
            ...errorResponses(400, 401, 403, 404),
          },
        },
        config: { access: 'Admin' },
      },
      async (request, reply) => {
        const archive = await writeups.archive(request.params.id);
        return reply
          .type('application/zip')
          .header('content-disposition', archive.disposition)
          .header('cache-control', 'no-store')
          .send(archive.stream);
      },
    );

    app.delete(
      '/api/edit/games/:id/writeups',
      {
        schema: {
          tags: ['Edit'],
          summary: 'Delete every writeup of a game',
          params: GameParams,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: 'Admin', audit: 'writeup.deleteAll' },
      },
      async (request, reply) => {
        await writeups.clear(request.params.id);
        return reply.send();
      },
    );
  };
