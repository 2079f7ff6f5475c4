// The links of an account's life: activation and password recovery. A link carries a random
// token; core_account_link holds only its SHA-256, so neither the table nor a log can give a
// working link. A link is used once (taking it is one statement, so two uses at once cannot both
// succeed) and only before it expires; a new link of the same kind replaces the user's older ones.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/pool.ts';

export type LinkPurpose = 'activation' | 'recovery';

/** The longest token a caller may send (a token is 43 characters). */
export const MAX_TOKEN_LENGTH = 100;

const idOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link for the user (their older unused links of the kind end); answers its token. */
export async function issueLink(db: Queryable, userId: number, purpose: LinkPurpose, minutes: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query('DELETE FROM core_account_link WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [
    userId,
    purpose,
  ]);
  // Links used or expired a day ago are of no more use to anyone.
  await db.query(`DELETE FROM core_account_link WHERE expires_at < now() - interval '1 day'`);
  await db.query(
    `INSERT INTO core_account_link (id, user_id, purpose, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
    [idOf(token), userId, purpose, minutes],
  );
  return token;
}

/**
 * Takes the link: answers its user when the token is a link of this kind, unused and not expired,
 * and marks it used (within the caller's transaction: a rollback gives it back); null otherwise.
 */
export async function takeLink(db: Queryable, token: string, purpose: LinkPurpose): Promise<number | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const row = (
    await db.query<{ user_id: string }>(
      `UPDATE core_account_link SET used_at = now()
        WHERE id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
      [idOf(token), purpose],
    )
  ).rows[0];
  return row ? Number(row.user_id) : null;
}

/** Whether the token is a usable link of this kind (the page asks before it shows the form). */
export async function linkUsable(db: Queryable, token: string, purpose: LinkPurpose): Promise<boolean> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return false;
  return (
    ((
      await db.query(
        'SELECT 1 FROM core_account_link WHERE id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()',
        [idOf(token), purpose],
      )
    ).rowCount ?? 0) > 0
  );
}
