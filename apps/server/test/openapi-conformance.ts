import { GameErrorCode } from '@flagpole/contract';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendAsyncHookHandler } from 'fastify';

/**
 * Every answer the API tests receive is checked against the published `/openapi.json`: its status must be
 * documented for the route, a documented body must come (and an undocumented one must not), its content
 * type must be one the document names, and a JSON body must match the schema (ajv). Error bodies carry the
 * HTTP status as their `status`, but for the game codes 10001/10002. The check sits in the app (a root
 * onSend hook given to buildApp), so it sees what every test sends, by inject or over the network, on
 * every route, including routes added later. Violations are collected and fail the test file on close.
 */

interface MediaType {
  schema?: unknown;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
}
interface Operation {
  responses: Record<string, ResponseObject>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

const GAME_CODES = new Set<number>(Object.values(GameErrorCode));
// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** `application/json; charset=utf-8` → `application/json`. */
const baseType = (header: unknown) =>
  String(header ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase() ?? '';

/** Whether a media range of the document (`*\/*`, `image/*`, `application/zip`) covers a sent type. */
function covers(range: string, type: string): boolean {
  if (range === '*/*' || range === type) return true;
  return range.endsWith('/*') && type.startsWith(range.slice(0, -1));
}

/** The text of an answer, `''` when empty, or null for a stream (a file) that cannot be read here. */
function bodyText(payload: unknown): string | null {
  if (payload === null || payload === undefined) return '';
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return null;
}

/**
 * An OpenAPI 3.0 schema as JSON Schema for ajv: `nullable: true` also admits null where an `enum` lists
 * the allowed values (ajv widens `type` for `nullable`, not `enum`).
 */
function asJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(asJsonSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = asJsonSchema(value);
  if (copy.nullable === true && Array.isArray(copy.enum) && !copy.enum.includes(null)) copy.enum = [...copy.enum, null];
  return copy;
}

export class OpenApiConformance {
  readonly violations: string[] = [];
  private document: OpenApiDocument | undefined;
  private app: FastifyInstance | undefined;
  private readonly ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
  private readonly validators = new Map<string, ValidateFunction>();

  /** The hook to give buildApp (`onSend`). */
  readonly onSend: onSendAsyncHookHandler = async (request, reply, payload) => {
    try {
      this.check(request, reply, payload);
    } catch (error) {
      this.violations.push(`${request.method} ${request.url}: the check failed: ${String(error)}`);
    }
    return payload;
  };

  /** The app whose document the answers are checked against (read once, when first needed). */
  attach(app: FastifyInstance): void {
    this.app = app;
  }

  /** Throws when any answer so far disagreed with the document. */
  assertConforms(): void {
    if (this.violations.length === 0) return;
    const shown = [...new Set(this.violations)].slice(0, 40).join('\n  ');
    throw new Error(`${this.violations.length} answers disagree with /openapi.json:\n  ${shown}`);
  }

  private check(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const status = reply.statusCode;
    const type = baseType(reply.getHeader('content-type'));
    const text = bodyText(payload);
    const label = `${request.method} ${request.url.slice(0, 120)} -> ${status}`;
    if (status >= 400 && type === 'application/json' && text) this.checkErrorStatus(label, status, text);

    const url = request.routeOptions.url;
    const schema = request.routeOptions.schema as { hide?: boolean } | undefined;
    // Answers of no route (unknown paths, the web application's pages) and hidden routes are not documented.
    if (!url || schema?.hide || request.method === 'HEAD' || !this.app) return;
    this.document ??= this.app.swagger() as unknown as OpenApiDocument;
    const path = url.replace(/:(\w+)/g, '{$1}');
    const operation = this.document.paths[path]?.[request.method.toLowerCase()];
    if (!operation) {
      if (request.routeOptions.config?.access !== undefined) this.violations.push(`${label}: route not documented`);
      return;
    }
    const response = operation.responses[String(status)] ?? operation.responses.default;
    if (!response) {
      this.violations.push(`${label}: status ${status} not documented for ${request.method} ${path}`);
      return;
    }
    if (!response.content) {
      if (text !== '') this.violations.push(`${label}: documented without a body, sent ${type || 'one'}`);
      return;
    }
    if (text === '') {
      this.violations.push(`${label}: documented with ${Object.keys(response.content).join(', ')}, sent no body`);
      return;
    }
    const range = Object.keys(response.content).find((candidate) => covers(candidate, type));
    // A compressed body (the precompressed scoreboard) is not read here; its type and status were checked.
    if (!range) {
      const documented = Object.keys(response.content).join(', ');
      this.violations.push(`${label}: sent ${type || 'no content type'}, documented ${documented}`);
      return;
    }
    if (range !== 'application/json' || text === null || reply.getHeader('content-encoding')) return;
    const validate = this.validator(`${request.method} ${path} ${status}`, response.content[range]?.schema ?? {});
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      this.violations.push(`${label}: documented as JSON, sent ${text.slice(0, 60)}`);
      return;
    }
    if (!validate(body)) {
      const errors = this.ajv.errorsText(validate.errors, { separator: '; ' });
      this.violations.push(`${label}: body does not match the schema: ${errors} in ${text.slice(0, 200)}`);
    }
  }

  private checkErrorStatus(label: string, status: number, text: string): void {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof body !== 'object' || body === null || !('title' in body) || !('status' in body)) return;
    const bodyStatus = (body as { status: unknown }).status;
    if (bodyStatus !== status && !GAME_CODES.has(bodyStatus as number)) {
      this.violations.push(`${label}: error body says status ${String(bodyStatus)}`);
    }
  }

  private validator(key: string, schema: unknown): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(asJsonSchema(schema) as object);
      this.validators.set(key, validate);
    }
    return validate;
  }
}
