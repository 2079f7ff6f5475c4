// A zip archive written an entry at a time into a stream: each entry's bytes are deflated, written
// and forgotten, so a selection of two thousand documents never sits in memory at once. Only what
// a zip of made documents needs (no ZIP64: at most 65,535 entries of under 4 GB in all).
import { crc32, deflateRawSync } from 'node:zlib';
import type { Writable } from 'node:stream';

interface Written {
  name: Buffer;
  crc: number;
  size: number;
  packed: number;
  offset: number;
}

const MAX_ENTRIES = 65_535;

export class ZipWriter {
  private offset = 0;
  private readonly entries: Written[] = [];
  private readonly names = new Set<string>();

  constructor(private readonly out: Writable) {}

  private async write(buf: Buffer): Promise<void> {
    this.offset += buf.length;
    if (!this.out.write(buf)) await new Promise((resolve) => this.out.once('drain', resolve));
  }

  /** A name not used before in this archive ("a.pdf", then "a (2).pdf"). */
  uniqueName(name: string): string {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; this.names.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    this.names.add(candidate.toLowerCase());
    return candidate;
  }

  async add(fileName: string, data: Buffer): Promise<void> {
    if (this.entries.length >= MAX_ENTRIES) throw new Error('a zip holds at most 65,535 entries');
    const name = Buffer.from(this.uniqueName(fileName), 'utf8');
    const packed = deflateRawSync(data);
    const entry = { name, crc: crc32(data) >>> 0, size: data.length, packed: packed.length, offset: this.offset };
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(0x0800, 6); // names in UTF-8
    head.writeUInt16LE(8, 8); // deflate
    head.writeUInt32LE(0, 10); // time and date: none
    head.writeUInt32LE(entry.crc, 14);
    head.writeUInt32LE(entry.packed, 18);
    head.writeUInt32LE(entry.size, 22);
    head.writeUInt16LE(name.length, 26);
    head.writeUInt16LE(0, 28);
    await this.write(Buffer.concat([head, name]));
    await this.write(packed);
    this.entries.push(entry);
  }

  /** Writes the central directory and ends the stream. */
  async end(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const dir = Buffer.alloc(46);
      dir.writeUInt32LE(0x02014b50, 0);
      dir.writeUInt16LE(20, 4);
      dir.writeUInt16LE(20, 6);
      dir.writeUInt16LE(0x0800, 8);
      dir.writeUInt16LE(8, 10);
      dir.writeUInt32LE(0, 12);
      dir.writeUInt32LE(e.crc, 16);
      dir.writeUInt32LE(e.packed, 20);
      dir.writeUInt32LE(e.size, 24);
      dir.writeUInt16LE(e.name.length, 28);
      dir.writeUInt32LE(e.offset, 42);
      await this.write(Buffer.concat([dir, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
    this.out.end();
  }
}
