import type { Role } from '@flagpole/contract';
import type { Clock } from '../lib/clock';
import { randomToken, sha256Hex } from '../lib/crypto';
import { BUS_RESYNC, type EventBus } from '../lib/event-bus';
import { isServiceUnavailable } from '../lib/unavailable';
import type { SessionRepository } from '../repositories/session.repository';
import type { UserRepository } from '../repositories/user.repository';
import { type CachedSession, SessionCache } from './session-cache';

export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** A session is extended (and its cookie re-sent) once a day of use, not on every request. */
const SESSION_RENEW_AFTER_MS = 24 * 60 * 60 * 1000;
/** Last visit and address are written at most this often per user. */
const VISIT_RECORD_INTERVAL_MS = 5_000;
const IDENTITY_CACHE_LIMIT = 50_000;
/** Event-bus channel: `{ userId }` or `{ tokenHash }` whose cached sessions every process forgets. */
export const SESSIONS_CHANGED = 'sessions:changed';

export interface SessionClient {
  ip: string;
  userAgent: string | undefined;
  acceptLanguage?: string | undefined;
}

export interface LiveSession {
  userId: string;
  userName: string;
  role: Role;
  tokenHash: string;
  /** Set when the expiry moved forward and the cookie must be sent again. */
  renewedUntil?: Date;
}

/**
 * Opaque server-side sessions: the cookie holds a random token, the database only its SHA-256. Resolved
 * sessions are cached per process by token (`SessionCache`), so a request costs no query and no hash; every
 * change that must apply at once (sign-out, sign-out everywhere, ban, role or name change) is announced on the
 * event bus.
 */
export function createSessionService(deps: {
  sessions: SessionRepository;
  users: UserRepository;
  clock: Clock;
  events: EventBus;
  /**
   * How long a resolved session is trusted without reading it again (0: never). Sign-outs, bans and role
   * changes drop cached entries at once in every process; this bounds only changes made by hand.
   */
  trustMs: number;
}) {
  const cache = new SessionCache(IDENTITY_CACHE_LIMIT);

  function forget(change: { userId?: unknown; tokenHash?: unknown }): void {
    if (typeof change.tokenHash === 'string') cache.deleteByHash(change.tokenHash);
    if (typeof change.userId === 'string') cache.deleteForUser(change.userId);
  }
  const unsubscribers = [
    deps.events.subscribe(SESSIONS_CHANGED, (payload) => {
      if (typeof payload === 'object' && payload !== null) forget(payload);
    }),
    // Sign-outs may have been missed: every session is read again.
    deps.events.subscribe(BUS_RESYNC, () => cache.clear()),
  ];

  async function load(token: string, now: Date): Promise<CachedSession | undefined> {
    const tokenHash = sha256Hex(token);
    const found = await deps.sessions.findLive(tokenHash, now);
    if (!found) return undefined;
    const entry: CachedSession = {
      userId: found.user.id,
      userName: found.user.user_name,
      role: found.user.role,
      tokenHash,
      expiresAt: found.expiresAt.getTime(),
      loadedAt: now.getTime(),
      visitedAt: found.user.last_visited_at?.getTime() ?? 0,
    };
    cache.set(token, entry);
    return entry;
  }

  /** A held session is used without reading it again for `trustMs`, and never past its expiry. */
  const trusted = (entry: CachedSession, nowMs: number) =>
    nowMs - entry.loadedAt < deps.trustMs && entry.expiresAt > nowMs;
  /** Extended once a day of use. */
  const renewalDue = (entry: CachedSession, nowMs: number) =>
    entry.expiresAt - nowMs < SESSION_LIFETIME_MS - SESSION_RENEW_AFTER_MS;

  return {
    async start(userId: string, client: SessionClient): Promise<{ token: string; expiresAt: Date }> {
      const token = randomToken(32);
      const expiresAt = new Date(deps.clock.now().getTime() + SESSION_LIFETIME_MS);
      await deps.sessions.insert({
        tokenHash: sha256Hex(token),
        userId,
        expiresAt,
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 512) ?? null,
        language: client.acceptLanguage?.slice(0, 128) ?? null,
      });
      return { token, expiresAt };
    },

    /**
     * The session's user when this process holds the session and nothing is due (no reading it again, no renewal,
     * no visit to record), so the answer needs no waiting: what `resume` would answer then. Undefined otherwise:
     * ask `resume`.
     */
    resumeHeld(token: string): LiveSession | undefined {
      const nowMs = deps.clock.now().getTime();
      const entry = cache.get(token);
      if (
        !entry ||
        !trusted(entry, nowMs) ||
        renewalDue(entry, nowMs) ||
        nowMs - entry.visitedAt >= VISIT_RECORD_INTERVAL_MS
      ) {
        return undefined;
      }
      return { userId: entry.userId, userName: entry.userName, role: entry.role, tokenHash: entry.tokenHash };
    },

    /** The session's user; slides the expiry and records the visit. */
    async resume(token: string, client: SessionClient): Promise<LiveSession | undefined> {
      const now = deps.clock.now();
      const nowMs = now.getTime();
      const cached = cache.get(token);
      let entry = cached;
      if (!entry || !trusted(entry, nowMs)) {
        try {
          entry = await load(token, now);
        } catch (error) {
          // The database is unreachable: a session this process knows and that has not expired stays
          // valid (sign-outs and bans still arrive as events), so pages served from memory keep working.
          if (!cached || cached.expiresAt <= nowMs || !isServiceUnavailable(error)) throw error;
          entry = cached;
        }
        if (!entry) {
          cache.delete(token);
          return undefined;
        }
      }
      const { tokenHash } = entry;
      const session: LiveSession = { userId: entry.userId, userName: entry.userName, role: entry.role, tokenHash };
      try {
        if (renewalDue(entry, nowMs)) {
          const renewedUntil = new Date(nowMs + SESSION_LIFETIME_MS);
          await deps.sessions.extend(tokenHash, renewedUntil);
          session.renewedUntil = renewedUntil;
          entry.expiresAt = renewedUntil.getTime();
        }
        if (nowMs - entry.visitedAt >= VISIT_RECORD_INTERVAL_MS) {
          await deps.users.recordVisit(entry.userId, now, client.ip, new Date(nowMs - VISIT_RECORD_INTERVAL_MS));
          entry.visitedAt = nowMs;
        }
      } catch (error) {
        // Extending the session and recording the visit can wait for the database to come back.
        if (!isServiceUnavailable(error)) throw error;
      }
      return session;
    },

    async end(tokenHash: string): Promise<void> {
      await deps.sessions.delete(tokenHash);
      await deps.events.publish(SESSIONS_CHANGED, { tokenHash });
    },

    /** Ends the user's sessions, keeping the one given (the caller's own). */
    async endAllFor(userId: string, keepTokenHash?: string): Promise<void> {
      await deps.sessions.deleteForUser(userId, keepTokenHash);
      await deps.events.publish(SESSIONS_CHANGED, { userId });
    },

    /** Call after a user's role, name or ban changes, so that every process reads the user again. */
    async userChanged(userId: string): Promise<void> {
      await deps.events.publish(SESSIONS_CHANGED, { userId });
    },

    close(): void {
      for (const unsubscribe of unsubscribers) unsubscribe();
      cache.clear();
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
