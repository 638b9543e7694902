import type { AnswerResult } from '@flagpole/contract';
import type { Db } from '../db/database';
import { submissionsWithDetails } from './submission-details';

export interface SheetSubmissionRow {
  id: string;
  submittedAt: Date;
  teamName: string;
  userName: string | null;
  challengeTitle: string;
  answer: string;
  status: AnswerResult;
}

/** Reads for the spreadsheet exports; submissions come in pages so that a large game never sits in memory. */
export function createSheetRepository(db: Db) {
  return {
    async gameWindow(gameId: number) {
      return db
        .selectFrom('games')
        .select(['id', 'title', 'start_at', 'end_at', 'practice_mode', 'individual'])
        .where('id', '=', gameId)
        .executeTakeFirst();
    },

    /** The user names on each team's roster for the game, by team id. */
    async rosters(gameId: number): Promise<Map<number, string[]>> {
      const rows = await db
        .selectFrom('participations as p')
        .innerJoin('participation_members as pm', 'pm.participation_id', 'p.id')
        .innerJoin('users as u', 'u.id', 'pm.user_id')
        .select(['p.team_id', 'u.user_name'])
        .where('p.game_id', '=', gameId)
        .orderBy('p.team_id')
        .orderBy('u.user_name')
        .execute();
      const rosters = new Map<number, string[]>();
      for (const row of rows) rosters.set(row.team_id, [...(rosters.get(row.team_id) ?? []), row.user_name]);
      return rosters;
    },

    /** Up to `limit` submissions after `after` (oldest first; null: from the start). */
    async submissionsAfter(
      gameId: number,
      after: { submittedAt: Date; id: string } | null,
      limit: number,
    ): Promise<SheetSubmissionRow[]> {
      let query = submissionsWithDetails(db)
        .select([
          's.id',
          's.submitted_at as submittedAt',
          't.name as teamName',
          'u.user_name as userName',
          'c.title as challengeTitle',
          's.answer',
          's.status',
        ])
        .where('s.game_id', '=', gameId);
      if (after) {
        query = query.where((eb) =>
          eb(eb.refTuple('s.submitted_at', 's.id'), '>', eb.tuple(after.submittedAt, after.id)),
        );
      }
      const rows = await query.orderBy('s.submitted_at').orderBy('s.id').limit(limit).execute();
      return rows.map((r) => ({ ...r, id: String(r.id) }));
    },
  };
}
export type SheetRepository = ReturnType<typeof createSheetRepository>;
