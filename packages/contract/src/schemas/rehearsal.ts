import { z } from 'zod';
import { IdField } from './common';

// ---- Load rehearsals (docs/operations.md, "Rehearsal"); Admin only, REHEARSAL=true servers only ----------------

/** A run to mint: the game it rehearses and its planned length (the lease is these plus a grace period). */
export const RehearsalStartModel = z.object({
  gameId: IdField,
  minutes: z
    .number()
    .min(0)
    .max(24 * 60),
  rampSeconds: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600),
});
export type RehearsalStartModel = z.infer<typeof RehearsalStartModel>;

/** A minted run; `expiresAt` (ISO 8601) ends its lease, after which the server's sweep removes it. */
export const RehearsalRunModel = z.object({
  id: z.uuid(),
  /** Sent by the run's registrations and sign-ins in the `X-Flagpole-Rehearsal` header. */
  secret: z.string(),
  expiresAt: z.string(),
});
export type RehearsalRunModel = z.infer<typeof RehearsalRunModel>;

/** What removing a run took away, and the games whose boards are rebuilt. */
export const RehearsalRemovedModel = z.object({
  users: z.number().int(),
  teams: z.number().int(),
  gameIds: z.array(z.number().int()),
});
export type RehearsalRemovedModel = z.infer<typeof RehearsalRemovedModel>;
