import { z } from 'zod';
import { ChallengeCategory, SubmissionType } from './enums';
import { Timestamp } from './schemas/common';

/*
 * The scoreboard response (`GET /api/game/{id}/scoreboard`, `ScoreboardModel`) and the scoring arithmetic
 * that both the server and the web app need. Field names and nullability follow api-contract.md §7.2;
 * nullable fields are always written (as `null`), never omitted.
 */

// ---------------------------------------------------------------------------------------------------------
// Response schemas
// ---------------------------------------------------------------------------------------------------------

/** One step of a team's score curve: the cumulative score right after a solve at `time`. */
export const TimeLine = z.object({ time: Timestamp, score: z.number().int() });
export type TimeLine = z.infer<typeof TimeLine>;

/** The score curve of one team in a top-10 list; `id` is the team id. */
export const TopTimeLine = z.object({ id: z.number().int(), name: z.string().min(1), items: z.array(TimeLine) });
export type TopTimeLine = z.infer<typeof TopTimeLine>;

/**
 * The top-10 curves of one division; `divisionId` 0 is the overall board. The contract does not mark the
 * two fields required, but we always write both, so clients may rely on them.
 */
export const TimeLineItem = z.object({ divisionId: z.number().int(), teams: z.array(TopTimeLine) });
export type TimeLineItem = z.infer<typeof TimeLineItem>;

/** One solve on a team's row. `id` is the challenge id; `score` is 0 for a solve that does not count. */
export const ChallengeItem = z.object({
  id: z.number().int(),
  score: z.number().int(),
  type: SubmissionType,
  userName: z.string().nullable(),
  time: Timestamp,
});
export type ChallengeItem = z.infer<typeof ChallengeItem>;

/**
 * Flagpole: one deduction or award on a team's row (issue 28): `Award` (an organiser's award or penalty, with its
 * reason), `HintPoints` (a points hint unlocked; `challengeId` is the hint's challenge) or `HintShare` (the part of
 * a solve's reward a reward-share hint took). `points` is signed and already part of the row's `score`.
 */
export const ScoreAdjustment = z.object({
  kind: z.enum(['Award', 'HintPoints', 'HintShare']),
  points: z.number().int(),
  reason: z.string().nullable(),
  challengeId: z.number().int().nullable(),
  time: Timestamp,
});
export type ScoreAdjustment = z.infer<typeof ScoreAdjustment>;

/** One team's row; `id` is the team id. `lastSubmissionTime` is the time of its last scoring solve. */
export const ScoreboardItem = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  bio: z.string().nullable(),
  divisionId: z.number().int().nullable(),
  avatar: z.string().nullable(),
  score: z.number().int(),
  rank: z.number().int(),
  divisionRank: z.number().int().nullable(),
  lastSubmissionTime: Timestamp,
  solvedChallenges: z.array(ChallengeItem),
  solvedCount: z.number().int(),
  /** Flagpole: awards and hint deductions, in time order; absent when there are none (GZCTF clients ignore it). */
  adjustments: z.array(ScoreAdjustment).optional(),
});
export type ScoreboardItem = z.infer<typeof ScoreboardItem>;

/** A first, second or third solver of a challenge; `id` is the team id. */
export const Blood = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  avatar: z.string().nullable(),
  submitTimeUtc: Timestamp.nullable(),
});
export type Blood = z.infer<typeof Blood>;

/** A challenge column: its current dynamic `score`, how many counted solves it has, and up to 3 bloods in order. */
export const ChallengeInfo = z.object({
  id: z.number().int(),
  title: z.string().min(1),
  category: ChallengeCategory,
  score: z.number().int(),
  solved: z.number().int(),
  deadline: Timestamp.nullable(),
  bloods: z.array(Blood).max(3),
  disableBloodBonus: z.boolean(),
  /**
   * Flagpole, in a team's own list only (`GET /api/game/{id}/details`): the challenge is locked until the team
   * solves `count` of `requires` (challenge ids; those the team may see are in the same list). Absent: open.
   */
  locked: z.object({ requires: z.array(z.number().int()), count: z.number().int() }).optional(),
});
export type ChallengeInfo = z.infer<typeof ChallengeInfo>;

/** `GamePermission` bit flags travel as a JSON number. */
const GamePermissionMask = z.number().int();

export const DivisionChallengeItem = z.object({ challengeId: z.number().int(), permissions: GamePermissionMask });
export type DivisionChallengeItem = z.infer<typeof DivisionChallengeItem>;

/** `challengeConfigs` is keyed by the challenge id as a decimal string. */
export const DivisionItem = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  defaultPermissions: GamePermissionMask,
  challengeConfigs: z.record(z.string(), DivisionChallengeItem),
});
export type DivisionItem = z.infer<typeof DivisionItem>;

/**
 * The whole board. `challenges` is keyed by category name and holds only categories with at least one
 * enabled challenge, hence a partial record. `items` come sorted by rank.
 */
export const ScoreboardModel = z.object({
  updateTimeUtc: Timestamp,
  bloodBonus: z.number().int(),
  timelines: z.array(TimeLineItem),
  items: z.array(ScoreboardItem),
  divisions: z.array(DivisionItem),
  challenges: z.partialRecord(ChallengeCategory, z.array(ChallengeInfo)),
  challengeCount: z.number().int(),
  /**
   * Identifies the board's content (everything but `updateTimeUtc`), the same on every server process: a live
   * `scoreboard` message's delta applies to the board of its `base` version. Not in the reference contract;
   * its clients ignore it.
   */
  version: z.string().optional(),
});
export type ScoreboardModel = z.infer<typeof ScoreboardModel>;

