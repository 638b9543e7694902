import { clearStoredCache, loadCache, saveCache } from './cache-storage';
import { createPersistScheduler } from './persist-scheduler';
import { PersistentCache } from './persistent-cache';

const scheduler = createPersistScheduler(() => saveCache(swrCache.snapshot()));

/** The one SWR cache of the app, persisted to IndexedDB. */
export const swrCache = new PersistentCache(() => scheduler.markDirty());

let listening = false;

/** Loads the stored cache (entries already fetched win) and writes pending changes when the page goes away. */
export async function startCachePersistence(): Promise<void> {
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') scheduler.flush();
    });
    window.addEventListener('beforeunload', () => scheduler.flush());
  }
  const stored = await loadCache();
  swrCache.hydrate(stored);
}

/** Empties memory and storage, then reloads the page so everything is fetched afresh. */
export async function clearCacheAndReload(): Promise<void> {
  swrCache.clear();
  // A pending write would re-create what is about to be deleted.
  scheduler.cancel();
  await clearStoredCache();
  window.location.reload();
}
