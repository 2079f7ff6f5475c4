// A zip archive has two tables of contents: the central directory at its end, which the
// inspection reads (yauzl), and a local header before each entry's data, which a streaming
// reader reads from the first byte on. A file where the two disagree shows each reader another
// archive: a sheet placed before the workbook, outside the directory, is never inspected and is
// the one streamed. So every byte of the file must belong to a record the directory lists,
// exactly where it says and saying what it says: nothing before the first entry, between two
// entries or after the last, no two entries sharing bytes, no local header naming another name,
// size or compression. What passes is the list of entries with where their data lies.
import { open, type FileHandle } from 'node:fs/promises';
import type yauzl from 'yauzl';

/** An entry the directory lists and its local record confirms: where its data lies. */
export interface VouchedEntry {
  name: string;
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  /** The first byte of its (compressed) data in the file. */
  dataStart: number;
}

export type LayoutProblem =
  /** Bytes no listed record holds: `[count, position]`. */
  | { problem: 'hidden'; args: [number, number] }
  /** A local record that says something else than the directory: `[entry name]`. */
  | { problem: 'mismatch'; args: [string] }
  /** Two entries claiming the same bytes: `[first name, second name]`. */
  | { problem: 'overlap'; args: [string, string] };

const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const HAS_DESCRIPTOR = 0x08;
const MAX32 = 0xffffffff;

async function bytesAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** The sizes of a zip64 extra field (id 1), where the header's own say 0xffffffff. */
function zip64Sizes(
  extra: Buffer,
  size: number,
  compressed: number,
): { size: number; compressed: number; zip64: boolean } {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 1) {
      let i = at + 4;
      const next = () => {
        const n = i + 8 <= at + 4 + length ? Number(extra.readBigUInt64LE(i)) : NaN;
        i += 8;
        return n;
      };
      return {
        size: size === MAX32 ? next() : size,
        compressed: compressed === MAX32 ? next() : compressed,
        zip64: true,
      };
    }
    at += 4 + length;
  }
  return { size, compressed, zip64: false };
}

/** Where the directory starts, and where it must end: at the end record, or the zip64 end record before its locator. */
async function directoryBounds(
  file: FileHandle,
  fileSize: number,
): Promise<{ cdOffset: number; end: number } | LayoutProblem> {
  const tailLength = Math.min(fileSize, 22 + 0xffff + 20);
  const tail = await bytesAt(file, fileSize - tailLength, tailLength);
  // As yauzl finds it: the last end record whose comment reaches exactly to the end of the file.
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== EOCD || tail.readUInt16LE(i + 20) !== tail.length - i - 22) continue;
    const eocdAt = fileSize - tailLength + i;
    if (i < 20 || tail.readUInt32LE(i - 20) !== ZIP64_LOCATOR)
      return { cdOffset: tail.readUInt32LE(i + 16), end: eocdAt };
    const recordAt = Number(tail.readBigUInt64LE(i - 20 + 8));
    const record = await bytesAt(file, recordAt, 56);
    if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD)
      return { problem: 'hidden', args: [eocdAt - recordAt, recordAt] };
    // The zip64 end record, its locator, the end record: nothing between them.
    const recordEnd = recordAt + 12 + Number(record.readBigUInt64LE(4));
    if (recordEnd !== eocdAt - 20)
      return { problem: 'hidden', args: [Math.abs(eocdAt - 20 - recordEnd), Math.min(recordEnd, eocdAt - 20)] };
    return { cdOffset: Number(record.readBigUInt64LE(48)), end: recordAt };
  }
  return { problem: 'hidden', args: [fileSize, 0] };
}

