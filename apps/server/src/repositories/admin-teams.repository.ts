import type { TeamListOrder } from '@flagpole/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { substringPattern } from './like-pattern';
import type { TeamRow } from './team.repository';

/** The team's name contains the text (any case), or the text is its id. */
function matchesTeam(eb: ExpressionBuilder<Database, 'teams'>, text: string) {
  const id = /^\d{1,9}$/.test(text) ? Number(text) : -1;
  return eb.or([eb(sql`lower(name)`, 'like', substringPattern(text)), eb('id', '=', id)]);
}

/** Teams as the admin area sees them: every team, paged or searched. */
export function createAdminTeamRepository(db: Db) {
  return {
    /** A page in the chosen order (ties by id), of the teams matching `search` (as `search` below) when given. */
    async page(skip: number, count: number, order: TeamListOrder = 'id', search?: string): Promise<TeamRow[]> {
      let query = db.selectFrom('teams').selectAll();
      if (search) query = query.where((eb) => matchesTeam(eb, search));
      if (order === 'name') query = query.orderBy(sql`lower(name)`);
      return query
        .orderBy('id', order === 'newest' ? 'desc' : 'asc')
        .offset(skip)
        .limit(count)
        .execute();
    },

    async count(search?: string): Promise<number> {
      let query = db.selectFrom('teams').select((eb) => eb.fn.countAll<string>().as('n'));
      if (search) query = query.where((eb) => matchesTeam(eb, search));
      const row = await query.executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Case-insensitive substring of the name, or the exact id. */
    async search(hint: string, limit: number): Promise<TeamRow[]> {
      return db
        .selectFrom('teams')
        .selectAll()
        .where((eb) => matchesTeam(eb, hint))
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
