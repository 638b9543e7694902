import type { LogLevel, TaskStatus } from '@flagpole/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import type { AuditLog } from '../services/audit-log';
import { type AuditAction, PATH_HIDDEN, SUCCESS_RECORDED_BY_SERVICE } from './audit-actions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Required on every write route (POST, PUT, PATCH, DELETE under /api): the action recorded in the audit
     * trail after each call, or `false` for a read that is sent as a write (a search, a token check).
     */
    audit?: AuditAction | false;
  }
  interface FastifyRequest {
    /** Who acts, when only the work itself finds out (sign-in, registration); see RequestContext.identify. */
    auditActor: string | null;
    /** A few words a handler adds to its audit entry (a new role, a count); never a secret. */
    auditNote: string | null;
  }
}

/** Marks the hook this module attaches. */
const RECORDER = Symbol('audit recorder');

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The outcome and level an answer's status is recorded with. */
export function outcomeOf(httpStatus: number): { status: TaskStatus; level: LogLevel } {
  if (httpStatus < 400) return { status: 'Success', level: 'Information' };
  if (httpStatus === 401 || httpStatus === 403 || httpStatus === 429) return { status: 'Denied', level: 'Warning' };
  if (httpStatus === 404) return { status: 'NotFound', level: 'Information' };
  if (httpStatus < 500) return { status: 'Failed', level: 'Information' };
  return { status: 'Failed', level: 'Error' };
}

/** `METHOD /path → status`: the path without its query string (mail-link tokens travel there). */
function requestLine(request: FastifyRequest, reply: FastifyReply, action: AuditAction): string {
  const path = PATH_HIDDEN.has(action) ? request.routeOptions.url : request.url.split('?')[0];
  const line = `${request.method} ${path} → ${reply.statusCode}`;
  return request.auditNote ? `${line}; ${request.auditNote}` : line;
}

/** Write routes must say what they record; a route without `audit` is a programming error. */
export function requireDeclaredAudit(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().map((method) => method.toUpperCase());
    const isWrite = methods.some((method) => WRITE_METHODS.has(method));
    if (isWrite && route.url.toLowerCase().startsWith('/api/') && route.config?.audit === undefined) {
      throw new Error(`Route ${methods.join(',')} ${route.url} does not declare its audit action`);
    }
  });
}

/**
 * One entry per call of an audited route, written after the answer is sent: the action, the acting user (the
 * signed-in caller, or whom the work identified), the client address and the outcome from the HTTP status.
 * Neither the body nor the query string is ever read here, so no password, flag or code can reach the log.
 */
export function registerAudit(app: FastifyInstance, audit: AuditLog): void {
  app.decorateRequest('auditActor', null);
  app.decorateRequest('auditNote', null);
  /** The hook of one audited route; its action is read once here rather than from the request each time. */
  function recorderOf(action: AuditAction): onResponseHookHandler {
    const recordOutcome = (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
      const outcome = outcomeOf(reply.statusCode);
      if (!(outcome.status === 'Success' && SUCCESS_RECORDED_BY_SERVICE.has(action))) {
        audit.record({
          action,
          user: request.auditActor ?? request.identity?.userName ?? null,
          ip: request.ip,
          ...outcome,
          detail: requestLine(request, reply, action),
        });
      }
      done();
    };
    return Object.assign(recordOutcome, { [RECORDER]: true }) as onResponseHookHandler;
  }
  // Attached to the audited routes only: a global hook would run, and return, on every read.
  app.addHook('onRoute', (route) => {
    const action = route.config?.audit;
    if (!action) return;
    const own = [route.onResponse ?? []].flat();
    if (!own.some((hook) => RECORDER in hook)) route.onResponse = [...own, recorderOf(action)];
  });
}
