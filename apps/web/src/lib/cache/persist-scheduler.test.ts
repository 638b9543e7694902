import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPersistScheduler, PERSIST_DELAY_MS } from './persist-scheduler';

describe('createPersistScheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes once, 3 s after the first change of a burst', () => {
    const persist = vi.fn();
    const scheduler = createPersistScheduler(persist);
    scheduler.markDirty();
    vi.advanceTimersByTime(1000);
    scheduler.markDirty();
    scheduler.markDirty();
    expect(PERSIST_DELAY_MS).toBe(3000);
    vi.advanceTimersByTime(1999);
    expect(persist).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(persist).toHaveBeenCalledTimes(1);
    expect(scheduler.dirty).toBe(false);
  });

  it('does nothing when nothing changed', () => {
    const persist = vi.fn();
    const scheduler = createPersistScheduler(persist);
    scheduler.flush();
    vi.advanceTimersByTime(10_000);
    expect(persist).not.toHaveBeenCalled();
  });

  it('flushes at once (page hidden or unloading) and does not write again when the timer fires', () => {
    const persist = vi.fn();
    const scheduler = createPersistScheduler(persist);
    scheduler.markDirty();
    scheduler.flush();
    expect(persist).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('schedules a new write for changes after a write', () => {
    const persist = vi.fn();
    const scheduler = createPersistScheduler(persist);
    scheduler.markDirty();
    vi.advanceTimersByTime(3000);
    scheduler.markDirty();
    vi.advanceTimersByTime(3000);
    expect(persist).toHaveBeenCalledTimes(2);
  });

  it('forgets pending changes on cancel', () => {
    const persist = vi.fn();
    const scheduler = createPersistScheduler(persist);
    scheduler.markDirty();
    scheduler.cancel();
    vi.advanceTimersByTime(5000);
    scheduler.flush();
    expect(persist).not.toHaveBeenCalled();
  });
});
