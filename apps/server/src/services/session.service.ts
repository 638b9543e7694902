import type { UserRow } from '../db/schema';
import type { Clock } from '../lib/clock';
import { randomToken, sha256Hex } from '../lib/crypto';
import type { SessionRepository } from '../repositories/session.repository';
import type { UserRepository } from '../repositories/user.repository';

export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** A session is extended (and its cookie re-sent) once a day of use, not on every request. */
const SESSION_RENEW_AFTER_MS = 24 * 60 * 60 * 1000;
/** Last visit and address are written at most this often per user. */
const VISIT_RECORD_INTERVAL_MS = 5_000;

export interface SessionClient {
  ip: string;
  userAgent: string | undefined;
}

export interface LiveSession {
  user: UserRow;
  tokenHash: string;
  /** Set when the expiry moved forward and the cookie must be sent again. */
  renewedUntil?: Date;
}

/** Opaque server-side sessions: the cookie holds a random token, the database only its SHA-256. */
export function createSessionService(deps: { sessions: SessionRepository; users: UserRepository; clock: Clock }) {
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
      });
      return { token, expiresAt };
    },

    /** The session's user, loaded fresh; slides the expiry and records the visit. */
    async resume(token: string, client: SessionClient): Promise<LiveSession | undefined> {
      const tokenHash = sha256Hex(token);
      const now = deps.clock.now();
      const found = await deps.sessions.findLive(tokenHash, now);
      if (!found) return undefined;
      const session: LiveSession = { user: found.user, tokenHash };
      if (found.expiresAt.getTime() - now.getTime() < SESSION_LIFETIME_MS - SESSION_RENEW_AFTER_MS) {
        session.renewedUntil = new Date(now.getTime() + SESSION_LIFETIME_MS);
        await deps.sessions.extend(tokenHash, session.renewedUntil);
      }
      const lastVisit = found.user.last_visited_at?.getTime() ?? 0;
      if (now.getTime() - lastVisit >= VISIT_RECORD_INTERVAL_MS) {
        await deps.users.recordVisit(found.user.id, now, client.ip, new Date(now.getTime() - VISIT_RECORD_INTERVAL_MS));
      }
      return session;
    },

    async end(tokenHash: string): Promise<void> {
      await deps.sessions.delete(tokenHash);
    },

    /** Ends the user's sessions, keeping the one given (the caller's own). */
    async endAllFor(userId: string, keepTokenHash?: string): Promise<void> {
      await deps.sessions.deleteForUser(userId, keepTokenHash);
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
