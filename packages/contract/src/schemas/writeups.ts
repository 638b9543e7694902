import { z } from 'zod';
import { Timestamp } from './common';
import { TeamInfoModel } from './team';

export const writeupLimits = {
  /** Largest accepted PDF. */
  bytes: 20 * 1024 * 1024,
} as const;

/** The caller's team's writeup for a game (`GET /api/game/{id}/writeup`). */
export const BasicWriteupInfoModel = z.object({
  submitted: z.boolean(),
  /** File name to show (built by the server); empty when nothing is submitted. */
  name: z.string(),
  /** Bytes; 0 when nothing is submitted. */
  fileSize: z.number().int(),
  /** The organisers' instructions (the game's `writeupNote`). */
  note: z.string(),
});
export type BasicWriteupInfoModel = z.infer<typeof BasicWriteupInfoModel>;

/** One team's writeup in the organisers' list. */
export const WriteupInfo = z.object({
  /** The participation id. */
  id: z.number().int(),
  team: TeamInfoModel,
  /** Download address: `/assets/<hash>/<name>.pdf`. */
  url: z.string(),
  uploadTimeUtc: Timestamp,
  divisionId: z.number().int().nullable(),
});
export type WriteupInfo = z.infer<typeof WriteupInfo>;

/** `GET /api/admin/writeups/{id}`: `divisions` maps division ids (as strings) to names. */
export const WriteupInfoModel = z.object({
  divisions: z.record(z.string(), z.string()),
  writeups: z.array(WriteupInfo),
});
export type WriteupInfoModel = z.infer<typeof WriteupInfoModel>;
