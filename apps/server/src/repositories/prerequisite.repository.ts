import type { Db } from '../db/database';
import type { PrerequisiteRule } from '../scoring/prerequisites';

/** The prerequisite rules of a game's challenges and their titles (scoring/prerequisites.ts); SQL only. */
export function createPrerequisiteRepository(db: Db) {
  return {
    /** Every challenge of the game that has prerequisites, with its rule and title; one query. */
    async rulesOfGame(gameId: number): Promise<Map<number, PrerequisiteRule & { title: string }>> {
      const rows = await db
        .selectFrom('challenge_prerequisites as p')
        .innerJoin('challenges as c', 'c.id', 'p.challenge_id')
        .select(['p.challenge_id', 'p.required_id', 'c.prerequisite_count', 'c.prerequisite_hidden', 'c.title'])
        .where('c.game_id', '=', gameId)
        .orderBy('p.challenge_id')
        .orderBy('p.required_id')
        .execute();
      const rules = new Map<number, { requiredIds: number[]; count: number | null; hidden: boolean; title: string }>();
      for (const row of rows) {
        let rule = rules.get(row.challenge_id);
        if (!rule) {
          rule = { requiredIds: [], count: row.prerequisite_count, hidden: row.prerequisite_hidden, title: row.title };
          rules.set(row.challenge_id, rule);
        }
        rule.requiredIds.push(row.required_id);
      }
      return rules;
    },

    /** The ids of the game's challenges. */
    async challengeIdsOfGame(gameId: number): Promise<Set<number>> {
      const rows = await db.selectFrom('challenges').select('id').where('game_id', '=', gameId).execute();
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Serialises prerequisite saves of one game (a row lock on the game until the transaction ends), so that two
     * saves that would each be acyclic alone cannot make a cycle together.
     */
    async lockGame(gameId: number): Promise<void> {
      await db.selectFrom('games').select('id').where('id', '=', gameId).forUpdate().executeTakeFirst();
    },

    /** Replaces the challenge's rule (an empty list removes it). */
    async replace(challengeId: number, rule: PrerequisiteRule): Promise<void> {
      await db.deleteFrom('challenge_prerequisites').where('challenge_id', '=', challengeId).execute();
      if (rule.requiredIds.length > 0) {
        await db
          .insertInto('challenge_prerequisites')
          .values(rule.requiredIds.map((requiredId) => ({ challenge_id: challengeId, required_id: requiredId })))
          .execute();
      }
      const empty = rule.requiredIds.length === 0;
      await db
        .updateTable('challenges')
        .set({ prerequisite_count: empty ? null : rule.count, prerequisite_hidden: !empty && rule.hidden })
        .where('id', '=', challengeId)
        .execute();
    },
  };
}
export type PrerequisiteRepository = ReturnType<typeof createPrerequisiteRepository>;
