import { z } from 'zod';
import { AnswerResult, ChallengeCategory, EventType, NoticeType, ParticipationStatus } from '../enums';
import { FLAG_FORMAT_PATTERN } from '../flag-format';
import { ChallengeInfo, ScoreboardItem } from '../scoring';
import { IdField, shortText, Timestamp, TimestampInput } from './common';
import { GamePhaseInfo } from './phases';
import { TeamModel, TeamWithDetailedUserInfo } from './team';

export const gameLimits = {
  title: { max: 64 },
  summary: { max: 256 },
  content: { max: 65_536 },
  inviteCode: { max: 32 },
  flag: { max: 127 },
  flagTemplate: { max: 120 },
  challengeTitle: { max: 64 },
  hint: { max: 1024 },
  hints: 32,
  notice: { max: 4096 },
  writeupNote: { max: 4096 },
} as const;

// ---- Games -------------------------------------------------------------------------------

/** The organiser's view of a game (create, read, update). */
export const GameInfoModel = z.object({
  id: z.number().int(),
  title: z.string().min(1).max(gameLimits.title.max),
  hidden: z.boolean(),
  summary: z.string().max(gameLimits.summary.max),
  content: z.string().max(gameLimits.content.max),
  acceptWithoutReview: z.boolean(),
  writeupRequired: z.boolean(),
  inviteCode: z.string().max(gameLimits.inviteCode.max).nullable(),
  teamMemberCountLimit: z.number().int(),
  containerCountLimit: z.number().int(),
  poster: z.string().nullable(),
  publicKey: z.string(),
  practiceMode: z.boolean(),
  start: Timestamp,
  end: Timestamp,
  writeupDeadline: Timestamp,
  writeupNote: z.string(),
  bloodBonus: z.number().int(),
  /** Flagpole: the flag prefix (`cc` for `cc{...}`), null for none; see flag-format.ts. */
  flagFormat: z.string().nullable().optional(),
  /** Flagpole: warn a player before sending an answer that does not have the flag format. */
  flagFormatCheck: z.boolean().optional(),
  /**
   * Flagpole: from this instant (Unix ms, between `start` and `end`) everyone but organisers sees the game as it
   * stood then, until the board is revealed after the end; null: no freeze.
   */
  freezeAt: Timestamp.nullable().optional(),
  /** Flagpole (read-only): an organiser revealed the frozen board (`POST .../scoreboard/reveal`). */
  scoreboardRevealed: z.boolean().optional(),
  /** Flagpole: a solo game; players join alone and the board lists players (docs/game-play.md, "Solo games"). */
  individual: z.boolean().optional(),
  /** Flagpole: a team game shows each member's own solves and points inside the team. */
  memberProgress: z.boolean().optional(),
});
export type GameInfoModel = z.infer<typeof GameInfoModel>;

/**
 * Flagpole: why a game is not ready to publish (`GET /api/edit/games/{id}/readiness`). Game-wide problems carry
 * no challenge; the others name the enabled challenge that players could not play:
 * - `GameEnded`: the end has passed, so nobody could play (the times need setting);
 * - `NoEnabledChallenge`: no challenge is enabled;
 * - `NoFlags`: a static or dynamic-attachment challenge without a flag;
 * - `NoFlagTemplate`: a dynamic-container challenge without the template its flags are made from;
 * - `FlagWithoutAttachment`: a dynamic-attachment flag with no file, so a team would get the flag's file missing;
 * - `NoContainerImage`: a container challenge without an image;
 * - `NoContainerEngine`: a container challenge while the server has no container engine (CONTAINER_ENGINE none).
 */
export const GameReadinessProblem = z.enum([
  'GameEnded',
  'NoEnabledChallenge',
  'NoFlags',
  'NoFlagTemplate',
  'FlagWithoutAttachment',
  'NoContainerImage',
  'NoContainerEngine',
]);
export type GameReadinessProblem = z.infer<typeof GameReadinessProblem>;

export const GameReadinessItem = z.object({
  problem: GameReadinessProblem,
  challengeId: z.number().int().nullable(),
  challengeTitle: z.string().nullable(),
});
export type GameReadinessItem = z.infer<typeof GameReadinessItem>;

/** Flagpole: the publish checklist of a game; `ready` when `problems` is empty. */
export const GameReadinessModel = z.object({
  ready: z.boolean(),
  enabledChallenges: z.number().int(),
  problems: z.array(GameReadinessItem),
});
export type GameReadinessModel = z.infer<typeof GameReadinessModel>;

