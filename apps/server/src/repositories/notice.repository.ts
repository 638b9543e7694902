import type { GameNotice, NoticeType } from '@flagpole/contract';
import type { Db } from '../db/database';

type NoticeRow = { id: number; type: NoticeType; values: string[]; published_at: Date };

function toNotice(row: NoticeRow): GameNotice {
  return { id: row.id, time: row.published_at.getTime(), type: row.type, values: row.values };
}

export function createNoticeRepository(db: Db) {
  return {
    async listForGame(gameId: number): Promise<GameNotice[]> {
      const rows = await db
        .selectFrom('game_notices')
        .select(['id', 'type', 'values', 'published_at'])
        .where('game_id', '=', gameId)
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toNotice);
    },

    async insert(gameId: number, type: NoticeType, values: string[], publishedAt: Date, executor: Db = db) {
      const row = await executor
        .insertInto('game_notices')
        .values({ game_id: gameId, type, values: JSON.stringify(values), published_at: publishedAt })
        .returning(['id', 'type', 'values', 'published_at'])
        .executeTakeFirstOrThrow();
      return toNotice(row);
    },

    /** Only Normal notices carry free text an organiser may edit. */
    async updateText(
      gameId: number,
      noticeId: number,
      text: string,
      publishedAt: Date,
    ): Promise<GameNotice | undefined> {
      const row = await db
        .updateTable('game_notices')
        .set({ values: JSON.stringify([text]), published_at: publishedAt })
        .where('id', '=', noticeId)
        .where('game_id', '=', gameId)
        .where('type', '=', 'Normal')
        .returning(['id', 'type', 'values', 'published_at'])
        .executeTakeFirst();
      return row ? toNotice(row) : undefined;
    },

    async delete(gameId: number, noticeId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('game_notices')
        .where('id', '=', noticeId)
        .where('game_id', '=', gameId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
export type NoticeRepository = ReturnType<typeof createNoticeRepository>;
