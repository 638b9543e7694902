import { z } from 'zod';
import { ChallengeCategory } from '../enums';

// ---- Game packages and imports (`POST /api/edit/games/{id}/export`, `/api/edit/games/import[/ctfd]`) ----

/** Extra parts an export may carry on request: `?include=secrets,teams,submissions`. */
export const GameExportPart = z.enum(['secrets', 'teams', 'submissions']);
export type GameExportPart = z.infer<typeof GameExportPart>;

/** Something a CTFd import could not carry over as it was; `detail` is data from the export (a name, a count). */
export const ImportNoteKind = z.enum([
  'unknownCategory',
  'regexSkipped',
  'flagSkipped',
  'noFlags',
  'hintCostDropped',
  'hintsDropped',
  'filesBundled',
  'fileMissing',
  'tagsDropped',
  'requirementsDropped',
  'unsupportedType',
  'textShortened',
  'scoreAdjusted',
  'awardSkipped',
]);
export type ImportNoteKind = z.infer<typeof ImportNoteKind>;

export const ImportNote = z.object({
  /** The challenge's title in the export; null for the game as a whole. */
  challenge: z.string().nullable(),
  kind: ImportNoteKind,
  detail: z.string(),
});
export type ImportNote = z.infer<typeof ImportNote>;

/** The answer to a CTFd import: the new game and what happened on the way. */
export const CtfdImportReport = z.object({
  gameId: z.number().int(),
  challenges: z.number().int(),
  flags: z.number().int(),
  hints: z.number().int(),
  files: z.number().int(),
  notices: z.number().int(),
  /** Awards kept as pending awards, each waiting for a team (or, in user mode, a player) of its name to be accepted. */
  pendingAwards: z.number().int(),
  /** Every CTFd category met, with the category it became; `known: false` ones fell back to Misc. */
  categories: z.array(z.object({ source: z.string(), category: ChallengeCategory, known: z.boolean() })),
  notes: z.array(ImportNote),
});
export type CtfdImportReport = z.infer<typeof CtfdImportReport>;