/** Create/update body: only the title and times are required; the rest keep their values or defaults. */
export const GameEditModel = z.object({
  title: shortText({ min: 1, max: gameLimits.title.max }),
  hidden: z.boolean().optional(),
  summary: z.string().max(gameLimits.summary.max).optional(),
  content: z.string().max(gameLimits.content.max).optional(),
  acceptWithoutReview: z.boolean().optional(),
  writeupRequired: z.boolean().optional(),
  inviteCode: z.string().max(gameLimits.inviteCode.max).nullish(),
  teamMemberCountLimit: z.number().int().min(0).max(1000).optional(),
  containerCountLimit: z.number().int().min(0).max(1000).optional(),
  practiceMode: z.boolean().optional(),
  start: TimestampInput,
  end: TimestampInput,
  writeupDeadline: TimestampInput.optional(),
  writeupNote: z.string().max(gameLimits.writeupNote.max).optional(),
  bloodBonus: z
    .number()
    .int()
    .min(0)
    .max(2 ** 30 - 1)
    .optional(),
  /** Flagpole: a prefix of letters, digits, `_`, `-` (`cc` for `cc{...}`); empty or null: no format. */
  flagFormat: z.union([z.literal(''), z.string().regex(FLAG_FORMAT_PATTERN)]).nullish(),
  flagFormatCheck: z.boolean().optional(),
  /** Flagpole: the scoreboard freeze, between `start` and `end` (400 otherwise); null: none; absent: unchanged. */
  freezeAt: TimestampInput.nullish(),
  /**
   * Flagpole: a solo game (players join alone); absent: unchanged. Changing it once the game has an entry is 400
   * (entries of teams and of players do not mix).
   */
  individual: z.boolean().optional(),
  /** Flagpole: show each member's own solves and points inside the team; absent: unchanged. */
  memberProgress: z.boolean().optional(),
});
export type GameEditModel = z.infer<typeof GameEditModel>;

export const BasicGameInfoModel = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  poster: z.string().nullable(),
  limit: z.number().int(),
  start: Timestamp,
  end: Timestamp,
});
export type BasicGameInfoModel = z.infer<typeof BasicGameInfoModel>;

/** A division of a game as players see it; `inviteCodeRequired` says the division asks for its own code. */
export const DivisionInfo = z.object({ id: z.number().int(), name: z.string(), inviteCodeRequired: z.boolean() });
export type DivisionInfo = z.infer<typeof DivisionInfo>;

/** A game as a player sees it; `status` is Unsubmitted for callers not in the game. */
export const DetailedGameInfoModel = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  hidden: z.boolean(),
  divisions: z.array(DivisionInfo).nullable(),
  inviteCodeRequired: z.boolean(),
  writeupRequired: z.boolean(),
  poster: z.string().nullable(),
  limit: z.number().int(),
  teamCount: z.number().int(),
  division: z.number().int().nullable(),
  teamName: z.string().nullable(),
  practiceMode: z.boolean(),
  status: ParticipationStatus,
  start: Timestamp,
  end: Timestamp,
  /** Flagpole: the flag prefix players are shown (`cc` for `cc{...}`), null for none. */
  flagFormat: z.string().nullable().optional(),
  /** Flagpole: the page warns before sending an answer without the flag format. */
  flagFormatCheck: z.boolean().optional(),
  /** Flagpole: when the scoreboard freezes for players (null: never); frozen from then until revealed. */
  freezeAt: Timestamp.nullable().optional(),
  /** Flagpole: the frozen board has been revealed (the final board is public). */
  scoreboardRevealed: z.boolean().optional(),
  /** Flagpole: the game's phases, ordered by start (empty: none); each has its own scoreboard (`?phase=`). */
  phases: z.array(GamePhaseInfo).optional(),
  /** Flagpole: a solo game; players join alone (`teamId` left out of the join body) and the board lists players. */
  individual: z.boolean().optional(),
  /** Flagpole: the board's team detail shows each member's own solves and points. */
  memberProgress: z.boolean().optional(),
});
export type DetailedGameInfoModel = z.infer<typeof DetailedGameInfoModel>;

export const GameJoinModel = z.object({
  /**
   * The team that enters. Required in team games (400 without it); in a solo game (Flagpole) it is ignored and the
   * caller enters alone, on a personal team made for the game.
   */
  teamId: IdField.nullish(),
  divisionId: IdField.nullish(),
  inviteCode: z.string().max(gameLimits.inviteCode.max).nullish(),
  /**
   * Flagpole: the captain's choice of the other members who play when the team enters (user ids). Left out, the
   * members come in in the order they joined the team, up to the game's member limit.
   */
  members: z.array(z.uuid()).max(100).nullish(),
});
export type GameJoinModel = z.infer<typeof GameJoinModel>;

/** Flagpole: `PUT /api/game/{id}/roster`, the captain's choice of who plays for the team (user ids). */
export const GameRosterModel = z.object({
  teamId: IdField,
  members: z.array(z.uuid()).min(1).max(100),
});
export type GameRosterModel = z.infer<typeof GameRosterModel>;

/**
 * Flagpole: one game on a team's public page (`GET /api/team/{id}/games`): the game and the team's standing
 * in it. `rank` is 0 while the team has not scored (or the game has not started).
 */
