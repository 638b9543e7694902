import type { ContainerService } from '@flagpole/contract';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Timestamp = ColumnType<Date, Date, Date>;

export interface UsersTable {
  id: Generated<string>;
  user_name: string;
  email: string;
  email_confirmed: ColumnType<boolean, boolean | undefined, boolean>;
  password_hash: string;
  role: ColumnType<'Banned' | 'User' | 'Monitor' | 'Admin', 'Banned' | 'User' | 'Monitor' | 'Admin' | undefined>;
  bio: ColumnType<string, string | undefined, string>;
  phone: string | null;
  real_name: ColumnType<string, string | undefined, string>;
  std_number: ColumnType<string, string | undefined, string>;
  avatar_hash: string | null;
  created_at: CreatedAt;
  last_visited_at: Timestamp | null;
  last_ip: string | null;
  /** The load rehearsal that registered this account (migration 0027); removed with the run. */
  rehearsal_run_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value; the value itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  /** The Accept-Language header at sign-in (migration 0026): with the user agent, the browser fingerprint. */
  language: Defaulted<string | null>;
}

/** Single-use tokens mailed to users: e-mail verification, password reset, e-mail change. */
export interface AccountTokensTable {
  token_hash: string;
  user_id: string;
  purpose: 'verify' | 'reset' | 'change-email';
  new_email: string | null;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

/** Stored files, content-addressed by SHA-256. */
export interface FilesTable {
  hash: string;
  size: number;
  content_type: string;
  reference_count: number;
  created_at: CreatedAt;
  /** The name of the file's latest upload as an asset; null for files stored under no name (avatars). */
  name: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Settings an administrator edits at runtime, one JSON document per key. */
export interface SettingsTable {
  key: string;
  value: unknown;
  updated_at: Timestamp;
}

export interface PostsTable {
  id: string;
  title: string;
  summary: string;
  content: string;
  is_pinned: boolean;
  tags: string[];
  author_id: string | null;
  updated_at: Timestamp;
}

/** A column the database fills in when an insert leaves it out. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Serial = Generated<number>;

export interface TeamsTable {
  id: Serial;
  name: string;
  bio: Defaulted<string>;
  avatar_hash: string | null;
  /** Set by an administrator; a team is also locked while in a game that has not ended. */
  locked: Defaulted<boolean>;
  invite_token: string;
  captain_id: string;
  created_at: CreatedAt;
  /** The CTFtime team this team stands for (its members signing in with CTFtime join it). */
  ctftime_team_id: ColumnType<number | null, number | null | undefined, number | null>;
  ctftime_country: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set on a player's personal team in a solo game (docs/game-play.md, "Solo games"); null for real teams. */
  personal_game_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A person at a single sign-on provider, linked to one account (docs/integrations.md). */
export interface UserIdentitiesTable {
  provider: 'oidc' | 'ctftime';
  subject: string;
  user_id: string;
  display_name: string;
  created_at: CreatedAt;
  last_used_at: Timestamp;
}

export interface TeamMembersTable {
  team_id: number;
  user_id: string;
  joined_at: CreatedAt;
}

export interface GamesTable {
  id: Serial;
  title: string;
  summary: Defaulted<string>;
  content: Defaulted<string>;
  hidden: Defaulted<boolean>;
  practice_mode: Defaulted<boolean>;
  poster_hash: string | null;
  accept_without_review: Defaulted<boolean>;
  invite_code: string | null;
  team_member_count_limit: Defaulted<number>;
  container_count_limit: Defaulted<number>;
  start_at: Timestamp;
  end_at: Timestamp;
  writeup_required: Defaulted<boolean>;
  writeup_deadline: Timestamp;
  writeup_note: Defaulted<string>;
  /** Three per-mille bonuses packed (first << 20) | (second << 10) | third. */
  blood_bonus: Defaulted<number>;
  /** Flag prefix (`cc` for `cc{...}`), null: none. */
  flag_format: ColumnType<string | null, string | null | undefined, string | null>;
  flag_format_check: Defaulted<boolean>;
  /** From this instant players see the board as it stood then (docs/game-play.md, "Freeze and reveal"). */
  freeze_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When an organiser revealed the frozen board after the end; null: not revealed. */
  scoreboard_revealed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Players join alone: each entry is backed by a personal team (docs/game-play.md, "Solo games"). */
  individual: Defaulted<boolean>;
  /** A team game shows each member's own solves and points inside the team. */
  member_progress: Defaulted<boolean>;
  /** Base64 Ed25519 key pair that signs team tokens. */
  public_key: string;
  private_key: string;
  created_at: CreatedAt;
}

export type ChallengeTypeName = 'StaticAttachment' | 'StaticContainer' | 'DynamicAttachment' | 'DynamicContainer';

export interface AttachmentsTable {
  id: Serial;
  type: 'None' | 'Local' | 'Remote';
  remote_url: string | null;
  file_hash: string | null;
  /** The uploaded file's name when the attachment was made (local files only). */
  file_name: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ChallengesTable {
  id: Serial;
  game_id: number;
  title: string;
  content: Defaulted<string>;
  category: string;
  type: ChallengeTypeName;
  /** JSON array of strings. */
  hints: ColumnType<string[], string | undefined, string>;
  is_enabled: Defaulted<boolean>;
  deadline_at: Timestamp | null;
  /** Players see the challenge from this instant on; null: as soon as it is enabled (scoring/release.ts). */
  release_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Set by the process that handled the release's NewChallenge notice (services/challenge-release.ts). */
  release_announced_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  submission_limit: Defaulted<number>;
  flag_template: string | null;
  /** The download name the organiser set; null: each file keeps the name it was uploaded under. */
  file_name: ColumnType<string | null, string | null | undefined, string | null>;
  attachment_id: number | null;
  container_image: Defaulted<string>;
  memory_limit: Defaulted<number>;
  cpu_count: Defaulted<number>;
  storage_limit: Defaulted<number>;
  expose_port: Defaulted<number>;
  network_mode: Defaulted<'Open' | 'Isolated' | 'Custom'>;
  enable_traffic_capture: Defaulted<boolean>;
  disable_blood_bonus: Defaulted<boolean>;
  original_score: Defaulted<number>;
  min_score_rate: Defaulted<number>;
  difficulty: Defaulted<number>;
  /** The game phase the challenge belongs to (docs/game-play.md, "Phases"); null: none. */
  phase_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** How many of the challenge's prerequisites unlock it; null: all of them (scoring/prerequisites.ts). */
  prerequisite_count: ColumnType<number | null, number | null | undefined, number | null>;
  /** Left out of a team's list until its prerequisites are met (false: shown locked). */
  prerequisite_hidden: Defaulted<boolean>;
  /** JSON list of a multi-service challenge's services (contract ContainerService); null: the single image. */
  container_services: ColumnType<ContainerService[] | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

/** A challenge a team must solve before another (scoring/prerequisites.ts). */
export interface ChallengePrerequisitesTable {
  challenge_id: number;
  required_id: number;
}

/** A phase of a game (a week, a wave): players may rank on its challenges only. */
export interface GamePhasesTable {
  id: Serial;
  game_id: number;
  title: string;
  start_at: Timestamp;
  created_at: CreatedAt;
}

/** A locked hint of a challenge (0021; docs/game-play.md, "Hints with a cost"). */
export interface ChallengeHintsTable {
  id: Serial;
  game_id: number;
  challenge_id: number;
  title: string;
  content: string;
  kind: 'Points' | 'RewardShare' | 'FreeAfter';
  cost: ColumnType<number, number | undefined, number>;
  free_at: Timestamp | null;
  allow_negative: ColumnType<boolean, boolean | undefined, boolean>;
  requires_hint_id: number | null;
  created_at: CreatedAt;
  /** FreeAfter: set by the process that posted (or skipped) the NewHint notice at `free_at` (migration 0025). */
  notice_posted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A team's unlock of a locked hint: one per (hint, participation). */
export interface HintUnlocksTable {
  id: Serial;
  hint_id: number;
  participation_id: number;
  user_id: string | null;
  unlocked_at: Timestamp;
}

/** An organiser's award (positive) or penalty (negative) to a team in a game. */
export interface GameAwardsTable {
  id: Serial;
  game_id: number;
  participation_id: number;
  points: number;
  reason: string;
  counts_for_tie_break: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: string | null;
  created_at: Timestamp;
}

/** An imported award waiting for a team of its name to be accepted in the game (migration 0028). */
export interface PendingAwardsTable {
  id: Serial;
  game_id: number;
  team_name: string;
  points: number;
  reason: string;
  counts_for_tie_break: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export type ParticipationStatusName = 'Pending' | 'Accepted' | 'Rejected' | 'Suspended';

/** A division of a game: its own invite code, ranking and default permissions (`GamePermission` bits). */
export interface DivisionsTable {
  id: Serial;
  game_id: number;
  name: string;
  invite_code: string | null;
  default_permissions: Defaulted<number>;
  created_at: CreatedAt;
}

/** A division's permissions on one challenge, replacing its default permissions there. */
export interface DivisionChallengeConfigsTable {
  division_id: number;
  challenge_id: number;
  game_id: number;
  permissions: number;
}

export interface ParticipationsTable {
  id: Serial;
  game_id: number;
  team_id: number;
  status: Defaulted<ParticipationStatusName>;
  division_id: number | null;
  writeup_hash: string | null;
  writeup_uploaded_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface ParticipationMembersTable {
  participation_id: number;
  game_id: number;
  user_id: string;
  /** True when the team brought the member in (entry, late member, captain's choice), not their own join. */
  enrolled_by_team: Generated<boolean>;
}

export interface FlagsTable {
  id: Serial;
  challenge_id: number;
  flag: string;
  attachment_id: number | null;
  /** The team this flag belongs to (dynamic challenges); null for static flags and unassigned pool flags. */
  participation_id: number | null;
  /** How answers are compared with `flag` (static flags only; a team's own flag is always Exact). */
  match_type: Generated<FlagMatchTypeName>;
  created_at: CreatedAt;
}

export type FlagMatchTypeName = 'Exact' | 'IgnoreCase' | 'Regex' | 'RegexIgnoreCase';

export type AnswerResultName = 'FlagSubmitted' | 'Accepted' | 'WrongAnswer' | 'CheatDetected' | 'NotFound';

export interface SubmissionsTable {
  id: Generated<string>;
  game_id: number;
  challenge_id: number;
  participation_id: number;
  user_id: string | null;
  answer: string;
  status: Defaulted<AnswerResultName>;
  submitted_at: Timestamp;
  checked_at: Timestamp | null;
  /** The process that stored it and judges it (see server_processes); null for rows from before leases. */
  owner_process: Defaulted<string | null>;
  /** The client's Idempotency-Key: a retried POST with the same key answers this submission's id. */
  idempotency_key: Defaulted<string | null>;
}

export interface SolvesTable {
  participation_id: number;
  challenge_id: number;
  game_id: number;
  submission_id: string;
  solved_at: Timestamp;
}

export interface CheatInfosTable {
  submission_id: string;
  game_id: number;
  submit_participation_id: number;
  source_participation_id: number;
}

export interface GameNoticesTable {
  id: Serial;
  game_id: number;
  type: 'Normal' | 'FirstBlood' | 'SecondBlood' | 'ThirdBlood' | 'NewHint' | 'NewChallenge';
  /** JSON array of strings, formatted by the client per type. */
  values: ColumnType<string[], string, string>;
  published_at: Timestamp;
  /** A blood of a solve made during the freeze: kept from players until the reveal. */
  held: Defaulted<boolean>;
}

export interface GameEventsTable {
  id: Generated<string>;
  game_id: number;
  type: 'Normal' | 'ContainerStart' | 'ContainerDestroy' | 'FlagSubmit' | 'CheatDetected';
  values: ColumnType<string[], string, string>;
  user_id: string | null;
  team_id: number | null;
  published_at: Timestamp;
}

/** Key pairs the platform signs with, by purpose (Base64 DER: SPKI public, PKCS#8 private). */
export interface SigningKeysTable {
  purpose: string;
  public_key: string;
  private_key: string;
  created_at: CreatedAt;
}

/** API tokens: the row a signed token names; the token string itself is never stored. */
export interface ApiTokensTable {
  id: string;
  name: string;
  creator_id: string;
  created_at: CreatedAt;
  expires_at: Date | null;
  last_used_at: Timestamp | null;
  is_revoked: Defaulted<boolean>;
}

/** A started container instance; `participation_id` null marks an admin's test container. */
export interface ContainerInstancesTable {
  id: string;
  game_id: number;
  challenge_id: number;
  participation_id: number | null;
  status: Defaulted<'Pending' | 'Running' | 'Destroyed'>;
  image: string;
  engine_id: string | null;
  ip: string | null;
  port: number | null;
  public_port: number | null;
  started_at: Timestamp;
  expect_stop_at: Timestamp;
  last_operation_at: Timestamp;
  created_at: CreatedAt;
  /** The process whose start queue holds a Pending instance; a live process takes over a dead one's. */
  owner_process: Defaulted<string | null>;
  /** Started for a challenge health check: no team, not the test container, never taken over. */
  health_check: Defaulted<boolean>;
}

/** A challenge's health check, its status and the claim of the process running it (migration 0024). */
export interface EvidenceRunsTable {
  game_id: number;
  computed_at: Timestamp | null;
  claimed_by: string | null;
  claimed_until: Timestamp | null;
}

export interface EvidenceCasesTable {
  game_id: number;
  case_key: string;
  participation_ids: ColumnType<number[], string, string>;
  strength: number;
  signals: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
  dismissed_at: Timestamp | null;
  dismissed_by: string | null;
}

export interface AttachmentDownloadsTable {
  participation_id: number;
  challenge_id: number;
  first_at: Timestamp;
}

export interface HealthChecksTable {
  challenge_id: number;
  game_id: number;
  image: string;
  script: string;
  timeout_seconds: number;
  interval_seconds: number;
  enabled: Defaulted<boolean>;
  status: Defaulted<'Unknown' | 'Healthy' | 'Failing'>;
  failing_since: Timestamp | null;
  last_run_at: Timestamp | null;
  next_run_at: Timestamp;
  requested_at: Timestamp | null;
  claimed_by: string | null;
  claimed_until: Timestamp | null;
  updated_at: Defaulted<Date>;
}

export interface HealthCheckRunsTable {
  id: Generated<number>;
  challenge_id: number;
  trigger: 'Schedule' | 'Manual';
  started_at: Timestamp;
  duration_ms: number;
  outcome: 'Passed' | 'Failed' | 'TimedOut' | 'Error';
  exit_code: number | null;
  output: string;
}

/** Server processes and their leases: a process whose lease ran out is gone and its work is taken over. */
export interface ServerProcessesTable {
  id: string;
  started_at: CreatedAt;
  lease_until: Date;
}

export type WebhookFormat = 'generic' | 'discord' | 'slack';
export type WebhookDeliveryStatus = 'held' | 'pending' | 'delivered' | 'failed' | 'abandoned';

/** Endpoints that receive platform events (docs/integrations.md, "Webhooks"). */
export interface WebhooksTable {
  id: Serial;
  url: string;
  format: WebhookFormat;
  /** The event types it wants (a JSON array of strings). */
  events: ColumnType<string[], string, string>;
  /** Only events of this game; null: every game's (and events of no game). */
  game_id: number | null;
  /** The language of Discord and Slack messages; null: the platform's default language (migration 0031). */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** `whsec_` + base64 key (Standard Webhooks). */
  secret: string;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  disabled_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** One event for one endpoint: the durable queue and its outcome. */
export interface WebhookDeliveriesTable {
  id: Serial;
  webhook_id: number;
  /** The `webhook-id` header: the same on every attempt. */
  message_id: string;
  event_type: string;
  event_key: string;
  game_id: number | null;
  event_at: Date;
  payload: ColumnType<unknown, string, string>;
  status: WebhookDeliveryStatus;
  attempts: ColumnType<number, number | undefined, number>;
  /** Start of the 24-hour retry window (creation, or the last manual retry). */
  queued_at: Timestamp;
  next_attempt_at: Timestamp;
  claimed_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_status_code: ColumnType<number | null, number | null | undefined, number | null>;
  last_latency_ms: ColumnType<number | null, number | null | undefined, number | null>;
  last_response_excerpt: ColumnType<string | null, string | null | undefined, string | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  delivered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface WebhookAttemptsTable {
  id: Serial;
  delivery_id: number;
  attempted_at: Date;
  status_code: number | null;
  latency_ms: number;
  response_excerpt: string | null;
  error: string | null;
}

/** Stored server log entries (level Information and above), newest read first. */
export interface LogsTable {
  id: Generated<string>;
  logged_at: Date;
  level: 'Information' | 'Warning' | 'Error' | 'Critical';
  user_name: string | null;
  ip: string | null;
  message: string;
  status: string | null;
}

/** A load rehearsal's run: its secret (hashed) and its lease (migration 0027). */
export interface RehearsalRunsTable {
  id: string;
  secret_hash: string;
  game_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  user_identities: UserIdentitiesTable;
  sessions: SessionsTable;
  account_tokens: AccountTokensTable;
  files: FilesTable;
  settings: SettingsTable;
  logs: LogsTable;
  posts: PostsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  games: GamesTable;
  attachments: AttachmentsTable;
  challenges: ChallengesTable;
  challenge_prerequisites: ChallengePrerequisitesTable;
  game_phases: GamePhasesTable;
  challenge_hints: ChallengeHintsTable;
  hint_unlocks: HintUnlocksTable;
  game_awards: GameAwardsTable;
  pending_awards: PendingAwardsTable;
  divisions: DivisionsTable;
  division_challenge_configs: DivisionChallengeConfigsTable;
  participations: ParticipationsTable;
  participation_members: ParticipationMembersTable;
  flags: FlagsTable;
  submissions: SubmissionsTable;
  solves: SolvesTable;
  cheat_infos: CheatInfosTable;
  game_notices: GameNoticesTable;
  game_events: GameEventsTable;
  signing_keys: SigningKeysTable;
  api_tokens: ApiTokensTable;
  container_instances: ContainerInstancesTable;
  server_processes: ServerProcessesTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  health_checks: HealthChecksTable;
  evidence_runs: EvidenceRunsTable;
  evidence_cases: EvidenceCasesTable;
  attachment_downloads: AttachmentDownloadsTable;
  health_check_runs: HealthCheckRunsTable;
  rehearsal_runs: RehearsalRunsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type PostRow = Selectable<PostsTable>;
