import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors';

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
