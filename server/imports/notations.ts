// A spreadsheet cell read as a field's value, in the notations the user chose for the import
// (spec 1 §3): decimal Comma or Dot, booleans as TrueFalse, YesNo, TF, YN or OneZero, dates as
// DMYYYY, DMYYYY_Dash, DDMMYYYY, MDYYYY, MDYYYY_Dash or MMDDYYYY (a time may follow). A cell
// the spreadsheet itself typed (a number, a boolean, a date) is taken as it is. The value that
// comes out is what a save takes; the record schema and rules still judge it.
import { isCalendarDate, type EffectiveField, type ImportNotations } from '../../definitions/language/index.ts';
import type { FieldMessage } from '../errors.ts';
import type { Cell } from './sheet.ts';

export type Read = { value: unknown } | { problem: FieldMessage };

const BOOLEANS: Record<ImportNotations['BooleanFormat'], [string, string]> = {
  TrueFalse: ['true', 'false'],
  // Shown in Dutch (templates are); read in each of the product's languages.
  YesNo: ['ja', 'nee'],
  TF: ['t', 'f'],
  YN: ['y', 'n'],
  OneZero: ['1', '0'],
};

/** Yes and no in the languages of the product (nl en de da fr es pl tr zh): YesNo takes each. */
const YES_NO: [readonly string[], readonly string[]] = [
  ['ja', 'yes', 'oui', 'sí', 'si', 'tak', 'evet', '是'],
  ['nee', 'no', 'nein', 'nej', 'non', 'nie', 'hayır', '否'],
];

/** The words of a boolean notation, as a template shows them. */
export const booleanWords = (format: ImportNotations['BooleanFormat']) => BOOLEANS[format];

const DATE_ORDER: Record<ImportNotations['DateFormat'], { dayFirst: boolean; separator: string; padded: boolean }> = {
  DMYYYY: { dayFirst: true, separator: '/', padded: false },
  DMYYYY_Dash: { dayFirst: true, separator: '-', padded: false },
  DDMMYYYY: { dayFirst: true, separator: '-', padded: true },
  MDYYYY: { dayFirst: false, separator: '/', padded: false },
  MDYYYY_Dash: { dayFirst: false, separator: '-', padded: false },
  MMDDYYYY: { dayFirst: false, separator: '/', padded: true },
};

