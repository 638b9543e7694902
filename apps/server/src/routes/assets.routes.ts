import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binaryBody, EmptyBody, errorResponses } from '../http/schemas';
import { acceptUploads, multipartBodyLimit, readFileParts, type UploadLimits } from '../http/upload';
import { contentTypeOfName, INLINE_IMAGE_TYPES } from '../lib/file-type';
import { attachmentDisposition } from '../lib/safe-file-name';
import type { AssetService } from '../services/asset.service';
import type { FileStore } from '../services/file-store.service';

const LocalFile = z.object({
  hash: z.string().describe('SHA-256 of the content, 64 lower-case hex characters'),
  name: z.string().describe('Display name'),
});

const FileHash = z.string().max(128).describe('64 lower-case hex characters');

export const assetsRoutes =
  (deps: {
    files: FileStore;
    assets: AssetService;
    uploadLimits: UploadLimits;
    /** A signed-in user downloaded a file (not a picture): flag-sharing evidence records first downloads. */
    onDownload?: (userId: string, hash: string) => void;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    await acceptUploads(app);
    app.get(
      '/assets/:hash/:name',
      {
        schema: {
          tags: ['Assets'],
          summary: 'Download a stored file by the SHA-256 of its content; the name is cosmetic',
          params: z.object({ hash: FileHash, name: z.string().min(1).max(255) }),
          response: {
            200: binaryBody('*/*', 'The file'),
            302: EmptyBody.describe('S3 storage with redirected downloads: the presigned URL'),
            304: EmptyBody,
            ...errorResponses(404),
          },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        const file = await deps.files.describe(request.params.hash);
        const etag = `"${file.hash.slice(8, 24)}"`;
        const inline = INLINE_IMAGE_TYPES.has(file.contentType);
        const disposition = inline ? 'inline' : attachmentDisposition(request.params.name);
        // Pictures keep the type read from their content; other files take the type their name's extension says.
        const type = inline ? file.contentType : contentTypeOfName(request.params.name);
        reply
          .header('cache-control', 'public, max-age=604800, immutable')
          .header('etag', etag)
          .header('last-modified', file.createdAt.toUTCString())
          .header('x-content-type-options', 'nosniff')
          // Stored files are shown, never run as a page of this site.
          .header(
            'content-security-policy',
            "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'",
          );
        if (!inline) reply.header('content-disposition', disposition);
        if (!inline && request.identity) deps.onDownload?.(request.identity.userId, file.hash);
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        // S3 storage with redirected downloads: the bucket serves the bytes, under the same type and name.
        const direct = await deps.files.directUrl(file, { contentType: type, disposition });
        if (direct) return reply.header('cache-control', 'no-store').redirect(direct, 302);
        const stream = await deps.files.read(file);
        return reply.type(type).header('content-length', file.size).send(stream);
      },
    );

    app.post(
      '/api/assets',
      {
        bodyLimit: multipartBodyLimit(deps.uploadLimits.maxTotalBytes),
        schema: {
          tags: ['Assets'],
          summary: 'Upload files (multipart, repeated part `files`); identical content is stored once',
          consumes: ['multipart/form-data'],
          querystring: z.object({
            filename: z.string().max(1024).optional().describe('Name given to every uploaded file'),
          }),
          response: { 200: z.array(LocalFile), ...errorResponses(400, 401, 403, 413, 415) },
        },
        config: { access: 'Admin', audit: 'file.upload', upload: { field: 'files', multiple: true } },
      },
      async (request) => deps.assets.upload(readFileParts(request, 'files', deps.uploadLimits), request.query.filename),
    );

    app.delete(
      '/api/assets/:hash',
      {
        schema: {
          tags: ['Assets'],
          summary: 'Drop one reference to a stored file (the bytes stay until unreferenced files are cleaned up)',
          params: z.object({ hash: FileHash }),
          response: { 200: EmptyBody, ...errorResponses(401, 403, 404) },
        },
        config: { access: 'Admin', audit: 'file.delete' },
      },
      async (request, reply) => {
        await deps.assets.remove(request.params.hash);
        return reply.send();
      },
    );
  };
