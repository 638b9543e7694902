import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '../db/schema';
import { FakeClock } from '../lib/clock';
import * as crypto from '../lib/crypto';
import { MemoryEventBus } from '../lib/event-bus';
import { ServiceUnavailableError } from '../lib/unavailable';
import type { SessionRepository } from '../repositories/session.repository';
import type { UserRepository } from '../repositories/user.repository';
import { createSessionService, SESSIONS_CHANGED } from './session.service';
import { SessionCache } from './session-cache';

const client = { ip: '10.0.0.1', userAgent: 'test' };
const TRUST_MS = 15_000;

/** Sessions in a map keyed by token hash, as the database keeps them; counts the reads. */
function fakeStore(clock: FakeClock) {
  const rows = new Map<string, { userId: string; expiresAt: Date }>();
  const users = new Map<string, { id: string; user_name: string; role: UserRow['role'] }>();
  let reads = 0;
  let down = false;
  const sessions = {
    async insert(session: { tokenHash: string; userId: string; expiresAt: Date }) {
      rows.set(session.tokenHash, { userId: session.userId, expiresAt: session.expiresAt });
    },
    async findLive(tokenHash: string, now: Date) {
      reads++;
      if (down) throw new ServiceUnavailableError('database');
      const row = rows.get(tokenHash);
      const user = row && users.get(row.userId);
      if (!row || !user || row.expiresAt <= now) return undefined;
      return { expiresAt: row.expiresAt, user: { ...user, last_visited_at: clock.now() } as unknown as UserRow };
    },
    async extend(tokenHash: string, expiresAt: Date) {
      const row = rows.get(tokenHash);
      if (row) row.expiresAt = expiresAt;
    },
    async delete(tokenHash: string) {
      rows.delete(tokenHash);
    },
    async deleteForUser(userId: string, keep?: string) {
      for (const [hash, row] of rows) if (row.userId === userId && hash !== keep) rows.delete(hash);
    },
  } as unknown as SessionRepository;
  const userRepository = { async recordVisit() {} } as unknown as UserRepository;
  return {
    sessions,
    users: userRepository,
    addUser: (id: string, role: UserRow['role'] = 'User') => users.set(id, { id, user_name: id, role }),
    reads: () => reads,
    setDown: (value: boolean) => {
      down = value;
    },
  };
}

