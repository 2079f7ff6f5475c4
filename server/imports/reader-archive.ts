// What the sheet's reader is given: not the uploaded file, but an archive written afresh from
// the entries the inspection vouched for, each behind a local header written here with its
// sizes, so a streaming reader finds nothing in it the inspection did not see. It holds only what
// reading the first worksheet needs: the workbook's relations and the workbook (the sheet's name),
// the shared strings, the styles (dates), then that worksheet, the one whose rows the inspection
// counted. In this order the reader meets the strings before the sheet and reads the sheet as it
// streams, never parking it in a temporary file (exceljs does that with a sheet that comes first).
import { crc32 } from 'node:zlib';
import type { VouchedEntry } from './archive-layout.ts';

/** A local header, then the entry's data: a range of the uploaded file, or bytes written here. */
export type ReaderPart =
  { header: Uint8Array; start: number; length: number } | { header: Uint8Array; bytes: Uint8Array };

/** The worksheets a reader takes for sheets, by name (exceljs's `xl/worksheets/sheetN.xml`). */
const SHEET = /^xl\/worksheets\/sheet\d+\.xml$/;
const RELS = 'xl/_rels/workbook.xml.rels';
const WORKBOOK = 'xl/workbook.xml';
const STRINGS = 'xl/sharedStrings.xml';
const STYLES = 'xl/styles.xml';
const MAX32 = 0xffffffff;

/** The worksheet that is imported: the first in the archive's directory. */
export function firstSheet<T extends { name: string }>(entries: readonly T[]): T | undefined {
  return entries.find((e) => SHEET.test(e.name));
}

/** Empty parts the reader needs to read a sheet as it streams, for an archive without them. */
const EMPTY: Record<string, string> = {
  [RELS]:
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
  [STRINGS]:
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
};

function localHeader(
  name: string,
  e: Pick<VouchedEntry, 'method' | 'crc32' | 'compressedSize' | 'uncompressedSize'>,
): Uint8Array {
  if (e.compressedSize > MAX32 || e.uncompressedSize > MAX32) throw new Error(`${name}: too large for the reader`);
  const bytes = Buffer.from(name, 'utf8');
  const h = Buffer.alloc(30 + bytes.length);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  // Bit 11: the name is UTF-8. No data descriptor: the sizes are here, and the reader goes by them.
  h.writeUInt16LE(0x0800, 6);
  h.writeUInt16LE(e.method, 8);
  h.writeUInt32LE(e.crc32 >>> 0, 14);
  h.writeUInt32LE(e.compressedSize, 18);
  h.writeUInt32LE(e.uncompressedSize, 22);
  h.writeUInt16LE(bytes.length, 26);
  bytes.copy(h, 30);
  return h;
}

const vouchedPart = (e: VouchedEntry): ReaderPart => ({
  header: localHeader(e.name, e),
  start: e.dataStart,
  length: e.compressedSize,
});

function writtenPart(name: string): ReaderPart {
  const bytes = Buffer.from(EMPTY[name]);
  return {
    header: localHeader(name, {
      method: 0,
      crc32: crc32(bytes),
      compressedSize: bytes.length,
      uncompressedSize: bytes.length,
    }),
    bytes,
  };
}

/** The reader's archive of vouched entries (in the directory's order, the first of a name counts). */
export function readerParts(vouched: readonly VouchedEntry[]): ReaderPart[] {
  const sheet = firstSheet(vouched);
  if (!sheet) return [];
  const byName = new Map<string, VouchedEntry>();
  for (const e of vouched) if (!byName.has(e.name) && e.compressedSize > 0) byName.set(e.name, e);
  const rels = byName.get(RELS);
  const workbook = byName.get(WORKBOOK);
  const strings = byName.get(STRINGS);
  const styles = byName.get(STYLES);
  return [
    // The relations name the sheet through the workbook: both, or neither.
    ...(rels && workbook ? [vouchedPart(rels), vouchedPart(workbook)] : [writtenPart(RELS)]),
    strings ? vouchedPart(strings) : writtenPart(STRINGS),
    ...(styles ? [vouchedPart(styles)] : []),
    vouchedPart(sheet),
  ];
}
