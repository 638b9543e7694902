import type { Db } from '../db/database';
import type { ChallengesTable } from '../db/schema';

/** What the publish checklist needs of one enabled challenge. */
export interface EnabledChallengeFacts {
  id: number;
  title: string;
  type: ChallengesTable['type'];
  flagTemplate: string | null;
  containerImage: string;
  /** The organiser's flags (static flags, the unassigned dynamic-attachment pool), not per-team ones. */
  flags: number;
  /** Of those, the ones with no attachment (only a dynamic-attachment flag needs one). */
  flagsWithoutAttachment: number;
}

/** The reads behind a game's publish checklist. */
export function createGameReadinessRepository(db: Db) {
  return {
    async enabledChallenges(gameId: number): Promise<EnabledChallengeFacts[]> {
      const rows = await db
        .selectFrom('challenges')
        .leftJoin('flags', (join) =>
          join.onRef('flags.challenge_id', '=', 'challenges.id').on('flags.participation_id', 'is', null),
        )
        .select((eb) => [
          'challenges.id',
          'challenges.title',
          'challenges.type',
          'challenges.flag_template',
          'challenges.container_image',
          eb.fn.count<number>('flags.id').as('flags'),
          eb.fn.count<number>('flags.id').filterWhere('flags.attachment_id', 'is', null).as('without_attachment'),
        ])
        .where('challenges.game_id', '=', gameId)
        .where('challenges.is_enabled', '=', true)
        .groupBy('challenges.id')
        .orderBy('challenges.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        type: row.type,
        flagTemplate: row.flag_template,
        containerImage: row.container_image,
        flags: Number(row.flags),
        flagsWithoutAttachment: Number(row.without_attachment),
      }));
    },
  };
}
