import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

const RELOAD_GUARD_KEY = 'page-module-reloaded';

/**
 * React.lazy for a page module. When the module cannot be fetched (usually a new deployment replaced the
 * hashed chunks), the page is reloaded once to pick up the new index.html; a second failure reaches the
 * error screen instead of looping.
 */
export function lazyPage<T extends ComponentType>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(async () => {
    try {
      const module = await load();
      sessionStorage.removeItem(RELOAD_GUARD_KEY);
      return module;
    } catch (error) {
      if (sessionStorage.getItem(RELOAD_GUARD_KEY) === null) {
        sessionStorage.setItem(RELOAD_GUARD_KEY, '1');
        window.location.reload();
        // Keep suspending until the reload happens.
        return new Promise<never>(() => {});
      }
      sessionStorage.removeItem(RELOAD_GUARD_KEY);
      throw error;
    }
  });
}
