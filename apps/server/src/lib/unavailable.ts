/** A store the request needs (the database, Redis) cannot be reached just now: the client should retry. */
export class ServiceUnavailableError extends Error {
  override readonly name = 'ServiceUnavailableError';
  constructor(
    readonly service: 'database' | 'redis',
    options?: { cause?: unknown },
  ) {
    super(`${service} unavailable`, options);
  }
}

/** Socket-level failures: the peer refused, dropped or never answered the connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL's SQLSTATEs of a server that cannot serve now: connection exceptions (class 08), too many
 * connections, shutting down or starting up, and a statement cancelled by statement_timeout.
 */
const POSTGRES_CODES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
  '57P01',
  '57P02',
  '57P03',
  '57014',
]);
/** Messages of node-postgres and ioredis for connections that ended or never came. */
const MESSAGES = [
  /^Connection terminated/,
  /^timeout expired$/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /not queryable/,
  /^Connection is closed/,
  /^Command timed out/,
  /enableOfflineQueue/,
  /^Reached the max retries per request limit/,
];

/** True for errors that mean "a store is unreachable", as opposed to a fault in the request or the code. */
export function isServiceUnavailable(error: unknown): boolean {
  if (error instanceof ServiceUnavailableError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_CODES.has(code))) return true;
  return typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message));
}

/** Seconds a client is asked to wait before retrying a request refused for an unreachable store. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;
