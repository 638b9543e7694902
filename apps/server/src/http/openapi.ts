import { INT32_MAX, intParams } from '@flagpole/contract';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A multipart upload route's file part, for the OpenAPI document (default: one file in `file`). */
    upload?: { field: string; multiple?: boolean };
  }
}

type JsonSchema = Record<string, unknown>;
type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route?: RouteOptions };

const errorBody = (description: string): JsonSchema => ({
  description,
  type: 'object',
  properties: { title: { type: 'string' }, status: { type: 'integer' } },
  required: ['title', 'status'],
});

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * The answers the shared machinery can give on a route, whatever its handler does: refused input (400), an
 * invalid API token (401) and the global rate limit (429) everywhere; 403 where a role is needed; on
 * writes the XSRF check (403), the body size limit (413) and unreadable body types (415); 404 where the path
 * names something.
 */
function frameworkStatuses(route: RouteOptions): Record<number, string> {
  const statuses: Record<number, string> = {
    400: 'Refused input: `{title, status}` naming the field',
    401: 'Not signed in, or an invalid API token was presented',
    429: 'Too many requests (see `Retry-After`)',
  };
  const access = route.config?.access;
  if (access !== undefined && access !== 'public') {
    statuses[403] = 'The caller’s role may not do this';
  }
  const methods = [route.method].flat();
  if (methods.some((method) => WRITE_METHODS.has(method))) {
    statuses[403] = 'Refused: the role is too low, or a browser session sent no XSRF token';
    statuses[413] = 'The request body is too large';
    statuses[415] = 'The request body is of a type this route does not read';
  }
  if (route.url.includes(':')) statuses[404] = 'Nothing found under this path';
  return statuses;
}

/**
 * Ids in a path or query string are read from digits by a string schema (`intParam`), which the zod transform
 * documents as a string with a pattern: they are documented as what they are, integers with their range, as
 * the reference documents them (`format: int32`), so that generated clients type them as numbers and see the
 * bounds.
 */
function documentIntParams(zodSchema: unknown, jsonSchema: unknown): void {
  if (!(zodSchema instanceof z.ZodObject)) return;
  const properties = (jsonSchema as { properties?: Record<string, JsonSchema> } | undefined)?.properties;
  if (!properties) return;
  for (const [name, field] of Object.entries(zodSchema.shape)) {
    const inner = field instanceof z.ZodOptional ? field.unwrap() : field;
    const max = intParams.get(inner as z.ZodType)?.max;
    if (max === undefined || !properties[name]) continue;
    properties[name] = { type: 'integer', format: max > INT32_MAX ? 'int64' : 'int32', minimum: 1, maximum: max };
  }
}

/**
 * Builds each route's entry of `/openapi.json` from the schemas the server validates with (the zod
 * transform), and completes it with what those schemas cannot say: the statuses answered by the shared
 * machinery, the multipart form of upload routes, and no content for answers with an empty body.
 */
export function documentRoute(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const result = jsonSchemaTransform(input);
  const schema = result.schema as JsonSchema & { hide?: boolean; response?: Record<string, JsonSchema> };
  const route = input.route;
  if (!route || schema.hide) return result;
  const response = { ...(schema.response ?? {}) };
  for (const [status, description] of Object.entries(frameworkStatuses(route))) {
    if (!(status in response)) response[status] = errorBody(description);
  }
  schema.response = response;
  const zodSchemas = route.schema as { params?: unknown; querystring?: unknown } | undefined;
  documentIntParams(zodSchemas?.params, schema.params);
  documentIntParams(zodSchemas?.querystring, schema.querystring);
  const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes;
  if (consumes?.includes('multipart/form-data') && !schema.body) {
    const upload = route.config?.upload ?? { field: 'file' };
    const file = { type: 'string', format: 'binary' };
    schema.body = {
      type: 'object',
      properties: { [upload.field]: upload.multiple ? { type: 'array', items: file } : file },
      required: [upload.field],
    };
  }
  return result;
}
