// A one-sheet .xlsx written straight as its XML, a row at a time, into a zip on disk: the
// output file of an import, tens of thousands of rows, written at the speed of string building
// rather than through a spreadsheet library's object model, in little memory. Text is always an
// inline string (never a formula), with the characters XML cannot hold escaped as OOXML does.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import yazl from 'yazl';

const PARTS: Record<string, string> = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
    '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  // Styles: 0 plain, 1 a date (d-m-yyyy), 2 a date and time, 3 bold (the header).
  'xl/styles.xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<numFmts count="2"><numFmt numFmtId="164" formatCode="d-m-yyyy"/><numFmt numFmtId="165" formatCode="d-m-yyyy hh:mm"/></numFmts>' +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
    '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
    '</styleSheet>',
};

const workbook = (sheet: string) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  `xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlText(sheet)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

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

/** Text as XML holds it: OOXML's escapes, then entities for markup. */
const xmlText = (text: string) => ooxmlEscape(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const column = (n: number) => {
  let s = '';
  for (let i = n + 1; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
};

/** A Date as the spreadsheet's day number: the wall-clock time it shows is read as UTC. */
const serial = (d: Date) => d.getTime() / 86_400_000 + 25_569;

function cell(ref: string, value: unknown, bold: boolean): string {
  const style = bold ? ' s="3"' : '';
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"${style}><v>${value}</v></c>` : '';
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"${style}><v>${value ? 1 : 0}</v></c>`;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const whole = value.getUTCHours() === 0 && value.getUTCMinutes() === 0 && value.getUTCSeconds() === 0;
    return `<c r="${ref}" s="${whole ? 1 : 2}"><v>${serial(value)}</v></c>`;
  }
  return `<c r="${ref}" t="inlineStr"${style}><is><t xml:space="preserve">${xmlText(String(value))}</t></is></c>`;
}

export class XlsxWriter {
  private readonly zip = new yazl.ZipFile();
  private readonly sheet = new PassThrough();
  private readonly done: Promise<void>;
  private buffer = '';
  private rowNumber = 0;

  constructor(path: string, sheetName: string) {
    for (const [name, xml] of Object.entries(PARTS)) this.zip.addBuffer(Buffer.from(xml), name);
    this.zip.addBuffer(Buffer.from(workbook(sheetName)), 'xl/workbook.xml');
    this.zip.addReadStream(this.sheet, 'xl/worksheets/sheet1.xml');
    const file = createWriteStream(path);
    this.zip.outputStream.pipe(file);
    this.done = finished(file);
    this.buffer =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  }

  /** Appends a row; waits while the zip takes what was written before. */
  async row(values: readonly unknown[], opts: { bold?: boolean } = {}): Promise<void> {
    const n = ++this.rowNumber;
    this.buffer += `<row r="${n}">${values.map((v, i) => cell(`${column(i)}${n}`, v, opts.bold === true)).join('')}</row>`;
    if (this.buffer.length > 256 * 1024) await this.flush();
  }

  private async flush(): Promise<void> {
    const more = this.sheet.write(this.buffer);
    this.buffer = '';
    if (!more) await once(this.sheet, 'drain');
  }

  async end(): Promise<void> {
    this.buffer += '</sheetData></worksheet>';
    await this.flush();
    this.sheet.end();
    this.zip.end();
    await this.done;
  }
}
