import type { ChallengeCategory, ScoreboardModel } from '@flagpole/contract';

/*
 * Plain-data input of the scoreboard computation. The repository loads these rows; the computation does
 * no I/O. All times are Unix epoch milliseconds.
 */

export interface ScoreboardChallengeInput {
  id: number;
  title: string;
  category: ChallengeCategory;
  originalScore: number;
  /** 0..1: the fraction of the original score the challenge decays towards. */
  minScoreRate: number;
  /** Larger means slower decay. */
  difficulty: number;
  disableBloodBonus: boolean;
  /** Solves after this instant do not count; null means no deadline. */
  deadline: number | null;
  /** Disabled challenges, and every solve of them, are left off the board. */
  enabled: boolean;
  /** Before this instant (Unix ms) the challenge is left off the board as if disabled; null/absent: no release. */
  release?: number | null;
  /** The game phase the challenge belongs to (phase.ts); null or absent: none. */
  phaseId?: number | null;
}

/** A phase of the game (phase.ts): its board ranks the teams on the phase's challenges only. */
export interface ScoreboardPhaseInput {
  id: number;
  title: string;
  start: number;
}

/** One Accepted participation. Solves of participations not listed here (pending, suspended…) are ignored. */
export interface ScoreboardTeamInput {
  participationId: number;
  teamId: number;
  name: string;
  avatar: string | null;
  bio: string | null;
  /** The team's division (one of `ScoreboardInput.divisions`); null: no division, every permission. */
  divisionId: number | null;
}

/**
 * A division and its `GamePermission` bits: `defaultPermissions` holds the division-level flags (RankOverall)
 * and the per-challenge flags of every challenge without an override in `challengeConfigs`.
 */
export interface ScoreboardDivisionInput {
  id: number;
  name: string;
  defaultPermissions: number;
  /** Per-challenge overrides: they replace the default permissions for that challenge. */
  challengeConfigs: readonly { challengeId: number; permissions: number }[];
}

/** A team's first correct submission of a challenge. */
export interface ScoreboardSolveInput {
  participationId: number;
  challengeId: number;
  userName: string | null;
  time: number;
}

/** A team's unlock of a locked hint that costs something (`FreeAfter` hints cost nothing and are not input). */
export interface ScoreboardHintChargeInput {
  participationId: number;
  challengeId: number;
  kind: 'Points' | 'RewardShare';
  /** Points, or the percentage of the reward. */
  cost: number;
  /** Points: the team's total may go below zero for this hint. */
  allowNegative: boolean;
  time: number;
}

/** An organiser's award (points > 0) or penalty (points < 0). */
export interface ScoreboardAwardInput {
  participationId: number;
  points: number;
  reason: string;
  /** The award's time counts as the team's last scoring time for tie-breaks. */
  countsForTieBreak: boolean;
  time: number;
}

export interface ScoreboardGameInput {
  start: number;
  end: number;
  /** Packed per-mille blood bonuses (see `packBloodBonus`). */
  bloodBonus: number;
  /**
   * Practice mode lets players keep submitting after the end. It does not change the board: solves after the
   * end are listed with 0 points and do not count, exactly as without practice mode.
   */
  practiceMode: boolean;
  /**
   * The scoreboard freeze (Unix ms; null or absent: none) and whether an organiser revealed it. The computation
   * ignores both: `freeze.ts` derives the players' input from them.
   */
  freezeAt?: number | null;
  revealed?: boolean;
}

export interface ScoreboardInput {
  game: ScoreboardGameInput;
  challenges: readonly ScoreboardChallengeInput[];
  teams: readonly ScoreboardTeamInput[];
  /** The game's divisions, any order; a team naming a division not listed here is treated as having none. */
  divisions: readonly ScoreboardDivisionInput[];
  /** Any order; already sorted by time (then submission id) is fastest. */
  solves: readonly ScoreboardSolveInput[];
  /** The game's phases (absent: none); `computeScoreboard` ignores them, `phaseInput` reads them. */
  phases?: readonly ScoreboardPhaseInput[];
  /** Unlocks of locked hints with a cost (absent: none); `adjustments.ts` applies them. */
  hintCharges?: readonly ScoreboardHintChargeInput[];
  /** Organisers' awards and penalties (absent: none). */
  awards?: readonly ScoreboardAwardInput[];
}

export interface ScoreboardOptions {
  /** Written as `updateTimeUtc`; passed in so that the computation stays pure. */
  now: number;
  /**
   * The board this one replaces, if any: rows equal to its rows are reused instead of allocated again (the
   * result is the same either way; the previous board is not modified).
   */
  previous?: ScoreboardModel;
}
