import type { LogLevel, TaskStatus } from '@flagpole/contract';
import type { Db } from '../db/database';
import type { LogEntry } from '../lib/log-capture';
import { fromEpochMs, ValuesStatement } from './values-statement';

export interface StoredLogRow {
  logged_at: Date;
  level: LogLevel;
  user_name: string | null;
  ip: string | null;
  message: string;
  status: string | null;
}

export interface StoredLogFilter {
  level?: LogLevel | undefined;
  status?: TaskStatus | undefined;
  user?: string | undefined;
  ip?: string | undefined;
  search?: string | undefined;
}

/** A LIKE pattern matching the text anywhere, with `%`, `_` and `\\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Stores captured entries: one audit entry per call of an audited route (every flag submission), so a
 * written-once statement rather than the query builder per batch (see ValuesStatement).
 */
const insertStatement = new ValuesStatement(
  ['int8', 'text', 'text', 'text', 'text', 'text'],
  (values) => `
    insert into logs (logged_at, level, user_name, ip, message, status)
    select ${fromEpochMs('logged_ms')}, level, user_name, ip, message, status
    from (${values}) as v(logged_ms, level, user_name, ip, message, status)`,
);

/** The stored server log. */
export function createAdminLogRepository(db: Db) {
  return {
    async insertMany(entries: LogEntry[]): Promise<void> {
      if (entries.length === 0) return;
      await db.executeQuery(
        // Whole milliseconds, as a Date made of the time would hold.
        insertStatement.compile(
          entries.map((e) => [Math.trunc(e.time), e.level, e.userName, e.ip, e.message, e.status]),
        ),
      );
    },

    /** Newest first, with the filters given (texts match anywhere, in any case). */
    async page(filter: StoredLogFilter, skip: number, count: number): Promise<StoredLogRow[]> {
      let query = db
        .selectFrom('logs')
        .select(['logged_at', 'level', 'user_name', 'ip', 'message', 'status'])
        .orderBy('logged_at', 'desc')
        .orderBy('id', 'desc')
        .offset(skip)
        .limit(count);
      if (filter.level) query = query.where('level', '=', filter.level);
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.user) query = query.where('user_name', 'ilike', containing(filter.user));
      if (filter.ip) query = query.where('ip', 'ilike', containing(filter.ip));
      if (filter.search) query = query.where('message', 'ilike', containing(filter.search));
      return query.execute();
    },

    /** Deletes all but the newest `keep` entries. */
    async prune(keep: number): Promise<void> {
      const boundary = await db
        .selectFrom('logs')
        .select('id')
        .orderBy('id', 'desc')
        .offset(keep)
        .limit(1)
        .executeTakeFirst();
      if (boundary) await db.deleteFrom('logs').where('id', '<=', boundary.id).execute();
    },
  };
}
export type AdminLogRepository = ReturnType<typeof createAdminLogRepository>;
