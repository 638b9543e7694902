import type { MessageKey, MessageParams } from '../i18n/messages';

/**
 * An error a service raises for the client: HTTP status, a message key translated for the
 * caller's language, and optionally a body status that differs from the HTTP one (10001/10002).
 */
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly messageKey: MessageKey,
    readonly params?: MessageParams,
    readonly bodyStatus: number = httpStatus,
    readonly headers: Record<string, string> = {},
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

/** One refused item of a batch: its index in the request's array and the message saying why. */
export interface BatchProblem {
  index: number;
  key: MessageKey;
  params?: MessageParams;
}

/**
 * A batch refused as a whole (400), reporting every refused item: the body is `{title, status, errors:
 * [{index, title}]}` (`BatchRequestResponse`), each item's title saying why it was refused. The body's title is
 * the first item's, or `summaryKey` filled with `{number}` (its place, from 1), `{reason}` and `{count}`.
 */
export class BatchError extends AppError {
  constructor(
    readonly problems: readonly BatchProblem[],
    readonly summaryKey?: MessageKey,
  ) {
    super(400, problems[0]?.key ?? 'error.badRequest', problems[0]?.params);
    this.name = 'BatchError';
  }
}

export const badRequest = (key: MessageKey = 'error.badRequest', params?: MessageParams) =>
  new AppError(400, key, params);
export const unauthorized = (key: MessageKey = 'error.loginRequired') => new AppError(401, key);
export const forbidden = (key: MessageKey = 'error.forbidden') => new AppError(403, key);
export const notFound = (key: MessageKey = 'error.notFound') => new AppError(404, key);
export const conflict = (key: MessageKey, params?: MessageParams) => new AppError(409, key, params);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'error.rateLimited', { seconds: retryAfterSeconds }, 429, {
    'retry-after': String(retryAfterSeconds),
  });
