// The template of an import destination (GenerateTemplate): a column per field the user may
// import, headed by its label; under it a notes row with each column's type and rules in
// brackets (the import skips that row); and the spreadsheet's own data validation for options,
// booleans and short lists, so a wrong value is caught while typing. A first column ID, left
// empty for new records, names the record an import with Overwrite updates.
import type pg from 'pg';
import { IMPORT, message, textLength, type EffectiveField } from '../../definitions/language/index.ts';
import { ident } from '../db/sql.ts';
import { seen } from '../data/table-sql.ts';
import { Params } from '../data/filters.ts';
import type { Snapshot } from '../metadata/registry.ts';
import type { TableModel } from '../metadata/model.ts';
import type { Principal } from '../security/principal.ts';
import { importableFields, listColumn } from './columns.ts';
import { booleanWords, datePattern } from './notations.ts';
import { xlsxBuffer } from './xlsx-writer.ts';

/** Lists of at most this many rows get a drop-down in the template. */
const DROPDOWN_ROWS = 500;
/** Rows of the sheet the validations cover. */
const VALIDATED_ROWS = 10_000;
const DEFAULTS = { BooleanFormat: 'YesNo', DecimalFormat: 'Comma', DateFormat: 'DMYYYY_Dash' } as const;

function note(field: EffectiveField, listLabel: string | null): string {
  const [yes, no] = booleanWords(DEFAULTS.BooleanFormat).map((w) => w[0].toUpperCase() + w.slice(1));
  let text: string;
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'html':
    case 'color': {
      // A long text (textarea, html) has no maximum to name.
      const length = textLength(field);
      text = length === undefined ? message('import.notes_free_text') : message('import.notes_text', length);
      break;
    }
    case 'decimal':
      text = message('import.notes_number', '1.234,5');
      break;
    case 'smallint':
    case 'integer':
    case 'bigint':
      text = message('import.notes_whole');
      break;
    case 'bool':
      text = message('import.notes_boolean', yes, no);
      break;
    case 'date':
      text = message('import.notes_date', datePattern(DEFAULTS.DateFormat));
      break;
    case 'datetime':
    case 'datetime-seconds':
      text = message('import.notes_datetime', datePattern(DEFAULTS.DateFormat));
      break;
    case 'time':
      text = message('import.notes_time');
      break;
    case 'list':
      text = message('import.notes_list', listLabel ?? field.list ?? '');
      break;
    case 'select':
      text = message('import.notes_select', (field.options ?? []).map((o) => o.label).join(', '));
      break;
    default:
      text = '[]';
  }
  return field.required === true ? `${text.slice(0, -1)}, ${message('import.notes_required')}]` : text;
}

const columnLetter = (n: number) => {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
};

export async function writeTemplate(
  db: pg.Pool,
  snapshot: Snapshot,
  model: TableModel,
  principal: Principal,
): Promise<Buffer> {
  const fields = importableFields(model, principal);
  const listsName = message('import.lists_sheet');
  // The codes of each list with a drop-down, a column each of the hidden lists sheet.
  const listColumns: string[][] = [];
  const rules: { range: string; formula: string }[] = [];
  const notes: (string | null)[] = [message('import.notes_id')];
  for (const [i, field] of fields.entries()) {
    const col = columnLetter(i + 2);
    const list = listColumn(
      field,
      (n) => snapshot.effective.lists.get(n.toLowerCase())?.value,
      (n) => snapshot.effective.tables.get(n.toLowerCase()),
    );
    const ref = list ? snapshot.table(list.ref) : undefined;
    notes.push(note(field, ref ? (ref.table.label ?? ref.table.name) : null));
    const range = `${col}3:${col}${VALIDATED_ROWS}`;
    let choices: string[] | null = null;
    if (field.type === 'select') choices = (field.options ?? []).map((o) => o.label);
    if (field.type === 'bool')
      choices = booleanWords(DEFAULTS.BooleanFormat).map((w) => w[0].toUpperCase() + w.slice(1));
    if (list && ref && principal.can(ref.table.right, 'read')) {
      const params = new Params();
      const where = list.archivable ? ['j.archive = false'] : [];
      const rows = seen(ref.table, principal, 'j', params);
      const codes = (
        await db.query<{ code: string | null }>(
          `SELECT DISTINCT j.${ident(list.key.toLowerCase())}::text AS code ${rows.from(where)} ORDER BY 1 LIMIT ${DROPDOWN_ROWS + 1}`,
          params.values,
        )
      ).rows
        .map((r) => r.code)
        .filter((code): code is string => !!code);
      if (codes.length && codes.length <= DROPDOWN_ROWS) {
        listColumns.push(codes);
        const letter = columnLetter(listColumns.length);
        rules.push({ range, formula: `'${listsName}'!$${letter}$1:$${letter}$${codes.length}` });
      }
    }
    // A list typed into the rule itself holds at most 255 characters.
    if (choices && choices.join(',').length < 250 && !choices.some((c) => c.includes(',')))
      rules.push({ range, formula: `"${choices.join(',')}"` });
  }
  const headers = ['AutoID', ...fields.map((f) => f.label ?? f.name)];
  return xlsxBuffer((book) => {
    const sheet = book.sheet(model.table.label ?? model.table.name, {
      columns: headers.map((header, i) => ({
        width: i === 0 ? 10 : Math.max(12, Math.min(40, header.length + 4)),
      })),
      frozenRows: 2,
    });
    sheet.row(headers, { bold: true });
    sheet.row(notes, { italic: true, color: 'FF666666' });
    for (const { range, formula } of rules)
      sheet.validate(range, { type: 'list', allowBlank: true, formulae: [formula], showErrorMessage: true });
    const lists = book.sheet(listsName, { hidden: true });
    const length = Math.max(0, ...listColumns.map((c) => c.length));
    for (let r = 0; r < length; r++) lists.row(listColumns.map((c) => c[r] ?? null));
  });
}

/** The name the template is downloaded as. */
export const templateName = (model: TableModel) => `${model.table.name}_${IMPORT.DefaultTemplateName}`;
