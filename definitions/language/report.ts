// The report definition kind: a printed document of one record (spec 3 §7 report-definition items
// per document kind). Its shape is report.schema.json; here are its types and the checks a schema
// cannot make: every field it names is a field of the table it reads, a table block's rows are
// children of the record, a logo or signature is an image. A report reads the record, the rows one
// list field of it names, and child rows one level down, nothing deeper: its bindings cannot loop.
import type { Effective, EffectiveField, EffectiveTable, Provenance } from './layering.ts';
import { LANGUAGES, type Language } from './texts.ts';
import type { DefinitionProblem } from './validate.ts';

export interface ReportField {
  field: string;
  label?: string;
}

export interface ReportColumn extends ReportField {
  width?: number | '*';
}

export type ReportBlockKind = 'heading' | 'text' | 'address' | 'fields' | 'table' | 'totals' | 'signature';

export interface ReportBlock {
  kind: ReportBlockKind;
  text?: string;
  label?: string;
  from?: string;
  lines?: string[];
  field?: string;
  fields?: ReportField[];
  table?: string;
  parentField?: string;
  columns?: ReportColumn[];
  order?: string;
  totals?: string[];
  maxRows?: number;
}

export interface ReportDef {
  name: string;
  table: string;
  documentKind: string;
  title: string;
  languages?: Language[];
  page?: { size?: 'A4' | 'A5' | 'LETTER'; orientation?: 'portrait' | 'landscape'; margins?: number[] };
  header?: { from: string; logo?: string; lines: string[] };
  blocks: ReportBlock[];
  footer?: { text?: string; pageNumbers?: boolean };
}

/** The child rows a table block prints when it does not say. */
export const REPORT_ROWS = 500;
/** The largest image (a logo, a signature) a report embeds. */
export const REPORT_IMAGE_BYTES = 2 * 1024 * 1024;
/** A grid selection printed at once, over which it runs as a background job (at most REPORT_SELECTION_MAX). */
export const REPORT_DIRECT_MAX = 20;
/** The most records one selection prints (spec 3 §9: the inspection report export of at most 2,000). */
export const REPORT_SELECTION_MAX = 2000;

export const REPORT_FORMATS = ['PDF', 'XLS'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

const NUMERIC = new Set(['smallint', 'integer', 'bigint', 'decimal']);
export const isNumericField = (f: { type: string }) => NUMERIC.has(f.type);

export const fieldOf = (table: EffectiveTable | undefined, name: string): EffectiveField | undefined =>
  table?.fields.find((f) => f.name.toLowerCase() === name.toLowerCase());

/** The table whose row a list field of `table` names. */
export function listTarget(eff: Effective, table: EffectiveTable, name: string): EffectiveTable | undefined {
  const field = fieldOf(table, name);
  const list = field?.type === 'list' && field.list ? eff.lists.get(field.list.toLowerCase())?.value : undefined;
  return list ? eff.tables.get(list.table.toLowerCase()) : undefined;
}

/** The field names of an address line ("PostalCode City"). */
export const lineFields = (line: string) => line.split(' ').filter(Boolean);

/** The languages a report is offered in. */
export const reportLanguages = (report: ReportDef): Language[] => report.languages ?? [...LANGUAGES];

function oneReport(eff: Effective, report: ReportDef, origin: Provenance): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  // Named by the file of the layer that set the attribute at fault.
  const at = (pointer: string, message: string, rule = 'field-reference') =>
    problems.push({
      file: (origin[pointer.split('/')[1]] ?? origin.name)?.file ?? '(unknown)',
      pointer,
      rule,
      message: `report ${report.name}: ${message}`,
    });
  const table = eff.tables.get(report.table.toLowerCase());
  if (!table) {
    at('/table', `table ${report.table} is not defined`, 'table-reference');
    return problems;
  }
  const need = (on: EffectiveTable, name: string, pointer: string, types?: string[]) => {
    const f = fieldOf(on, name);
    if (!f) at(pointer, `${name} is not a field of table ${on.name}`);
    else if (types && !types.includes(f.type))
      at(pointer, `${name} must be a ${types.join(' or ')} field of ${on.name}`);
  };
  const lines = (on: EffectiveTable, list: string[], pointer: string) =>
    list.forEach((line, i) => lineFields(line).forEach((name) => need(on, name, `${pointer}/${i}`)));
  const via = (name: string, pointer: string) => {
    const target = listTarget(eff, table, name);
    if (!target) at(pointer, `${name} must be a list field of ${table.name}`);
    return target;
  };
  if (report.header) {
    const from = via(report.header.from, '/header/from');
    if (from) {
      lines(from, report.header.lines, '/header/lines');
      if (report.header.logo) need(from, report.header.logo, '/header/logo', ['image']);
    }
  }
  report.blocks.forEach((b, i) => {
    const p = `/blocks/${i}`;
    if (b.kind === 'address' && b.from && b.lines) {
      const from = via(b.from, `${p}/from`);
      if (from) lines(from, b.lines, `${p}/lines`);
    }
    if (b.kind === 'fields' || b.kind === 'totals')
      b.fields?.forEach((f, j) =>
        need(table, f.field, `${p}/fields/${j}/field`, b.kind === 'totals' ? [...NUMERIC] : undefined),
      );
    if (b.kind === 'signature' && b.field) {
      need(table, b.field, `${p}/field`, ['image']);
      b.fields?.forEach((f, j) => need(table, f.field, `${p}/fields/${j}/field`));
    }
    if (b.kind === 'table' && b.table && b.parentField && b.columns) {
      const rows = eff.tables.get(b.table.toLowerCase());
      if (!rows) {
        at(`${p}/table`, `table ${b.table} is not defined`, 'table-reference');
        return;
      }
      // Without `from` the record's own child rows; with it the child rows of the row a list field names.
      const parent = b.from ? via(b.from, `${p}/from`) : table;
      if (parent && listTarget(eff, rows, b.parentField) !== parent)
        at(`${p}/parentField`, `${b.parentField} must be a list field of ${rows.name} naming a row of ${parent.name}`);
      b.columns.forEach((c, j) => need(rows, c.field, `${p}/columns/${j}/field`));
      for (const [j, name] of (b.totals ?? []).entries()) {
        need(rows, name, `${p}/totals/${j}`, [...NUMERIC]);
        if (!b.columns.some((c) => c.field.toLowerCase() === name.toLowerCase()))
          at(`${p}/totals/${j}`, `total ${name} must be one of the table's columns`);
      }
      if (b.order) need(rows, b.order.split(' ')[0], `${p}/order`);
    }
  });
  return problems;
}

/** The problems of every report of the effective definitions. */
export function reportProblems(eff: Effective): DefinitionProblem[] {
  return [...eff.reports.values()].flatMap(({ value, origin }) => oneReport(eff, value, origin));
}
