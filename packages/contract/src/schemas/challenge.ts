import { z } from 'zod';
import { ChallengeCategory, ChallengeType, ContainerStatus, FileType, NetworkMode } from '../enums';
import { IdField, shortText, Timestamp, TimestampInput } from './common';
import { ContainerService, ContainerServices } from './container-services';
import { gameLimits } from './game';

// ---- Challenges ---------------------------------------------------------------------------

export const Attachment = z.object({
  id: z.number().int(),
  type: FileType,
  url: z.string().nullable(),
  fileSize: z.number().int().nullable(),
});
export type Attachment = z.infer<typeof Attachment>;

/**
 * How a static flag is compared with answers (Flagpole's addition; absent means Exact, as on the reference):
 * exactly, ignoring case, or as a regular expression (RE2 syntax) that must match the whole answer.
 */
export const FlagMatchType = z.enum(['Exact', 'IgnoreCase', 'Regex', 'RegexIgnoreCase']);
export type FlagMatchType = z.infer<typeof FlagMatchType>;
export const isRegexMatch = (type: FlagMatchType) => type === 'Regex' || type === 'RegexIgnoreCase';

export const FlagInfoModel = z.object({
  id: z.number().int(),
  flag: z.string(),
  attachment: Attachment.nullable(),
  matchType: FlagMatchType,
});
export type FlagInfoModel = z.infer<typeof FlagInfoModel>;

export const ContainerInfoModel = z.object({
  status: ContainerStatus,
  startedAt: Timestamp,
  expectStopAt: Timestamp,
  entry: z.string(),
});
export type ContainerInfoModel = z.infer<typeof ContainerInfoModel>;

/**
 * Flagpole: the challenges a team must solve before this one (docs/game-play.md, "Prerequisites"): all of
 * `challengeIds` (`count` null) or any `count` of them; until then it is left out of the team's list (`hidden`) or
 * listed locked.
 */
export const Prerequisites = z.object({
  challengeIds: z.array(z.number().int()),
  count: z.number().int().nullable(),
  hidden: z.boolean(),
});
export type Prerequisites = z.infer<typeof Prerequisites>;

/** At most this many prerequisites per challenge. */
export const MAX_PREREQUISITES = 50;

/** `prerequisites` of a challenge update: an empty `challengeIds` removes them. */
export const PrerequisitesInput = z.object({
  challengeIds: z.array(IdField).max(MAX_PREREQUISITES),
  count: z.number().int().min(1).max(MAX_PREREQUISITES).nullish(),
  hidden: z.boolean().default(false),
});
export type PrerequisitesInput = z.infer<typeof PrerequisitesInput>;

export const ChallengeInfoModel = z.object({
  id: z.number().int(),
  title: z.string().min(1),
  category: ChallengeCategory,
  type: ChallengeType,
  isEnabled: z.boolean(),
  score: z.number().int(),
  minScore: z.number().int(),
  originalScore: z.number().int(),
  deadlineUtc: Timestamp.nullable(),
  /** Players see the challenge from this instant on (Flagpole extension; null: as soon as it is enabled). */
  releaseUtc: Timestamp.nullable(),
  /** Flagpole: the game phase the challenge belongs to (docs/game-play.md, "Phases"); null: none. */
  phaseId: z.number().int().nullable().optional(),
});
export type ChallengeInfoModel = z.infer<typeof ChallengeInfoModel>;

/** Body of `POST /api/edit/games/{id}/challenges`. */
export const ChallengeCreateModel = z.object({
  title: shortText({ min: 1, max: gameLimits.challengeTitle.max }),
  category: ChallengeCategory.default('Misc'),
  type: ChallengeType.default('StaticAttachment'),
});
export type ChallengeCreateModel = z.infer<typeof ChallengeCreateModel>;

export const ChallengeEditDetailModel = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  category: ChallengeCategory,
  type: ChallengeType,
  hints: z.array(z.string()),
  flagTemplate: z.string().nullable(),
  isEnabled: z.boolean(),
  acceptedCount: z.number().int(),
  fileName: z.string().nullable(),
  attachment: Attachment.nullable(),
  testContainer: ContainerInfoModel.nullable(),
  flags: z.array(FlagInfoModel),
  containerImage: z.string(),
  memoryLimit: z.number().int().nullable(),
  cpuCount: z.number().int().nullable(),
  storageLimit: z.number().int().nullable(),
  exposePort: z.number().int().nullable(),
  networkMode: NetworkMode.nullable(),
  enableTrafficCapture: z.boolean().nullable(),
  disableBloodBonus: z.boolean().nullable(),
  deadlineUtc: Timestamp.nullable(),
  /** Players see the challenge from this instant on (Flagpole extension; null: as soon as it is enabled). */
  releaseUtc: Timestamp.nullable(),
  submissionLimit: z.number().int(),
  originalScore: z.number().int(),
  minScoreRate: z.number(),
  difficulty: z.number(),
  /** Flagpole: the game phase the challenge belongs to; null: none. */
  phaseId: z.number().int().nullable().optional(),
  /** Flagpole: what a team must solve first; null: nothing. */
  prerequisites: Prerequisites.nullable().optional(),
  /** Flagpole: the services of a multi-service container challenge; empty: the single image above. */
  services: z.array(ContainerService).optional(),
});
export type ChallengeEditDetailModel = z.infer<typeof ChallengeEditDetailModel>;

