import { z } from 'zod';
import { IdField, shortText, Timestamp, TimestampInput } from './common';

/*
 * Flagpole: locked hints and awards (issue 28; docs/game-play.md, "Hints with a cost" and "Awards and penalties").
 * A challenge's free hints stay GZCTF's `hints` strings; a locked hint has a title, a content and one cost model:
 *   - `Points`: `cost` points are taken from the team's total when it unlocks the hint;
 *   - `RewardShare`: the team's reward for this challenge is reduced by `cost` percent, only if it solves it
 *     (hints unlocked after the team's solve cost nothing);
 *   - `FreeAfter`: locked (and not unlockable) until `freeAt`, then shown to everyone, with one live `NewHint` notice
 *     at that time when the challenge is on the board (enabled, released, not hidden behind its prerequisites).
 * An unlock reaches the team's other members at once through the live `hintUnlocked` message (events.ts).
 */

export const hintLimits = {
  title: { max: 64 },
  content: { max: 4096 },
  /** Locked hints per challenge. */
  perChallenge: 16,
  points: { max: 100_000 },
  award: { max: 1_000_000 },
  reason: { max: 256 },
} as const;

export const HintCostKind = z.enum(['Points', 'RewardShare', 'FreeAfter']);
export type HintCostKind = z.infer<typeof HintCostKind>;

/** Body of `POST /api/edit/games/{id}/challenges/{challengeId}/hints`. */
export const HintCreateModel = z
  .object({
    title: shortText({ min: 1, max: hintLimits.title.max }),
    content: z.string().min(1).max(hintLimits.content.max),
    kind: HintCostKind,
    /** Points: the points taken; RewardShare: the percentage (1..100); FreeAfter: ignored (0). */
    cost: z.number().int().min(0).max(hintLimits.points.max).default(0),
    /** FreeAfter: when the hint opens to everyone. */
    freeAt: TimestampInput.nullish(),
    /** Points: the team's total may go below zero for this hint (otherwise the charge stops at zero). */
    allowNegative: z.boolean().default(false),
    /** Another locked hint of the same challenge that must be unlocked first. */
    requiresHintId: IdField.nullish(),
  })
  .refine((hint) => hint.kind !== 'RewardShare' || (hint.cost >= 1 && hint.cost <= 100), {
    message: 'a reward share is 1..100 percent',
    path: ['cost'],
  })
  .refine((hint) => hint.kind !== 'FreeAfter' || hint.freeAt != null, {
    message: 'a FreeAfter hint needs freeAt',
    path: ['freeAt'],
  });
export type HintCreateModel = z.infer<typeof HintCreateModel>;

/** A locked hint as organisers edit it. */
export const HintEditInfo = z.object({
  id: z.number().int(),
  challengeId: z.number().int(),
  title: z.string(),
  content: z.string(),
  kind: HintCostKind,
  cost: z.number().int(),
  freeAt: Timestamp.nullable(),
  allowNegative: z.boolean(),
  requiresHintId: z.number().int().nullable(),
  /** How many teams unlocked it. */
  unlockCount: z.number().int(),
});
export type HintEditInfo = z.infer<typeof HintEditInfo>;

/** A locked hint as a team sees it: `content` only once unlocked (or free after its time). */
export const HintPlayerInfo = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: HintCostKind,
  cost: z.number().int(),
  freeAt: Timestamp.nullable(),
  requiresHintId: z.number().int().nullable(),
  unlocked: z.boolean(),
  /** Who of the team unlocked it and when (null: not unlocked, or free after its time). */
  unlockedBy: z.string().nullable(),
  unlockedAt: Timestamp.nullable(),
  content: z.string().nullable(),
});
export type HintPlayerInfo = z.infer<typeof HintPlayerInfo>;

/** Body of `POST /api/edit/games/{id}/awards`: positive points give, negative take. */
export const AwardCreateModel = z.object({
  teamId: IdField,
  points: z
    .number()
    .int()
    .min(-hintLimits.award.max)
    .max(hintLimits.award.max)
    .refine((points) => points !== 0, 'an award of 0 points'),
  reason: shortText({ min: 1, max: hintLimits.reason.max }),
  /** Counts as the team's last scoring time for tie-breaks (default: no). */
  countsForTieBreak: z.boolean().default(false),
});
export type AwardCreateModel = z.infer<typeof AwardCreateModel>;

export const AwardInfo = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  teamName: z.string(),
  points: z.number().int(),
  reason: z.string(),
  countsForTieBreak: z.boolean(),
  createdAt: Timestamp,
  createdBy: z.string().nullable(),
});
export type AwardInfo = z.infer<typeof AwardInfo>;

/**
 * `GET /api/edit/games/{id}/awards/pending`: an imported award waiting for its team (docs/game-transfer.md,
 * "Awards"). It becomes an award of the first entry of a team named exactly `teamName` that is accepted in the game.
 */
export const PendingAwardInfo = z.object({
  id: z.number().int(),
  teamName: z.string(),
  points: z.number().int(),
  reason: z.string(),
  countsForTieBreak: z.boolean(),
  createdAt: Timestamp,
});
export type PendingAwardInfo = z.infer<typeof PendingAwardInfo>;
