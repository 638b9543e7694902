import type { BatchItemError } from '@flagpole/contract';
import { ApiError } from './http';

/**
 * The refused items of a refused batch (`BatchRequestResponse.errors`: index into the list sent, and why), or
 * none when the failure was anything else.
 */
export function batchErrorsOf(error: unknown): BatchItemError[] {
  if (!(error instanceof ApiError) || error.httpStatus !== 400) return [];
  const data = error.data as { errors?: unknown } | undefined;
  if (!data || !Array.isArray(data.errors)) return [];
  return data.errors.filter(
    (item): item is BatchItemError =>
      typeof item === 'object' &&
      item !== null &&
      Number.isInteger((item as BatchItemError).index) &&
      typeof (item as BatchItemError).title === 'string',
  );
}
