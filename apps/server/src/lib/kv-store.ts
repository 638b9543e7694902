import type { Redis } from 'ioredis';
import { isServiceUnavailable, ServiceUnavailableError } from './unavailable';

/**
 * Short-lived shared state: captcha challenges, rate-limit counters.
 * In memory for one process; Redis when several processes serve the platform.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Removes the key; true when it existed (so a value can be consumed exactly once). */
  take(key: string): Promise<boolean>;
  /** Adds one to a counter that expires ttlMs after its first increment; returns the new count and the time left. */
  increment(key: string, ttlMs: number): Promise<{ count: number; ttlMs: number }>;
  /** `increment` answered at once, by a store in this process's memory; absent for a shared store. */
  incrementNow?(key: string, ttlMs: number): { count: number; ttlMs: number };
  /** Resolves when the shared store answers (readiness); absent for the in-process store. */
  ping?(): Promise<void>;
  /** Makes an existing key expire ttlMs from now; false when it is gone (expired or taken). */
  renew(key: string, ttlMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export class MemoryStore implements KeyValueStore {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  private live(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep() {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  async get(key: string) {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, ttlMs: number) {
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
  }

  async take(key: string) {
    const existed = this.live(key) !== undefined;
    this.entries.delete(key);
    return existed;
  }

  async increment(key: string, ttlMs: number) {
    return this.incrementNow(key, ttlMs);
  }

  incrementNow(key: string, ttlMs: number) {
    const entry = this.live(key);
    if (!entry) {
      this.entries.set(key, { value: '1', expiresAt: this.now() + ttlMs });
      return { count: 1, ttlMs };
    }
    entry.value = String(Number(entry.value) + 1);
    return { count: Number(entry.value), ttlMs: entry.expiresAt - this.now() };
  }

  async renew(key: string, ttlMs: number) {
    const entry = this.live(key);
    if (entry) entry.expiresAt = this.now() + ttlMs;
    return entry !== undefined;
  }

  async close() {
    clearInterval(this.sweeper);
  }
}

/**
 * Keys in Redis under a prefix. A command that times out (a stalled connection) makes the next ones fail at
 * once for `pauseMs`, so a stall costs one timeout per pause instead of one per request; failures reject
 * with errors that `isServiceUnavailable` recognises.
 */
export class RedisStore implements KeyValueStore {
  private pausedUntil = 0;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'flagpole:',
    private readonly pauseMs = 1_000,
  ) {}

  private async run<T>(command: () => Promise<T>): Promise<T> {
    if (performance.now() < this.pausedUntil) throw new ServiceUnavailableError('redis');
    try {
      return await command();
    } catch (error) {
      if (!isServiceUnavailable(error)) throw error;
      this.pausedUntil = performance.now() + this.pauseMs;
      throw new ServiceUnavailableError('redis', { cause: error });
    }
  }

  async get(key: string) {
    return this.run(() => this.redis.get(this.prefix + key));
  }

  async set(key: string, value: string, ttlMs: number) {
    await this.run(() => this.redis.set(this.prefix + key, value, 'PX', ttlMs));
  }

  async take(key: string) {
    return (await this.run(() => this.redis.del(this.prefix + key))) > 0;
  }

  async increment(key: string, ttlMs: number) {
    const full = this.prefix + key;
    const results = await this.run(() => this.redis.multi().incr(full).pexpire(full, ttlMs, 'NX').pttl(full).exec());
    const count = Number(results?.[0]?.[1] ?? 1);
    const remaining = Number(results?.[2]?.[1] ?? ttlMs);
    return { count, ttlMs: remaining > 0 ? remaining : ttlMs };
  }

  async ping() {
    await this.redis.ping();
  }

  async renew(key: string, ttlMs: number) {
    return (await this.run(() => this.redis.pexpire(this.prefix + key, ttlMs))) === 1;
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
