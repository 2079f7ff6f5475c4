// An .xlsx is a zip archive. Before any spreadsheet parser sees one, its archive is checked
// here: the number of entries, the sizes it declares (a zip bomb declares its size honestly or
// lies about it), every entry's path (no `../`, no absolute path, no link), and then every entry
// is inflated to nowhere while its real bytes are counted, so an entry that inflates beyond
// what it declares is caught before the parser would inflate it. The worksheets' rows are
// counted on the way: the import knows its size before it writes a row. The file's local
// records must be exactly what its directory lists (archive-layout.ts), and the sheet's reader is
// given only the vouched entries (reader-archive.ts): it reads what was inspected, nothing else.
import yauzl from 'yauzl';
import { IMPORT_LIMITS } from '../../definitions/language/index.ts';
import { checkLayout } from './archive-layout.ts';
import { firstSheet, readerParts, type ReaderPart } from './reader-archive.ts';

export interface ArchiveFacts {
  entries: number;
  inflatedBytes: number;
  /** Rows of the worksheet that is imported (reader-archive.ts), empty ones included. */
  rows: number;
}

export type ArchiveProblem =
  | 'not_zip'
  | 'entries'
  | 'declared_size'
  | 'ratio'
  | 'path'
  | 'link'
  | 'real_size'
  | 'no_sheet'
  | 'hidden'
  | 'mismatch'
  | 'overlap';

export class ArchiveRefused extends Error {
  /** What the message names: `detail`, and for some problems more. */
  readonly args: string[];

  constructor(
    readonly problem: ArchiveProblem,
    readonly detail = '',
    more: readonly string[] = [],
  ) {
    super(`archive refused: ${problem}${detail ? ` (${[detail, ...more].join(', ')})` : ''}`);
    this.args = [detail, ...more];
  }
}

type Limits = Pick<typeof IMPORT_LIMITS, 'entries' | 'inflatedBytes' | 'ratio'>;

/** A row element, with or without a namespace prefix. */
const ROW_TAG = /<(?:[A-Za-z_][\w.-]*:)?row[\s>/]/g;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

const openZip = (path: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) => {
    // lazyEntries: one entry at a time; validateEntrySizes: an entry inflating to more (or less)
    // than it declares fails while it is read; decodeStrings: names are checked for ../ and /.
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: true, strictFileNames: false },
      (err, zip) => (err ? reject(err) : resolve(zip)),
    );
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
    stream.on('end', () => {
      onRows?.((tail.match(ROW_TAG) ?? []).length);
      resolve(bytes);
    });
    stream.on('error', reject);
  });
}

/** The central directory: sizes and paths judged before one byte is inflated. */
async function readDirectory(path: string, limits: Limits): Promise<{ zip: yauzl.ZipFile; entries: yauzl.Entry[] }> {
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
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        try {
          if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK)
            throw new ArchiveRefused('link', entry.fileName);
          if (
            entry.fileName.includes('\\') ||
            /(^|\/)\.\.(\/|$)/.test(entry.fileName) ||
            entry.fileName.startsWith('/')
          )
            throw new ArchiveRefused('path', entry.fileName);
          declared += entry.uncompressedSize;
          if (declared > limits.inflatedBytes) throw new ArchiveRefused('declared_size', String(declared));
          if (
            entry.uncompressedSize > 1024 * 1024 &&
            entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.ratio
          ) {
            throw new ArchiveRefused('ratio', entry.fileName);
          }
          entries.push(entry);
          zip.readEntry();
        } catch (err) {
          reject(err);
        }
      });
      zip.on('end', resolve);
      zip.on('error', (err: Error) =>
        reject(
          /relative path|absolute path|invalid characters/i.test(err.message)
            ? new ArchiveRefused('path', err.message)
            : new ArchiveRefused('not_zip', err.message),
        ),
      );
      zip.readEntry();
    });
    return { zip, entries };
  } catch (err) {
    zip.close();
    throw err;
  }
}

/** The directory's records checked against the file's own (archive-layout.ts): answers them with where their data lies. */
async function vouch(path: string, entries: yauzl.Entry[]) {
  const layout = await checkLayout(path, entries);
  if ('problem' in layout) {
    const [first, ...more] = layout.args.map(String);
    throw new ArchiveRefused(layout.problem, first, more);
  }
  return layout.vouched;
}

export async function inspectArchive(path: string, limits: Limits = IMPORT_LIMITS): Promise<ArchiveFacts> {
  const { zip, entries } = await readDirectory(path, limits);
  try {
    await vouch(path, entries);
    const sheet = firstSheet(entries.map((entry) => ({ name: entry.fileName, entry })));
    if (!sheet) throw new ArchiveRefused('no_sheet');
    let inflated = 0;
    let rows = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))),
      );
      try {
        inflated += await countRows(
          stream,
          entry === sheet.entry
            ? (n) => {
                rows += n;
              }
            : null,
        );
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

/**
 * The archive the sheet's reader is given (reader-archive.ts), for a file inspected when its
 * import started: its directory and records are checked again (no entry is inflated), and only
 * the vouched entries it needs are answered.
 */
export async function readerArchive(path: string, limits: Limits = IMPORT_LIMITS): Promise<ReaderPart[]> {
  const { zip, entries } = await readDirectory(path, limits);
  try {
    const parts = readerParts(await vouch(path, entries));
    if (!parts.length) throw new ArchiveRefused('no_sheet');
    return parts;
  } finally {
    zip.close();
  }
}