export const TeamGameResult = z.object({
  game: BasicGameInfoModel,
  rank: z.number().int(),
  score: z.number().int(),
  solvedCount: z.number().int(),
  challengeCount: z.number().int(),
  teamCount: z.number().int(),
});
export type TeamGameResult = z.infer<typeof TeamGameResult>;

// ---- Notices and events -----------------------------------------------------------------

/** `values` by type: Normal [text]; NewChallenge/NewHint [challenge]; bloods [team, challenge]. */
export const GameNotice = z.object({
  id: z.number().int(),
  time: Timestamp,
  type: NoticeType,
  values: z.array(z.string()),
});
export type GameNotice = z.infer<typeof GameNotice>;

export const GameNoticeModel = z.object({ content: z.string().trim().min(1).max(gameLimits.notice.max) });
export type GameNoticeModel = z.infer<typeof GameNoticeModel>;

/** `values` by type: FlagSubmit [result, flag, challenge, challengeId]; CheatDetected [challenge, team, source team]. */
export const GameEvent = z.object({
  time: Timestamp,
  user: z.string(),
  team: z.string(),
  type: EventType,
  values: z.array(z.string()),
});
export type GameEvent = z.infer<typeof GameEvent>;

export const Submission = z.object({
  answer: z.string(),
  status: AnswerResult,
  time: Timestamp,
  user: z.string(),
  team: z.string(),
  challenge: z.string(),
});
export type Submission = z.infer<typeof Submission>;

/**
 * `search` of the monitor's feeds (`GET /api/game/{id}/events` and `/submissions`; Flagpole's addition, the
 * reference's clients never send it): keeps the rows whose team, user, challenge or answer contains the text, in
 * any case; `%` and `_` are literal. Blank or absent means every row.
 */
export const MonitorSearchText = z
  .string()
  .trim()
  .max(100)
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/**
 * `GET /api/game/{id}/check`: the caller's teams that already have an entry in the game. `name` and `status`
 * are Flagpole's additions, so a member who joined a team late sees what their team's entry is waiting for.
 * `division` is the entry's division id (null: none).
 */
export const JoinedTeam = z.object({
  id: z.number().int(),
  division: z.number().int().nullable(),
  name: z.string(),
  status: ParticipationStatus,
  /** Flagpole: the user ids on the team's roster in this game (who plays for it). */
  players: z.array(z.string()),
});
export type JoinedTeam = z.infer<typeof JoinedTeam>;

export const GameJoinCheckInfoModel = z.object({
  joinedTeams: z.array(JoinedTeam),
  /** Ids of the divisions a team may choose when joining (those whose default permissions include JoinGame). */
  joinableDivisions: z.array(z.number().int()),
});
export type GameJoinCheckInfoModel = z.infer<typeof GameJoinCheckInfoModel>;

export const ParticipationInfoModel = z.object({
  id: z.number().int(),
  team: TeamWithDetailedUserInfo,
  registeredMembers: z.array(z.string()),
  divisionId: z.number().int().nullable(),
  status: ParticipationStatus,
});
export type ParticipationInfoModel = z.infer<typeof ParticipationInfoModel>;

export const ParticipationEditModel = z.object({
  status: ParticipationStatus.nullish(),
  divisionId: IdField.nullish(),
});
export type ParticipationEditModel = z.infer<typeof ParticipationEditModel>;

// ---- Playing a game -----------------------------------------------------------------------

/**
 * The player's board (`GET /api/game/{id}/details`): enabled challenges by category with their current score,
 * solve count and bloods, the team's own scoreboard row (`rank`), and the signed team token.
 */
export const GameDetailModel = z.object({
  challenges: z.partialRecord(ChallengeCategory, z.array(ChallengeInfo)),
  challengeCount: z.number().int(),
  rank: ScoreboardItem.nullable(),
  /** Empty in an organiser's preview. */
  teamToken: z.string(),
  writeupRequired: z.boolean(),
  writeupDeadline: Timestamp,
  /**
   * Flagpole: true when an Admin or Monitor without an Accepted team reads the board as a preview (no rank,
   * no token, no submissions); absent for players.
   */
  preview: z.boolean().optional(),
});
export type GameDetailModel = z.infer<typeof GameDetailModel>;

/** A team in a game, as monitors see it in cheat reports. */
export const ParticipationModel = z.object({
  id: z.number().int(),
  team: TeamModel,
  status: ParticipationStatus,
  division: z.string().nullable(),
  divisionId: z.number().int().nullable(),
});
export type ParticipationModel = z.infer<typeof ParticipationModel>;

/** A submission that matched another team's dynamic flag: `ownedTeam` owns the flag, `submitTeam` sent it. */
export const CheatInfoModel = z.object({
  ownedTeam: ParticipationModel,
  submitTeam: ParticipationModel,
  submission: Submission,
});
export type CheatInfoModel = z.infer<typeof CheatInfoModel>;
