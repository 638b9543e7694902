import type { LogMessageModel, LogQuery, TaskStatus } from '@flagpole/contract';
import { TaskStatus as TaskStatusSchema } from '@flagpole/contract';
import type { EventBus } from '../lib/event-bus';
import type { LogEntry, LogSink } from '../lib/log-capture';
import type { AdminLogRepository, StoredLogRow } from '../repositories/admin-logs.repository';

/** Event-bus channel carrying each stored batch to the live log sockets of every process. */
export const ADMIN_LOGS_CHANNEL = 'admin:logs';

/** How many entries are kept; older ones are pruned every few batches. */
export const KEPT_LOG_ENTRIES = 50_000;
const PRUNE_EVERY_BATCHES = 50;

const statusOf = (value: string | null): TaskStatus | null => {
  const parsed = TaskStatusSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

function fromRow(row: StoredLogRow): LogMessageModel {
  return {
    time: row.logged_at.getTime(),
    name: row.user_name,
    level: row.level,
    ip: row.ip,
    msg: row.message,
    status: statusOf(row.status),
  };
}

function fromEntry(entry: LogEntry): LogMessageModel {
  return {
    time: entry.time,
    name: entry.userName,
    level: entry.level,
    ip: entry.ip,
    msg: entry.message,
    status: entry.status,
  };
}

/** The stored server log: the sink the log capture writes to, the paged reading, and the live feed. */
export function createAdminLogService(deps: { repository: AdminLogRepository; events: EventBus; keep?: number }) {
  const keep = deps.keep ?? KEPT_LOG_ENTRIES;
  let batches = 0;

  const sink: LogSink = async (entries) => {
    await deps.repository.insertMany(entries);
    // Prune on the first batch after start-up, then every few batches.
    if (batches % PRUNE_EVERY_BATCHES === 0) await deps.repository.prune(keep);
    batches += 1;
    await deps.events.publish(ADMIN_LOGS_CHANNEL, entries.map(fromEntry));
  };

  return {
    sink,
    async list(query: LogQuery): Promise<LogMessageModel[]> {
      const { skip, count, level, ...filter } = query;
      const rows = await deps.repository.page({ ...filter, level: level === 'All' ? undefined : level }, skip, count);
      return rows.map(fromRow);
    },
  };
}
export type AdminLogService = ReturnType<typeof createAdminLogService>;
