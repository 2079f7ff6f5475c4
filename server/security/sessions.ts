// Sessions in PostgreSQL (shared by every server process). The cookie holds a random token; the
// table holds its SHA-256. Every successful call slides the expiry.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/pool.ts';

export const SESSION_COOKIE = 'session';
export const LIFETIME_COOKIE = 'SessionLifetime';

/** How often, at most, a session's expiry moves forward. */
export const SLIDE_SECONDS = 15;

const idOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Queryable, user: { autoid: number; username: string }, minutes: number, client: { ip?: string; userAgent?: string }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO core_session (id, user_id, username, created_at, expires_at, last_seen_at, ip, user_agent)
     VALUES ($1, $2, $3, now(), now() + make_interval(mins => $4), now(), $5, $6)`,
    [idOf(token), user.autoid, user.username, minutes, client.ip ?? null, client.userAgent?.slice(0, 300) ?? null]);
  return token;
}

/** The session's user when the token is valid and the user may still sign in; slides the expiry. */
export async function resolveSession(db: Queryable, token: string | undefined, minutes: number): Promise<{ userId: number; username: string } | null> {
  if (!token || token.length > 100) return null;
  // The expiry slides at most once every SLIDE_SECONDS: a read-only call then writes (and waits
  // for a disk flush) only a few times a minute instead of every time.
  const row = (await db.query<{ user_id: number; username: string }>(
    `WITH valid AS (
       SELECT s.id, s.user_id, s.username, s.last_seen_at FROM core_session s JOIN users u ON u.autoid = s.user_id
        WHERE s.id = $1 AND s.expires_at > now() AND coalesce(u.activated, false) AND NOT coalesce(u.lockedout, false)
     ), slid AS (
       UPDATE core_session s SET last_seen_at = now(), expires_at = now() + make_interval(mins => $2)
         FROM valid v WHERE s.id = v.id AND v.last_seen_at < now() - make_interval(secs => ${SLIDE_SECONDS})
     )
     SELECT user_id, username FROM valid`, [idOf(token), minutes])).rows[0];
  return row ? { userId: row.user_id, username: row.username } : null;
}

export async function endSession(db: Queryable, token: string | undefined): Promise<void> {
  if (token) await db.query('DELETE FROM core_session WHERE id = $1', [idOf(token)]);
}

export async function endUserSessions(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM core_session WHERE user_id = $1', [userId]);
}
