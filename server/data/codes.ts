// A text field that names rows of a list by their codes (`LOC-001;LOC-002`): a `codes` check
// says every code is a known row, and a transition's `apply` with `codes` changes those rows.
// Codes are matched exactly; an archived row, or one the user may not see, is not known (a
// lookup would not offer it), so the answer tells nothing of rows beyond the user's limits.
import type { Queryable } from '../db/pool.ts';
import { ident } from '../db/sql.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { Params } from './filters.ts';
import { seen } from './table-sql.ts';
import type { TableOf } from './related.ts';

/** At most this many codes in one field: a list of codes is typed by hand, not a bulk import. */
export const MAX_CODES = 500;

/** The codes in a text, split at the separator, trimmed, without empties or repeats. */
export function codesIn(text: unknown, separator = ';'): string[] {
  if (typeof text !== 'string') return [];
  return [
    ...new Set(
      text
        .split(separator)
        .map((c) => c.trim())
        .filter((c) => c !== ''),
    ),
  ];
}

/** The rows of the list named by the codes, by code; codes of no (active) row are missing. */
export async function rowsByCodes(
  db: Queryable,
  model: TableModel,
  listName: string,
  codes: string[],
  tableOf: TableOf,
  principal: Principal,
): Promise<{ rows: Map<string, number>; rowsModel: TableModel }> {
  const list = model.codeList(listName)!;
  const rowsModel = tableOf(list.table)!;
  const code = `r.${ident(rowsModel.byName.get(list.codeField.toLowerCase())!.sqlName)}`;
  const params = new Params();
  const where = [`${code} = ANY(${params.add(codes.slice(0, MAX_CODES))}::text[])`];
  if (rowsModel.table.archivable) where.push('NOT r.archive');
  const rows = seen(rowsModel.table, principal, 'r', params);
  const found = await db.query<{ code: string; autoid: number }>(
    `SELECT ${code} AS code, r.autoid ${rows.from(where)}`,
    params.values,
  );
  return { rows: new Map(found.rows.map((r) => [r.code, Number(r.autoid)])), rowsModel };
}
