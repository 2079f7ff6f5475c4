// Session user logs (spec 3 §2, admin task `sessionuserlogs`): the sessions open now, who holds
// them, from where and since when, and force logout. A session is named by its row's id, the
// SHA-256 of its cookie value, which no one can turn back into the cookie. Ending one deletes its
// row: the trigger of change-triggers.ts tells every process, whose caches drop it at once.
import type { Queryable } from '../db/pool.ts';

/** The most sessions one answer lists (the newest first). */
export const MAX_SESSIONS_LISTED = 1000;
/** The most sessions one force logout ends. */
export const MAX_SESSIONS_ENDED = 100;

export interface SessionLog {
  Id: string;
  UserID: number;
  Username: string;
  Created: string;
  LastSeen: string;
  Expires: string;
  Ip: string | null;
  UserAgent: string | null;
}

/** The open sessions, the most recently active first; `username` narrows to names containing it. */
export async function openSessions(db: Queryable, username?: string | null): Promise<SessionLog[]> {
  const { rows } = await db.query<SessionLog>(
    `SELECT id AS "Id", user_id::int AS "UserID", username AS "Username",
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "Created",
            to_char(last_seen_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "LastSeen",
            to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "Expires",
            ip AS "Ip", user_agent AS "UserAgent"
       FROM core_session
      WHERE expires_at > now() AND ($1::text IS NULL OR strpos(lower(username), lower($1)) > 0)
      ORDER BY last_seen_at DESC, id LIMIT ${MAX_SESSIONS_LISTED}`,
    [username || null],
  );
  return rows;
}

/** Ends the sessions of these ids; answers how many ended and whose they were. */
export async function endSessions(db: Queryable, ids: readonly string[]): Promise<{ ended: number; users: number[] }> {
  const { rows } = await db.query<{ user_id: number }>(
    'DELETE FROM core_session WHERE id = ANY($1::text[]) RETURNING user_id::int AS user_id',
    [ids],
  );
  return { ended: rows.length, users: [...new Set(rows.map((r) => r.user_id))] };
}
