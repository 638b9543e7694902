import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { TeamRow } from './team.repository';

/** Teams as the admin area sees them: every team, paged or searched. */
export function createAdminTeamRepository(db: Db) {
  return {
    async page(skip: number, count: number): Promise<TeamRow[]> {
      return db.selectFrom('teams').selectAll().orderBy('id').offset(skip).limit(count).execute();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('teams')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Case-insensitive substring of the name, or the exact id. */
    async search(hint: string, limit: number): Promise<TeamRow[]> {
      const pattern = `%${hint.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const id = /^\d{1,9}$/.test(hint) ? Number(hint) : -1;
      return db
        .selectFrom('teams')
        .selectAll()
        .where((eb) => eb.or([eb(sql`lower(name)`, 'like', pattern), eb('id', '=', id)]))
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async update(id: number, changes: Partial<Pick<TeamRow, 'name' | 'bio' | 'locked'>>): Promise<TeamRow | undefined> {
      return db.updateTable('teams').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
    },

    /** Deletes the team (its entries go with it); returns its avatar and the games it was entered in. */
    async delete(id: number): Promise<{ avatarHash: string | null; gameIds: number[] } | undefined> {
      const games = await db.selectFrom('participations').select('game_id').where('team_id', '=', id).execute();
      const team = await db.deleteFrom('teams').where('id', '=', id).returning('avatar_hash').executeTakeFirst();
      return team && { avatarHash: team.avatar_hash, gameIds: games.map((g) => g.game_id) };
    },
  };
}
export type AdminTeamRepository = ReturnType<typeof createAdminTeamRepository>;
