import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

const MAX_DEPTH = 32;

/**
 * The path (`a.b.0`) below `value` of the first string holding a NUL character ('' for `value` itself), or null.
 * Runs on every request's parameters, query and body: the path is written only on the way out of a find, and
 * keys are walked without `Object.entries`' arrays, so a clean request allocates nothing.
 */
function nulPath(value: unknown, depth: number): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? '' : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return '';
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const below = nulPath(record[key], depth + 1);
    if (below !== null) return below === '' ? key : `${key}.${below}`;
  }
  return null;
}

/** The field of a request part (parameters, query, body) that holds a NUL character: its path, or `body`. */
export function nulField(value: unknown): string | null {
  const path = nulPath(value, 0);
  return path === null ? null : path || 'body';
}

/**
 * PostgreSQL cannot store NUL characters in text, so a string carrying one would fail deep in a
 * query as a 500. Such input is refused up front, for every route, as a 400 naming the field.
 */
export function registerInputHygiene(app: FastifyInstance): void {
  // A callback hook: an async one costs a promise per request for no waiting.
  app.addHook('preValidation', (request, _reply, done) => {
    const field = nulField(request.params) ?? nulField(request.query) ?? nulField(request.body);
    done(field ? badRequest('error.invalidField', { field }) : undefined);
  });
}
