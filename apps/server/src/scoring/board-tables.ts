import type { DivisionTable } from './division-table';
import type { IdIndex } from './id-index';
import type { ScoreboardChallengeInput, ScoreboardSolveInput, ScoreboardTeamInput } from './types';

/*
 * The intermediate tables of one scoreboard computation (compute-scoreboard.ts), shared by its passes. Rows are
 * identified by their index in these tables, not by database id.
 */

export const BLOODS_PER_CHALLENGE = 3;

/**
 * What a solve is worth to the board, after de-duplication, the time rules and the permissions: `InWindow`
 * solves may take a blood but score nothing (no GetScore); `Scoring` solves add their points.
 */
export const SolveStatus = { Duplicate: 0, ListedOnly: 1, InWindow: 2, Scoring: 3 } as const;

/** Reading a typed array or list with an index the code itself produced; a miss is a bug, not input. */
export function present<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('scoreboard: index out of range');
  return value;
}

export interface ChallengeTable {
  list: readonly ScoreboardChallengeInput[];
  indexById: IdIndex;
}

export interface TeamTable {
  list: readonly ScoreboardTeamInput[];
  indexByParticipation: IdIndex;
  divisions: DivisionTable;
}

/**
 * Solves of known teams and enabled challenges as parallel columns, ordered by time; a solve's index in
 * the columns is its "position". Copying the input once into columns keeps every later pass sequential.
 */
export interface SolveTable {
  count: number;
  team: Int32Array;
  challenge: Int32Array;
  time: Float64Array;
  /** Index of each solve in `rows` (the input), where its user name is read. */
  source: Int32Array;
  rows: readonly ScoreboardSolveInput[];
  /** The user names in time order, when the input was not in time order; null otherwise (read through `source`). */
  names: (string | null)[] | null;
}

/** Everything the award pass produces, per solve position, per challenge and per team. */
export interface Awards {
  status: Uint8Array;
  typeCode: Uint8Array;
  points: Int32Array;
  challengeScore: Int32Array;
  solvedCount: Int32Array;
  bloodCount: Uint8Array;
  /** Solve positions of each challenge's bloods, `BLOODS_PER_CHALLENGE` slots per challenge. */
  bloodSolve: Int32Array;
  teamScore: Float64Array;
  /** Time of the team's last scoring solve; +Infinity when it has none, so it sorts after its equals. */
  teamLastScoring: Float64Array;
}
