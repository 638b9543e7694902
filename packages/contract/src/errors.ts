import { z } from 'zod';

/** The error (and plain message) envelope used by every endpoint: `{title, status}`. */
export const RequestResponse = z.object({
  title: z.string(),
  status: z.number().int(),
});
export type RequestResponse = z.infer<typeof RequestResponse>;

/** One refused item of a batch: its place in the request's array (0-based) and why, in the caller's language. */
export const BatchItemError = z.object({
  index: z.number().int().min(0),
  title: z.string(),
});
export type BatchItemError = z.infer<typeof BatchItemError>;

/**
 * The 400 of a batch route (bulk user add, flag add; our addition to the envelope): when items were refused,
 * `title` names the first refused item and `errors` lists every refused item, and nothing of the batch was
 * applied; a body that does not pass validation is the plain `{title, status}`. Clients reading only
 * `{title, status}` keep working.
 */
export const BatchRequestResponse = RequestResponse.extend({
  errors: z.array(BatchItemError).optional(),
});
export type BatchRequestResponse = z.infer<typeof BatchRequestResponse>;

/** A wrapped success response `{title, data, status}`; only two endpoints use it. */
export const requestResponseOf = <T extends z.ZodType>(data: T) =>
  z.object({ title: z.string(), data, status: z.number().int() });

/** Body `status` codes above the HTTP range, sent with HTTP 400. */
export const GameErrorCode = {
  GameNotStarted: 10001,
  GameEnded: 10002,
} as const;
export type GameErrorCode = (typeof GameErrorCode)[keyof typeof GameErrorCode];