/** The local record of one entry checked against the directory: answers where its record ends. */
async function localRecord(file: FileHandle, entry: yauzl.Entry): Promise<{ dataStart: number; end: number } | null> {
  const at = entry.relativeOffsetOfLocalHeader;
  const head = await bytesAt(file, at, 30);
  if (head.length < 30 || head.readUInt32LE(0) !== LOCAL) return null;
  const flags = head.readUInt16LE(6);
  const nameLength = head.readUInt16LE(26);
  const extraLength = head.readUInt16LE(28);
  const nameAndExtra = await bytesAt(file, at + 30, nameLength + extraLength);
  if (nameAndExtra.length < nameLength + extraLength) return null;
  const name = nameAndExtra.subarray(0, nameLength);
  if (!name.equals(entry.fileNameRaw) || head.readUInt16LE(8) !== entry.compressionMethod) return null;
  const said = zip64Sizes(nameAndExtra.subarray(nameLength), head.readUInt32LE(22), head.readUInt32LE(18));
  const crc = head.readUInt32LE(14);
  const dataStart = at + 30 + nameLength + extraLength;
  const dataEnd = dataStart + entry.compressedSize;
  // The local header's own flag decides: it is what a streaming reader goes by.
  if (!(flags & HAS_DESCRIPTOR)) {
    if (crc !== entry.crc32 || said.size !== entry.uncompressedSize || said.compressed !== entry.compressedSize)
      return null;
    return { dataStart, end: dataEnd };
  }
  // Sizes after the data (a data descriptor): the header may leave them 0; the descriptor must agree.
  const zero = crc === 0 && said.size === 0 && said.compressed === 0;
  if (
    !zero &&
    (crc !== entry.crc32 || said.size !== entry.uncompressedSize || said.compressed !== entry.compressedSize)
  )
    return null;
  const descriptor = await bytesAt(file, dataEnd, 24);
  const signed = descriptor.length >= 4 && descriptor.readUInt32LE(0) === DESCRIPTOR ? 4 : 0;
  const wide = said.zip64 ? 8 : 4;
  if (descriptor.length < signed + 4 + 2 * wide) return null;
  const read = (i: number) => (wide === 8 ? Number(descriptor.readBigUInt64LE(i)) : descriptor.readUInt32LE(i));
  if (
    descriptor.readUInt32LE(signed) !== entry.crc32 ||
    read(signed + 4) !== entry.compressedSize ||
    read(signed + 4 + wide) !== entry.uncompressedSize
  )
    return null;
  return { dataStart, end: dataEnd + signed + 4 + 2 * wide };
}

/** Checks that the file is exactly its directory's records; answers them, or the first problem. */
export async function checkLayout(
  path: string,
  entries: yauzl.Entry[],
): Promise<{ vouched: VouchedEntry[] } | LayoutProblem> {
  const file = await open(path, 'r');
  try {
    const fileSize = (await file.stat()).size;
    const directory = await directoryBounds(file, fileSize);
    if ('problem' in directory) return directory;
    const byOffset = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
    const vouched = new Map<yauzl.Entry, VouchedEntry>();
    let end = 0;
    let previous: yauzl.Entry | null = null;
    for (const entry of byOffset) {
      const at = entry.relativeOffsetOfLocalHeader;
      if (previous && at < end) return { problem: 'overlap', args: [previous.fileName, entry.fileName] };
      if (at > end) return { problem: 'hidden', args: [at - end, end] };
      const record = await localRecord(file, entry);
      if (!record) return { problem: 'mismatch', args: [entry.fileName] };
      vouched.set(entry, {
        name: entry.fileName,
        method: entry.compressionMethod,
        crc32: entry.crc32,
        compressedSize: entry.compressedSize,
        uncompressedSize: entry.uncompressedSize,
        dataStart: record.dataStart,
      });
      end = record.end;
      previous = entry;
    }
    // The directory follows the last record at once, and the end record follows the directory.
    if (directory.cdOffset < end) return { problem: 'mismatch', args: [previous!.fileName] };
    if (directory.cdOffset > end) return { problem: 'hidden', args: [directory.cdOffset - end, end] };
    const cdEnd =
      directory.cdOffset +
      entries.reduce((n, e) => n + 46 + e.fileNameLength + e.extraFieldLength + e.fileCommentLength, 0);
    if (directory.end !== cdEnd) return { problem: 'hidden', args: [Math.abs(directory.end - cdEnd), cdEnd] };
    // In the directory's order, as the inspection takes them.
    return { vouched: entries.map((e) => vouched.get(e)!) };
  } finally {
    await file.close();
  }
}
