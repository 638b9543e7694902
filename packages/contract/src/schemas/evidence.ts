import { z } from 'zod';
import { ParticipationStatus } from '../enums';
import { Timestamp } from './common';

// ---- Flag-sharing evidence (docs/operations.md, "Flag-sharing evidence") ---------------------

export const EvidenceSignalKind = z.enum([
  'WrongTeamFlag',
  'SolveBeforeAccess',
  'SameWrongAnswer',
  'SharedAddress',
  'SharedFingerprint',
  'CloseSolveSequence',
]);
export type EvidenceSignalKind = z.infer<typeof EvidenceSignalKind>;

/** One piece of evidence: its kind, strength in [0, 1], the times it rests on, and what was shared. */
export const EvidenceSignal = z.object({
  kind: EvidenceSignalKind,
  strength: z.number(),
  times: z.array(Timestamp),
  challengeId: z.number().int().nullable(),
  challenge: z.string().nullable(),
  detail: z.string(),
});
export type EvidenceSignal = z.infer<typeof EvidenceSignal>;

export const EvidenceTeam = z.object({
  participationId: z.number().int(),
  teamId: z.number().int(),
  name: z.string(),
  status: ParticipationStatus,
  /** Sent back unchanged when a monitor suspends the team (the participation edit always applies it). */
  divisionId: z.number().int().nullable(),
});
export type EvidenceTeam = z.infer<typeof EvidenceTeam>;

/** A suspicious pair of teams (or one team): its signals and their combined strength 1 − Π(1 − sᵢ). */
export const EvidenceCase = z.object({
  key: z.string(),
  teams: z.array(EvidenceTeam),
  strength: z.number(),
  signals: z.array(EvidenceSignal),
  dismissed: z.boolean(),
  updatedAt: Timestamp,
});
export type EvidenceCase = z.infer<typeof EvidenceCase>;

export const EvidenceReport = z.object({
  /** When the cases were last computed (null: not yet). */
  computedAt: Timestamp.nullable(),
  cases: z.array(EvidenceCase),
});
export type EvidenceReport = z.infer<typeof EvidenceReport>;

/** The key of a case, as `GET /api/game/{id}/evidence` answers it ("12-40" or "12"). */
export const EvidenceCaseKey = z.string().regex(/^\d{1,9}(-\d{1,9})?$/);
