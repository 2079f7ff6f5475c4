// Signing in: the password check and the sign-in lock (spec 3 security settings: after the
// configured failures a name locks for the configured minutes).
//
// Every attempt first takes a numbered place in the name's failure count, in one statement, and
// only the first `attempts` places are checked at all: however many guesses arrive at once, no
// more than that many are tried before the lock. Names that are no user count and lock the same
// way (in core_login_failure), and every attempt costs one argon2 verification, so neither the
// answer nor its timing tells whether a user name exists.
import type { Queryable } from '../db/pool.ts';
import { findUser, type SecuritySettings, type UserRow } from './identity.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export type LoginOutcome = { kind: 'signed-in'; user: UserRow } | { kind: 'failed' } | { kind: 'locked' };

/** A hash of nothing anyone types, verified when there is no real one, for equal timing. */
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword(`no user ${Math.random()}`));

/** The failure count of one name: a user's own columns, or core_login_failure for other names. */
interface FailureCount {
  /** Takes the next place; answers it, or null while the name is locked. */
  reserve(): Promise<number | null>;
  lock(minutes: number): Promise<void>;
  /** Clears the count after a good password; false when a lock came first. */
  clear(): Promise<boolean>;
}

function userCount(db: Queryable, user: UserRow): FailureCount {
  const locked = 'coalesce(lockeduntil > localtimestamp, false)';
  return {
    async reserve() {
      const row = (await db.query<{ n: number; locked: boolean }>(
        `UPDATE users SET failedlogins = CASE WHEN ${locked} THEN failedlogins ELSE coalesce(failedlogins, 0) + 1 END
         WHERE autoid = $1 RETURNING failedlogins AS n, ${locked} AS locked`, [user.autoid])).rows[0];
      return !row || row.locked ? null : row.n;
    },
    async lock(minutes) {
      await db.query('UPDATE users SET failedlogins = 0, lockeduntil = localtimestamp + make_interval(mins => $2) WHERE autoid = $1', [user.autoid, minutes]);
    },
    async clear() {
      const done = await db.query(
        `UPDATE users SET failedlogins = 0, lockeduntil = NULL, lastlogin = localtimestamp WHERE autoid = $1 AND NOT ${locked}`, [user.autoid]);
      return done.rowCount === 1;
    },
  };
}

function nameCount(db: Queryable, name: string): FailureCount {
  const key = name.toLowerCase().slice(0, 100);
  const locked = 'coalesce(f.locked_until > now(), false)';
  return {
    async reserve() {
      // Names tried once and forgotten do not pile up.
      if (Math.random() < 0.01) await db.query(`DELETE FROM core_login_failure WHERE last_failure_at < now() - interval '1 day'`);
      const row = (await db.query<{ n: number; locked: boolean }>(
        `INSERT INTO core_login_failure AS f (name, failures, last_failure_at) VALUES ($1, 1, now())
         ON CONFLICT (name) DO UPDATE SET last_failure_at = now(),
           failures = CASE WHEN ${locked} THEN f.failures ELSE f.failures + 1 END
         RETURNING f.failures AS n, ${locked} AS locked`, [key])).rows[0];
      return row.locked ? null : row.n;
    },
    async lock(minutes) {
      await db.query('UPDATE core_login_failure SET failures = 0, locked_until = now() + make_interval(mins => $2) WHERE name = $1', [key, minutes]);
    },
    async clear() { return false; },
  };
}

export async function attemptLogin(db: Queryable, settings: SecuritySettings, username: string, password: string): Promise<LoginOutcome> {
  const user = await findUser(db, username);
  const count = user ? userCount(db, user) : nameCount(db, username);
  const place = await count.reserve();
  const allowed = place !== null && place <= settings.loginLockAttempts;
  // Verified whatever the outcome, so that every attempt takes the same time.
  const good = await verifyPassword(allowed && user?.password ? user.password : await dummy(), password);
  if (!allowed) {
    if (place !== null) await count.lock(settings.loginLockMinutes);
    return { kind: 'locked' };
  }
  // A user an administrator deactivated or locked out gets the answer of a wrong password.
  const usable = user && user.activated === true && !user.lockedout;
  if (good && usable) return (await count.clear()) ? { kind: 'signed-in', user } : { kind: 'locked' };
  if (place >= settings.loginLockAttempts) await count.lock(settings.loginLockMinutes);
  return { kind: 'failed' };
}
