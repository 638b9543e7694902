import { CtfdImportReport, GameExportPart, IntId } from '@flagpole/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../http/errors';
import { binaryBody, errorResponses } from '../http/schemas';
import { acceptUploads, multipartBodyLimit } from '../http/upload';
import type { GameExportService } from './game-export.service';
import type { GameImportService, PackageUpload } from './game-import.service';

const tags = ['Edit'];
const parts = GameExportPart.options.join('|');
const ExportQuery = z.object({
  include: z
    .string()
    .regex(new RegExp(`^(${parts})(,(${parts}))*$`))
    .optional()
    .describe('Extra parts, comma-separated: secrets (the game key pair), teams, submissions'),
});
const GameParams = z.object({ id: IntId });
const admin = { access: 'Admin' } as const;

/** The one `file` part of a multipart request, unread; multipart errors become 4xx answers. */
async function packagePart(request: FastifyRequest, maxBytes: number): Promise<PackageUpload> {
  if (!request.isMultipart()) throw new AppError(415, 'error.unsupportedMediaType');
  try {
    // One byte over the limit reaches the import, so the limit is its to report (413, with the limit in the title).
    const part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1, fields: 10, parts: 12 } });
    if (!part) throw badRequest('error.missingField', { field: 'file' });
    if (part.fieldname !== 'file') {
      part.file.resume();
      throw badRequest('error.missingField', { field: 'file' });
    }
    return { fileName: part.filename, mimeType: part.mimetype, stream: part.file };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') throw error;
    throw badRequest('error.malformedUpload');
  }
}

/** Game packages out and in, and CTFd exports in (Admin). See docs/game-transfer.md. */
export const transferRoutes =
  (deps: { exports: GameExportService; imports: GameImportService; maxImportBytes: number }): FastifyPluginAsyncZod =>
  async (app) => {
    await acceptUploads(app);
    app.post(
      '/api/edit/games/:id/export',
      {
        schema: {
          tags,
          summary: 'Export a game package (zip): game, challenges with flags and files, notices',
          params: GameParams,
          querystring: ExportQuery,
          response: {
            200: binaryBody('application/zip', 'The game package'),
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
        config: { ...admin, audit: 'game.export' },
      },
      async (request, reply) => {
        const include = new Set((request.query.include?.split(',') ?? []) as GameExportPart[]);
        if (include.size > 0) request.auditNote = `with ${[...include].sort().join(', ')}`;
        const { stream, disposition } = await deps.exports.export(request.params.id, include);
        return reply
          .type('application/zip')
          .header('content-disposition', disposition)
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );

    app.post(
      '/api/edit/games/import',
      {
        bodyLimit: multipartBodyLimit(deps.maxImportBytes),
        schema: {
          tags,
          summary: 'Import a game package (multipart part `file`, a .zip); answers the new game id',
          consumes: ['multipart/form-data'],
          response: { 200: z.number().int(), ...errorResponses(400, 401, 403, 415, 500) },
        },
        config: { ...admin, audit: 'game.import', upload: { field: 'file' } },
      },
      async (request) => {
        const result = await deps.imports.importPackage(await packagePart(request, deps.maxImportBytes));
        // The answer stays the reference's bare game id; what became of the awards is in the audit entry.
        request.auditNote = `game ${result.gameId}; awards pending ${result.pendingAwards}, skipped ${result.skippedAwards}`;
        return result.gameId;
      },
    );

    app.post(
      '/api/edit/games/import/ctfd',
      {
        bodyLimit: multipartBodyLimit(deps.maxImportBytes),
        schema: {
          tags,
          summary: 'Import a CTFd export (multipart part `file`, a .zip) as a new game, with a report',
          consumes: ['multipart/form-data'],
          response: { 200: CtfdImportReport, ...errorResponses(400, 401, 403, 415) },
        },
        config: { ...admin, audit: 'game.importCtfd', upload: { field: 'file' } },
      },
      async (request) => {
        const report = await deps.imports.importCtfd(await packagePart(request, deps.maxImportBytes));
        request.auditNote = `game ${report.gameId}`;
        return report;
      },
    );
  };
