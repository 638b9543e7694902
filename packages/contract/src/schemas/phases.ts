import { z } from 'zod';
import { shortText, Timestamp, TimestampInput } from './common';

/*
 * Flagpole: phases of a game (weekly or wave events; docs/game-play.md, "Phases"). A phase has a title and a start;
 * a challenge may belong to one. The scoreboard of a phase (`GET /api/game/{id}/scoreboard?phase={phaseId}`) ranks
 * the teams on that phase's challenges only. These are `GamePhaseInfo`/`GamePhase*Model`: the web app's `GamePhase`
 * type and "game phase badge" are the game's upcoming/running/ended status, something else.
 */

export const gamePhaseLimits = {
  title: { max: 64 },
  /** Phases per game; more is almost certainly a script gone wrong. */
  perGame: 100,
} as const;

/** A phase as organisers, players and the public read it (`phases` of a game, ordered by start, then id). */
export const GamePhaseInfo = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Unix ms: when the phase begins (informative: a challenge's own times decide when it is played). */
  start: Timestamp,
});
export type GamePhaseInfo = z.infer<typeof GamePhaseInfo>;

/** Body of `POST /api/edit/games/{id}/phases`. */
export const GamePhaseCreateModel = z.object({
  title: shortText({ min: 1, max: gamePhaseLimits.title.max }),
  start: TimestampInput,
});
export type GamePhaseCreateModel = z.infer<typeof GamePhaseCreateModel>;

/** Body of `PUT /api/edit/games/{id}/phases/{phaseId}`: absent or null fields stay. */
export const GamePhaseEditModel = z.object({
  title: shortText({ min: 1, max: gamePhaseLimits.title.max }).nullish(),
  start: TimestampInput.nullish(),
});
export type GamePhaseEditModel = z.infer<typeof GamePhaseEditModel>;
