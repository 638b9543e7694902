import {
  type AdminTeamModel,
  type AdminTeamsQuery,
  type ArrayResponseOfTeamInfoModel,
  SEARCH_RESULT_LIMIT,
} from '@flagpole/contract';
import type { Db } from '../db/database';
import { notFound } from '../http/errors';
import type { EventBus } from '../lib/event-bus';
import { createAdminTeamRepository } from '../repositories/admin-teams.repository';
import { createTeamRepository, type TeamRow } from '../repositories/team.repository';
import type { FileStore } from './file-store.service';
import { PLAY_LOOKUPS_CHANGED } from './play-lookups';
import { SCOREBOARD_INVALIDATE } from './scoreboard.service';
import { toTeamInfo } from './team.service';

/**
 * The admin area's team management. `locked` here is the administrator's lock (the column this page
 * edits); a team is also locked elsewhere while it is in a game that has not ended. Deleting a team
 * removes its game entries too, so the scoreboards of those games are rebuilt.
 */
export function createAdminTeamService(deps: { db: Db; files: FileStore; events: EventBus }) {
  const teams = createAdminTeamRepository(deps.db);
  const memberRepository = createTeamRepository(deps.db);

  async function withMembers(rows: TeamRow[]): Promise<ArrayResponseOfTeamInfoModel> {
    const members = await memberRepository.members(rows.map((t) => t.id));
    const data = rows.map((team) => toTeamInfo(team, team.locked, members));
    return { data, length: data.length, total: data.length };
  }

  return {
    /** A page in the chosen order; with `search`, of the matching teams only (`total` counts those). */
    async list(query: AdminTeamsQuery): Promise<ArrayResponseOfTeamInfoModel> {
      const { skip, count, order, search } = query;
      const [rows, total] = await Promise.all([teams.page(skip, count, order, search), teams.count(search)]);
      return { ...(await withMembers(rows)), total };
    },

    async search(hint: string): Promise<ArrayResponseOfTeamInfoModel> {
      return withMembers(await teams.search(hint, SEARCH_RESULT_LIMIT));
    },

    /** Absent or null fields stay as they are. */
    async update(teamId: number, input: AdminTeamModel): Promise<void> {
      const changes: Partial<Pick<TeamRow, 'name' | 'bio' | 'locked'>> = {};
      if (input.name != null) changes.name = input.name;
      if (input.bio != null) changes.bio = input.bio;
      if (input.locked != null) changes.locked = input.locked;
      if (Object.keys(changes).length === 0) {
        if (!(await memberRepository.find(teamId))) throw notFound('error.teamNotFound');
        return;
      }
      const updated = await teams.update(teamId, changes);
      if (!updated) throw notFound('error.teamNotFound');
      if (changes.name !== undefined) await deps.events.publish(PLAY_LOOKUPS_CHANGED, {});
    },

    async remove(teamId: number): Promise<void> {
      const deleted = await deps.db.transaction().execute((trx) => createAdminTeamRepository(trx).delete(teamId));
      if (!deleted) throw notFound('error.teamNotFound');
      await deps.events.publish(PLAY_LOOKUPS_CHANGED, {});
      for (const gameId of deleted.gameIds) await deps.events.publish(SCOREBOARD_INVALIDATE, { gameId });
      if (deleted.avatarHash) await deps.files.release(deleted.avatarHash);
    },
  };
}
export type AdminTeamService = ReturnType<typeof createAdminTeamService>;
