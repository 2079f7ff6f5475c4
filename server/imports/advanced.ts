// Advanced mode (spec 1 §2/§4): imports of more than 5,000 rows need it. A user turns it on by
// typing the code the product shows them (GetCode) into the verification form, a deliberate act
// rather than a click; the code is theirs, kept until they turn the mode off again.
import { randomInt } from 'node:crypto';
import type pg from 'pg';
import { invalidFields } from '../errors.ts';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () =>
  Array.from({ length: 8 }, (_, i) => (i === 4 ? '-' : '') + ALPHABET[randomInt(ALPHABET.length)]).join('');

export async function advancedMode(db: pg.Pool, userId: number): Promise<boolean> {
  return (
    (await db.query<{ advanced: boolean }>('SELECT advanced FROM core_import_mode WHERE user_id = $1', [userId]))
      .rows[0]?.advanced === true
  );
}

/** The user's code, made on first use. */
export async function verificationCode(db: pg.Pool, userId: number): Promise<string> {
  const row = (
    await db.query<{ code: string }>(
      `INSERT INTO core_import_mode (user_id, code) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET code = core_import_mode.code RETURNING code`,
      [userId, newCode()],
    )
  ).rows[0];
  return row.code;
}

/** On with the code typed as shown (spaces and case aside); off without one. Answers the mode. */
export async function setAdvancedMode(
  db: pg.Pool,
  userId: number,
  on: boolean,
  typed: string | undefined,
): Promise<boolean> {
  if (!on) {
    // Off: a new code next time, so turning it on again is as deliberate as the first time.
    await db.query('DELETE FROM core_import_mode WHERE user_id = $1', [userId]);
    return false;
  }
  const code = await verificationCode(db, userId);
  const norm = (s: string) => s.replace(/[\s-]/g, '').toUpperCase();
  if (!typed) throw invalidFields({ VerificationCode: [{ id: 'validation.required', args: ['VerificationCode'] }] });
  if (norm(typed) !== norm(code))
    throw invalidFields({ VerificationCode: [{ id: 'import.verification_code', args: [] }] });
  await db.query('UPDATE core_import_mode SET advanced = true, changed_at = now() WHERE user_id = $1', [userId]);
  return true;
}
