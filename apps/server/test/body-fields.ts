import { z } from 'zod';

/*
 * Field walkers' helpers: the fields of a JSON body schema found by what they were made with, and a body
 * changed at one field.
 */

export interface BodyRoute {
  key: string;
  schema: z.ZodType;
}

/** A field's place in a body: object keys and `0` for the first item of a list. */
export type FieldPath = string[];

/** Optional, nullable and defaulted wrappers hide the schema a field was made with. */
export function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault) {
    current = current.def.innerType as z.ZodType;
  }
  return current;
}

/** The paths of the fields of a body schema that `matches` picks, through nested objects and lists. */
export function fieldsOf(
  schema: z.ZodType,
  matches: (schema: z.ZodType) => boolean,
  path: FieldPath = [],
): FieldPath[] {
  if (matches(schema)) return [path];
  const inner = unwrap(schema);
  if (inner !== schema && matches(inner)) return [path];
  if (inner instanceof z.ZodObject) {
    return Object.entries(inner.shape).flatMap(([key, field]) => fieldsOf(field as z.ZodType, matches, [...path, key]));
  }
  if (inner instanceof z.ZodArray) return fieldsOf(inner.element as z.ZodType, matches, [...path, '0']);
  return [];
}

export function getAt(value: unknown, path: FieldPath): unknown {
  return path.reduce<unknown>((item, key) => (item as Record<string, unknown>)[key], value);
}

export function setAt(value: unknown, path: FieldPath, next: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  const parent = path.slice(0, -1).reduce<Record<string, unknown>>((item, key) => item[key] as never, copy);
  parent[path.at(-1) ?? ''] = next;
  return copy;
}
