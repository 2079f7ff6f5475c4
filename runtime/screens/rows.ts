// How rows are named to the user: a short description of one row (the batch result, a record's
// title), the question before deleting rows and the notice after it.
import { plural, t } from '@lingui/core/macro';

type Row = Record<string, unknown>;

/** A short human description of a grid row: its code and description, else its AutoID. */
export function describeRow(row: Row): string {
  const parts = [row.ID, row.Descr].filter((v) => v !== null && v !== undefined && v !== '').map(String);
  return parts.length ? parts.join(' - ') : `#${String(row.AutoID ?? '')}`;
}

/** Asked before a delete: one row by its name, several by their number. */
export function deleteQuestion(rows: readonly Row[]): string {
  if (rows.length === 1) {
    const name = describeRow(rows[0]);
    return t`Weet u zeker dat u "${name}" wilt verwijderen?`;
  }
  const count = rows.length;
  return t`Weet u zeker dat u ${plural(count, { one: '# rij', other: '# rijen' })} wilt verwijderen?`;
}

/** Said after every row of a delete went. */
export function deletedNotice(count: number): string {
  return count === 1 ? t`Verwijderd` : plural(count, { one: '# rij verwijderd', other: '# rijen verwijderd' });
}
