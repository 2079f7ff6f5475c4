// The sign-in lock (spec 3 security settings: after the configured failures a name locks for the
// configured minutes), counted in core_login_failure for every name typed, user or not, so that
// neither the answers nor their timing tell whether a user exists.
//
// Only wrong passwords count, each in one statement (the row lock orders them), and a good one
// clears the count: however many attempts arrive at once, a good password passes unless the
// failures decided before it reached the lock, so a burst of guesses gets no more tries than a
// slow one, and a burst of good sign-ins locks nothing.
//
// Two counts per name:
// - per address (`source`): after `attempts` failures from one address the name locks for that
//   address only, so an attacker locks out themselves and not the user signing in elsewhere;
// - from every address (source ''): `NAME_LOCK_FACTOR` times as many failures within the lock's
//   minutes lock the name everywhere, so guesses spread over many addresses stay bounded too.
//   An address that is locked adds nothing to it, so one address can never lock the name.
// A user's own FailedLogins and LockedUntil show the count from every address.
import { isIPv4, isIPv6 } from 'node:net';
import type { Queryable } from '../db/pool.ts';

/** How many times the failures of one address lock a name for every address (within the lock's minutes). */
export const NAME_LOCK_FACTOR = 10;

export interface LockSettings {
  attempts: number;
  minutes: number;
}

/** The count of the name from every address. */
const EVERYWHERE = '';

/**
 * The address attempts are counted under: an IPv4 address, or the /64 network of an IPv6 one
 * (what one subscriber holds; counting single IPv6 addresses would give every attacker billions).
 */
export function sourceOf(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIPv4(ip)) return ip;
  const bare = ip.split('%')[0];
  if (!isIPv6(bare)) return ip.slice(0, 64);
  const [head, tail] = bare.split('::');
  const groups = (part: string | undefined) =>
    (part ? part.split(':') : []).flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  const all = [...before, ...Array(8 - before.length - after.length).fill('0'), ...after];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** The key of a name as sign-in looks users up (lower case, as `findUser` compares). */
const NAME = 'left(lower($1::text), 100)';

/**
 * One failure on a count, in one statement: it answers the failures counted so far, the lock
 * beginning at the `limit`th. A lock that has passed starts the count again; with `window` a
 * count whose last failure is older than the lock's minutes starts again too.
 */
function failureStatement(window: boolean): string {
  const restart = `f.locked_until IS NOT NULL${window ? ' OR f.last_failure_at < now() - make_interval(mins => $4)' : ''}`;
  const next = `CASE WHEN f.locked_until > now() THEN f.failures + 1 WHEN ${restart} THEN 1 ELSE f.failures + 1 END`;
  return `INSERT INTO core_login_failure AS f (name, source, failures, locked_until, last_failure_at)
      VALUES (${NAME}, $2, 1, CASE WHEN $3 <= 1 THEN now() + make_interval(mins => $4) END, now())
    ON CONFLICT (name, source) DO UPDATE SET
      failures = ${next},
      locked_until = CASE WHEN f.locked_until > now() THEN f.locked_until WHEN ${next} >= $3 THEN now() + make_interval(mins => $4) END,
      last_failure_at = now()
    RETURNING failures, locked_until`;
}

const FROM_SOURCE = failureStatement(false);
// The user's own columns show the count from every address (a name that is no user updates nothing).
const FROM_EVERYWHERE = `WITH c AS (${failureStatement(true)}),
  shown AS (UPDATE users u SET failedlogins = least(c.failures, 32767), lockeduntil = c.locked_until::timestamp FROM c WHERE u.autoid = $5)
  SELECT failures FROM c`;

/**
 * Counts a wrong password for `name` from `source`; answers whether the attempt was within what
 * the lock allows (false: it found the name locked for that address or everywhere).
 */
export async function countFailure(
  db: Queryable,
  name: string,
  source: string,
  settings: LockSettings,
  userId: number | null,
): Promise<boolean> {
  // Names tried once and forgotten do not pile up (a lock in force stays).
  if (Math.random() < 0.01) {
    await db.query(
      `DELETE FROM core_login_failure WHERE last_failure_at < now() - interval '1 day' AND coalesce(locked_until < now(), true)`,
    );
  }
  const here = (await db.query<{ failures: number }>(FROM_SOURCE, [name, source, settings.attempts, settings.minutes]))
    .rows[0];
  if (here.failures > settings.attempts) return false;
  const limit = settings.attempts * NAME_LOCK_FACTOR;
  const everywhere = (
    await db.query<{ failures: number }>(FROM_EVERYWHERE, [name, EVERYWHERE, limit, settings.minutes, userId])
  ).rows[0];
  return everywhere.failures <= limit;
}

/**
 * A good password for `name` from `source`: answers false while the name is locked for that
 * address or everywhere; otherwise clears both counts (and the user's own columns) and answers true.
 */
export async function clearFailures(db: Queryable, name: string, source: string, userId: number): Promise<boolean> {
  const row = (
    await db.query<{ ok: boolean }>(
      `WITH held AS (SELECT 1 FROM core_login_failure WHERE name = ${NAME} AND source IN ($2, '${EVERYWHERE}') AND locked_until > now()),
      cleared AS (DELETE FROM core_login_failure WHERE name = ${NAME} AND source IN ($2, '${EVERYWHERE}') AND NOT EXISTS (SELECT 1 FROM held)),
      shown AS (UPDATE users SET failedlogins = 0, lockeduntil = NULL, lastlogin = localtimestamp WHERE autoid = $3 AND NOT EXISTS (SELECT 1 FROM held))
     SELECT NOT EXISTS (SELECT 1 FROM held) AS ok`,
      [name, source, userId],
    )
  ).rows[0];
  return row.ok;
}

/**
 * Lifts every lock and count of a user's name, from every address (an administrator's unlock);
 * answers whether there was anything to lift.
 */
export async function liftSignInLock(db: Queryable, userId: number, by: string): Promise<boolean> {
  const row = (
    await db.query<{ lifted: boolean }>(
      `WITH u AS (SELECT left(lower(username), 100) AS name FROM users WHERE autoid = $1),
      counts AS (DELETE FROM core_login_failure f USING u WHERE f.name = u.name RETURNING 1),
      shown AS (UPDATE users SET failedlogins = 0, lockeduntil = NULL, timestamp = timestamp + 1, modifiedby = $2
                 WHERE autoid = $1 AND (coalesce(failedlogins, 0) <> 0 OR lockeduntil IS NOT NULL) RETURNING 1)
     SELECT EXISTS (SELECT 1 FROM counts) OR EXISTS (SELECT 1 FROM shown) AS lifted`,
      [userId, by],
    )
  ).rows[0];
  return row.lifted;
}
