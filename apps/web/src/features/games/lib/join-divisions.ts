import type { DetailedGameInfoModel, DivisionInfo, GameJoinCheckInfoModel } from '@flagpole/contract';

/** What the join dialog asks for with one team chosen (docs/teams-and-game-entry.md, "Divisions"). */
export interface JoinRequirements {
  /** Divisions the team may choose; empty when it does not choose one. */
  choices: DivisionInfo[];
  /** The team's entry stands: it joins into this division (null: none) and the dialog shows it, fixed. */
  fixed: { division: DivisionInfo | null } | null;
  /** Whether a division must be chosen before joining. */
  divisionRequired: boolean;
}

/**
 * The divisions a team may choose: those open for joining (from the join check), unless the team already has
 * an entry that stands (not Rejected), which keeps its division and needs no code.
 */
export function joinRequirements(
  game: Pick<DetailedGameInfoModel, 'divisions'>,
  check: GameJoinCheckInfoModel | undefined,
  teamId: number | null,
): JoinRequirements {
  const divisions = game.divisions ?? [];
  const standing = check?.joinedTeams.find((team) => team.id === teamId && team.status !== 'Rejected');
  if (standing) {
    return {
      choices: [],
      fixed: { division: divisions.find((division) => division.id === standing.division) ?? null },
      divisionRequired: false,
    };
  }
  const joinable = new Set(check?.joinableDivisions ?? []);
  const choices = divisions.filter((division) => joinable.has(division.id));
  return { choices, fixed: null, divisionRequired: choices.length > 0 };
}

/**
 * Which code a new entry gives: the chosen division's own code when it has one, else the game's; null when
 * none is asked for (or the team's entry stands).
 */
export function inviteCodeNeeded(
  game: Pick<DetailedGameInfoModel, 'inviteCodeRequired'>,
  requirements: JoinRequirements,
  division: DivisionInfo | null,
): 'division' | 'game' | null {
  if (requirements.fixed) return null;
  if (division?.inviteCodeRequired) return 'division';
  return game.inviteCodeRequired ? 'game' : null;
}
