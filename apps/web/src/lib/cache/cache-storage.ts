import { type PersistedEntry, parsePersisted } from './persistent-cache';

export const CACHE_DATABASE = 'flagpole-cache';
const CACHE_STORE = 'swr';
const CACHE_RECORD = 'cache-map';
/** Older builds kept the cache in localStorage; read once, moved to IndexedDB, and used when IndexedDB fails. */
export const LEGACY_CACHE_KEY = 'flagpole-cache';

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('IndexedDB is not available'));
      return;
    }
    const request = indexedDB.open(CACHE_DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(CACHE_STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('IndexedDB is blocked'));
  });
}

function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return openDatabase().then(
    (database) =>
      new Promise<T>((resolve, reject) => {
        const transaction = database.transaction(CACHE_STORE, mode);
        const request = action(transaction.objectStore(CACHE_STORE));
        transaction.oncomplete = () => {
          database.close();
          resolve(request.result);
        };
        transaction.onerror = () => {
          database.close();
          reject(transaction.error);
        };
      }),
  );
}

function readLegacy(): string | null {
  try {
    return localStorage.getItem(LEGACY_CACHE_KEY);
  } catch {
    return null;
  }
}

let indexedDbUsable = true;

export async function loadCache(): Promise<PersistedEntry[]> {
  const legacy = readLegacy();
  try {
    const stored = await run<unknown>('readonly', (store) => store.get(CACHE_RECORD));
    const entries = typeof stored === 'string' ? parsePersisted(stored) : [];
    if (legacy !== null) {
      // One-off migration: merge what the old cache had, then drop it.
      const known = new Set(entries.map(([key]) => key));
      const merged = [...entries, ...parsePersisted(legacy).filter(([key]) => !known.has(key))];
      await run('readwrite', (store) => store.put(JSON.stringify(merged), CACHE_RECORD));
      localStorage.removeItem(LEGACY_CACHE_KEY);
      return merged;
    }
    return entries;
  } catch {
    indexedDbUsable = false;
    return parsePersisted(legacy);
  }
}

/** Fire-and-forget: the write happens during page hide/unload too, when nothing can be awaited. */
export function saveCache(entries: PersistedEntry[]): void {
  const serialized = JSON.stringify(entries);
  const saveToLocalStorage = () => {
    try {
      localStorage.setItem(LEGACY_CACHE_KEY, serialized);
    } catch {
      // Quota exceeded or storage disabled: the cache is only an optimisation.
    }
  };
  if (!indexedDbUsable) {
    saveToLocalStorage();
    return;
  }
  run('readwrite', (store) => store.put(serialized, CACHE_RECORD)).catch(() => {
    indexedDbUsable = false;
    saveToLocalStorage();
  });
}

export async function clearStoredCache(): Promise<void> {
  try {
    localStorage.removeItem(LEGACY_CACHE_KEY);
  } catch {
    // Storage disabled.
  }
  await new Promise<void>((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve();
    const request = indexedDB.deleteDatabase(CACHE_DATABASE);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    // Another tab holds the database open; the deletion completes when it closes.
    request.onblocked = () => resolve();
  });
}
