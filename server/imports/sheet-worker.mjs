// The worker thread of an import, with a heap limit: a hostile sheet can at worst end it, never
// the server. It reads the first worksheet of an .xlsx streaming and hands the rows over a chunk
// at a time, reading one chunk ahead while the import writes the one before. Plain JavaScript: a
// worker thread gets no TypeScript loader.
//
// It reads not the uploaded file as it is but the archive of its vouched entries (`parts`, see
// reader-archive.ts): each part's local header, then its data from the file, then an end record.
// A sheet hidden in the upload outside its directory never reaches the reader.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

const { path, parts, chunkRows, maxRows, maxColumns, maxChars } = workerData;

/** An end of central directory record without a directory: where the reader stops. */
const END = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);

async function* archive() {
  for (const part of parts) {
    yield Buffer.from(part.header);
    if (part.bytes) yield Buffer.from(part.bytes);
    else if (part.length > 0) yield* createReadStream(path, { start: part.start, end: part.start + part.length - 1 });
  }
  yield END;
}

const AHEAD = 2;
let outstanding = 0;
let resume = null;
const posted = () =>
  ++outstanding < AHEAD
    ? Promise.resolve()
    : new Promise((resolve) => {
        resume = resolve;
      });

/** OOXML's escapes in text (_x000D_ a carriage return, _x005F_ a literal underscore). */
const unescapeText = (text) => text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

/** A cell as the import takes it: text, number, boolean, a date, or what makes it unusable. */
function cellValue(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    if (value.length > maxChars) return { error: 'too_long' };
    const text = unescapeText(value);
    // PostgreSQL holds no NUL in text: such a cell fails its row here, as the API's edge refuses it.
    return text.includes('\0') ? { error: 'value', text: 'NUL' } : text;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? { error: 'date' } : value;
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText))
      return cellValue(value.richText.map((r) => r.text ?? '').join(''));
    if ('formula' in value || 'sharedFormula' in value) {
      // A formula counts by the value the spreadsheet computed and saved with it; it is never run here.
      return value.result === undefined || value.result === null ? { error: 'formula' } : cellValue(value.result);
    }
    if ('error' in value) return { error: 'value', text: String(value.error) };
    if ('text' in value) return cellValue(value.text);
  }
  return { error: 'value', text: '' };
}

function cellsOf(row) {
  const values = row.values;
  const cells = [];
  const last = Math.min(values.length - 1, maxColumns);
  for (let i = 1; i <= last; i++) cells.push(cellValue(values[i]));
  while (cells.length && (cells[cells.length - 1] === null || cells[cells.length - 1] === '')) cells.pop();
  return { cells, wide: values.length - 1 > maxColumns };
}

async function read(source) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let chunk = [];
  let rows = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const { cells, wide } = cellsOf(row);
      if (wide) return { kind: 'failed', reason: 'columns', row: row.number };
      if (!cells.length) continue;
      if (++rows > maxRows + 2) return { kind: 'failed', reason: 'rows', row: row.number };
      chunk.push([row.number, cells]);
      if (chunk.length >= chunkRows) {
        parentPort.postMessage({ kind: 'rows', rows: chunk });
        chunk = [];
        await posted();
      }
    }
    // The archive holds one worksheet: the one imported.
    break;
  }
  return { kind: 'rows', rows: chunk, last: true };
}

parentPort.on('message', (m) => {
  if (m !== 'next') return;
  outstanding--;
  if (resume && outstanding < AHEAD) {
    const go = resume;
    resume = null;
    go();
  }
});

// The file is closed before the last word: the thread may be ended as soon as it is said.
const source = Readable.from(archive(), { objectMode: false });
read(source)
  .catch((err) => ({ kind: 'failed', reason: 'unreadable', message: String((err && err.message) || err) }))
  .then((last) => {
    source.destroy();
    parentPort.postMessage(last);
  });
