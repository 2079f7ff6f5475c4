// Per-process caches of sessions and principals, so that a call does not pay for its sign-in
// check in SQL. They are trusted only while the process hears every change: the triggers of
// change-triggers.ts announce each one on SECURITY_CHANNEL and the caches drop what they hold.
// While the notification connection is down nothing is cached; an answer read from the database
// while a change went by is not kept (the generation moved on).
import { LruCache } from '../db/lru.ts';
import type { Notifications } from '../db/notifications.ts';
import type { TokenGrant } from './api-clients.ts';
import { SECURITY_CHANNEL, SECURITY_TABLES } from './change-triggers.ts';

export interface CachedSession {
  userId: number;
  username: string;
  expiresAt: number;
  slidAt: number;
}

export class SecurityCache<P> {
  private readonly sessions = new LruCache<string, CachedSession>(20_000);
  private readonly principals = new LruCache<number, P>(5_000);
  /** API tokens (api-clients.ts), apart from sessions: a token is never taken for a session or the reverse. */
  private readonly tokens = new LruCache<string, TokenGrant>(20_000);
  private sessionGeneration = 0;
  private principalGeneration = 0;
  private epoch = -1;

  constructor(private readonly notifications: Notifications) {
    notifications.on(SECURITY_CHANNEL, (payload) => {
      if (payload === 'sessions') this.dropSessions();
      else this.dropPrincipals();
    });
    notifications.reconnected(() => {
      this.dropSessions();
      this.dropPrincipals();
    });
  }

  /** Caches may be used: every change since they were filled has been heard. */
  private get trusted(): boolean {
    if (!this.notifications.connected) return false;
    if (this.epoch !== this.notifications.epoch) {
      // A lost and regained connection: what was cached before may have missed a change.
      this.dropSessions();
      this.dropPrincipals();
      this.epoch = this.notifications.epoch;
    }
    return true;
  }

  private dropSessions(): void {
    this.sessions.clear();
    this.tokens.clear();
    this.sessionGeneration++;
  }
  private dropPrincipals(): void {
    this.principals.clear();
    this.principalGeneration++;
  }

  session(id: string): CachedSession | undefined {
    return this.trusted ? this.sessions.get(id) : undefined;
  }

  /** Reads a session with `read` and keeps it, unless a change went by while it was read. */
  async readSession(id: string, read: () => Promise<CachedSession | null>): Promise<CachedSession | null> {
    const generation = this.sessionGeneration;
    const found = await read();
    if (found && this.trusted && generation === this.sessionGeneration) this.sessions.set(id, found);
    else this.sessions.delete(id);
    return found;
  }

  token(id: string): TokenGrant | undefined {
    return this.trusted ? this.tokens.get(id) : undefined;
  }

  /** Reads a token's grant with `read` and keeps it, unless a change went by while it was read. */
  async readToken(id: string, read: () => Promise<TokenGrant | null>): Promise<TokenGrant | null> {
    const generation = this.sessionGeneration;
    const found = await read();
    if (found && this.trusted && generation === this.sessionGeneration) this.tokens.set(id, found);
    else this.tokens.delete(id);
    return found;
  }

  forgetSession(id: string): void {
    this.sessions.delete(id);
  }

  /**
   * This process committed a write to `table`: what it changed holds here at once (the
   * notification reaches the other processes, and this one, a moment later).
   */
  written(table: string): void {
    if (!SECURITY_TABLES.has(table)) return;
    this.dropSessions();
    this.dropPrincipals();
  }

  async principal(userId: number, read: () => Promise<P | undefined>): Promise<P | undefined> {
    if (this.trusted) {
      const cached = this.principals.get(userId);
      if (cached) return cached;
    }
    const generation = this.principalGeneration;
    const found = await read();
    if (found && this.trusted && generation === this.principalGeneration) this.principals.set(userId, found);
    return found;
  }
}
