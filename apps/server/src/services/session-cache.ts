import type { Role } from '@flagpole/contract';

export interface CachedSession {
  userId: string;
  userName: string;
  role: Role;
  /** SHA-256 of the token: what the database stores, what events and identities name the session by. */
  tokenHash: string;
  expiresAt: number;
  loadedAt: number;
  /** When this process last recorded the user's visit (or saw it recorded). */
  visitedAt: number;
}

/**
 * The sessions this process resolved, keyed by the cookie's token itself so that a request whose session is
 * cached hashes nothing (SHA-256 per request was ~3 % of the server's CPU on flag submissions). Sign-outs are
 * announced by the token's hash, never the token, so an index from hash to token finds the entry to drop.
 * The tokens stay in this process's memory, as they are while a request is read; they are never logged.
 */
export class SessionCache {
  private readonly byToken = new Map<string, CachedSession>();
  private readonly tokenOfHash = new Map<string, string>();

  constructor(private readonly limit: number) {}

  get size(): number {
    return this.byToken.size;
  }

  get(token: string): CachedSession | undefined {
    return this.byToken.get(token);
  }

  /** Keeps `entry` for `token`; a full cache is emptied first (entries are read again from the database). */
  set(token: string, entry: CachedSession): void {
    if (this.byToken.size >= this.limit && !this.byToken.has(token)) this.clear();
    this.byToken.set(token, entry);
    this.tokenOfHash.set(entry.tokenHash, token);
  }

  delete(token: string): void {
    const entry = this.byToken.get(token);
    if (!entry) return;
    this.byToken.delete(token);
    this.tokenOfHash.delete(entry.tokenHash);
  }

  /** Drops the session whose token has this SHA-256 (a sign-out, possibly in another process). */
  deleteByHash(tokenHash: string): void {
    const token = this.tokenOfHash.get(tokenHash);
    if (token !== undefined) this.delete(token);
  }

  /** Drops every session of the user (a ban, a role or name change, a sign-out everywhere). */
  deleteForUser(userId: string): void {
    for (const [token, entry] of this.byToken) if (entry.userId === userId) this.delete(token);
  }

  clear(): void {
    this.byToken.clear();
    this.tokenOfHash.clear();
  }
}
