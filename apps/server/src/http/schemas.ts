import { RequestResponse } from '@flagpole/contract';
import { z } from 'zod';

/** An answer with no body (the contract's empty successes, 304): documented without content. */
export const EmptyBody = z.void().meta({ description: 'Empty body', type: 'null' });

/**
 * A binary answer of one content type (`*\/*` for stored files of any type), documented as such: the body
 * is sent as a stream or buffer, never through the JSON serializer.
 */
export function binaryBody(contentType: string, description: string) {
  return {
    description,
    content: { [contentType]: { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
  };
}

/** Declares the `{title, status}` error responses a route can give, for the OpenAPI document. */
export function errorResponses<const C extends number>(...codes: C[]): Record<C, typeof RequestResponse> {
  return Object.fromEntries(codes.map((code) => [code, RequestResponse])) as Record<C, typeof RequestResponse>;
}
