import { intParams } from '@flagpole/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** One field of a path made only of integer ids: its name, its maximum and the maximum's digit count. */
type IntField = readonly [name: string, max: number, digits: number];

const CANONICAL_DIGITS = /^[1-9][0-9]*$/;

/**
 * The fields of an object schema whose every field is an `intParam` (the ids in a route's path), or undefined
 * for any other schema. Objects that refuse or keep unknown keys are left to the schema.
 */
export function intParamFields(schema: unknown): IntField[] | undefined {
  if (!(schema instanceof z.ZodObject) || schema._zod.def.catchall !== undefined) return undefined;
  const fields: IntField[] = [];
  for (const [name, field] of Object.entries(schema.shape)) {
    const max = intParams.get(field as z.ZodType)?.max;
    if (max === undefined) return undefined;
    fields.push([name, max, String(max).length]);
  }
  return fields.length > 0 ? fields : undefined;
}

/** The ids when every field holds canonical digits within its maximum, exactly as the schema reads them; else undefined. */
export function readIntFields(fields: readonly IntField[], data: unknown): Record<string, number> | undefined {
  if (data === null || typeof data !== 'object') return undefined;
  const value: Record<string, number> = {};
  for (const [name, max, digits] of fields) {
    const raw = (data as Record<string, unknown>)[name];
    if (typeof raw !== 'string' || raw.length > digits || !CANONICAL_DIGITS.test(raw)) return undefined;
    const id = Number(raw);
    if (id > max) return undefined;
    value[name] = id;
  }
  return value;
}

/**
 * Fastify's validator: the zod schemas (fastify-type-provider-zod), except that a path made only of integer ids
 * that are all valid is read directly. Every request carries such a path and running the schema cost a few
 * kilobytes of short-lived objects per id (parse contexts, a pipe, a transform); anything the shortcut does not
 * accept goes to the schema, which gives the answer and the error.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const bySchema = zodValidatorCompiler(route);
  const fields = intParamFields(route.schema);
  if (!fields) return bySchema;
  return (data) => {
    const value = readIntFields(fields, data);
    return value ? { value } : bySchema(data);
  };
};
