import type { GameNotice, NoticeType } from '@flagpole/contract';
import type { Db } from '../db/database';

type NoticeRow = { id: number; type: NoticeType; values: string[]; published_at: Date };

function toNotice(row: NoticeRow): GameNotice {
  return { id: row.id, time: row.published_at.getTime(), type: row.type, values: row.values };
}

export function createNoticeRepository(db: Db) {
  return {
    /** The published notices, newest first (blood notices held by a freeze are not published yet). */
    async listForGame(gameId: number): Promise<GameNotice[]> {
      const rows = await db
        .selectFrom('game_notices')
        .select(['id', 'type', 'values', 'published_at'])
        .where('game_id', '=', gameId)
        .where('held', '=', false)
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toNotice);
    },

    /** `held`: a blood of a solve made during a scoreboard freeze, published at the reveal (`releaseHeld`). */
    async insert(
      gameId: number,
      type: NoticeType,
      values: string[],
      publishedAt: Date,
      executor: Db = db,
      held = false,
    ) {
      const row = await executor
        .insertInto('game_notices')
        .values({ game_id: gameId, type, values: JSON.stringify(values), published_at: publishedAt, held })
        .returning(['id', 'type', 'values', 'published_at'])
        .executeTakeFirstOrThrow();
      return toNotice(row);
    },

    /**
     * Publishes the notices a freeze held, in the order they were stored, as of `at`: one millisecond apart and
     * ending at `at`, so that every client orders them as they were won. Returns them in that order. `before`:
     * only those won before it (a held notice's `published_at` is its solve's time until it is released).
     */
    async releaseHeld(gameId: number, at: Date, executor: Db = db, before?: Date): Promise<GameNotice[]> {
      let query = executor
        .selectFrom('game_notices')
        .select('id')
        .where('game_id', '=', gameId)
        .where('held', '=', true);
      if (before) query = query.where('published_at', '<', before);
      const held = await query.orderBy('id').execute();
      const released: GameNotice[] = [];
      for (const [index, { id }] of held.entries()) {
        const row = await executor
          .updateTable('game_notices')
          .set({ held: false, published_at: new Date(at.getTime() - (held.length - 1 - index)) })
          .where('id', '=', id)
          // Released once: a concurrent release (another process) has taken the rows it updated.
          .where('held', '=', true)
          .returning(['id', 'type', 'values', 'published_at'])
          .executeTakeFirst();
        if (row) released.push(toNotice(row));
      }
      return released;
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
