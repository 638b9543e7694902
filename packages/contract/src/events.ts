import { z } from 'zod';
import { EventDashboard } from './schemas/dashboard';
import { GameEvent, GameNotice, Submission } from './schemas/game';
import { ScoreboardDelta } from './scoreboard-delta';

/**
 * Messages pushed over a game's websocket channel (`/api/game/{id}/live`). Players receive
 * notices and scoreboard changes; monitors also receive events and submissions.
 */
export const LiveMessage = z.discriminatedUnion('type', [
  /** `edited`: a notice already announced, changed (the SignalR user hub, like the reference, does not push edits). */
  z.object({ type: z.literal('notice'), data: GameNotice, edited: z.literal(true).optional() }),
  z.object({ type: z.literal('noticeRemoved'), data: z.object({ id: z.number().int() }) }),
  z.object({ type: z.literal('event'), data: GameEvent }),
  z.object({ type: z.literal('submission'), data: Submission }),
  /**
   * The scoreboard changed. `version` is the new board's; `delta` turns the board of version `delta.base` into
   * it. A client holding another version (or given no delta) refetches the board (served from memory, ETag).
   */
  z.object({
    type: z.literal('scoreboard'),
    data: z.object({
      gameId: z.number().int(),
      version: z.string().optional(),
      delta: ScoreboardDelta.optional(),
    }),
  }),
  /**
   * Flagpole (issue 28): a locked hint was unlocked; sent only to the members of the team that unlocked it, whose
   * open challenge windows read the challenge's hints again (the board changes through `scoreboard` as usual).
   */
  z.object({
    type: z.literal('hintUnlocked'),
    data: z.object({ gameId: z.number().int(), challengeId: z.number().int(), hintId: z.number().int() }),
  }),
  /** Monitors: the event dashboard's snapshot, every few seconds while a monitor is connected. */
  z.object({ type: z.literal('dashboard'), data: EventDashboard }),
]);
export type LiveMessage = z.infer<typeof LiveMessage>;
export type LiveMessageType = LiveMessage['type'];

/** Which messages a subscriber receives, by role. */
export const LIVE_MESSAGES_FOR_PLAYERS: readonly LiveMessageType[] = [
  'notice',
  'noticeRemoved',
  'scoreboard',
  'hintUnlocked',
];
export const LIVE_MESSAGES_FOR_MONITORS: readonly LiveMessageType[] = [
  'notice',
  'noticeRemoved',
  'scoreboard',
  'event',
  'submission',
  'dashboard',
];

/**
 * Close codes of the live websockets (`/api/game/{id}/live`, `/api/admin/logs/live`) that mean "connected, then
 * refused for lack of room": the client keeps its session and tries again after a long back-off, instead of
 * reconnecting at once. (Browsers never see the HTTP status of a refused upgrade, hence close codes.)
 */
export const LIVE_LIMIT_CLOSE_CODES = {
  /** Too many live connections from this client: its address (anonymous) or its account (signed in). */
  tooManyConnections: 4429,
  /** This server process holds as many live connections as it is allowed to. */
  serverFull: 4503,
} as const;
