// SELECT lists of a pack table `t`: the system columns, the chosen fields and, for list fields,
// the display text of the referenced row as <Field>_Descr (as access.ts allows); for file
// fields, the file's name; and the joins a sort on a list's text needs. The table and its rows
// come from table-sql.ts (`${selectColumns(…)} ${rows.from(where)}`).
import type { EffectiveField } from '../../definitions/language/index.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import type { Params } from './filters.ts';
import { listJoin, listText } from './table-sql.ts';
import { ident } from '../db/sql.ts';
import { isFileField } from './values.ts';

export function selectColumns(
  model: TableModel,
  fields: EffectiveField[],
  principal: Principal,
  params: Params,
  system = true,
  texts = true,
): string {
  const t = model.table;
  const cols = ['t.autoid'];
  if (system) cols.push('t.timestamp', 't.createdate', 't.createdby', 't.modifiedby');
  if (t.archivable) cols.push('t.archive');
  for (const field of fields) {
    cols.push(`t.${ident(field.sqlName)}`);
    if (!texts) continue;
    // A file field's text is its file's name (core_file is indexed on the id's text form).
    if (isFileField(field))
      cols.push(
        `(SELECT f.file_name FROM core_file f WHERE f.id::text = t.${ident(field.sqlName)}) AS ${ident(`${field.sqlName}__descr`)}`,
      );
    const join = model.listJoins.find((j) => j.field === field);
    if (join) cols.push(`${listText(join, principal, params)} AS ${ident(`${field.sqlName}__descr`)}`);
  }
  return `SELECT ${cols.join(', ')}`;
}

/** Joins that a sort on a list column needs. */
export function sortJoins(model: TableModel, exprs: string[], principal: Principal, params: Params): string {
  return model.listJoins
    .filter((j) => exprs.some((e) => e.startsWith(`${ident(j.alias)}.`)))
    .map((j) => listJoin(j, principal, params))
    .join(' ');
}
