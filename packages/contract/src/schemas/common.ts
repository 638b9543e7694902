import { z } from 'zod';

/** Paging query: `count` items starting at `skip`. Numbers may arrive as strings. */
export const PageQuery = z.object({
  count: z.coerce.number().int().min(0).max(500).default(100),
  skip: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** A page of a list: `length` items returned out of `total`. */
export const arrayResponse = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), length: z.number().int(), total: z.number().int() });

/** Unix epoch milliseconds. */
export const Timestamp = z.number().int();

/** A timestamp on input: Unix milliseconds or an ISO-8601 string, normalised to milliseconds. */
export const TimestampInput = z.union([
  z.number().int().min(0),
  z.iso.datetime({ offset: true }).transform((s) => Date.parse(s)),
]);

export const IntId = z.coerce.number().int().min(1).max(2_147_483_647);
export const Uuid = z.uuid();
