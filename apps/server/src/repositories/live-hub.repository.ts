import type { Db } from '../db/database';

/** The two reads a live hub makes when a client connects: the game's visibility and start, and the roster. */
export function createLiveHubRepository(db: Db) {
  return {
    async gameAccess(gameId: number): Promise<{ hidden: boolean; start_at: Date } | undefined> {
      return db.selectFrom('games').select(['hidden', 'start_at']).where('id', '=', gameId).executeTakeFirst();
    },

    /** Whether the user is on the roster of a team in the game (whatever the team's entry status). */
    async onRoster(gameId: number, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('participation_members')
        .select('user_id')
        .where('game_id', '=', gameId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type LiveHubRepository = ReturnType<typeof createLiveHubRepository>;
