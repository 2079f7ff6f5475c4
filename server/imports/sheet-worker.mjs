// Reads the first worksheet of an .xlsx streaming, in a worker thread with a heap limit: a
// hostile sheet can at worst end this worker, never the server. Rows go to the import a chunk
// at a time, and the next chunk is read only when the import asks for it, so memory holds one
// chunk however long the sheet is. Plain JavaScript: a worker thread gets no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

const { path, chunkRows, maxRows, maxColumns, maxChars } = workerData;

let resume = null;
parentPort.on('message', (message) => {
  if (message === 'next' && resume) { const go = resume; resume = null; go(); }
});
const next = () => new Promise((resolve) => { resume = resolve; });

/** A cell as the import takes it: text, number, boolean, a date, or what makes it unusable. */
function cellValue(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.length > maxChars ? { error: 'too_long' } : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? { error: 'date' } : value;
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return cellValue(value.richText.map((r) => r.text ?? '').join(''));
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

async function read() {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'emit' });
  let chunk = [];
  let rows = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const { cells, wide } = cellsOf(row);
      if (wide) { parentPort.postMessage({ kind: 'failed', reason: 'columns', row: row.number }); return; }
      if (!cells.length) continue;
      if (++rows > maxRows + 2) { parentPort.postMessage({ kind: 'failed', reason: 'rows', row: row.number }); return; }
      chunk.push([row.number, cells]);
      if (chunk.length >= chunkRows) {
        parentPort.postMessage({ kind: 'rows', rows: chunk });
        chunk = [];
        await next();
      }
    }
    // The first worksheet is the one imported.
    break;
  }
  parentPort.postMessage({ kind: 'rows', rows: chunk, last: true });
}

read().catch((err) => parentPort.postMessage({ kind: 'failed', reason: 'unreadable', message: String(err && err.message || err) }));
