// The one .xlsx writer of the server: exports, import templates and import output files. Built
// on exceljs's streaming WorkbookWriter (the stack's spreadsheet library): sheets are written in
// order a row at a time straight into a stream or a file, so a sheet of a hundred thousand rows
// never sits in memory. Text cells are ones a spreadsheet can neither run nor change: never a
// formula, and a text that starts like one (=, +, -, @, a tab or a carriage return) is an inline
// string, the spreadsheet's own text type, so it stays text however a spreadsheet opens or edits
// it; characters a reader would change or refuse are escaped as OOXML does (ooxmlEscape), and the
// import reads them back.
import { createWriteStream } from 'node:fs';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';

/**
 * OOXML's escapes in text: _xHHHH_ for the characters XML cannot hold or a reader would change (a
 * carriage return becomes a line feed), and `_x005F` before a literal _xHHHH_. The import reads
 * them back (sheet-worker.mjs).
 */
export function ooxmlEscape(text: string): string {
  return text
    .replace(/_x[0-9A-Fa-f]{4}_/g, (m) => `_x005F${m}`)
    .replace(
      /[\u0000-\u0008\u000b\u000c\u000d\u000e-\u001f\ufffe\uffff]/g,
      (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`,
    );
}

/** A date's cell format: a whole day, or a day and a time (the wall-clock time it shows is read as UTC). */
const DAY = 'd-m-yyyy';
const DAY_TIME = 'd-m-yyyy hh:mm';

export interface SheetColumn {
  /** A title written in the first row (a sheet whose columns have none starts with its first row()). */
  header?: string;
  /** The name a row given as an object fills it by. */
  key?: string;
  width?: number;
}

export interface SheetOptions {
  columns?: SheetColumn[];
  /** A sheet the workbook hides (the template's lists). */
  hidden?: boolean;
  /** Rows that stay in view when scrolling. */
  frozenRows?: number;
}

export interface RowStyle {
  bold?: boolean;
  italic?: boolean;
  /** The font's colour, ARGB. */
  color?: string;
}

type Validation = ExcelJS.DataValidation;

/** One sheet of the workbook: rows in order, each committed as it is added. */
export class XlsxSheet {
  constructor(
    private readonly sheet: ExcelJS.Worksheet,
    private readonly styles: boolean,
  ) {}

  /** Appends a row (values by column, or by the columns' keys). */
  row(values: readonly unknown[] | Record<string, unknown>, style: RowStyle = {}): void {
    const row = this.sheet.addRow(
      Array.isArray(values)
        ? values.map((v) => cellValue(v))
        : Object.fromEntries(Object.entries(values).map(([k, v]) => [k, cellValue(v)])),
    );
    if (this.styles) {
      if (style.bold || style.italic || style.color)
        row.font = {
          ...(style.bold ? { bold: true } : {}),
          ...(style.italic ? { italic: true } : {}),
          ...(style.color ? { color: { argb: style.color } } : {}),
        };
      row.eachCell((cell) => {
        if (cell.value instanceof Date) cell.numFmt = wholeDay(cell.value) ? DAY : DAY_TIME;
      });
    }
    row.commit();
  }

  /** A rule for the cells of a range (`B3:B1000`): a list of choices, typed or on another sheet. */
  validate(range: string, rule: Validation): void {
    // exceljs keeps validations by range at run time; its types name only the per-cell form.
    (this.sheet as unknown as { dataValidations: { add(range: string, rule: Validation): void } }).dataValidations.add(
      range,
      rule,
    );
  }

  get name(): string {
    return this.sheet.name;
  }

  /** Ends the sheet: no row can follow. */
  end(): void {
    this.sheet.commit();
  }
}

const wholeDay = (d: Date) => d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A value as a cell holds it: safe text; nothing for what has no cell value (an empty text, a number that is none). */
function cellValue(value: unknown): unknown {
  if (value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const text = ooxmlEscape(value);
    return FORMULA_START.test(value) ? { richText: [{ text }] } : text;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  if (value instanceof Date && Number.isNaN(value.getTime())) return null;
  return value;
}

/**
 * A workbook written as it goes, into a stream or a file. `styles`: bold headers and date formats
 * (an export leaves them out: its dates are day numbers, as a grid's copy gives them).
 */
export class XlsxWriter {
  private readonly book: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly done: Promise<void> | null;
  private readonly sheets: XlsxSheet[] = [];

  constructor(target: Writable | string, opts: { styles?: boolean } = {}) {
    const stream = typeof target === 'string' ? createWriteStream(target) : target;
    this.done = typeof target === 'string' ? finished(stream) : null;
    this.styles = opts.styles !== false;
    this.book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: this.styles, useSharedStrings: false });
  }

  private readonly styles: boolean;

  /** Adds a sheet after the others; the sheet before it can take no more rows. */
  sheet(name: string, opts: SheetOptions = {}): XlsxSheet {
    this.sheets.at(-1)?.end();
    const sheet = this.book.addWorksheet(name, {
      ...(opts.hidden ? { state: 'hidden' } : {}),
      ...(opts.frozenRows ? { views: [{ state: 'frozen', ySplit: opts.frozenRows }] } : {}),
    });
    if (opts.columns)
      sheet.columns = opts.columns.map((c) => ({
        ...(c.header === undefined ? {} : { header: c.header }),
        key: c.key,
        width: c.width,
      }));
    const written = new XlsxSheet(sheet, this.styles);
    this.sheets.push(written);
    return written;
  }

  /** Ends every sheet and the file. */
  async end(): Promise<void> {
    this.sheets.at(-1)?.end();
    await this.book.commit();
    await this.done;
  }
}

/** A workbook written into memory, for a small file answered at once (a template). */
export async function xlsxBuffer(write: (book: XlsxWriter) => void | Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = finished(out);
  const book = new XlsxWriter(out);
  await write(book);
  await book.end();
  await ended;
  return Buffer.concat(chunks);
}
