import { z } from 'zod';
import { ChallengeCategory, ChallengeType } from '../enums';

/** A challenge that records its proxied traffic; `count` is the number of teams with capture files. */
export const ChallengeTrafficModel = z.object({
  id: z.number().int(),
  title: z.string().min(1),
  category: ChallengeCategory,
  type: ChallengeType,
  isEnabled: z.boolean(),
  count: z.number().int(),
});
export type ChallengeTrafficModel = z.infer<typeof ChallengeTrafficModel>;

/** A team with capture files for one challenge; `id` is the participation id, `count` the number of files. */
export const TeamTrafficModel = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  name: z.string().nullable(),
  division: z.string().nullable(),
  avatar: z.string().nullable(),
  count: z.number().int(),
});
export type TeamTrafficModel = z.infer<typeof TeamTrafficModel>;

/** One capture file: its name, size in bytes and when it was last written (Unix milliseconds). */
export const FileRecord = z.object({
  fileName: z.string(),
  size: z.number().int(),
  updateTime: z.number().int(),
});
export type FileRecord = z.infer<typeof FileRecord>;

/** Capture file names are chosen by the server; anything else names no file. */
export const CAPTURE_FILE_NAME = /^[0-9A-Za-z][0-9A-Za-z_-]{0,120}\.pcap$/;
