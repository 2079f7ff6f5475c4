// The columns of an import: which fields of a table a user may fill from a spreadsheet, and
// which column of a sheet is which field. A column is named by the field's label (what the
// template writes) or its name, in any case; `AutoID` (or `ID`, when no field is called so)
// names the record to overwrite.
import type { EffectiveField, ListDef } from '../../definitions/language/index.ts';
import type { Principal } from '../security/principal.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Cell } from './sheet.ts';

/** A list field is filled by the code (or, without a code, the text) of the row it names. */
export interface ListColumn {
  ref: string;
  key: string;
  archivable: boolean;
}

export interface ImportColumn {
  index: number;
  field: EffectiveField;
  list?: ListColumn;
}

export interface ColumnMap {
  id: number | null;
  columns: ImportColumn[];
  ignored: string[];
  twice: string[];
}

const ID_HEADERS = ['autoid', 'id'];

/**
 * The fields a user may import: editable in a form (not computed or read-only by definition),
 * not a file, image or password, and neither hidden nor read-only for them.
 */
export function importableFields(model: TableModel, principal: Principal): EffectiveField[] {
  const access = principal.fieldAccess(model.table);
  return model.table.fields.filter(
    (f) =>
      f.enabled !== false &&
      !['file', 'image', 'password'].includes(f.type) &&
      access.get(f.name.toLowerCase()) === undefined,
  );
}

export function listColumn(
  field: EffectiveField,
  lists: (name: string) => ListDef | undefined,
  tables: (name: string) => { archivable?: boolean } | undefined,
): ListColumn | undefined {
  if (field.type !== 'list' || !field.list) return undefined;
  const list = lists(field.list);
  if (!list) return undefined;
  return {
    ref: list.table,
    key: list.codeField ?? list.textField,
    archivable: tables(list.table)?.archivable === true,
  };
}

const headerText = (cell: Cell) =>
  (typeof cell === 'string' ? cell : cell === null || typeof cell === 'object' ? '' : String(cell)).trim();

/** Which column is which field, by the first row; columns no field answers to are ignored. */
export function mapColumns(
  header: Cell[],
  fields: EffectiveField[],
  list: (f: EffectiveField) => ListColumn | undefined,
): ColumnMap {
  const byHeader = new Map<string, EffectiveField>();
  for (const f of fields) {
    byHeader.set(f.name.toLowerCase(), f);
    if (f.label) byHeader.set(f.label.trim().toLowerCase(), f);
  }
  const out: ColumnMap = { id: null, columns: [], ignored: [], twice: [] };
  const taken = new Set<EffectiveField>();
  header.forEach((cell, index) => {
    const text = headerText(cell);
    if (!text) return;
    const key = text.toLowerCase();
    if (ID_HEADERS.includes(key) && !byHeader.has(key)) {
      if (out.id !== null) out.twice.push(text);
      else out.id = index;
      return;
    }
    const field = byHeader.get(key);
    if (!field) {
      out.ignored.push(text);
      return;
    }
    if (taken.has(field)) {
      out.twice.push(text);
      return;
    }
    taken.add(field);
    out.columns.push({ index, field, list: list(field) });
  });
  return out;
}

/** The template's notes row (row 2): every filled cell is a rule in brackets. */
export const isNotesRow = (cells: Cell[]) =>
  cells.some((c) => c !== null && c !== '') &&
  cells.every((c) => c === null || c === '' || (typeof c === 'string' && c.startsWith('[') && c.endsWith(']')));
