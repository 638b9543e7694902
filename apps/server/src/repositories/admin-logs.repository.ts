import type { LogLevel } from '@flagpole/contract';
import type { Db } from '../db/database';
import type { LogEntry } from '../lib/log-capture';

export interface StoredLogRow {
  logged_at: Date;
  level: LogLevel;
  user_name: string | null;
  ip: string | null;
  message: string;
  status: string | null;
}

/** The stored server log. */
export function createAdminLogRepository(db: Db) {
  return {
    async insertMany(entries: LogEntry[]): Promise<void> {
      if (entries.length === 0) return;
      await db
        .insertInto('logs')
        .values(
          entries.map((e) => ({
            logged_at: new Date(e.time),
            level: e.level,
            user_name: e.userName,
            ip: e.ip,
            message: e.message,
            status: e.status,
          })),
        )
        .execute();
    },

    /** Newest first, optionally of one level. */
    async page(level: LogLevel | undefined, skip: number, count: number): Promise<StoredLogRow[]> {
      let query = db
        .selectFrom('logs')
        .select(['logged_at', 'level', 'user_name', 'ip', 'message', 'status'])
        .orderBy('logged_at', 'desc')
        .orderBy('id', 'desc')
        .offset(skip)
        .limit(count);
      if (level) query = query.where('level', '=', level);
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
