export const PERSIST_DELAY_MS = 3_000;

export interface PersistScheduler {
  /** Something changed: write within `delayMs` (one write for a burst of changes). */
  markDirty(): void;
  /** Write now if anything changed since the last write. */
  flush(): void;
  /** Forget pending changes (the stored copy is about to be deleted). */
  cancel(): void;
  readonly dirty: boolean;
}

export function createPersistScheduler(persist: () => void, delayMs = PERSIST_DELAY_MS): PersistScheduler {
  let dirty = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!dirty) return;
    dirty = false;
    persist();
  };

  return {
    markDirty() {
      dirty = true;
      if (timer === undefined) timer = setTimeout(flush, delayMs);
    },
    flush,
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      dirty = false;
    },
    get dirty() {
      return dirty;
    },
  };
}
