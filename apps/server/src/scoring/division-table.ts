import { type DivisionItem, GamePermission } from '@flagpole/contract';
import { createIdIndex, type IdIndex } from './id-index';
import type { ScoreboardDivisionInput, ScoreboardTeamInput } from './types';

/**
 * The permissions the scoreboard needs, as flat typed arrays: each team's division (by index) and each
 * division's effective permissions on each enabled challenge (its override, else its default). A team without
 * a division reads `GamePermission.All`. Built once per computation: divisions × challenges cells.
 */
export interface DivisionTable {
  /** Divisions ordered by id. */
  list: readonly ScoreboardDivisionInput[];
  /** Division index of each team (by team index), -1 for none. */
  teamDivision: Int32Array;
  /** `permissions[division * challengeCount + challenge]`. */
  permissions: Int32Array;
  /** 1 when the division's teams get an overall rank (RankOverall in its default permissions). */
  ranksOverall: Uint8Array;
  challengeCount: number;
}

/** Reading an index the code itself produced; a miss is a bug, not input. */
function at(values: Int32Array | Uint8Array, index: number): number {
  const value = values[index];
  if (value === undefined) throw new Error('scoreboard: division index out of range');
  return value;
}

export function indexDivisions(
  divisions: readonly ScoreboardDivisionInput[],
  teams: readonly ScoreboardTeamInput[],
  challengeIndexById: IdIndex,
  challengeCount: number,
): DivisionTable {
  const list = [...divisions].sort((a, b) => a.id - b.id);
  const divisionIndex = createIdIndex(list.map((division) => division.id));
  const teamDivision = Int32Array.from(teams, (team) =>
    team.divisionId === null ? -1 : divisionIndex.get(team.divisionId),
  );
  const permissions = new Int32Array(list.length * challengeCount);
  const ranksOverall = new Uint8Array(list.length);
  list.forEach((division, index) => {
    permissions.fill(division.defaultPermissions, index * challengeCount, (index + 1) * challengeCount);
    for (const config of division.challengeConfigs) {
      const challenge = challengeIndexById.get(config.challengeId);
      if (challenge >= 0) permissions[index * challengeCount + challenge] = config.permissions;
    }
    ranksOverall[index] = (division.defaultPermissions & GamePermission.RankOverall) !== 0 ? 1 : 0;
  });
  return { list, teamDivision, permissions, ranksOverall, challengeCount };
}

/** The permissions of team index `team` on challenge index `challenge`. */
export function permissionOf(table: DivisionTable, team: number, challenge: number): number {
  const division = at(table.teamDivision, team);
  if (division < 0) return GamePermission.All;
  return at(table.permissions, division * table.challengeCount + challenge);
}

/** The division id of a team for the response: null without a (known) division. */
export function divisionIdOf(table: DivisionTable, team: number): number | null {
  const division = at(table.teamDivision, team);
  return division < 0 ? null : (table.list[division]?.id ?? null);
}

export interface Ranks {
  /** Overall rank by team index; 0 for teams whose division lacks RankOverall. */
  overall: Int32Array;
  /** Rank inside the team's division by team index; 0 for teams without a division. */
  division: Int32Array;
}

/**
 * Overall ranks run 1..n over the teams that rank overall (no division, or a division with RankOverall), in
 * board order; division ranks run 1..n inside each division. No shared ranks: the order is already total.
 */
export function assignRanks(table: DivisionTable, ranking: Int32Array): Ranks {
  const overall = new Int32Array(ranking.length);
  const division = new Int32Array(ranking.length);
  const nextInDivision = new Int32Array(table.list.length).fill(1);
  let nextOverall = 1;
  for (const team of ranking) {
    const index = at(table.teamDivision, team);
    if (index < 0 || at(table.ranksOverall, index) === 1) overall[team] = nextOverall++;
    if (index >= 0) {
      division[team] = at(nextInDivision, index);
      nextInDivision[index] = at(nextInDivision, index) + 1;
    }
  }
  return { overall, division };
}

/** The `divisions` of the response, by id, with the overrides keyed by challenge id. */
export function divisionItems(table: DivisionTable): DivisionItem[] {
  return table.list.map((division) => ({
    id: division.id,
    name: division.name,
    defaultPermissions: division.defaultPermissions,
    challengeConfigs: Object.fromEntries(
      division.challengeConfigs.map((config) => [
        String(config.challengeId),
        { challengeId: config.challengeId, permissions: config.permissions },
      ]),
    ),
  }));
}
