import { GamePermission, hasPermission } from '@flagpole/contract';
import { badRequest } from '../http/errors';
import type { DivisionRow } from '../repositories/division.repository';

/*
 * The division rules of joining a game and of its review (docs/teams-and-game-entry.md, "Divisions"), as
 * pure functions of rows the caller has read.
 */

/** Divisions a team may choose when joining: those whose default permissions include JoinGame. */
export function joinableDivisions<T extends Pick<DivisionRow, 'defaultPermissions'>>(divisions: readonly T[]): T[] {
  return divisions.filter((division) => hasPermission(division.defaultPermissions, GamePermission.JoinGame));
}

/**
 * The division a join puts the team's entry in.
 * - The team's entry stands (Pending, Accepted or Suspended): it keeps its division; the caller may repeat it
 *   or leave it out, any other division is 400 (an entry does not switch division).
 * - Otherwise (a new entry, or a Rejected one applying again): with joinable divisions one of them is
 *   required; a division id that is not joinable is 400 in every case; without joinable divisions and
 *   without a division id the entry has no division.
 */
export function divisionForJoin(
  divisions: readonly DivisionRow[],
  requested: number | null | undefined,
  standing: { divisionId: number | null } | null,
): DivisionRow | null {
  if (standing) {
    if (requested != null && requested !== standing.divisionId) throw badRequest('error.divisionChangeNotAllowed');
    return divisions.find((division) => division.id === standing.divisionId) ?? null;
  }
  const joinable = joinableDivisions(divisions);
  if (requested != null) {
    const chosen = joinable.find((division) => division.id === requested);
    if (!chosen) throw badRequest('error.divisionNotJoinable');
    return chosen;
  }
  if (joinable.length > 0) throw badRequest('error.divisionRequired');
  return null;
}

/** The code a new entry must give: the division's own code if it has one, else the game's (null: none). */
export function inviteCodeForJoin(division: DivisionRow | null, gameCode: string | null): string | null {
  return division?.inviteCode ?? gameCode;
}

/** A new Pending entry is accepted at once: by the game's setting without a division, else unless RequireReview. */
export function acceptsWithoutReview(division: DivisionRow | null, gameAcceptsWithoutReview: boolean): boolean {
  if (!division) return gameAcceptsWithoutReview;
  return !hasPermission(division.defaultPermissions, GamePermission.RequireReview);
}
