import type { Db } from '../db/database';
import type { StoredFileRow } from './file.repository';

/** The stored files, newest first, for the admin file list. */
export function createAdminFileRepository(db: Db) {
  return {
    async page(skip: number, count: number): Promise<Array<StoredFileRow & { referenceCount: number }>> {
      const rows = await db
        .selectFrom('files')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('hash')
        .offset(skip)
        .limit(count)
        .execute();
      return rows.map((row) => ({
        hash: row.hash,
        size: row.size,
        contentType: row.content_type,
        createdAt: row.created_at,
        referenceCount: row.reference_count,
      }));
    },
  };
}
export type AdminFileRepository = ReturnType<typeof createAdminFileRepository>;
