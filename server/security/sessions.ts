// Sessions in PostgreSQL (shared by every server process). The cookie holds a random token; the
// table holds its SHA-256. Every successful call slides the expiry.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/pool.ts';
import type { CachedSession, SecurityCache } from './cache.ts';

export const SESSION_COOKIE = 'session';
export const LIFETIME_COOKIE = 'SessionLifetime';

/** How often, at most, a session's expiry moves forward. */
export const SLIDE_SECONDS = 15;

const idOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Queryable,
  user: { autoid: number; username: string },
  minutes: number,
  client: { ip?: string; userAgent?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO core_session (id, user_id, username, created_at, expires_at, last_seen_at, ip, user_agent)
     VALUES ($1, $2, $3, now(), now() + make_interval(mins => $4), now(), $5, $6)`,
    [idOf(token), user.autoid, user.username, minutes, client.ip ?? null, client.userAgent?.slice(0, 300) ?? null],
  );
  return token;
}

/**
 * The session's user when the token is valid; slides the expiry. A session this process has seen
 * is answered from the cache (revocations reach it by NOTIFY) and touches the database only to
 * slide, at most once every SLIDE_SECONDS.
 */
export async function resolveSession(
  db: Queryable,
  token: string | undefined,
  minutes: number,
  cache?: SecurityCache<unknown>,
): Promise<{ userId: number; username: string } | null> {
  if (!token || token.length > 100) return null;
  const id = idOf(token);
  const now = Date.now();
  const known = cache?.session(id);
  if (known && known.expiresAt > now) {
    if (now - known.slidAt < SLIDE_SECONDS * 1000) return known;
    return cache!.readSession(id, () => slide(db, id, minutes));
  }
  const read = () => lookUp(db, id, minutes);
  return cache ? cache.readSession(id, read) : read();
}

/** A valid session of an active user, its expiry slid when it is due. */
async function lookUp(db: Queryable, id: string, minutes: number): Promise<CachedSession | null> {
  // The expiry slides at most once every SLIDE_SECONDS: a read-only call then writes (and waits
  // for a disk flush) only a few times a minute instead of every time.
  const row = (
    await db.query<{ user_id: number; username: string; expires_ms: number; slid_ms: number }>({
      name: 'session-look-up',
      text: `WITH valid AS (
       SELECT s.id, s.user_id, s.username, s.last_seen_at, s.expires_at, s.last_seen_at < now() - make_interval(secs => ${SLIDE_SECONDS}) AS due
         FROM core_session s JOIN users u ON u.autoid = s.user_id
        WHERE s.id = $1 AND s.expires_at > now() AND coalesce(u.activated, false) AND NOT coalesce(u.lockedout, false)
     ), slid AS (
       UPDATE core_session s SET last_seen_at = now(), expires_at = now() + make_interval(mins => $2)
         FROM valid v WHERE s.id = v.id AND v.due
     )
     SELECT user_id, username,
       extract(epoch FROM CASE WHEN due THEN now() + make_interval(mins => $2) ELSE expires_at END) * 1000 AS expires_ms,
       extract(epoch FROM CASE WHEN due THEN now() ELSE last_seen_at END) * 1000 AS slid_ms
     FROM valid`,
      values: [id, minutes],
    })
  ).rows[0];
  return row
    ? { userId: row.user_id, username: row.username, expiresAt: Number(row.expires_ms), slidAt: Number(row.slid_ms) }
    : null;
}

async function slide(db: Queryable, id: string, minutes: number): Promise<CachedSession | null> {
  const row = (
    await db.query<{ user_id: number; username: string; expires_ms: number }>({
      name: 'session-slide',
      text: `UPDATE core_session SET last_seen_at = now(), expires_at = now() + make_interval(mins => $2)
      WHERE id = $1 AND expires_at > now() RETURNING user_id, username, extract(epoch FROM expires_at) * 1000 AS expires_ms`,
      values: [id, minutes],
    })
  ).rows[0];
  return row
    ? { userId: row.user_id, username: row.username, expiresAt: Number(row.expires_ms), slidAt: Date.now() }
    : null;
}

export async function endSession(
  db: Queryable,
  token: string | undefined,
  cache?: SecurityCache<unknown>,
): Promise<void> {
  if (!token) return;
  await db.query('DELETE FROM core_session WHERE id = $1', [idOf(token)]);
  cache?.forgetSession(idOf(token));
}

/** Ends every session of the user; answers how many there were. */
export async function endUserSessions(db: Queryable, userId: number): Promise<number> {
  return (await db.query('DELETE FROM core_session WHERE user_id = $1', [userId])).rowCount ?? 0;
}

/** Whether the session of this token still exists (a stream asks when it hears one ended). */
export async function sessionAlive(db: Queryable, token: string | undefined): Promise<boolean> {
  if (!token || token.length > 100) return false;
  return (
    ((await db.query('SELECT 1 FROM core_session WHERE id = $1 AND expires_at > now()', [idOf(token)])).rowCount ?? 0) >
    0
  );
}