// ---------------------------------------------------------------------------------------------------------
// Blood bonus: three 10-bit per-mille fields packed into one integer, first blood in the top bits
// ---------------------------------------------------------------------------------------------------------

/** Per-mille bonuses (0..1000) for the first, second and third solver. */
export interface BloodBonus {
  first: number;
  second: number;
  third: number;
}

const BLOOD_FIELD_BITS = 10;
const BLOOD_FIELD_MASK = 0x3ff;
/** A per-mille field may not exceed 1000 (+100 %), although 10 bits could hold 1023. */
export const MAX_BLOOD_BONUS_PER_MILLE = 1000;
/** Three 10-bit fields: anything at or above 2^30 has bits no field owns. */
const PACKED_LIMIT = 2 ** (3 * BLOOD_FIELD_BITS);

/** 50, 30 and 10 per mille: +5 %, +3 %, +1 %. Equals `(50 << 20) | (30 << 10) | 10`. */
export const DEFAULT_BLOOD_BONUS = 52_459_530;
/** The packed value 0 turns blood bonuses off (blood badges are still awarded). */
export const NO_BLOOD_BONUS = 0;

function isPerMille(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= MAX_BLOOD_BONUS_PER_MILLE;
}

/** Packs three per-mille bonuses; throws a RangeError for a field outside 0..1000 or not an integer. */
export function packBloodBonus({ first, second, third }: BloodBonus): number {
  for (const [name, value] of [
    ['first', first],
    ['second', second],
    ['third', third],
  ] as const) {
    if (!isPerMille(value)) throw new RangeError(`blood bonus ${name} must be an integer in 0..1000, got ${value}`);
  }
  return (first << (2 * BLOOD_FIELD_BITS)) | (second << BLOOD_FIELD_BITS) | third;
}

/**
 * Unpacks a stored value. Like the reference platform, a field above 1000 makes the whole value fall back to
 * the default; so does a value that is not a non-negative integer below 2^30 (it cannot have been packed).
 */
export function unpackBloodBonus(value: number): BloodBonus {
  if (!Number.isInteger(value) || value < 0 || value >= PACKED_LIMIT) return unpackBloodBonus(DEFAULT_BLOOD_BONUS);
  const bonus = {
    first: (value >> (2 * BLOOD_FIELD_BITS)) & BLOOD_FIELD_MASK,
    second: (value >> BLOOD_FIELD_BITS) & BLOOD_FIELD_MASK,
    third: value & BLOOD_FIELD_MASK,
  };
  if (!isPerMille(bonus.first) || !isPerMille(bonus.second) || !isPerMille(bonus.third)) {
    return unpackBloodBonus(DEFAULT_BLOOD_BONUS);
  }
  return bonus;
}

/** The per-mille bonus a solve of this type earns: 0 for `Normal` and `Unaccepted`. */
export function bloodBonusPerMille(bonus: BloodBonus, type: SubmissionType): number {
  switch (type) {
    case 'FirstBlood':
      return bonus.first;
    case 'SecondBlood':
      return bonus.second;
    case 'ThirdBlood':
      return bonus.third;
    case 'Normal':
    case 'Unaccepted':
      return 0;
  }
}

/**
 * The factor a solve's points are the challenge score times: 0 for `Unaccepted`, 1 for `Normal`,
 * 1 + per mille / 1000 for a blood. For display; points are computed exactly with `bloodBonusScore`.
 */
export function bloodMultiplier(packed: number, type: SubmissionType): number {
  if (type === 'Unaccepted') return 0;
  return 1 + bloodBonusPerMille(unpackBloodBonus(packed), type) / 1000;
}

/**
 * `score × (1000 + perMille) / 1000` rounded to the nearest integer, ties to even (as .NET's Convert.ToInt32).
 * Integer arithmetic, so 750 at +5 % is exactly 787.5 and rounds to 788; a float product would not be exact.
 */
export function bloodBonusScore(score: number, perMille: number): number {
  const scaled = score * (1000 + perMille);
  const quotient = Math.floor(scaled / 1000);
  const remainder = scaled - quotient * 1000;
  if (remainder > 500) return quotient + 1;
  if (remainder < 500) return quotient;
  return Math.abs(quotient % 2) === 1 ? quotient + 1 : quotient;
}

// ---------------------------------------------------------------------------------------------------------
// Dynamic score
// ---------------------------------------------------------------------------------------------------------

/**
 * The value of a challenge with `solveCount` counted solves: the original score for 0 or 1 solves, then an
 * exponential decay towards `original × minRate`; a larger `difficulty` decays more slowly. Every solver holds
 * this current value. A difficulty of 0 or less drops straight to the minimum once a second team solves.
 */
export function dynamicScore(original: number, minRate: number, difficulty: number, solveCount: number): number {
  if (solveCount <= 1) return original;
  const decay = difficulty > 0 ? Math.exp((1 - solveCount) / difficulty) : 0;
  return Math.floor(original * (minRate + (1 - minRate) * decay));
}
