import { z } from 'zod';

/** The error (and plain message) envelope used by every endpoint: `{title, status}`. */
export const RequestResponse = z.object({
  title: z.string(),
  status: z.number().int(),
});
export type RequestResponse = z.infer<typeof RequestResponse>;

/** A wrapped success response `{title, data, status}`; only two endpoints use it. */
export const requestResponseOf = <T extends z.ZodType>(data: T) =>
  z.object({ title: z.string(), data, status: z.number().int() });

/** Body `status` codes above the HTTP range, sent with HTTP 400. */
export const GameErrorCode = {
  GameNotStarted: 10001,
  GameEnded: 10002,
} as const;
export type GameErrorCode = (typeof GameErrorCode)[keyof typeof GameErrorCode];