/** Absent or null fields are left unchanged; `containerExposePort` is the older name of `exposePort`. */
export const ChallengeUpdateModel = z.object({
  title: shortText({ min: 1, max: gameLimits.challengeTitle.max }).nullish(),
  content: z.string().max(gameLimits.content.max).nullish(),
  flagTemplate: z.string().max(gameLimits.flagTemplate.max).nullish(),
  category: ChallengeCategory.nullish(),
  hints: z.array(z.string().max(gameLimits.hint.max)).max(gameLimits.hints).nullish(),
  isEnabled: z.boolean().nullish(),
  fileName: z.string().max(255).nullish(),
  deadlineUtc: TimestampInput.nullish(),
  /** 0 removes the release (as for the deadline). */
  releaseUtc: TimestampInput.nullish(),
  submissionLimit: z.number().int().min(0).max(10_000).nullish(),
  containerImage: z.string().max(512).nullish(),
  memoryLimit: z.number().int().min(32).max(1_048_576).nullish(),
  cpuCount: z.number().int().min(1).max(1024).nullish(),
  storageLimit: z.number().int().min(0).max(1_048_576).nullish(),
  exposePort: z.number().int().min(1).max(65_535).nullish(),
  containerExposePort: z.number().int().min(1).max(65_535).nullish(),
  networkMode: NetworkMode.nullish(),
  enableTrafficCapture: z.boolean().nullish(),
  disableBloodBonus: z.boolean().nullish(),
  originalScore: z.number().int().min(1).max(1_000_000).nullish(),
  minScoreRate: z.number().min(0).max(1).nullish(),
  difficulty: z.number().min(0.1).max(1_000).nullish(),
  /** Flagpole: a phase of the same game (another game's is 400); null: none; absent: unchanged. */
  phaseId: IdField.nullable().optional(),
  /** Flagpole: challenges of the same game a team must solve first; null or an empty list removes them. */
  prerequisites: PrerequisitesInput.nullable().optional(),
  /** Flagpole: replaces the services (container challenges only); null or an empty list: the single image. */
  services: ContainerServices.nullable().optional(),
});
export type ChallengeUpdateModel = z.infer<typeof ChallengeUpdateModel>;

export const AttachmentCreateModel = z.object({
  attachmentType: FileType.default('None'),
  fileHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullish(),
  remoteUrl: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .nullish(),
});
export type AttachmentCreateModel = z.infer<typeof AttachmentCreateModel>;

export const FlagCreateModel = z.object({
  ...AttachmentCreateModel.shape,
  flag: z.string().min(1).max(gameLimits.flag.max),
  /** Static challenges only; dynamic flags are always Exact. */
  matchType: FlagMatchType.default('Exact'),
});
export type FlagCreateModel = z.infer<typeof FlagCreateModel>;
/** What a client sends (`matchType` may be left out). */
export type FlagCreateInput = z.input<typeof FlagCreateModel>;

export const ClientFlagContext = z.object({
  closeTime: Timestamp.nullable(),
  instanceEntry: z.string().nullable(),
  /** Container challenges: the team's instance status (null: none), else absent. */
  instanceStatus: ContainerStatus.nullish(),
  /** Place of a queued instance start (1 = next), null when not queued. */
  queuePosition: z.number().int().min(1).nullish(),
  /** Container challenges: false when the platform has no container engine configured. */
  containersAvailable: z.boolean().nullish(),
  url: z.string().nullable(),
  fileSize: z.number().int().nullable(),
});
export type ClientFlagContext = z.infer<typeof ClientFlagContext>;

/** A challenge as a player sees it; `limit` 0 means unlimited submissions. */
export const ChallengeDetailModel = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  category: ChallengeCategory,
  hints: z.array(z.string()).nullable(),
  score: z.number().int(),
  type: ChallengeType,
  context: ClientFlagContext,
  limit: z.number().int(),
  attempts: z.number().int(),
  deadline: Timestamp.nullable(),
});
export type ChallengeDetailModel = z.infer<typeof ChallengeDetailModel>;

export const FlagSubmitModel = z.object({ flag: z.string().trim().min(1).max(gameLimits.flag.max) });
export type FlagSubmitModel = z.infer<typeof FlagSubmitModel>;

/** Header of a flag submission: a client retrying a POST whose answer it lost sends the same key again. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** 1 to 128 visible ASCII characters, e.g. a UUID; unique per user (the first submission it named wins). */
export const IdempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,128}$/, 'must be 1 to 128 visible ASCII characters')
  .meta({ description: 'Any value unique to this submission, e.g. a UUID; a retry sends the same value' });
