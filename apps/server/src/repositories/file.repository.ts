import { sql } from 'kysely';
import type { Db } from '../db/database';

export interface StoredFileRow {
  hash: string;
  size: number;
  contentType: string;
  createdAt: Date;
}

export function createFileRepository(db: Db) {
  return {
    async find(hash: string): Promise<StoredFileRow | undefined> {
      const row = await db.selectFrom('files').selectAll().where('hash', '=', hash).executeTakeFirst();
      return row && { hash: row.hash, size: row.size, contentType: row.content_type, createdAt: row.created_at };
    },
    /** Records one more reference to a file, creating its row on first use. */
    /** Adds a reference; a named upload also becomes the name the file is offered under from now on. */
    async addReference(file: { hash: string; size: number; contentType: string; name?: string }): Promise<void> {
      const name = file.name ?? null;
      await db
        .insertInto('files')
        .values({ hash: file.hash, size: file.size, content_type: file.contentType, reference_count: 1, name })
        .onConflict((oc) =>
          oc.column('hash').doUpdateSet({
            reference_count: sql`files.reference_count + 1`,
            name: sql`coalesce(excluded.name, files.name)`,
          }),
        )
        .execute();
    },
    /**
     * Drops one reference; the row stays at zero until a clean-up removes unreferenced files.
     * False when there was no reference to drop (unknown hash, or already at zero).
     */
    async releaseReference(hash: string): Promise<boolean> {
      const result = await db
        .updateTable('files')
        .set({ reference_count: sql`reference_count - 1` })
        .where('hash', '=', hash)
        .where('reference_count', '>', 0)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
export type FileRepository = ReturnType<typeof createFileRepository>;
