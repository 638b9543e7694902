import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * How request bodies are read. An empty body is no body, whatever type it declares: generated API clients
 * (axios from Node, as the reference platform's scripts use it) send body-less writes such as sign-out or
 * leaving a team with `Content-Type: application/x-www-form-urlencoded` or `application/json` and no bytes,
 * and those must work. A body that is present is read as JSON (or plain text, Fastify's other default, which
 * no schema accepts); anything else is 415. Uploads keep the multipart parser registered by its plugin.
 * Must be registered on the root instance before any route.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    parseJson(request, String(body), done);
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body: Buffer, done) => {
    if (body.length === 0) return done(null, undefined);
    done(new AppError(415, 'error.unsupportedMediaType'), undefined);
  });
}
