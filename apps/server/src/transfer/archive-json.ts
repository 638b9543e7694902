import type { z } from 'zod';
import { badRequest } from '../http/errors';
import type { ZipArchive } from '../lib/zip-reader';

/** A JSON entry larger than this is refused before it is read (a challenge with 10,000 flags is ~5 MiB). */
export const MAX_JSON_ENTRY_BYTES = 16 * 1024 * 1024;

/** `flags.static[0].value`: where in a JSON document a schema issue is. */
export function issuePath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text === '' ? String(part) : `.${String(part)}`;
  }
  return text === '' ? '(root)' : text;
}

/** The parsed JSON of an entry, or undefined when the archive has no such file. */
export async function readJsonEntry(archive: ZipArchive, name: string): Promise<unknown> {
  const entry = archive.file(name);
  if (!entry) return undefined;
  if (entry.size > MAX_JSON_ENTRY_BYTES) {
    throw badRequest('error.importEntryTooLarge', { entry: name, max: MAX_JSON_ENTRY_BYTES / 1024 / 1024 });
  }
  const text = (await archive.read(entry)).toString('utf8').replace(/^\uFEFF/, '');
  // An empty file is what some exporters write for an empty table.
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('error.importInvalidJson', { entry: name });
  }
}

/** Validates a parsed entry with a schema; the first issue becomes a 400 naming the entry and the field. */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown, entry: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw badRequest('error.importInvalidField', { entry, field: issuePath(result.error.issues[0]?.path ?? []) });
}
