// The behaviour of the row limits table: a limit of kind `userfield` compares a row's field with
// a field of the user, so it must name a real field of the users table (or AutoID), never a
// password and never a name every JavaScript object answers (`__proto__`, `constructor`). The
// same rule decides what a stored limit admits (security/principal-of.ts), so a limit that got
// past this check anyway admits nothing. A limit of kind `value` must hold a value that fits its
// field.
import { isEmptyValue } from '../../definitions/language/record-schema.ts';
import { invalidFields } from '../errors.ts';
import type { WriteHook } from '../data/write-hooks.ts';
import { USERS_TABLE, fixedValue, fixedValueField, userFieldColumn } from '../security/principal-of.ts';
import { labelled } from '../../definitions/language/message-args.ts';
import type { TableModel } from '../metadata/model.ts';
import type { TableOf } from '../data/related.ts';
import type { RowLimitRow } from '../security/identity.ts';

const KIND = 'Kind';
const USER_FIELD = 'UserField';
const VALUE = 'Value';
const TABLE_NAME = 'TableName';
const FIELD_NAME = 'FieldName';
const PATH = 'Path';
const TREE = 'Tree';

const textOf = (value: unknown) => (typeof value === 'string' ? value : null);

/** A record of the row limits table as the principal's limits read it (security/identity.ts). */
export function limitOfRecord(record: Record<string, unknown>, group: string): RowLimitRow {
  return {
    group,
    tablename: textOf(record[TABLE_NAME]) ?? '',
    fieldname: textOf(record[FIELD_NAME]) ?? '',
    kind: textOf(record[KIND]) ?? '',
    userfield: textOf(record[USER_FIELD]),
    path: textOf(record[PATH]),
    tree: textOf(record[TREE]),
    value: textOf(record[VALUE]),
  };
}

/**
 * A limit of kind `value` compares a row's field with a fixed value: it must fit that field (a
 * whole number for a number or list field, one of a choice field's codes …), as the same rule
 * decides what a stored limit admits.
 */
function refuseUnfitValue(model: TableModel, merged: Record<string, unknown>, tableOf: TableOf): void {
  if (merged[KIND] !== 'value' || isEmptyValue(merged[VALUE] ?? null)) return;
  const table = tableOf(String(merged[TABLE_NAME] ?? ''))?.table;
  const name = String(merged[FIELD_NAME] ?? '');
  // An unknown table or field is refused on its own field (a catalogue); the value is judged as
  // the limit will read it (security/principal-of.ts).
  const field = table ? fixedValueField(table, name) : undefined;
  if (!table || !field || fixedValue(field, String(merged[VALUE])) !== undefined) return;
  const named = table.fields.find((f) => f.name.toLowerCase() === name.toLowerCase());
  const valueField = model.table.fields.find((f) => f.name === VALUE);
  throw invalidFields({
    [VALUE]: [
      {
        id: 'validation.row_limit_value',
        args: [valueField ? labelled(valueField) : VALUE, String(merged[VALUE]), named ? labelled(named) : 'AutoID'],
      },
    ],
  });
}

export const rowLimitHook: WriteHook = {
  async beforeWrite(_client, { model, merged, tableOf }) {
    refuseUnfitValue(model, merged, tableOf);
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
