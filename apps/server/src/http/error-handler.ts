import { languageFromAcceptHeader } from '@flagpole/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type MessageKey, type MessageParams, translate } from '../i18n/messages';
import { isServiceUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../lib/unavailable';
import { AppError, BatchError } from './errors';

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  httpStatus: number,
  key: MessageKey,
  params?: MessageParams,
  bodyStatus = httpStatus,
) {
  if (httpStatus === 413) closeAfterAnswer(request, reply);
  return reply
    .code(httpStatus)
    .type('application/json; charset=utf-8')
    .send({ title: translate(request.language, key, params), status: bodyStatus });
}

/** How long a refused body may keep arriving (and be dropped) after the 413, before the connection is cut. */
const LINGER_MS = 1000;

/**
 * A refused body is not read to its end: once the 413 is out, the server closes its side and drops what still
 * arrives for a moment, then cuts the connection (600 MiB announced, a few bytes sent: the answer comes at once).
 * Cutting at once would reset the connection while the client is still sending, and the reset can destroy the
 * answer before the client has read it.
 */
function closeAfterAnswer(request: FastifyRequest, reply: FastifyReply): void {
  const socket = request.raw.socket;
  reply.raw.once('finish', () => {
    socket.end();
    socket.resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  });
}

/** A refused batch: every refused item with its index, and the first one in the title. */
function sendBatch(request: FastifyRequest, reply: FastifyReply, error: BatchError) {
  const errors = error.problems.map((problem) => ({
    index: problem.index,
    title: translate(request.language, problem.key, problem.params),
  }));
  const first = errors[0];
  const reason = first?.title ?? translate(request.language, 'error.badRequest');
  const title = error.summaryKey
    ? translate(request.language, error.summaryKey, { number: (first?.index ?? 0) + 1, reason, count: errors.length })
    : reason;
  return reply.code(400).type('application/json; charset=utf-8').send({ title, status: 400, errors });
}

/** Framework errors that are the client's fault, mapped to a status and message. */
const CLIENT_ERRORS: Record<string, [number, MessageKey]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'error.malformedBody'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'error.malformedBody'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'error.payloadTooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'error.unsupportedMediaType'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'error.badRequest'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'error.unsupportedMediaType'],
  FST_REQ_FILE_TOO_LARGE: [413, 'error.payloadTooLarge'],
  FST_PARTS_LIMIT: [413, 'error.payloadTooLarge'],
  FST_FILES_LIMIT: [413, 'error.payloadTooLarge'],
  FST_FIELDS_LIMIT: [413, 'error.payloadTooLarge'],
  FST_PROTO_VIOLATION: [400, 'error.badRequest'],
};

/**
 * Every error leaves as `{title, status}` in the caller's language: validation failures are 400
 * naming the field, client mistakes keep their 4xx, and anything unexpected is logged and 500.
 */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof BatchError) return sendBatch(request, reply, error);
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return send(request, reply, error.httpStatus, error.messageKey, error.params, error.bodyStatus);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body');
      const missing = first?.keyword === 'invalid_type' && /received undefined/.test(first.message ?? '');
      return send(request, reply, 400, missing ? 'error.missingField' : 'error.invalidField', { field });
    }
    const mapped = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (mapped) return send(request, reply, mapped[0], mapped[1]);
    if (error.validation) {
      return send(request, reply, 400, 'error.invalidField', { field: error.validationContext ?? 'body' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(request, reply, error.statusCode, 'error.badRequest');
    }
    // The database or Redis cannot be reached: the outage is logged once where it is noticed, not per request.
    if (isServiceUnavailable(error)) {
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return send(request, reply, 503, 'error.serviceUnavailable');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(request, reply, 500, 'error.internal');
  });
}

export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(request, reply, 404, 'error.routeNotFound');
}

export function sendMethodNotAllowed(request: FastifyRequest, reply: FastifyReply, allowed: string[]) {
  reply.header('allow', allowed.join(', '));
  return send(request, reply, 405, 'error.methodNotAllowed');
}

/**
 * Errors the router raises before any hook runs (an undecodable URL, an over-long path parameter):
 * answered in the usual `{title, status}` shape. An over-long parameter cannot name anything, so 404.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const language = languageFromAcceptHeader(request.headers['accept-language']);
  const [status, key]: [number, MessageKey] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? [404, 'error.notFound'] : [400, 'error.badRequest'];
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ title: translate(language, key), status });
}
