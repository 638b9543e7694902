import { z } from 'zod';

/*
 * CTFtime's scoreboard feed (`GET /api/game/{id}/ctftime`), the "full Jeopardy" shape of
 * ctftime.org/json-scoreboard-feed: `taskStats` is keyed by the names in `tasks`; times are Unix seconds.
 */

export const CtftimeTaskStat = z.object({ points: z.number().int(), time: z.number().int() });
export type CtftimeTaskStat = z.infer<typeof CtftimeTaskStat>;

export const CtftimeStanding = z.object({
  pos: z.number().int(),
  team: z.string(),
  score: z.number(),
  taskStats: z.record(z.string(), CtftimeTaskStat),
  /** Unix seconds of the team's last accepted task; absent without one. */
  lastAccept: z.number().int().optional(),
  /** A team of a division that does not rank overall (a guest team out of the overall standings). */
  outward: z.literal(true).optional(),
});
export type CtftimeStanding = z.infer<typeof CtftimeStanding>;

export const CtftimeFeed = z.object({ tasks: z.array(z.string()), standings: z.array(CtftimeStanding) });
export type CtftimeFeed = z.infer<typeof CtftimeFeed>;
