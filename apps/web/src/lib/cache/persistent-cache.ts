import type { Cache, State } from 'swr';

/** What survives a reload: only settled data, never errors or loading flags. */
export type PersistedEntry = [key: string, data: unknown];

/**
 * SWR cache kept in memory and reported to `onChange` on every change, so that it can be
 * written to storage later. Entries loaded from storage never overwrite fresher ones.
 */
export class PersistentCache implements Cache {
  private readonly entries = new Map<string, State>();

  constructor(private readonly onChange: () => void) {}

  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  get(key: string): State | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: State): void {
    this.entries.set(key, value);
    this.onChange();
  }

  delete(key: string): void {
    if (this.entries.delete(key)) this.onChange();
  }

  clear(): void {
    this.entries.clear();
    this.onChange();
  }

  /** Adds stored entries the app has not fetched yet; returns how many were added. */
  hydrate(stored: readonly PersistedEntry[]): number {
    let added = 0;
    for (const [key, data] of stored) {
      if (this.entries.has(key) || data === undefined) continue;
      this.entries.set(key, { data });
      added++;
    }
    return added;
  }

  snapshot(): PersistedEntry[] {
    const result: PersistedEntry[] = [];
    for (const [key, state] of this.entries) {
      // SWR's internal keys (mutation/infinite bookkeeping) start with '$' and are not worth keeping.
      if (key.startsWith('$') || state.data === undefined) continue;
      result.push([key, state.data]);
    }
    return result;
  }
}

export function parsePersisted(raw: string | null | undefined): PersistedEntry[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is PersistedEntry => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string',
    );
  } catch {
    return [];
  }
}