describe('session service', () => {
  let clock: FakeClock;
  let events: MemoryEventBus;
  let store: ReturnType<typeof fakeStore>;
  let service: ReturnType<typeof createSessionService>;

  beforeEach(() => {
    clock = new FakeClock();
    events = new MemoryEventBus();
    store = fakeStore(clock);
    store.addUser('alice');
    store.addUser('bob');
    service = createSessionService({ sessions: store.sessions, users: store.users, clock, events, trustMs: TRUST_MS });
  });
  afterEach(() => {
    service.close();
    vi.restoreAllMocks();
  });

  it('a cached session is resumed without hashing its token or reading the database', async () => {
    const { token } = await service.start('alice', client);
    const first = await service.resume(token, client);
    expect(first?.tokenHash).toBe(crypto.sha256Hex(token));
    const hashing = vi.spyOn(crypto, 'sha256Hex');
    const again = await service.resume(token, client);
    expect(again).toMatchObject({ userId: 'alice', tokenHash: crypto.sha256Hex(token) });
    hashing.mockClear();
    for (let i = 0; i < 3; i++) await service.resume(token, client);
    expect(hashing).not.toHaveBeenCalled();
    expect(store.reads()).toBe(1);
  });

  it('reads the session again once the trust time has passed', async () => {
    const { token } = await service.start('alice', client);
    await service.resume(token, client);
    clock.advance(TRUST_MS);
    expect(await service.resume(token, client)).toMatchObject({ userId: 'alice' });
    expect(store.reads()).toBe(2);
  });

  it('a sign-out, announced by the token hash, drops the cached session at once', async () => {
    const one = await service.start('alice', client);
    const other = await service.start('alice', client);
    await service.resume(one.token, client);
    await service.resume(other.token, client);
    await service.end(crypto.sha256Hex(one.token));
    expect(await service.resume(one.token, client)).toBeUndefined();
    expect(await service.resume(other.token, client)).toMatchObject({ userId: 'alice' });
  });

  it('a sign-out in another process (an event naming the hash only) drops the cached session', async () => {
    const { token } = await service.start('alice', client);
    await service.resume(token, client);
    // The database row is gone and the event arrives; nothing else tells this process.
    await store.sessions.delete(crypto.sha256Hex(token));
    await events.publish(SESSIONS_CHANGED, { tokenHash: crypto.sha256Hex(token) });
    expect(await service.resume(token, client)).toBeUndefined();
  });

  it('a change of the user (ban, role) drops all their cached sessions and no one else’s', async () => {
    const a1 = await service.start('alice', client);
    const a2 = await service.start('alice', client);
    const b = await service.start('bob', client);
    for (const s of [a1, a2, b]) await service.resume(s.token, client);
    const readsBefore = store.reads();
    await service.userChanged('alice');
    await service.resume(a1.token, client);
    await service.resume(a2.token, client);
    await service.resume(b.token, client);
    expect(store.reads() - readsBefore).toBe(2);
  });

  it('answers a held session at once while nothing is due, and leaves reading, renewing and visits to resume', async () => {
    const { token } = await service.start('alice', client);
    expect(service.resumeHeld(token)).toBeUndefined();
    const resumed = await service.resume(token, client);
    expect(service.resumeHeld(token)).toEqual(resumed);
    // A visit is recorded every 5 s of use: then resume must run once.
    clock.advance(5_000);
    expect(service.resumeHeld(token)).toBeUndefined();
    await service.resume(token, client);
    expect(service.resumeHeld(token)).toMatchObject({ userId: 'alice', tokenHash: crypto.sha256Hex(token) });
    // Past the trust time the session is read again.
    clock.advance(TRUST_MS);
    expect(service.resumeHeld(token)).toBeUndefined();
    await service.resume(token, client);
    // A day of use later it is renewed, and the cookie sent again.
    clock.advance(24 * 60 * 60 * 1000);
    expect(service.resumeHeld(token)).toBeUndefined();
    expect((await service.resume(token, client))?.renewedUntil).toBeInstanceOf(Date);
    expect(service.resumeHeld(token)).toMatchObject({ userId: 'alice' });
    expect(service.resumeHeld(token)?.renewedUntil).toBeUndefined();
    await service.end(crypto.sha256Hex(token));
    expect(service.resumeHeld(token)).toBeUndefined();
  });

  it('while the database is unreachable a known, unexpired session stays valid; an unknown one fails', async () => {
    const { token } = await service.start('alice', client);
    await service.resume(token, client);
    clock.advance(TRUST_MS);
    store.setDown(true);
    expect(await service.resume(token, client)).toMatchObject({ userId: 'alice', tokenHash: crypto.sha256Hex(token) });
    await expect(service.resume('unknown-token', client)).rejects.toThrow(ServiceUnavailableError);
  });
});

describe('session cache', () => {
  const entry = (userId: string, tokenHash: string) => ({
    userId,
    userName: userId,
    role: 'User' as const,
    tokenHash,
    expiresAt: 0,
    loadedAt: 0,
    visitedAt: 0,
  });

  it('finds entries by token, drops them by hash or user, and empties itself when full', () => {
    const cache = new SessionCache(3);
    cache.set('t1', entry('u1', 'h1'));
    cache.set('t2', entry('u1', 'h2'));
    cache.set('t3', entry('u2', 'h3'));
    cache.deleteByHash('h2');
    expect(cache.get('t2')).toBeUndefined();
    expect(cache.get('t1')?.tokenHash).toBe('h1');
    cache.deleteForUser('u1');
    expect(cache.size).toBe(1);
    cache.deleteByHash('h1');
    expect(cache.get('t3')?.userId).toBe('u2');
    cache.set('t1', entry('u1', 'h1'));
    cache.set('t3', entry('u2', 'h3'));
    cache.set('t4', entry('u3', 'h4'));
    cache.set('t5', entry('u3', 'h5'));
    expect(cache.size).toBe(1);
    // The index was emptied with the entries: an old hash finds nothing to drop.
    cache.deleteByHash('h1');
    expect(cache.get('t5')?.tokenHash).toBe('h5');
  });
});
