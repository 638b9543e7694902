import type { Db } from '../db/database';
import { badRequest } from '../http/errors';
import { randomHex } from '../lib/crypto';
import type { EventBus } from '../lib/event-bus';
import { createTeamRepository, type TeamRepository, type TeamRow } from '../repositories/team.repository';
import { PLAY_LOOKUPS_CHANGED } from './play-lookups';
import { SCOREBOARD_INVALIDATE } from './scoreboard.service';

/*
 * Solo games (docs/game-play.md, "Solo games"): a player's entry is backed by a personal team made for that game,
 * so every per-team rule (containers, dynamic flags, cheat detection, divisions, writeups, freeze) holds per
 * player unchanged. A personal team has one member, is named after them (a database trigger follows renames) and
 * is no team the player manages: it is not listed among their teams, not joinable and not editable by them.
 */

/** The caller's team in a solo game: the one made at an earlier entry, or a new one (inside the join's transaction). */
export async function personalTeamForJoin(teams: TeamRepository, gameId: number, userId: string): Promise<TeamRow> {
  const found = await teams.findPersonal(gameId, userId);
  if (found) return found;
  const made = await teams.insertPersonal(gameId, userId, randomHex(16));
  if (!made) throw badRequest('error.userNotFound');
  return made;
}

/** Team management (rename, members, invite codes, avatar, deletion) is refused on a personal team. */
export function assertNotPersonal(team: TeamRow): void {
  if (team.personal_game_id !== null) throw badRequest('error.personalTeam');
}

/** After a user's rename: the boards and cached entries of their solo games read the new name. */
export function createPersonalTeamRenames(deps: { db: Db; events: EventBus }) {
  return async (userId: string): Promise<void> => {
    const games = await createTeamRepository(deps.db).personalGames(userId);
    if (games.length === 0) return;
    await deps.events.publish(PLAY_LOOKUPS_CHANGED, {});
    for (const gameId of games) await deps.events.publish(SCOREBOARD_INVALIDATE, { gameId });
  };
}