/** How a date is written in a notation (for templates and messages): D-M-YYYY and so on. */
export function datePattern(format: ImportNotations['DateFormat']): string {
  const o = DATE_ORDER[format];
  const [d, m] = o.padded ? ['DD', 'MM'] : ['D', 'M'];
  return (o.dayFirst ? [d, m, 'YYYY'] : [m, d, 'YYYY']).join(o.separator);
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const isoTime = (d: Date, seconds: boolean) =>
  `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}${seconds ? `:${pad(d.getUTCSeconds())}` : ''}`;

const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

function textDate(text: string, format: ImportNotations['DateFormat']): { date: string; time: string | null } | null {
  const [datePart, timePart, extra] = text.trim().split(/\s+/);
  if (extra !== undefined) return null;
  const o = DATE_ORDER[format];
  // Either separator is read: people type 1-2-2026 and 1/2/2026 alike; the order is the notation's.
  const parts = datePart.split(/[-/.]/);
  if (parts.length !== 3 || !parts.every((p) => /^\d+$/.test(p)) || parts[2].length !== 4) return null;
  const [a, b, year] = parts.map(Number);
  const [day, month] = o.dayFirst ? [a, b] : [b, a];
  const date = `${year}-${pad(month)}-${pad(day)}`;
  if (!isCalendarDate(date)) return null;
  if (timePart === undefined) return { date, time: null };
  const t = TIME.exec(timePart);
  if (!t || Number(t[1]) > 23 || Number(t[2]) > 59 || Number(t[3] ?? 0) > 59) return null;
  return { date, time: `${pad(Number(t[1]))}:${t[2]}${t[3] ? `:${t[3]}` : ''}` };
}

function decimalText(text: string, format: ImportNotations['DecimalFormat']): number | string | null {
  const [group, mark] = format === 'Comma' ? ['.', ','] : [',', '.'];
  const compact = text.trim().replace(/\s/g, '');
  // Group separators only between groups of three digits; one decimal mark at most.
  const pattern = new RegExp(`^-?(\\d{1,3}(\\${group}\\d{3})+|\\d+)(\\${mark}\\d+)?$`);
  if (!pattern.test(compact)) return null;
  return compact.split(group).join('').replace(mark, '.');
}

const bad = (field: EffectiveField, id: string, ...args: unknown[]): Read => ({
  problem: { id: id as FieldMessage['id'], args: [field.label ?? field.name, ...args] },
});

/** A cell as the value of a field of a kind other than list (lists are resolved by code, in bulk). */
export function readCell(field: EffectiveField, cell: Cell, notations: ImportNotations): Read {
  if (cell === null || cell === '') return { value: null };
  if (typeof cell === 'object' && !(cell instanceof Date)) {
    if (cell.error === 'formula') return bad(field, 'import.formula_without_value');
    if (cell.error === 'too_long') return bad(field, 'import.cell_too_long');
    return bad(field, 'import.cell_error', cell.text ?? '');
  }
  switch (field.type) {
    case 'select': {
      // An option by its value or, as people type it, by its label.
      const text = (cell instanceof Date ? isoDate(cell) : String(cell)).trim();
      const option =
        field.options?.find((o) => o.value === text) ??
        field.options?.find((o) => o.label.trim().toLowerCase() === text.toLowerCase());
      return { value: option ? option.value : text };
    }
    case 'text':
    case 'textarea':
    case 'html':
    case 'color':
      if (cell instanceof Date) return { value: isoDate(cell) };
      return { value: typeof cell === 'string' ? cell : String(cell) };
    case 'bool': {
      if (typeof cell === 'boolean') return { value: cell };
      const [yes, no] = BOOLEANS[notations.BooleanFormat];
      const word = String(cell).trim().toLocaleLowerCase();
      const [yeses, noes] = notations.BooleanFormat === 'YesNo' ? YES_NO : [[yes], [no]];
      if (yeses.includes(word)) return { value: true };
      if (noes.includes(word)) return { value: false };
      return bad(field, 'import.boolean', yes.toUpperCase(), no.toUpperCase());
    }
    case 'smallint':
    case 'integer':
    case 'bigint':
    case 'decimal': {
      let value: number | string | null;
      if (typeof cell === 'number') value = cell;
      else if (typeof cell === 'string') value = decimalText(cell, notations.DecimalFormat);
      else value = null;
      if (value === null)
        return bad(field, 'import.number', notations.DecimalFormat === 'Comma' ? '1.234,5' : '1,234.5');
      if (field.type !== 'decimal') {
        const n = Number(value);
        if (!Number.isSafeInteger(n)) return bad(field, 'import.whole_number');
        return { value: n };
      }
      return { value };
    }
    case 'date':
    case 'datetime':
    case 'datetime-seconds':
    case 'time': {
      const seconds = field.type === 'datetime-seconds';
      if (cell instanceof Date) {
        // A date cell holds the wall-clock time the spreadsheet shows, stored as if in UTC.
        if (field.type === 'time') return { value: isoTime(cell, false) };
        return { value: field.type === 'date' ? isoDate(cell) : `${isoDate(cell)} ${isoTime(cell, seconds)}` };
      }
      const text = String(cell).trim();
      if (field.type === 'time') {
        const t = TIME.exec(text);
        if (!t || Number(t[1]) > 23 || Number(t[2]) > 59) return bad(field, 'import.time');
        return { value: `${pad(Number(t[1]))}:${t[2]}` };
      }
      const read = textDate(text, notations.DateFormat);
      if (!read || (field.type === 'date' && read.time))
        return bad(field, 'import.date', datePattern(notations.DateFormat));
      if (field.type === 'date') return { value: read.date };
      const time = read.time ?? '00:00';
      const withSeconds = seconds ? (time.length === 5 ? `${time}:00` : time) : time.slice(0, 5);
      return { value: `${read.date} ${withSeconds}` };
    }
    default:
      return bad(field, 'import.not_importable');
  }
}
