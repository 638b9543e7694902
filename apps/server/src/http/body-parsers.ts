import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * How request bodies are read. An empty body is no body, whatever type it declares: generated API clients
 * (axios from Node, as the reference platform's scripts use it) send body-less writes such as sign-out or
 * leaving a team with `Content-Type: application/x-www-form-urlencoded` or `application/json` and no bytes,
 * and those must work. A body that is present is read as JSON (or plain text, Fastify's other default, which
 * no schema accepts); anything else is 415. A JSON body that is not valid UTF-8 is 400, like malformed JSON. Uploads keep the multipart parser registered by its plugin.
 * Must be registered on the root instance before any route.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    if (body.length === 0) return done(null, undefined);
    // JSON is UTF-8 (RFC 8259): bytes that are not would be decoded to U+FFFD and stored as such.
    if (!isUtf8(body)) return done(new AppError(400, 'error.malformedBody'), undefined);
    parseJson(request, body.toString('utf8'), done);
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body: Buffer, done) => {
    if (body.length === 0) return done(null, undefined);
    done(new AppError(415, 'error.unsupportedMediaType'), undefined);
  });
}
