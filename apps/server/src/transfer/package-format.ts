import {
  ChallengeCategory,
  ChallengeType,
  ContainerServices,
  divisionLimits,
  FileType,
  FLAG_FORMAT_PATTERN,
  FlagMatchType,
  gameLimits,
  gamePhaseLimits,
  HealthCheckEditModel,
  hintLimits,
  isRegexMatch,
  MAX_PREREQUISITES,
  NetworkMode,
  shortText,
} from '@flagpole/contract';
import { z } from 'zod';
import { isUsablePattern } from '../services/flag-match';

/**
 * The game package: the reference platform's transfer layout (format "GZCTF-GAME", version 1.0), field for field,
 * so packages travel both ways between it and Flagpole. A zip holding
 *
 *   manifest.json                      format, version, exporter, source game id and title, statistics
 *   game.json                          the game's settings and its divisions
 *   challenges/challenge-{id}.json     one per challenge: scoring, limits, flags, attachment, hints, container
 *   files/{sha256}                     every stored file a JSON names: poster, attachments, flag attachments
 *
 * JSON is camelCase, enums are member names, times are ISO-8601 strings with an offset, absent values are null.
 * A static flag may carry `matchType` (IgnoreCase, Regex, RegexIgnoreCase), which the reference ignores.
 * Flagpole adds files the reference ignores: notices.json always, and on request secrets.json, teams.json and
 * submissions.json, with teams.json also awards.json. An import reads only awards.json of these, each award pending
 * until a team of its name is accepted in the new game. See docs/game-transfer.md.
 */

export const PACKAGE_FORMAT = 'GZCTF-GAME';
export const PACKAGE_VERSION = '1.0';
export const MANIFEST_ENTRY = 'manifest.json';
export const GAME_ENTRY = 'game.json';
export const NOTICES_ENTRY = 'notices.json';
export const SECRETS_ENTRY = 'secrets.json';
export const TEAMS_ENTRY = 'teams.json';
export const SUBMISSIONS_ENTRY = 'submissions.json';
export const AWARDS_ENTRY = 'awards.json';
export const challengeEntry = (id: number) => `challenges/challenge-${id}.json`;
export const fileEntry = (hash: string) => `files/${hash}`;
export const CHALLENGE_ENTRY = /^challenges\/challenge-[^/]+\.json$/;
export const FILE_ENTRY = /^files\/([0-9a-fA-F]{64})$/;

/** The reference's division permission names (bit flags there; lists of names in the package). */
export const PERMISSION_NAMES = [
  'None',
  'All',
  'JoinGame',
  'RankOverall',
  'RequireReview',
  'ViewChallenge',
  'SubmitFlags',
  'GetScore',
  'GetBlood',
  'AffectDynamicScore',
] as const;

/** Times as the reference writes them: ISO-8601 with an offset (`+00:00`), no fraction when it is zero. */
export function formatPackageTime(date: Date): string {
  return date.toISOString().replace('.000Z', 'Z').replace(/Z$/, '+00:00');
}

/** An enum read as the reference's converter reads it: member names in any case. */
const lenientEnum = <T extends string>(values: readonly T[]) =>
  z.string().transform((value, ctx) => {
    const found = values.find((v) => v.toLowerCase() === value.toLowerCase());
    if (found) return found;
    ctx.addIssue({ code: 'custom', message: `one of ${values.join(', ')}` });
    return z.NEVER;
  });

const PackageTime = z.iso.datetime({ offset: true }).transform((value) => new Date(value));
const Hash = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/)
  .transform((value) => value.toLowerCase());
const InviteCode = z
  .string()
  .max(gameLimits.inviteCode.max)
  .regex(/^[a-zA-Z0-9_-]*$/);

export const ManifestSchema = z.object({
  format: z.literal(PACKAGE_FORMAT),
  version: z.string().regex(/^1\.\d+$/),
});

export const AttachmentSection = z
  .object({
    type: lenientEnum(FileType.options),
    hash: Hash.nullish(),
    fileName: z.string().max(255).nullish(),
    fileSize: z.number().int().min(0).nullish(),
    remoteUrl: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .nullish(),
  })
  .superRefine((attachment, ctx) => {
    if (attachment.type === 'Local' && !attachment.hash)
      ctx.addIssue({ code: 'custom', path: ['hash'], message: 'required' });
    if (attachment.type === 'Remote' && !attachment.remoteUrl) {
      ctx.addIssue({ code: 'custom', path: ['remoteUrl'], message: 'required' });
    }
  });
