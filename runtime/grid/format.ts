// How a cell shows its value (spec 1 section 9): formats 3 time HH:mm, 5 date D-M-YYYY,
// 9 date and time, 10 with seconds; booleans as a checkbox; images; files as a download by name;
// list fields by their text; a column with options (a choice, a workflow's status kept as a number
// or a flag) by its option's label; numbers as everywhere else (i18n/numbers.ts).
import { ColumnFormat } from '../../definitions/language/index.ts';
import { formatNumber, NUMERIC_FIELD_TYPES } from '../i18n/numbers.ts';
import { hasOptions, optionLabel } from './choices.ts';
import type { GridColumn, GridRow } from './types.ts';

export type CellContent =
  | { kind: 'text'; text: string }
  | { kind: 'bool'; value: boolean }
  | { kind: 'image'; src: string }
  | { kind: 'file'; name: string; path: string };

/** Where a row's file is (docs/files.md): the grid knows its table, the format does not. */
export type FileUrl = (field: string, autoid: number, thumbnail: boolean) => string;

const DEFAULT_FORMATS: Record<string, number> = {
  date: ColumnFormat.Date,
  time: ColumnFormat.Time,
  datetime: ColumnFormat.DateTime,
  'datetime-seconds': ColumnFormat.DateTimeSeconds,
};

interface Parts {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

/** Reads dates as the server writes them; a value without a zone is shown as written, one with a zone in local time. */
function partsOf(value: string): Parts | null {
  const time = /^(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (time) return { y: 0, mo: 0, d: 0, h: Number(time[1]), mi: Number(time[2]), s: Number(time[3] ?? 0) };
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(value);
  if (!m) return null;
  if (m[7]) {
    const d = new Date(value);
    if (Number.isNaN(d.getTime())) return null;
    return {
      y: d.getFullYear(),
      mo: d.getMonth() + 1,
      d: d.getDate(),
      h: d.getHours(),
      mi: d.getMinutes(),
      s: d.getSeconds(),
    };
  }
  return {
    y: Number(m[1]),
    mo: Number(m[2]),
    d: Number(m[3]),
    h: Number(m[4] ?? 0),
    mi: Number(m[5] ?? 0),
    s: Number(m[6] ?? 0),
  };
}

const two = (n: number) => String(n).padStart(2, '0');

export function formatDateValue(value: string, format: number): string {
  const p = partsOf(value);
  if (!p) return value;
  const date = `${p.d}-${p.mo}-${p.y}`;
  const hm = `${two(p.h)}:${two(p.mi)}`;
  switch (format) {
    case ColumnFormat.Time:
      return hm;
    case ColumnFormat.Date:
      return date;
    case ColumnFormat.DateTime:
      return `${date} ${hm}`;
    case ColumnFormat.DateTimeSeconds:
      return `${date} ${hm}:${two(p.s)}`;
    default:
      return value;
  }
}

export function isNumericColumn(column: GridColumn): boolean {
  return NUMERIC_FIELD_TYPES.has(column.FieldType ?? '');
}

/** A file or image field holds a FileID; the row's file is fetched by its record and field, the name is `<Field>_Descr`. */
function fileContent(column: GridColumn, row: GridRow, fileUrl?: FileUrl): CellContent {
  const value = row[column.FieldName];
  const present = typeof value === 'string' && value !== '';
  const autoid = Number(row.AutoID ?? 0);
  const url =
    present && fileUrl && autoid > 0 ? (thumbnail: boolean) => fileUrl(column.FieldName, autoid, thumbnail) : null;
  if (column.ColumnType === 2 || column.FieldType === 'image')
    return { kind: 'image', src: !present ? '' : url ? `/${url(true)}` : value };
  const name = String(row[`${column.FieldName}_Descr`] ?? '') || (present ? value : '');
  return url ? { kind: 'file', name, path: url(false) } : { kind: 'text', text: name };
}

export function cellContent(column: GridColumn, row: GridRow, locale: string, fileUrl?: FileUrl): CellContent {
  const value = row[column.FieldName];
  if (column.FieldType === 'list') return { kind: 'text', text: String(row[`${column.FieldName}_Descr`] ?? '') };
  // A text field holding a catalogue code (a right) shows the name the server answers beside it.
  const described = row[`${column.FieldName}_Descr`];
  if (column.FieldType === 'text' && typeof described === 'string' && described)
    return { kind: 'text', text: described };
  if (hasOptions(column)) return { kind: 'text', text: optionLabel(column, value) };
  if (column.FieldType === 'bool' || column.AdvancedFilterType === 'bool' || typeof value === 'boolean')
    return { kind: 'bool', value: value === true };
  if (column.ColumnType === 2 || column.FieldType === 'image' || column.FieldType === 'file')
    return fileContent(column, row, fileUrl);
  if (value === null || value === undefined) return { kind: 'text', text: '' };
  const format = column.Format ?? DEFAULT_FORMATS[column.FieldType ?? ''];
  if (format !== undefined && typeof value === 'string') return { kind: 'text', text: formatDateValue(value, format) };
  if (isNumericColumn(column) && (typeof value === 'number' || typeof value === 'string')) {
    return {
      kind: 'text',
      text: formatNumber(value, locale, { decimal: column.FieldType === 'decimal', decimals: column.Decimals }),
    };
  }
  return { kind: 'text', text: typeof value === 'object' ? JSON.stringify(value) : String(value) };
}

/** ColumnAlignment 0 left, 1 center, 2 right, as the view says; without one numbers are right-aligned. */
export function cellAlignment(column: GridColumn): 'left' | 'center' | 'right' {
  if (column.ColumnAlignment === 1) return 'center';
  if (column.ColumnAlignment === 2) return 'right';
  if (column.ColumnAlignment === 0) return 'left';
  return isNumericColumn(column) ? 'right' : 'left';
}

/** "801.033" and "0,12" in Dutch: the pieces of the result count message. */
export function formatCount(count: number, locale: string): string {
  return count.toLocaleString(locale);
}

export function formatSeconds(ms: number, locale: string): string {
  return (ms / 1000).toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
