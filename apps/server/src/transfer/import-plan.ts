import type {
  ChallengeCategory,
  ChallengeType,
  ContainerService,
  FlagMatchType,
  HealthCheckEditModel,
  NetworkMode,
} from '@flagpole/contract';
import type { ZipEntry } from '../lib/zip-reader';
import type { PlanDivision } from './division-transfer';

/**
 * What an import will build, checked and complete before the database is touched: either reader (the game
 * package or a CTFd export) produces one, and one builder writes it in a single transaction.
 */

/**
 * A file to store: an entry of the archive (`expectedHash` set when the archive names it by its SHA-256, and
 * `expectedSize` when the package states its size), or several entries bundled into one new zip.
 */
export type PlanFile = ArchiveFile | { bundle: Array<{ name: string; entry: ZipEntry }> };
export interface ArchiveFile {
  entry: ZipEntry;
  expectedHash?: string;
  expectedSize?: number;
}

/** Local attachments point at a file of the plan by its entry name. */
export type PlanAttachment = { type: 'Local'; file: string } | { type: 'Remote'; url: string };

export interface PlanFlag {
  flag: string;
  matchType: FlagMatchType;
  attachment: PlanAttachment | null;
}

/** A locked hint with a cost (issue 28; CTFd's hints with a cost); `requiresSourceId` names another of the same challenge. */
export interface PlanLockedHint {
  sourceId: number;
  title: string;
  content: string;
  kind: 'Points' | 'RewardShare' | 'FreeAfter';
  cost: number;
  freeAt?: Date | null;
  allowNegative?: boolean;
  requiresSourceId: number | null;
}

export interface PlanChallenge {
  /** The id in the source, kept for divisions' per-challenge settings and the report. */
  sourceId: number;
  title: string;
  content: string;
  category: ChallengeCategory;
  type: ChallengeType;
  hints: string[];
  /** Locked hints with a cost (absent: none). */
  lockedHints?: PlanLockedHint[];
  deadline: Date | null;
  /** The timed release (Flagpole's extension); null: none. */
  release: Date | null;
  submissionLimit: number;
  flagTemplate: string | null;
  /** The organiser's download name; null keeps the uploaded file's own name. */
  fileName: string | null;
  attachment: PlanAttachment | null;
  flags: PlanFlag[];
  container: {
    image: string;
    memoryLimit: number;
    cpuCount: number;
    storageLimit: number;
    exposePort: number;
    networkMode: NetworkMode;
    /** Empty: a single-image challenge. */
    services: ContainerService[];
  } | null;
  enableTrafficCapture: boolean;
  disableBloodBonus: boolean;
  originalScore: number;
  minScoreRate: number;
  difficulty: number;
  /** The package id of the challenge's phase (one of `ImportPlan.phases`); absent or null: none. */
  phaseSourceId?: number | null;
  /** Its health check (Flagpole packages only); absent or null: none. */
  healthCheck?: HealthCheckEditModel | null;
  /** The challenges a team must solve first, by source id (all, or any `count`); absent or null: none. */
  prerequisites?: PlanPrerequisites | null;
}

/** A challenge's prerequisites in a plan (checked: no cycle, every id a challenge of the plan). */
export interface PlanPrerequisites {
  requiredSourceIds: number[];
  /** How many unlock it; null: all. */
  count: number | null;
  /** Left out of a team's list until unlocked (false: listed locked). */
  hidden: boolean;
}

/** A game phase to create (docs/game-play.md, "Phases"), named by challenges through `sourceId`. */
export interface PlanPhase {
  sourceId: number;
  title: string;
  start: Date;
}

export interface PlanGame {
  title: string;
  summary: string;
  content: string;
  acceptWithoutReview: boolean;
  teamMemberCountLimit: number;
  containerCountLimit: number;
  start: Date;
  end: Date;
  writeupRequired: boolean;
  writeupDeadline: Date;
  writeupNote: string;
  bloodBonus: number;
  poster: string | null;
  flagFormat: string | null;
  flagFormatCheck: boolean;
  /** The scoreboard freeze; null: none. */
  freezeAt: Date | null;
  /** A solo game (players join alone) and per-player progress in team games. */
  individual: boolean;
  memberProgress: boolean;
}

/** An imported award, kept pending until a team of this exact name is accepted (pending-awards.ts). */
export interface PlanAward {
  teamName: string;
  points: number;
  reason: string;
  countsForTieBreak: boolean;
  createdAt: Date;
}

export interface ImportPlan {
  game: PlanGame;
  challenges: PlanChallenge[];
  notices: Array<{ content: string; publishedAt: Date }>;
  /** Divisions to create; their per-challenge configs name challenges by `sourceId`. */
  divisions: PlanDivision[];
  /** Game phases to create (Flagpole packages only); absent: none. */
  phases?: PlanPhase[];
  /** Awards waiting for their teams (awards.json of a package, CTFd's awards); absent: none. */
  awards?: PlanAward[];
  /** Awards of the source left out (0 points; CTFd: also no known team or user). */
  awardsSkipped?: number;
  /** The archive's files the plan uses, by entry name. */
  files: Map<string, PlanFile>;
  /** Files of the package no JSON names: not stored, but checked against their names all the same. */
  unused: ArchiveFile[];
}

/** Upper bounds of what one import may create (the archive limits come first). */
export const PLAN_LIMITS = { challenges: 1000, flags: 100_000 } as const;
