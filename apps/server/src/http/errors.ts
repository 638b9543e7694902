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
