import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database';
import type { TeamsTable } from '../db/schema';

export type TeamRow = Selectable<TeamsTable>;

export interface TeamMemberRow {
  teamId: number;
  userId: string;
  userName: string;
  bio: string;
  avatarHash: string | null;
}

/** Participations that keep a team locked while their game has not ended. */
export const LOCKING_STATUSES = ['Pending', 'Accepted', 'Suspended'] as const;

/** Teams and their members. Bound to a connection or a transaction. */
export function createTeamRepository(db: Db) {
  return {
    async find(id: number): Promise<TeamRow | undefined> {
      return db.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Locks the team row until the transaction ends. */
    async findForUpdate(id: number): Promise<TeamRow | undefined> {
      return db.selectFrom('teams').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async listForUser(userId: string): Promise<TeamRow[]> {
      return (
        db
          .selectFrom('teams')
          .innerJoin('team_members', 'team_members.team_id', 'teams.id')
          .selectAll('teams')
          .where('team_members.user_id', '=', userId)
          // Personal teams of solo games are entries, not teams the player manages.
          .where('teams.personal_game_id', 'is', null)
          .orderBy('teams.id')
          .execute()
      );
    },

    async members(teamIds: number[]): Promise<TeamMemberRow[]> {
      if (teamIds.length === 0) return [];
      const rows = await db
        .selectFrom('team_members')
        .innerJoin('users', 'users.id', 'team_members.user_id')
        .select(['team_members.team_id', 'users.id', 'users.user_name', 'users.bio', 'users.avatar_hash'])
        .where('team_members.team_id', 'in', teamIds)
        .orderBy('team_members.joined_at')
        .orderBy('users.user_name')
        .execute();
      return rows.map((r) => ({
        teamId: r.team_id,
        userId: r.id,
        userName: r.user_name,
        bio: r.bio,
        avatarHash: r.avatar_hash,
      }));
    },

    /** Of these teams, the ones in a game that has not ended (by a non-rejected participation). */
    async inActiveGame(teamIds: number[], now: Date): Promise<Set<number>> {
      if (teamIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('participations')
        .innerJoin('games', 'games.id', 'participations.game_id')
        .select('participations.team_id')
        .distinct()
        .where('participations.team_id', 'in', teamIds)
        .where('participations.status', 'in', [...LOCKING_STATUSES])
        .where('games.end_at', '>', now)
        .execute();
      return new Set(rows.map((r) => r.team_id));
    },

    /** Serialises concurrent team creation and transfer for one user (the captain limit). */
    async lockUser(userId: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
      return row !== undefined;
    },

    async countCaptained(userId: string): Promise<number> {
      const row = await db
        .selectFrom('teams')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('captain_id', '=', userId)
        .where('personal_game_id', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(team: { name: string; bio: string; captainId: string; inviteToken: string }): Promise<TeamRow> {
      return db
        .insertInto('teams')
        .values({ name: team.name, bio: team.bio, captain_id: team.captainId, invite_token: team.inviteToken })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The team standing for a CTFtime team (docs/integrations.md, "Sign-in with CTFtime"). */
    async findByCtftimeTeam(ctftimeTeamId: number): Promise<TeamRow | undefined> {
      return db
        .selectFrom('teams')
        .selectAll()
        .where('ctftime_team_id', '=', ctftimeTeamId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Creates the team of a CTFtime team; undefined when a team-mate created it at the same moment. */
    async insertForCtftime(team: {
      name: string;
      captainId: string;
      inviteToken: string;
      ctftimeTeamId: number;
      country: string | null;
    }): Promise<TeamRow | undefined> {
      return db
        .insertInto('teams')
        .values({
          name: team.name,
          captain_id: team.captainId,
          invite_token: team.inviteToken,
          ctftime_team_id: team.ctftimeTeamId,
          ctftime_country: team.country,
        })
        .onConflict((oc) => oc.column('ctftime_team_id').doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /** The player's personal team in a solo game, if they have entered it before. */
    async findPersonal(gameId: number, userId: string): Promise<TeamRow | undefined> {
      return db
        .selectFrom('teams')
        .selectAll()
        .where('personal_game_id', '=', gameId)
        .where('captain_id', '=', userId)
        .executeTakeFirst();
    },

    /**
     * A personal team named after the player (user names fit team names), with the player as its only member. A
     * second one for the same game and player breaks the unique index `teams_personal`.
     */
    async insertPersonal(gameId: number, userId: string, inviteToken: string): Promise<TeamRow | undefined> {
      const team = await db
        .insertInto('teams')
        .columns(['name', 'captain_id', 'invite_token', 'personal_game_id'])
        .expression((eb) =>
          eb
            .selectFrom('users')
            .select(['user_name', 'id', sql<string>`${inviteToken}`.as('t'), sql<number>`${gameId}::int`.as('g')])
            .where('id', '=', userId),
        )
        .returningAll()
        .executeTakeFirst();
      if (team) await db.insertInto('team_members').values({ team_id: team.id, user_id: userId }).execute();
      return team;
    },

    /** The games in which the user has a personal team (whose name follows the user's). */
    async personalGames(userId: string): Promise<number[]> {
      const rows = await db
        .selectFrom('teams')
        .select('personal_game_id')
        .where('captain_id', '=', userId)
        .where('personal_game_id', 'is not', null)
        .execute();
      return rows.flatMap((r) => (r.personal_game_id === null ? [] : [r.personal_game_id]));
    },

    async update(
      id: number,
      changes: Partial<Pick<TeamRow, 'name' | 'bio' | 'avatar_hash' | 'invite_token' | 'captain_id'>>,
    ): Promise<TeamRow | undefined> {
      return db.updateTable('teams').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('teams').where('id', '=', id).execute();
    },

    async isMember(teamId: number, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('team_members')
        .select('user_id')
        .where('team_id', '=', teamId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async addMember(teamId: number, userId: string): Promise<void> {
      await db.insertInto('team_members').values({ team_id: teamId, user_id: userId }).execute();
    },

    /** Removes a member and takes them off the rosters of every participation of the team. */
    async removeMember(teamId: number, userId: string): Promise<boolean> {
      await db
        .deleteFrom('participation_members')
        .where('user_id', '=', userId)
        .where('participation_id', 'in', (eb) =>
          eb.selectFrom('participations').select('id').where('team_id', '=', teamId),
        )
        .execute();
      const result = await db
        .deleteFrom('team_members')
        .where('team_id', '=', teamId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
export type TeamRepository = ReturnType<typeof createTeamRepository>;
