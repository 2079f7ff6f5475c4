// An .xlsx is a zip archive. Before any spreadsheet parser sees one, its archive is checked
// here: the number of entries, the sizes it declares (a zip bomb declares its size honestly or
// lies about it), every entry's path (no `../`, no absolute path, no link), and then every entry
// is inflated to nowhere while its real bytes are counted, so an entry that inflates beyond
// what it declares is caught before the parser would inflate it. The worksheets' rows are
// counted on the way: the import knows its size before it writes a row.
import yauzl from 'yauzl';
import { IMPORT_LIMITS } from '../../definitions/language/index.ts';

export interface ArchiveFacts {
  entries: number;
  inflatedBytes: number;
  /** Rows of the first worksheet in the archive (as a parser reads them), empty ones included. */
  rows: number;
}

export type ArchiveProblem = 'not_zip' | 'entries' | 'declared_size' | 'ratio' | 'path' | 'link' | 'real_size' | 'no_sheet';

export class ArchiveRefused extends Error {
  constructor(readonly problem: ArchiveProblem, readonly detail = '') { super(`archive refused: ${problem}${detail ? ` (${detail})` : ''}`); }
}

type Limits = Pick<typeof IMPORT_LIMITS, 'entries' | 'inflatedBytes' | 'ratio'>;

const SHEET = /^xl\/worksheets\/[^/]+\.xml$/i;
/** A row element, with or without a namespace prefix. */
const ROW_TAG = /<(?:[A-Za-z_][\w.-]*:)?row[\s>/]/g;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

const openZip = (path: string) => new Promise<yauzl.ZipFile>((resolve, reject) => {
  // lazyEntries: one entry at a time; validateEntrySizes: an entry inflating to more (or less)
  // than it declares fails while it is read; decodeStrings: names are checked for ../ and /.
  yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: true, strictFileNames: false }, (err, zip) => (err ? reject(err) : resolve(zip)));
});

function countRows(stream: NodeJS.ReadableStream, onRows: ((n: number) => void) | null): Promise<number> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    let tail = '';
    stream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (!onRows) return;
      const text = tail + chunk.toString('latin1');
      const matches = text.match(ROW_TAG);
      // A tag cut by the chunk's end is counted with the next chunk: keep a short tail.
      const cut = Math.max(0, text.length - 64);
      const inTail = (text.slice(cut).match(ROW_TAG) ?? []).length;
      onRows((matches?.length ?? 0) - inTail);
      tail = text.slice(cut);
    });
    stream.on('end', () => { onRows?.((tail.match(ROW_TAG) ?? []).length); resolve(bytes); });
    stream.on('error', reject);
  });
}

export async function inspectArchive(path: string, limits: Limits = IMPORT_LIMITS): Promise<ArchiveFacts> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(path);
  } catch (err) {
    throw new ArchiveRefused('not_zip', String((err as Error).message));
  }
  try {
    if (zip.entryCount > limits.entries) throw new ArchiveRefused('entries', String(zip.entryCount));
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    // First the whole central directory: sizes and paths are judged before one byte is inflated.
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        try {
          if ((entry.externalFileAttributes >>> 16 & S_IFMT) === S_IFLNK) throw new ArchiveRefused('link', entry.fileName);
          if (entry.fileName.includes('\\') || /(^|\/)\.\.(\/|$)/.test(entry.fileName) || entry.fileName.startsWith('/')) throw new ArchiveRefused('path', entry.fileName);
          declared += entry.uncompressedSize;
          if (declared > limits.inflatedBytes) throw new ArchiveRefused('declared_size', String(declared));
          if (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.ratio) {
            throw new ArchiveRefused('ratio', entry.fileName);
          }
          entries.push(entry);
          zip.readEntry();
        } catch (err) {
          reject(err);
        }
      });
      zip.on('end', resolve);
      zip.on('error', (err: Error) => reject(/relative path|absolute path|invalid characters/i.test(err.message) ? new ArchiveRefused('path', err.message) : new ArchiveRefused('not_zip', err.message)));
      zip.readEntry();
    });
    const firstSheet = entries.find((e) => SHEET.test(e.fileName));
    if (!firstSheet) throw new ArchiveRefused('no_sheet');
    let inflated = 0;
    let rows = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) => zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))));
      try {
        inflated += await countRows(stream, entry === firstSheet ? (n) => { rows += n; } : null);
      } catch (err) {
        throw new ArchiveRefused('real_size', `${entry.fileName}: ${(err as Error).message}`);
      }
      if (inflated > limits.inflatedBytes) throw new ArchiveRefused('real_size', String(inflated));
    }
    return { entries: entries.length, inflatedBytes: inflated, rows };
  } finally {
    zip.close();
  }
}
