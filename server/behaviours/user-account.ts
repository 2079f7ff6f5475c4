// The behaviour of the users table, on every path that writes it: a new password must be typed
// twice and follow the password rules of the security settings (spec 3 section 5); the
// repetition is checked, never stored; a new password, deactivating or locking out a user ends
// that user's sessions at once. A removed user's own saved views go with them.
import { invalidFields, type FieldMessage } from '../errors.ts';
import type { WriteHook } from '../data/write-hooks.ts';
import { emitEvent, EVENT_TYPES } from '../data/events.ts';
import { registryOf } from '../metadata/registry.ts';
import { securitySettings, type PasswordRules } from '../security/identity.ts';
import { deleteUserViews } from '../views/index.ts';
import { endUserSessions } from '../security/sessions.ts';

const PASSWORD = 'Password';
const RETYPE = 'PasswordRetype';

/** The rules a password breaks, one field message each, so a client can say them in its own language. */
export function brokenPasswordRules(password: string, rules: PasswordRules): FieldMessage[] {
  const broken: FieldMessage[] = [];
  if (password.length < rules.minLength) broken.push({ id: 'validation.password_min_length', args: [rules.minLength] });
  if (rules.digit && !/[0-9]/.test(password)) broken.push({ id: 'validation.password_digit', args: [] });
  if (rules.lower && !/[a-z]/.test(password)) broken.push({ id: 'validation.password_lower', args: [] });
  if (rules.upper && !/[A-Z]/.test(password)) broken.push({ id: 'validation.password_upper', args: [] });
  if (rules.nonAlphanumeric && !/[^A-Za-z0-9]/.test(password))
    broken.push({ id: 'validation.password_punctuation', args: [] });
  if (new Set(password).size < rules.minUnique)
    broken.push({ id: 'validation.password_unique', args: [rules.minUnique] });
  return broken;
}

export const userAccountHook: WriteHook = {
  async beforeWrite(client, { model, values }) {
    const passwordField = model.byName.get(PASSWORD.toLowerCase());
    const retypeField = model.byName.get(RETYPE.toLowerCase());
    const password = passwordField && values.get(passwordField);
    const retype = retypeField && values.get(retypeField);
    if (retypeField) values.delete(retypeField);
    // An empty password was taken out already: the stored one stays.
    if (typeof password !== 'string' || password === '') return;
    if (retype !== password) throw invalidFields({ [RETYPE]: [{ id: 'validation.password_mismatch', args: [] }] });
    const broken = brokenPasswordRules(password, (await securitySettings(client, registryOf(model))).password);
    if (broken.length) throw invalidFields({ [PASSWORD]: broken });
  },
  async afterWrite(client, { after, written }) {
    // A new password, a deactivation or a lock-out ends the user's sessions for good: taking
    // it back later does not bring an old session back.
    const ended = written.includes(PASSWORD) || after.Activated === false || after.LockedOut === true;
    // Their open streams hear of it and end.
    if (ended && (await endUserSessions(client, Number(after.AutoID)))) {
      await emitEvent(client, { type: EVENT_TYPES.SessionEnded, userId: Number(after.AutoID) });
    }
  },
  async afterDelete(client, { before }) {
    await deleteUserViews(client, Number(before.AutoID));
  },
};