export type AttachmentSection = z.infer<typeof AttachmentSection>;

export const DivisionSection = z.object({
  name: shortText({ min: 1, max: divisionLimits.name.max }),
  inviteCode: InviteCode.nullish(),
  defaultPermissions: z.array(lenientEnum(PERMISSION_NAMES)).max(16).default(['None']),
  challengeConfig: z
    .array(
      z.object({
        challengeId: z.number().int().min(1),
        permissions: z.array(lenientEnum(PERMISSION_NAMES)).max(16).default([]),
      }),
    )
    .max(10_000)
    .default([]),
});
export type DivisionSection = z.infer<typeof DivisionSection>;

export const PhaseSection = z.object({
  id: z.number().int(),
  title: shortText({ min: 1, max: gamePhaseLimits.title.max }),
  startTime: PackageTime,
});
export type PhaseSection = z.infer<typeof PhaseSection>;

export const GameSection = z
  .object({
    title: z.string().trim().min(1).max(gameLimits.title.max),
    summary: z.string().max(gameLimits.summary.max).nullish(),
    content: z.string().max(gameLimits.content.max).nullish(),
    hidden: z.boolean().default(false),
    practiceMode: z.boolean().default(true),
    acceptWithoutReview: z.boolean().default(false),
    // Never imported (an imported game has no invite code), so any text the exporting side allowed is accepted.
    inviteCode: z.string().max(gameLimits.inviteCode.max).nullish(),
    teamMemberCountLimit: z.number().int().min(0).max(1000).default(0),
    containerCountLimit: z.number().int().min(0).max(1000).default(3),
    startTime: PackageTime,
    endTime: PackageTime,
    writeup: z
      .object({
        required: z.boolean().default(false),
        deadline: PackageTime,
        note: z.string().max(gameLimits.writeupNote.max).nullish(),
      })
      .nullish(),
    bloodBonus: z
      .object({
        first: z.number().int().min(0).max(1000),
        second: z.number().int().min(0).max(1000),
        third: z.number().int().min(0).max(1000),
      })
      .nullish(),
    posterHash: Hash.nullish(),
    divisions: z.array(DivisionSection).max(100).nullish(),
    /** Flagpole's additions (the reference ignores them): the flag prefix and the player-side format check. */
    flagFormat: z.string().regex(FLAG_FORMAT_PATTERN).nullish(),
    flagFormatCheck: z.boolean().nullish(),
    /** Flagpole's scoreboard freeze (docs/game-play.md, "Freeze and reveal"), between the start and the end. */
    freezeTime: PackageTime.nullish(),
    /** Flagpole's game phases (docs/game-play.md, "Phases"); challenges name theirs by this `id`. */
    phases: z.array(PhaseSection).max(gamePhaseLimits.perGame).nullish(),
    /** Flagpole's solo games and per-player progress (docs/game-play.md, "Solo games"). */
    individual: z.boolean().nullish(),
    memberProgress: z.boolean().nullish(),
  })
  .refine((game) => game.endTime > game.startTime, { path: ['endTime'], message: 'after startTime' })
  .refine((game) => !game.freezeTime || (game.freezeTime >= game.startTime && game.freezeTime <= game.endTime), {
    path: ['freezeTime'],
    message: 'between startTime and endTime',
  });
export type GameSection = z.infer<typeof GameSection>;

export const StaticFlagSection = z
  .object({
    value: z.string().min(1).max(gameLimits.flag.max),
    attachment: AttachmentSection.nullish(),
    /** Flagpole's addition, written only when not Exact (what its absence means, and the reference's only kind). */
    matchType: lenientEnum(FlagMatchType.options).nullish(),
  })
  .superRefine((flag, ctx) => {
    if (flag.matchType && isRegexMatch(flag.matchType) && !isUsablePattern(flag.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'not a pattern RE2 compiles' });
    }
  });

