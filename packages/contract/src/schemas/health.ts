import { z } from 'zod';
import { Timestamp } from './common';

// ---- Challenge health checks (docs/operations.md, "Health checks") ---------------------------

/** Unknown: never run (or no check); Healthy: the last run passed; Failing: the last run did not. */
export const HealthStatus = z.enum(['Unknown', 'Healthy', 'Failing']);
export type HealthStatus = z.infer<typeof HealthStatus>;

/** Passed; Failed: neither the flag printed nor exit 0; TimedOut: over the limit; Error: could not run. */
export const HealthRunOutcome = z.enum(['Passed', 'Failed', 'TimedOut', 'Error']);
export type HealthRunOutcome = z.infer<typeof HealthRunOutcome>;

export const HealthRunTrigger = z.enum(['Schedule', 'Manual']);
export type HealthRunTrigger = z.infer<typeof HealthRunTrigger>;

export const healthLimits = {
  image: { max: 512 },
  script: { max: 65_536 },
  timeoutSeconds: { min: 5, max: 600, default: 60 },
  intervalSeconds: { min: 60, max: 86_400, default: 300 },
  /** Output kept per run (characters, the end of it). */
  output: { max: 4_000 },
} as const;

/** A challenge's health check as organisers edit it (`PUT /api/edit/games/{id}/challenges/{cId}/health`). */
export const HealthCheckEditModel = z.object({
  /** The image the solve script runs in (the local engine's, no registry pull); it needs /bin/sh. */
  image: z.string().trim().min(1).max(healthLimits.image.max),
  /** The solve script: run with `sh` unless it starts with `#!`; it passes by printing the flag or exiting 0. */
  script: z.string().min(1).max(healthLimits.script.max),
  timeoutSeconds: z
    .number()
    .int()
    .min(healthLimits.timeoutSeconds.min)
    .max(healthLimits.timeoutSeconds.max)
    .default(healthLimits.timeoutSeconds.default),
  intervalSeconds: z
    .number()
    .int()
    .min(healthLimits.intervalSeconds.min)
    .max(healthLimits.intervalSeconds.max)
    .default(healthLimits.intervalSeconds.default),
  /** Runs on the schedule while the game runs; false: only on demand. */
  enabled: z.boolean().default(true),
});
export type HealthCheckEditModel = z.infer<typeof HealthCheckEditModel>;
export type HealthCheckEditInput = z.input<typeof HealthCheckEditModel>;

export const HealthCheckModel = z.object({
  image: z.string(),
  script: z.string(),
  timeoutSeconds: z.number().int(),
  intervalSeconds: z.number().int(),
  enabled: z.boolean(),
});
export type HealthCheckModel = z.infer<typeof HealthCheckModel>;

export const HealthRunModel = z.object({
  id: z.number().int(),
  trigger: HealthRunTrigger,
  startedAt: Timestamp,
  durationMs: z.number().int(),
  outcome: HealthRunOutcome,
  exitCode: z.number().int().nullable(),
  /** The end of what the script printed (stdout and stderr), or why it could not run. */
  output: z.string(),
});
export type HealthRunModel = z.infer<typeof HealthRunModel>;

/** One challenge's health as the lists (admin challenges, monitor) show it. */
export const ChallengeHealthModel = z.object({
  challengeId: z.number().int(),
  title: z.string(),
  status: HealthStatus,
  /** Since when the check fails (the first failed run of the streak); null unless Failing. */
  failingSince: Timestamp.nullable(),
  lastRunAt: Timestamp.nullable(),
  /** Runs on the schedule while the game runs. */
  scheduled: z.boolean(),
  /** A run asked for on demand that has not finished yet. */
  requested: z.boolean(),
});
export type ChallengeHealthModel = z.infer<typeof ChallengeHealthModel>;

/** The health of a game's challenges that carry a check. */
export const GameHealthModel = z.object({
  /** False when the platform has no container engine: nothing runs. */
  available: z.boolean(),
  challenges: z.array(ChallengeHealthModel),
});
export type GameHealthModel = z.infer<typeof GameHealthModel>;

/** The editor's health panel: the check, its status and its last runs (newest first). */
export const ChallengeHealthDetailModel = z.object({
  available: z.boolean(),
  check: HealthCheckModel.nullable(),
  health: ChallengeHealthModel.nullable(),
  runs: z.array(HealthRunModel),
});
export type ChallengeHealthDetailModel = z.infer<typeof ChallengeHealthDetailModel>;

/** Sent on the admin live channel when a check turns failing (or healthy again). */
export const HealthAlertModel = z.object({
  gameId: z.number().int(),
  challengeId: z.number().int(),
  title: z.string(),
  status: HealthStatus,
  failingSince: Timestamp.nullable(),
  output: z.string(),
});
export type HealthAlertModel = z.infer<typeof HealthAlertModel>;
