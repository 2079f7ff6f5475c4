// A text field that names rows of a list by their codes (`LOC-001;LOC-002`): a `codes` check
// says every code is a known row, and a transition's `apply` with `codes` changes those rows.
// Codes are matched exactly; an archived row is not known (a lookup would not offer it).
import type { Queryable } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import type { TableModel } from '../metadata/model.ts';
import type { TableOf } from './related.ts';

/** At most this many codes in one field: a list of codes is typed by hand, not a bulk import. */
export const MAX_CODES = 500;

/** The codes in a text, split at the separator, trimmed, without empties or repeats. */
export function codesIn(text: unknown, separator = ';'): string[] {
  if (typeof text !== 'string') return [];
  return [...new Set(text.split(separator).map((c) => c.trim()).filter((c) => c !== ''))];
}

/** The rows of the list named by the codes, by code; codes of no (active) row are missing. */
export async function rowsByCodes(db: Queryable, model: TableModel, listName: string, codes: string[], tableOf: TableOf): Promise<{ rows: Map<string, number>; rowsModel: TableModel }> {
  const list = model.codeList(listName)!;
  const rowsModel = tableOf(list.table)!;
  const code = ident(rowsModel.byName.get(list.codeField.toLowerCase())!.sqlName);
  const archived = rowsModel.table.archivable ? ' AND NOT archive' : '';
  const found = await db.query<{ code: string; autoid: number }>(
    `SELECT ${code} AS code, autoid FROM ${ident(rowsModel.table.sqlName)} WHERE ${code} = ANY($1::text[])${archived}`, [codes.slice(0, MAX_CODES)]);
  return { rows: new Map(found.rows.map((r) => [r.code, Number(r.autoid)])), rowsModel };
}
