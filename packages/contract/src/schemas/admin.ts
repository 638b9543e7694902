import { z } from 'zod';
import { ContainerPortMappingType, Role, TaskStatus } from '../enums';
import { SUPPORTED_LANGUAGES } from '../languages';
import { limits } from '../limits';
import { HEX_COLOR } from '../theme';
import { arrayResponse, PageQuery, shortText, Timestamp } from './common';
import { HealthAlertModel } from './health';
import { TeamInfoModel, teamLimits } from './team';

/** Field limits of the admin area (settings text and bulk user creation). */
export const adminLimits = {
  title: { max: 64 },
  slogan: { max: 256 },
  description: { max: 4096 },
  footerInfo: { max: 1024 },
  aboutText: { max: 8192 },
  emailDomainList: { max: 2048 },
  /** Users created by one bulk request. */
  usersPerBatch: 1000,
  searchHint: { min: 1, max: 128 },
  /** Minutes, as the client config reports them. */
  lifetime: { min: 1, max: 7200 },
  renewalWindow: { min: 1, max: 360 },
  exerciseContainersPerUser: { min: 0, max: 100 },
} as const;

const phone = z
  .string()
  .max(limits.phone.max)
  .regex(/^\+?[0-9 ()-]*$/);

// ---- Users --------------------------------------------------------------------------------------

