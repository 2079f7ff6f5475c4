// The behaviour of the row limits table: a limit of kind `userfield` compares a row's field with
// a field of the user, so it must name a real field of the users table (or AutoID), never a
// password and never a name every JavaScript object answers (`__proto__`, `constructor`). The
// same rule decides what a stored limit admits (security/principal-of.ts), so a limit that got
// past this check anyway admits nothing.
import { isEmptyValue } from '../../definitions/language/record-schema.ts';
import { invalidFields } from '../errors.ts';
import type { WriteHook } from '../data/write-hooks.ts';
import { USERS_TABLE, userFieldColumn } from '../security/principal-of.ts';

const KIND = 'Kind';
const USER_FIELD = 'UserField';

export const rowLimitHook: WriteHook = {
  async beforeWrite(_client, { merged, tableOf }) {
    if (merged[KIND] !== 'userfield' || isEmptyValue(merged[USER_FIELD] ?? null)) return;
    const name = String(merged[USER_FIELD]);
    const users = tableOf(USERS_TABLE)?.table;
    if (userFieldColumn(users, name)) return;
    const choices = [
      'AutoID',
      ...(users?.fields ?? []).filter((f) => userFieldColumn(users, f.name)).map((f) => f.name),
    ];
    throw invalidFields({
      [USER_FIELD]: [{ id: 'validation.user_field', args: [USER_FIELD, name, choices.join(', ')] }],
    });
  },
};
