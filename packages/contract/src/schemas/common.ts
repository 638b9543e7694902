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

/**
 * The latest instant any timestamp may name, 9999-12-31T23:59:59.999Z. JavaScript dates reach 8.64e15 ms
 * (year 275760), but past year 9999 a date has no four-digit ISO form and the databases refuse it.
 */
export const MAX_TIMESTAMP = 253_402_300_799_999;

/** Unix epoch milliseconds, from 1970 to the end of year 9999. */
export const Timestamp = z.number().int().min(0).max(MAX_TIMESTAMP);

/**
 * A timestamp on input: Unix milliseconds or an ISO-8601 string, normalised to milliseconds. Every
 * timestamp field of every request uses it, so nothing outside 1970..9999 reaches the database.
 */
export const TimestampInput = z.union([
  Timestamp,
  z.iso
    .datetime({ offset: true })
    .transform((s) => Date.parse(s))
    .pipe(Timestamp),
]);

/**
 * Every {@link intParam} schema with its maximum, so that a server can check such ids without running the
 * schema (the schema stays the definition, and the answer for anything a shortcut does not accept).
 */
export const intParams = z.registry<{ max: number }>();

/**
 * An integer id as it appears in a path (or a query string): canonical decimal digits only, so `2` names
 * 2 while ` 2`, `2 `, `02`, `+2`, `2e0` and `0x2` name nothing and are refused (400) before any handler runs.
 */
export function intParam(max: number) {
  const schema = z
    .string()
    .max(String(max).length)
    .regex(/^[1-9][0-9]*$/)
    .transform(Number)
    .pipe(z.number().int().max(max));
  intParams.add(schema, { max });
  return schema;
}

/** The largest value of a PostgreSQL `integer` (int4) column: every `serial` id, count and score. */
export const INT32_MAX = 2_147_483_647;

/** A positive 32-bit id in a path or query string (see {@link intParam}). */
export const IntId = intParam(INT32_MAX);

/**
 * A reference to a row with a `serial` id in a JSON body (a team, a division, a challenge): 1..2^31−1, so a
 * number no row can have is refused (400 naming the field) instead of overflowing the column's type.
 */
export const IdField = z.number().int().min(1).max(INT32_MAX);
export const Uuid = z.uuid();

/**
 * Characters no name or short text may hold: control characters (C0, DEL, C1: NUL, BEL, CR, LF, tab…)
 * and the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make a
 * name read differently from what it is.
 */
export const UNSAFE_TEXT_CHARACTERS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

const shortTexts = new WeakSet<z.ZodType>();

/**
 * A name or a short one-line text (user, real and team names, bios, titles): refused (400) when it holds
 * an {@link UNSAFE_TEXT_CHARACTERS unsafe character}, then trimmed of surrounding spaces, then measured.
 */
export function shortText(options: { max: number; min?: number }) {
  const schema = z
    .string()
    .regex(/^[^\p{Cc}\u202A-\u202E\u2066-\u2069]*$/u, 'control or bidirectional-override character')
    .trim()
    .min(options.min ?? 0)
    .max(options.max);
  shortTexts.add(schema);
  return schema;
}

/** Whether a schema was made by {@link shortText} (the input walkers find such fields with it). */
export function isShortText(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && shortTexts.has(schema as z.ZodType);
}