export const UserInfoModel = z.object({
  id: z.uuid(),
  userName: z.string(),
  realName: z.string().nullable(),
  stdNumber: z.string().nullable(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  registerTimeUtc: Timestamp,
  lastVisitedUtc: Timestamp,
  /** Last address the user was seen from; empty when never seen. */
  ip: z.string(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  role: Role,
  emailConfirmed: z.boolean(),
});
export type UserInfoModel = z.infer<typeof UserInfoModel>;

export const ArrayResponseOfUserInfoModel = arrayResponse(UserInfoModel);
export type ArrayResponseOfUserInfoModel = z.infer<typeof ArrayResponseOfUserInfoModel>;

/** One user of a bulk creation; users sharing a `teamName` are put into one new team (first one captains it). */
export const UserCreateModel = z.object({
  userName: shortText(limits.userName),
  password: z.string().min(limits.password.min).max(limits.password.max),
  email: z.email().max(limits.email.max),
  realName: shortText(limits.realName).nullish(),
  stdNumber: shortText(limits.stdNumber).nullish(),
  phone: phone.nullish(),
  teamName: shortText({ min: 1, max: teamLimits.name.max }).nullish(),
});
export type UserCreateModel = z.infer<typeof UserCreateModel>;

export const UserCreateBatch = z.array(UserCreateModel).min(1).max(adminLimits.usersPerBatch);
export type UserCreateBatch = z.infer<typeof UserCreateBatch>;

/** An administrator's edit of a user; absent or null fields are left unchanged. */
export const AdminUserInfoModel = z.object({
  userName: shortText(limits.userName).nullish(),
  email: z.email().max(limits.email.max).nullish(),
  bio: shortText(limits.bio).nullish(),
  phone: phone.nullish(),
  realName: shortText(limits.realName).nullish(),
  stdNumber: shortText(limits.stdNumber).nullish(),
  emailConfirmed: z.boolean().nullish(),
  role: Role.nullish(),
});
export type AdminUserInfoModel = z.infer<typeof AdminUserInfoModel>;

/** `?hint=` of the user and team searches. */
export const SearchQuery = z.object({
  hint: z.string().trim().min(adminLimits.searchHint.min).max(adminLimits.searchHint.max),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

/**
 * The search text of a paged admin list (`GET /api/admin/users?search=`, teams, games; our addition): blank or
 * absent means every row. Matched as a case-insensitive substring; `%` and `_` are literal.
 */
export const ListSearchText = z
  .string()
  .trim()
  .max(adminLimits.searchHint.max)
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/**
 * Orders of `GET /api/admin/users` (our addition; the reference orders by id, which stays the default for its
 * clients): `newest`/`oldest` registration first, `name` A→Z, `lastSeen` most recent visit first.
 */
export const UserListOrder = z.enum(['id', 'newest', 'oldest', 'name', 'lastSeen']);
export type UserListOrder = z.infer<typeof UserListOrder>;
export const AdminUsersQuery = PageQuery.extend({
  order: UserListOrder.default('id'),
  search: ListSearchText,
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

/** Orders of `GET /api/admin/teams` (our addition; `id`, the reference's, stays the default). */
export const TeamListOrder = z.enum(['id', 'newest', 'name']);
export type TeamListOrder = z.infer<typeof TeamListOrder>;
export const AdminTeamsQuery = PageQuery.extend({
  order: TeamListOrder.default('id'),
  search: ListSearchText,
});
export type AdminTeamsQuery = z.infer<typeof AdminTeamsQuery>;

/**
 * Orders of `GET /api/edit/games` (our addition): `newest` created first (the reference's, the default),
 * `start` latest start first, `title` A→Z. `search` keeps the games whose title contains it.
 */
export const GameListOrder = z.enum(['newest', 'start', 'title']);
export type GameListOrder = z.infer<typeof GameListOrder>;

/** At most this many results come back from a search. */
export const SEARCH_RESULT_LIMIT = 30;

export const UserIdParams = z.object({ userid: z.uuid() });

// ---- Teams --------------------------------------------------------------------------------------

export const ArrayResponseOfTeamInfoModel = arrayResponse(TeamInfoModel);
export type ArrayResponseOfTeamInfoModel = z.infer<typeof ArrayResponseOfTeamInfoModel>;

/** An administrator's edit of a team; absent or null fields are left unchanged. */
export const AdminTeamModel = z.object({
  name: shortText({ min: 1, max: teamLimits.name.max }).nullish(),
  bio: shortText(teamLimits.bio).nullish(),
  locked: z.boolean().nullish(),
});
export type AdminTeamModel = z.infer<typeof AdminTeamModel>;

// ---- Logs ---------------------------------------------------------------------------------------

/** Stored log levels (the names the admin page filters by). */
export const LogLevel = z.enum(['Information', 'Warning', 'Error', 'Critical']);
export type LogLevel = z.infer<typeof LogLevel>;

export const LogMessageModel = z.object({
  time: Timestamp,
  /** User name of the caller, `Anonymous` when none. */
  name: z.string().nullable(),
  level: LogLevel,
  ip: z.string().nullable(),
  msg: z.string(),
  status: TaskStatus.nullable(),
});
export type LogMessageModel = z.infer<typeof LogMessageModel>;

/** A filter text of the log page: blank means no filter. */
const LogFilterText = z
  .string()
  .trim()
  .max(128)
  .transform((value) => (value === '' ? undefined : value))
  .optional();

export const LogQuery = z.object({
  /** `All` or one level. */
  level: z.union([z.literal('All'), LogLevel]).default('All'),
  count: z.coerce.number().int().min(0).max(1000).default(50),
  skip: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  /** Only entries with this outcome. */
  status: TaskStatus.optional(),
  /** Only entries whose user name contains this text (any case). */
  user: LogFilterText,
  /** Only entries whose client address contains this text. */
  ip: LogFilterText,
  /** Only entries whose message contains this text (any case), e.g. an action name such as `user.` or `flag.`. */
  search: LogFilterText,
});
export type LogQuery = z.infer<typeof LogQuery>;
/** The filters of a log query (everything but paging). */
export type LogFilter = Partial<Pick<LogQuery, 'level' | 'status' | 'user' | 'ip' | 'search'>>;

const containsIgnoringCase = (value: string | null, part: string | undefined) =>
  part === undefined || part === '' || (value ?? '').toLowerCase().includes(part.trim().toLowerCase());

/**
 * Whether an entry passes the filters, as the server applies them to stored entries; the log page applies it to
 * entries pushed live, so both show the same.
 */
export function matchesLogFilter(entry: LogMessageModel, filter: LogFilter): boolean {
  return (
    (filter.level === undefined || filter.level === 'All' || entry.level === filter.level) &&
    (filter.status === undefined || entry.status === filter.status) &&
    containsIgnoringCase(entry.name, filter.user) &&
    containsIgnoringCase(entry.ip, filter.ip) &&
    containsIgnoringCase(entry.msg, filter.search)
  );
}

/**
 * Messages of the administrators' live log websocket `GET /api/admin/logs/live` (Admin only):
 * one message per new log entry at level Information or above, from every server process.
 */
/** A webhook endpoint the platform turned off after a day of failed deliveries (organisers' notification). */
export const WebhookAlertModel = z.object({
  webhookId: z.number().int(),
  url: z.string(),
  reason: z.string(),
});
export type WebhookAlertModel = z.infer<typeof WebhookAlertModel>;

export const AdminLiveMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('log'), data: LogMessageModel }),
  z.object({ type: z.literal('health'), data: HealthAlertModel }),
  z.object({ type: z.literal('webhook'), data: WebhookAlertModel }),
]);
export type AdminLiveMessage = z.infer<typeof AdminLiveMessage>;

// ---- Files --------------------------------------------------------------------------------------

/** A file as the asset upload returns it: the SHA-256 of its content and a display name. */
export const LocalFile = z.object({ hash: z.string().max(64), name: z.string().min(1) });
export type LocalFile = z.infer<typeof LocalFile>;

/** A row of the admin file list: a `LocalFile` plus its size in bytes and bookkeeping (beyond the reference). */
export const StoredFileModel = LocalFile.extend({
  size: z.number().int(),
  contentType: z.string(),
  /** How many things (avatars, attachments, posters, assets) use the file; 0 means it awaits clean-up. */
  referenceCount: z.number().int(),
  uploadTimeUtc: Timestamp,
});
export type StoredFileModel = z.infer<typeof StoredFileModel>;

/** `total` equals `length` here, as in the reference. */
export const ArrayResponseOfStoredFile = arrayResponse(StoredFileModel);
export type ArrayResponseOfStoredFile = z.infer<typeof ArrayResponseOfStoredFile>;

export const FilesQuery = PageQuery.extend({ count: z.coerce.number().int().min(0).max(500).default(50) });

// ---- Settings -----------------------------------------------------------------------------------

export const AccountPolicy = z.object({
  allowRegister: z.boolean(),
  activeOnRegister: z.boolean(),
  useCaptcha: z.boolean(),
  emailConfirmationRequired: z.boolean(),
  /** Comma-separated allowed e-mail domains; empty allows every domain. */
  emailDomainList: z.string().max(adminLimits.emailDomainList.max),
});
export type AccountPolicy = z.infer<typeof AccountPolicy>;

export const GlobalConfig = z.object({
  title: z.string().trim().min(1).max(adminLimits.title.max),
  slogan: z.string().max(adminLimits.slogan.max),
  description: z.string().max(adminLimits.description.max).nullable(),
  footerInfo: z.string().max(adminLimits.footerInfo.max).nullable(),
  /** Flagpole: the organiser's own text (Markdown) on the About page, above the build information. */
  aboutText: z.string().max(adminLimits.aboutText.max).nullable(),
  /** Flagpole: the platform's language for what it writes to the outside (Discord and Slack webhook messages). */
  defaultLanguage: z.enum(SUPPORTED_LANGUAGES),
  /** `#rrggbb` or null for the default colour. */
  customTheme: z.string().regex(HEX_COLOR).nullable(),
  /** Payload encryption is not offered; always false (true is refused). */
  apiEncryption: z.boolean(),
  /** Set by the logo endpoints only; ignored on input. */
  logoHash: z.string().nullable(),
  faviconHash: z.string().nullable(),
});
export type GlobalConfig = z.infer<typeof GlobalConfig>;

export const ContainerPolicy = z.object({
  autoDestroyOnLimitReached: z.boolean(),
  maxExerciseContainerCountPerUser: z
    .number()
    .int()
    .min(adminLimits.exerciseContainersPerUser.min)
    .max(adminLimits.exerciseContainersPerUser.max),
  /** Minutes. */
  defaultLifetime: z.number().int().min(adminLimits.lifetime.min).max(adminLimits.lifetime.max),
  /** Minutes. */
  extensionDuration: z.number().int().min(adminLimits.lifetime.min).max(adminLimits.lifetime.max),
  /** Minutes before expiry during which an instance may be extended. */
  renewalWindow: z.number().int().min(adminLimits.renewalWindow.min).max(adminLimits.renewalWindow.max),
  /** How players reach instances (beyond the reference, which took it from the server's configuration). */
  portMapping: ContainerPortMappingType,
});
export type ContainerPolicy = z.infer<typeof ContainerPolicy>;

/** `GET /api/admin/config`: every section filled. */
export const ConfigEditModel = z.object({
  accountPolicy: AccountPolicy,
  globalConfig: GlobalConfig,
  containerPolicy: ContainerPolicy,
});
export type ConfigEditModel = z.infer<typeof ConfigEditModel>;

/**
 * `PUT /api/admin/config`: null or absent sections are skipped, and inside a section absent fields keep
 * their value. Unknown keys are refused (400) so a misspelt setting is never silently dropped.
 */
export const ConfigUpdateModel = z.object({
  accountPolicy: AccountPolicy.partial().nullish(),
  globalConfig: GlobalConfig.partial().nullish(),
  containerPolicy: ContainerPolicy.partial().nullish(),
});
export type ConfigUpdateModel = z.infer<typeof ConfigUpdateModel>;
