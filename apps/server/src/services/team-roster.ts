import { badRequest } from '../http/errors';
import type { RosterRepository } from '../repositories/roster.repository';

/*
 * Who plays for a team in a game (docs/teams-and-game-entry.md, "Team entry"). Each function runs inside the
 * caller's transaction with the participation row locked, so two changes of one roster never interleave.
 */

/** Room left under the game's member limit (0 = no limit). */
const hasRoom = (limit: number, size: number) => limit <= 0 || size < limit;

/**
 * When a team enters a game (a new entry, or a Rejected one applying again), its members come in with the one
 * who made the entry, in the order they joined the team (or the captain's choice), as far as the member limit
 * allows. Members already on a roster of this game (another team's, or their own earlier one) are left as they
 * are: they decide for themselves.
 */
export async function enrolAtEntry(
  roster: RosterRepository,
  entry: { participationId: number; gameId: number; teamId: number; limit: number; callerId: string },
  chosen: readonly string[] | null | undefined,
): Promise<void> {
  const members = await roster.teamMemberIds(entry.teamId);
  let candidates = members.filter((id) => id !== entry.callerId);
  if (chosen) {
    const picked = new Set(chosen.filter((id) => id !== entry.callerId));
    if ([...picked].some((id) => !members.includes(id))) throw badRequest('error.notTeamMember');
    if (entry.limit > 0 && picked.size + 1 > entry.limit) throw badRequest('error.teamFull');
    candidates = candidates.filter((id) => picked.has(id));
  }
  const taken = await roster.rosteredInGame(entry.gameId, candidates);
  let size = (await roster.players(entry.participationId)).length;
  for (const userId of candidates) {
    if (!hasRoom(entry.limit, size)) break;
    if (taken.has(userId)) continue;
    if (await roster.addByTeam(entry.participationId, entry.gameId, userId)) size += 1;
  }
}

/**
 * A member added to a team follows each of its entries that stands (not Rejected) in a game still open to
 * joining, when their own join would succeed: room under the limit and not on a roster of that game. The entry
 * keeps its status and division (a Pending one waits for the review with the new member). Returns the games whose
 * rosters changed.
 */
export async function followTeamIntoGames(
  roster: RosterRepository,
  teamId: number,
  userId: string,
  now: Date,
): Promise<number[]> {
  const changed: number[] = [];
  for (const entry of await roster.standingEntriesOfTeam(teamId)) {
    if (now.getTime() >= entry.endAt.getTime() && !entry.practiceMode) continue;
    if ((await roster.rosteredInGame(entry.gameId, [userId])).size > 0) continue;
    if (!hasRoom(entry.limit, (await roster.players(entry.participationId)).length)) continue;
    if (await roster.addByTeam(entry.participationId, entry.gameId, userId)) changed.push(entry.gameId);
  }
  return changed;
}

/**
 * The captain's choice of who plays: exactly `chosen` (team members, 1..limit, none playing for another team in
 * the game). Players left out leave the roster; new ones come in as brought by the team.
 */
export async function replaceRoster(
  roster: RosterRepository,
  entry: { participationId: number; gameId: number; teamId: number; limit: number },
  chosen: readonly string[],
): Promise<void> {
  const picked = [...new Set(chosen)];
  const members = await roster.teamMemberIds(entry.teamId);
  if (picked.some((id) => !members.includes(id))) throw badRequest('error.notTeamMember');
  if (entry.limit > 0 && picked.length > entry.limit) throw badRequest('error.teamFull');
  if ((await roster.playingForAnotherTeam(entry.gameId, entry.participationId, picked)).size > 0) {
    throw badRequest('error.memberInAnotherTeam');
  }
  const current = (await roster.players(entry.participationId)).map((p) => p.userId);
  await roster.removePlayers(
    entry.participationId,
    current.filter((id) => !picked.includes(id)),
  );
  const newcomers = picked.filter((id) => !current.includes(id));
  await roster.removeRejectedRows(entry.gameId, newcomers);
  for (const userId of newcomers) await roster.addByTeam(entry.participationId, entry.gameId, userId);
}
