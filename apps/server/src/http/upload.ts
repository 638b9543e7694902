import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError, badRequest } from './errors';

/**
 * Accepts multipart bodies on the routes of `scope` (a route plugin with upload routes) and nowhere else.
 * The plugin adds two async hooks (onRequest and onResponse, to delete temporary upload files, which this
 * server never writes: uploads are read as streams) to every route of the scope it is registered in, so
 * registering it on the root cost every request, flag submissions included, a promise and a listener each.
 * Every reader below passes its own size and count limits.
 */
export async function acceptUploads(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyMultipart);
  scope.addHook('onRequest', refuseAnnouncedOversize);
}

/** Room for the multipart framing around the files: boundaries, part headers, a few small fields. */
const MULTIPART_FRAMING_BYTES = 64 * 1024;

/**
 * The route `bodyLimit` of an upload route whose files may hold `fileBytes` in all: the multipart parser does
 * not apply Fastify's body limit, so `refuseAnnouncedOversize` compares the announced length with this.
 */
export const multipartBodyLimit = (fileBytes: number) => fileBytes + MULTIPART_FRAMING_BYTES;

/**
 * A body announced (Content-Length) above the route's limit is refused with 413 before a byte of it is read.
 * JSON bodies get the same from Fastify's parser; the multipart parser reads first, so upload scopes check here.
 */
const refuseAnnouncedOversize: onRequestHookHandler = (request, _reply, done) => {
  const announced = Number(request.headers['content-length']);
  if (announced > request.routeOptions.bodyLimit) return done(new AppError(413, 'error.payloadTooLarge'));
  done();
};

/** Errors of the multipart parser that carry a code are mapped by the error handler; others are malformed input. */
function asClientError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error;
  return badRequest('error.malformedUpload');
}

/**
 * Reads the one file of a multipart request into memory, at most `maxBytes` (larger → 413).
 * The file's declared name and type are ignored: callers judge the content itself.
 */
export async function readSingleUpload(request: FastifyRequest, field: string, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(415, 'error.unsupportedMediaType');
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12 } });
    if (!part) throw badRequest('error.missingField', { field });
    if (part.fieldname !== field) {
      part.file.resume();
      throw badRequest('error.missingField', { field });
    }
    return await part.toBuffer();
  } catch (error) {
    throw asClientError(error);
  }
}

/** One uploaded file of a multipart request: read `stream` to its end before asking for the next. */
export interface UploadedPart {
  /** The name the client gave, unchecked. */
  fileName: string;
  stream: Readable;
}

export interface UploadLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
}

/**
 * The file parts named `field` of a multipart request, streamed one after the other (other parts
 * are skipped). A file over `maxFileBytes`, files together over `maxTotalBytes` or more than
 * `maxFiles` files fail with 413 while being read; a broken body fails with 400.
 */
export async function* readFileParts(
  request: FastifyRequest,
  field: string,
  limits: UploadLimits,
): AsyncGenerator<UploadedPart> {
  if (!request.isMultipart()) throw new AppError(415, 'error.unsupportedMediaType');
  let totalBytes = 0;
  let found = false;
  // One byte over the limit reaches us, so the limit is ours to report rather than the parser's.
  const parts = request.files({
    limits: { fileSize: limits.maxFileBytes + 1, files: limits.maxFiles, fields: 10, parts: limits.maxFiles + 10 },
  });
  try {
    for await (const part of parts) {
      if (part.fieldname !== field) {
        part.file.resume();
        continue;
      }
      found = true;
      let fileBytes = 0;
      const counted = async function* () {
        try {
          for await (const chunk of part.file as AsyncIterable<Buffer>) {
            fileBytes += chunk.length;
            totalBytes += chunk.length;
            if (fileBytes > limits.maxFileBytes || totalBytes > limits.maxTotalBytes) {
              throw new AppError(413, 'error.payloadTooLarge');
            }
            yield chunk;
          }
        } catch (error) {
          throw asClientError(error);
        }
      };
      yield { fileName: part.filename, stream: Readable.from(counted(), { objectMode: false }) };
    }
  } catch (error) {
    throw asClientError(error);
  }
  if (!found) throw badRequest('error.missingField', { field });
}
