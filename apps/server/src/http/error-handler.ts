import type { Socket } from 'node:net';
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
  if (httpStatus === 413) closeAfterAnswer(request);
  return reply
    .code(httpStatus)
    .type('application/json; charset=utf-8')
    .send({ title: translate(request.language, key, params), status: bodyStatus });
}

/** A refused body may keep arriving after the 413 while it comes in steadily: cut after this long without a byte… */
const LINGER_QUIET_MS = 2000;
/** …or this long in all, whichever comes first. */
const LINGER_MAX_MS = 30_000;
const LINGER_POLL_MS = 250;

/**
 * A refused body is not read to its end, but it is not cut off mid-stream either. Node's HTTP server destroys the
 * connection as soon as the answer to an unfinished request is out (`socket.destroySoon()`), and destroying a socket
 * with unread bytes resets it: many clients (those that send the whole body before they read) then lose the 413
 * and report "connection reset". So for a 413 that call is replaced by a lingering close: the server closes its side,
 * drops what still arrives, and cuts the connection once the client has closed too, has sent nothing for
 * LINGER_QUIET_MS, or after LINGER_MAX_MS. A client that announced 600 MiB and stopped still gets the answer at once.
 */
function closeAfterAnswer(request: FastifyRequest): void {
  const socket = request.raw.socket;
  socket.destroySoon = () => lingeringClose(socket);
}

function lingeringClose(socket: Socket): void {
  socket.end();
  socket.resume();
  const startedAt = Date.now();
  // The HTTP parser reads the socket itself (no 'data' events); the byte count still moves.
  let seenBytes = socket.bytesRead;
  let lastByteAt = startedAt;
  const watch = setInterval(() => {
    const now = Date.now();
    if (socket.bytesRead !== seenBytes) {
      seenBytes = socket.bytesRead;
      lastByteAt = now;
    }
    if (now - lastByteAt >= LINGER_QUIET_MS || now - startedAt >= LINGER_MAX_MS) socket.destroy();
  }, LINGER_POLL_MS).unref();
  socket.once('close', () => clearInterval(watch));
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