export const ChallengeSection = z.object({
  id: z.number().int(),
  title: z.string().trim().min(1).max(gameLimits.challengeTitle.max),
  content: z.string().max(gameLimits.content.max).nullish(),
  category: lenientEnum(ChallengeCategory.options),
  type: lenientEnum(ChallengeType.options),
  enabled: z.boolean().default(false),
  scoring: z
    .object({
      original: z.number().int().min(1).max(1_000_000).default(1000),
      minRate: z.number().min(0).max(1).default(0.25),
      difficulty: z.number().min(0.1).max(1000).default(5),
    })
    .default({ original: 1000, minRate: 0.25, difficulty: 5 }),
  limits: z
    .object({
      submission: z.number().int().min(0).max(10_000).default(0),
      deadline: PackageTime.nullish(),
      /** Flagpole's timed release (docs/game-play.md, "Timed release"); the reference ignores it. */
      release: PackageTime.nullish(),
    })
    .default({ submission: 0 }),
  flags: z
    .object({
      disableBloodBonus: z.boolean().default(false),
      enableTrafficCapture: z.boolean().default(false),
      template: z.string().max(gameLimits.flagTemplate.max).nullish(),
      static: z.array(StaticFlagSection).max(10_000).nullish(),
    })
    .default({ disableBloodBonus: false, enableTrafficCapture: false }),
  attachment: AttachmentSection.nullish(),
  hints: z.array(z.string().max(gameLimits.hint.max)).max(gameLimits.hints).nullish(),
  container: z
    .object({
      image: z.string().trim().min(1).max(512),
      memoryLimit: z.number().int().min(32).max(1_048_576).default(64),
      cpuCount: z.number().int().min(1).max(1024).default(1),
      storageLimit: z.number().int().min(0).max(1_048_576).default(256),
      exposePort: z.number().int().min(1).max(65_535).default(80),
      networkMode: lenientEnum(NetworkMode.options).nullish(),
      fileName: z.string().max(255).nullish(),
      /** Flagpole's addition (issue 30): the services of a multi-service challenge; absent or empty: the image. */
      services: ContainerServices.nullish(),
    })
    .nullish(),
  /** Flagpole's addition: the `id` of the challenge's phase in game.json's `phases`; null or absent: none. */
  phaseId: z.number().int().nullish(),
  /** Flagpole's addition: the challenge's health check (docs/operations.md, "Health checks"); absent: none. */
  healthCheck: HealthCheckEditModel.nullish(),
  /** Flagpole's addition (issue 28): locked hints with a cost; `requiresId` names another's `id` here. */
  lockedHints: z
    .array(
      z.object({
        id: z.number().int(),
        title: z.string().trim().min(1).max(hintLimits.title.max),
        content: z.string().min(1).max(hintLimits.content.max),
        kind: z.enum(['Points', 'RewardShare', 'FreeAfter']),
        cost: z.number().int().min(0).max(hintLimits.points.max).default(0),
        freeTime: PackageTime.nullish(),
        allowNegative: z.boolean().default(false),
        requiresId: z.number().int().nullish(),
      }),
    )
    .max(hintLimits.perChallenge)
    .nullish(),
  /**
   * Flagpole's addition (issue 28): the challenges a team must solve first, by their `id` in this package; all of
   * them (`count` null) or any `count`; until then hidden or listed locked. Absent: none.
   */
  prerequisites: z
    .object({
      challengeIds: z.array(z.number().int()).max(MAX_PREREQUISITES),
      count: z.number().int().min(1).max(MAX_PREREQUISITES).nullish(),
      hidden: z.boolean().default(false),
    })
    .nullish(),
});
export type ChallengeSection = z.infer<typeof ChallengeSection>;

/** Flagpole's own addition: the organisers' notices, oldest first. */
export const NoticesSection = z
  .array(z.object({ content: z.string().min(1).max(gameLimits.notice.max), publishedAt: PackageTime }))
  .max(10_000);

/**
 * Flagpole's awards.json (issue 28): the game's awards by team name, applied ones with the team's id and who gave
 * them, pending ones (imported, their team not yet accepted) with `pending: true`. An import keeps each as a pending
 * award; one of 0 points is skipped (the award rule refuses them).
 */
export const AwardsSection = z
  .array(
    z.object({
      team: z.string().trim().min(1).max(256),
      teamId: z.number().int().nullish(),
      points: z.number().int().min(-hintLimits.award.max).max(hintLimits.award.max),
      reason: z.string().max(4096),
      countsForTieBreak: z.boolean().default(false),
      createdAt: PackageTime,
      createdBy: z.string().nullish(),
      pending: z.boolean().nullish(),
    }),
  )
  .max(100_000);
export type AwardsSection = z.infer<typeof AwardsSection>;
