import { RequestResponse } from '@flagpole/contract';
import { z } from 'zod';

/** `200` with no body, as the contract's empty success responses are. */
export const EmptyBody = z.void().describe('Empty body');

/** Declares the `{title, status}` error responses a route can give, for the OpenAPI document. */
export function errorResponses<const C extends number>(...codes: C[]): Record<C, typeof RequestResponse> {
  return Object.fromEntries(codes.map((code) => [code, RequestResponse])) as Record<C, typeof RequestResponse>;
}
