// Signing in: the password check and the sign-in lock (security/sign-in-lock.ts). Every attempt
// costs one argon2 verification, whatever the name and whether it is locked, so neither the
// answer nor its timing tells whether a user name exists; a deactivated or locked-out user gets
// the answer of a wrong password.
import type { Queryable } from '../db/pool.ts';
import { findUser, type SecuritySettings, type UserRow } from './identity.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { clearFailures, countFailure, sourceOf } from './sign-in-lock.ts';

export type LoginOutcome = { kind: 'signed-in'; user: UserRow } | { kind: 'failed' } | { kind: 'locked' };

/** A hash of nothing anyone types, verified when there is no real one, for equal timing. */
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword(`no user ${Math.random()}`));

/** `ip`: the address the attempt comes from; the lock counts per name and address (sign-in-lock.ts). */
export async function attemptLogin(
  db: Queryable,
  settings: SecuritySettings,
  username: string,
  password: string,
  ip?: string,
): Promise<LoginOutcome> {
  const user = await findUser(db, username);
  const outcome = await judge(db, settings, user, username, password, sourceOf(ip));
  await recordSignIn(db, user?.autoid ?? null, username, outcome.kind);
  return outcome;
}

async function judge(
  db: Queryable,
  settings: SecuritySettings,
  user: UserRow | undefined,
  username: string,
  password: string,
  source: string,
): Promise<LoginOutcome> {
  const good = await verifyPassword(user?.password ? user.password : await dummy(), password);
  const usable = user && user.activated === true && !user.lockedout;
  // A good password is never counted: it passes unless the name is locked for this address or everywhere.
  if (good && usable)
    return (await clearFailures(db, username, source, user.autoid)) ? { kind: 'signed-in', user } : { kind: 'locked' };
  const lock = { attempts: settings.loginLockAttempts, minutes: settings.loginLockMinutes };
  return (await countFailure(db, username, source, lock, user?.autoid ?? null))
    ? { kind: 'failed' }
    : { kind: 'locked' };
}

/** Every attempt and its outcome, for the session statistics (the name as typed, cut to its column). */
async function recordSignIn(db: Queryable, userId: number | null, username: string, outcome: LoginOutcome['kind']) {
  await db.query('INSERT INTO core_sign_in (user_id, username, outcome) VALUES ($1, $2, $3)', [
    userId,
    username.slice(0, 100),
    outcome,
  ]);
}
