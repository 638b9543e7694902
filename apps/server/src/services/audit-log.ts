import type { LogLevel, TaskStatus } from '@flagpole/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AUDIT_ACTIONS, type AuditAction, SERVICE_AUDIT_ACTIONS, type ServiceAuditAction } from '../http/audit-actions';
import type { LogEntry } from '../lib/log-capture';

/** One audited event: who did what, from where, with which outcome. Never a secret. */
export interface AuditRecord {
  action: AuditAction | ServiceAuditAction;
  /** The acting user's name; null for an anonymous caller or an account that does not exist. */
  user: string | null;
  ip: string | null;
  status: TaskStatus;
  level: LogLevel;
  /** What the description leaves out: the request line, or what was judged. */
  detail: string;
}

const describe = (action: AuditRecord['action']): string =>
  action in AUDIT_ACTIONS ? AUDIT_ACTIONS[action as AuditAction] : SERVICE_AUDIT_ACTIONS[action as ServiceAuditAction];

/** The text an audit entry is stored with: `<action>: <description> (<detail>)`. */
export const auditMessage = (record: Pick<AuditRecord, 'action' | 'detail'>): string =>
  `${record.action}: ${describe(record.action)} (${record.detail})`;

/**
 * The audit trail. Entries go straight to the stored log (and so to the live log), whatever LOG_LEVEL lets
 * through to the process output: an audit trail that a log level can switch off is not one. The process output
 * gets each entry at debug level only, so a busy event does not flood the console.
 */
export function createAuditLog(deps: {
  capture: { record(entry: LogEntry): void };
  log: Pick<FastifyBaseLogger, 'debug'>;
}) {
  return {
    record(record: AuditRecord): void {
      const message = auditMessage(record);
      deps.capture.record({
        // The wall clock, like every other log line (pino stamps those), so entries sort together.
        time: Date.now(),
        level: record.level,
        userName: record.user,
        ip: record.ip,
        message,
        status: record.status,
      });
      deps.log.debug({ user: record.user, ip: record.ip, status: record.status, audit: record.action }, message);
    },
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
