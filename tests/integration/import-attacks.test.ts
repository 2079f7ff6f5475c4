// The spreadsheet import under attack, over real HTTP (a listening server, multipart bodies from
// FormData, and raw sockets for what no polite client sends): files too large or of the wrong
// kind, hostile archives (bombs, lying sizes, paths out of the archive, links, too many parts),
// sheets with too many rows, formulas and odd shapes, the same file started twice at once, an
// upload abandoned mid-body, a user without the table's right, and exported cells that look like
// formulas. Each case checks what the client is told and that nothing is left half-written: no
// rows of a refused import, no file row or stored bytes or temporary file of a refused upload, no
// task left pending.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT, IMPORT_LIMITS, message } from '../../definitions/language/index.ts';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
import {
  bigSheet,
  finished,
  outputRows,
  readRows,
  sheetFile,
  startImport,
  type ImportCall,
} from '../support/import-files.ts';

const MB = 1024 * 1024;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The signature of an OLE compound file: an .xls of Excel 97-2003. */
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

let server: TestServer;
let base: string;
let admin: string;

// ---------------------------------------------------------------------------------------------
// What is left behind.

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const stored = async (bytes: Buffer) => (await server.engine.files.size(sha(bytes))) !== null;
const tmpDir = () => path.join(server.engine.config.filesDir, 'tmp');
const tmpFiles = () => (existsSync(tmpDir()) ? readdirSync(tmpDir()) : []);
/** Temporary files with their sizes, to say which write they belong to. */
const described = (names: string[]) =>
  names
    .map((n) => `${n} (${statSync(path.join(tmpDir(), n), { throwIfNoEntry: false })?.size ?? 'gone'} bytes)`)
    .join(', ');
const one = async (sql: string, params: unknown[] = []) =>
  Number((await server.engine.pool.query(sql, params)).rows[0].n);
const products = (like: string) => one('SELECT count(*)::int AS n FROM products WHERE id LIKE $1', [like]);
/** Rows of the tables an import writes to, and the temporary files of the store. */
const state = async () => ({
  tmp: tmpFiles().sort(),
  files: await one('SELECT count(*)::int AS n FROM core_file'),
  tasks: await one('SELECT count(*)::int AS n FROM importtasks'),
  products: await one('SELECT count(*)::int AS n FROM products'),
  results: await one('SELECT count(*)::int AS n FROM core_import_row'),
});
const pendingTasks = () => one(`SELECT count(*)::int AS n FROM importtasks WHERE processstate IN ('0', '1')`);

const until = async (check: () => Promise<boolean> | boolean, ms = 5000) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50)))
    if (await check()) return true;
  return check();
};

/** Every write into the file store since the server started: a refused request's traces are done when its write is. */
const writes: Promise<unknown>[] = [];

/** Nothing of a refused import: the same rows as before, no stored bytes, no new temporary file, no pending task. */
async function nothingLeft(before: Awaited<ReturnType<typeof state>>, bytes?: Buffer) {
  await Promise.allSettled(writes);
  const added = () => tmpFiles().filter((n) => !before.tmp.includes(n));
  expect(await until(() => added().length === 0), `temporary files left: ${described(added())}`).toBe(true);
  expect({ ...(await state()), tmp: before.tmp }).toEqual(before);
  expect(await pendingTasks()).toBe(0);
  if (bytes) expect(await stored(bytes)).toBe(false);
}

/** A refused StartImport: its status and message key, and nothing left of it. */
async function refused(
  call: Omit<ImportCall, 'Destination'> & { Destination?: string },
  status: number,
  key: string,
  args?: string[],
) {
  const before = await state();
  const res = await startImport(base, admin, { Destination: 'products', ...call });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.Key, JSON.stringify(res.body)).toBe(key);
  expect(res.body.Error).toBe(message(key as never, ...(args ?? res.body.Args)));
  if (args) expect(res.body.Args).toEqual(args);
  await nothingLeft(before, call.file);
  return res.body;
}

// ---------------------------------------------------------------------------------------------
// Raw requests.

const FORM = {
  Destination: 'products',
  Overwrite: 'false',
  DryRun: 'false',
  BooleanFormat: 'YesNo',
  DecimalFormat: 'Comma',
  DateFormat: 'DMYYYY_Dash',
};

/** A StartImport body by hand: the form's fields, then the file as the part File. */
function importBody(boundary: string, file: Buffer, fileName = 'import.xlsx'): Buffer {
  const fields = Object.entries(FORM)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  return Buffer.concat([
    Buffer.from(
      `${fields}--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/**
 * StartImport over a raw socket: the head with `contentLength`, then `body`; answers what the
 * server said (until it closes or `waitMs` pass). `abortAfterMs` destroys the socket mid-body instead.
 */
function rawImport(
  contentLength: number,
  body: Buffer,
  opts: { abortAfterMs?: number; waitMs?: number } = {},
): Promise<string> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => {
      answer += d.toString('latin1');
    });
    socket.on('error', (err) => (opts.abortAfterMs !== undefined || answer ? resolve(answer) : reject(err)));
    socket.on('close', () => resolve(answer));
    socket.on('connect', () => {
      socket.write(
        `POST /mvc/import/StartImport HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${admin}\r\n` +
          `Content-Type: multipart/form-data; boundary=b0undary\r\nContent-Length: ${contentLength}\r\nConnection: close\r\n\r\n`,
      );
      socket.write(body);
      if (opts.abortAfterMs !== undefined) setTimeout(() => socket.destroy(), opts.abortAfterMs);
      else
        setTimeout(() => {
          socket.destroy();
          resolve(answer);
        }, opts.waitMs ?? 5000);
    });
  });
}
const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
const jsonOf = (answer: string) =>
  JSON.parse(Buffer.from(answer.slice(answer.indexOf('\r\n\r\n') + 4), 'latin1').toString('utf8'));

async function call(url: string, body: unknown = {}, cookie = admin) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

// ---------------------------------------------------------------------------------------------
// Archives by hand.

function zipOf(fill: (zip: yazl.ZipFile) => void): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
  fill(zip);
  zip.end();
  return done;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
/** The parts of the smallest .xlsx but its worksheet. */
const PARTS: Record<string, string> = {
  '[Content_Types].xml':
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  '_rels/.rels': `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `${XML}<workbook xmlns="${MAIN}" xmlns:r="${OFFICE_RELS}"><sheets><sheet name="Blad1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE_RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
};
const SHEET = 'xl/worksheets/sheet1.xml';

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const columnLetter = (i: number) => String.fromCharCode(65 + i);
const rowXml = (n: number, cells: string[]) =>
  `<row r="${n}">${cells.map((c, i) => `<c r="${columnLetter(i)}${n}" t="inlineStr"><is><t>${escapeXml(c)}</t></is></c>`).join('')}</row>`;
const SHEET_HEAD = `${XML}<worksheet xmlns="${MAIN}"><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';
const sheetXml = (rows: string[][]) => SHEET_HEAD + rows.map((r, i) => rowXml(i + 1, r)).join('') + SHEET_TAIL;

/** The worksheet of `count` rows under the header, written as it is read: nothing held in memory. */
function rowStream(count: number, cells: (i: number) => string[]): Readable {
  let i = 0;
  return new Readable({
    read() {
      if (i > count) {
        this.push(null);
        return;
      }
      const parts: string[] = [];
      if (i === 0) {
        parts.push(SHEET_HEAD, rowXml(1, ['Artikelnummer', 'Naam']));
        i = 1;
      }
      for (const end = Math.min(count, i + 5000); i <= end; i++) parts.push(rowXml(i + 1, cells(i)));
      if (i > count) parts.push(SHEET_TAIL);
      this.push(parts.join(''));
    },
  });
}

/** The smallest .xlsx: its parts, the worksheet (text or a stream), and whatever `extra` adds. */
function minimalXlsx(sheet: string | Readable | null, extra?: (zip: yazl.ZipFile) => void): Promise<Buffer> {
  return zipOf((zip) => {
    for (const [name, text] of Object.entries(PARTS)) zip.addBuffer(Buffer.from(text), name);
    if (typeof sheet === 'string') zip.addBuffer(Buffer.from(sheet), SHEET);
    else if (sheet) zip.addReadStream(sheet, SHEET);
    extra?.(zip);
  });
}

/** The central directory's entries: where each starts, by name. */
function centralDirectory(zip: Buffer): Map<string, number> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(eocd + 10);
  const out = new Map<string, number>();
  for (let at = zip.readUInt32LE(eocd + 16), i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`no central directory entry at ${at}`);
    const [name, extra, comment] = [zip.readUInt16LE(at + 28), zip.readUInt16LE(at + 30), zip.readUInt16LE(at + 32)];
    out.set(zip.toString('utf8', at + 46, at + 46 + name), at);
    at += 46 + name + extra + comment;
  }
  return out;
}

/**
 * The archive saying `entry` inflates to `size` bytes (what it really holds unchanged), in its
 * directory and its local record alike (the header, or the data descriptor after the data).
 */
function declaring(zip: Buffer, entry: string, size: number): Buffer {
  const copy = Buffer.from(zip);
  const at = centralDirectory(copy).get(entry);
  if (at === undefined) throw new Error(`no entry ${entry}`);
  copy.writeUInt32LE(size, at + 24);
  const local = copy.readUInt32LE(at + 42);
  if (copy.readUInt16LE(local + 6) & 0x08) {
    const descriptor =
      local + 30 + copy.readUInt16LE(local + 26) + copy.readUInt16LE(local + 28) + copy.readUInt32LE(at + 20);
    const signed = copy.readUInt32LE(descriptor) === 0x08074b50 ? 4 : 0;
    copy.writeUInt32LE(size, descriptor + signed + 8);
  } else {
    copy.writeUInt32LE(size, local + 22);
  }
  return copy;
}

/** Every occurrence of a name replaced by another of the same length (local header and central directory). */
function renamed(zip: Buffer, from: string, to: string): Buffer {
  const [a, b] = [Buffer.from(from), Buffer.from(to)];
  if (a.length !== b.length) throw new Error('names of different lengths');
  const copy = Buffer.from(zip);
  let hits = 0;
  for (let at = copy.indexOf(a); at !== -1; at = copy.indexOf(a, at + 1), hits++) b.copy(copy, at);
  if (hits !== 2) throw new Error(`${from} found ${hits} times`);
  return copy;
}

/** `total` zero bytes, a megabyte at a time. */
function zeros(total: number): Readable {
  const chunk = Buffer.alloc(MB);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) {
        this.push(null);
        return;
      }
      this.push(chunk);
      sent += chunk.length;
    },
  });
}

async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  const out = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, (err, stream) => {
        if (err) {
          reject(err);
          return;
        }
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          out.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
        stream.on('error', reject);
      }),
    );
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return out;
}

// Archives record by record: local headers, central directory and end record written here, so
// the two tables of contents of a zip can be made to disagree.

/** What a record says of its entry: in its local header, or in the directory. */
interface Said {
  name: string;
  method: number;
  crc: number;
  compressed: number;
  size: number;
}
/** A local record (header and data) and the directory entries that point at it (none: unlisted). */
interface ZipRecord {
  bytes: Buffer;
  listed: Said[];
}

function localHeaderOf(said: Said): Buffer {
  const name = Buffer.from(said.name);
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(said.method, 8);
  h.writeUInt16LE(0x21, 12);
  h.writeUInt32LE(said.crc, 14);
  h.writeUInt32LE(said.compressed, 18);
  h.writeUInt32LE(said.size, 22);
  h.writeUInt16LE(name.length, 26);
  return Buffer.concat([h, name]);
}

function directoryEntryOf(said: Said, offset: number): Buffer {
  const name = Buffer.from(said.name);
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(20, 6);
  h.writeUInt16LE(said.method, 10);
  h.writeUInt16LE(0x21, 14);
  h.writeUInt32LE(said.crc, 16);
  h.writeUInt32LE(said.compressed, 20);
  h.writeUInt32LE(said.size, 24);
  h.writeUInt16LE(name.length, 28);
  h.writeUInt32LE(offset, 42);
  return Buffer.concat([h, name]);
}

/** One entry's record, deflated; `header` makes its local header say something else than the directory. */
function zipRecord(name: string, text: string, header: Partial<Said> = {}): ZipRecord {
  const data = Buffer.from(text);
  const body = deflateRawSync(data);
  const truth: Said = { name, method: 8, crc: crc32(data), compressed: body.length, size: data.length };
  return { bytes: Buffer.concat([localHeaderOf({ ...truth, ...header }), body]), listed: [truth] };
}

const unlisted = (record: ZipRecord): ZipRecord => ({ ...record, listed: [] });

/** The records in this order, the directory listing each where it lies; `beforeEnd` goes between the directory and its end record. */
function zipOfRecords(records: ZipRecord[], beforeEnd: Buffer = Buffer.alloc(0)): Buffer {
  const entries: Buffer[] = [];
  let at = 0;
  for (const r of records) {
    for (const said of r.listed) entries.push(directoryEntryOf(said, at));
    at += r.bytes.length;
  }
  const directory = Buffer.concat(entries);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(at, 16);
  return Buffer.concat([...records.map((r) => r.bytes), directory, beforeEnd, end]);
}

/** The records of a whole .xlsx whose worksheet holds these rows. */
const workbookRecords = (rows: string[][]): ZipRecord[] => [
  ...Object.entries(PARTS).map(([name, text]) => zipRecord(name, text)),
  zipRecord(SHEET, sheetXml(rows)),
];

/** A worksheet of a header and `count` rows of codes `prefix00001`… */
const codes = (prefix: string, count: number) => [
  ['Artikelnummer', 'Naam'],
  ...Array.from({ length: count }, (_, i) => [`${prefix}${String(i + 1).padStart(5, '0')}`, 'Verstopt']),
];

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  server = await startTestServer();
  const store = server.engine.files;
  server.engine.files = {
    ...store,
    put: (stream, opts) => {
      const write = store.put(stream, opts);
      writes.push(write);
      return write;
    },
  };
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await signIn(server.app);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('files too large', () => {
  it('refuses a Content-Length beyond 100 MB with 413 before reading the body', async () => {
    const before = await state();
    const started = Date.now();
    const body = importBody('b0undary', Buffer.concat([ZIP_MAGIC, Buffer.alloc(1000)]));
    const answer = await rawImport(IMPORT_LIMITS.fileBytes + 10 * MB, body);
    expect(statusOf(answer), answer.slice(0, 300)).toBe(413);
    expect(jsonOf(answer)).toMatchObject({
      Code: 'BODY_TOO_LARGE',
      Key: 'import.too_large',
      Args: ['100'],
      Error: message('import.too_large', 100),
    });
    expect(Date.now() - started).toBeLessThan(4000);
    await nothingLeft(before);
  });

  it('refuses a file one byte over 100 MB with 413 while it streams, keeping nothing', async () => {
    const file = Buffer.concat([
      ZIP_MAGIC,
      randomBytes(16),
      Buffer.alloc(IMPORT_LIMITS.fileBytes + 1 - ZIP_MAGIC.length - 16),
    ]);
    expect(file.length).toBe(IMPORT_LIMITS.fileBytes + 1);
    await refused({ file, fileName: 'groot.xlsx' }, 413, 'import.too_large', ['100']);
  }, 30_000);

  it('refuses a chunked body without Content-Length whose file passes 100 MB with 413, keeping nothing', async () => {
    const before = await state();
    const whole = importBody('b0undary', Buffer.from('FILE'), 'zonder-lengte.xlsx');
    const [head, tail] = [whole.subarray(0, whole.indexOf('FILE')), whole.subarray(whole.indexOf('FILE') + 4)];
    const first = Buffer.concat([ZIP_MAGIC, randomBytes(MB - ZIP_MAGIC.length)]);
    const zeros = Buffer.alloc(MB);
    const content = createHash('sha256');
    async function* body() {
      yield head;
      content.update(first);
      yield first;
      for (let i = 1; i <= IMPORT_LIMITS.fileBytes / MB; i++) {
        content.update(zeros);
        yield zeros;
      }
      yield tail;
    }
    const res = await fetch(`${base}/mvc/import/StartImport`, {
      method: 'POST',
      headers: { cookie: admin, 'content-type': 'multipart/form-data; boundary=b0undary' },
      body: Readable.toWeb(Readable.from(body())) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ Code: 'BODY_TOO_LARGE', Key: 'import.too_large', Args: ['100'] });
    await nothingLeft(before);
    expect(await server.engine.files.size(content.digest('hex'))).toBeNull();
  }, 30_000);
});

describe('files that are no .xlsx', () => {
  it.each([
    ['a PNG named .xlsx', 'foto.xlsx', PNG],
    ['a text file named .xlsx', 'lijst.xlsx', Buffer.from('Artikelnummer;Omschrijving\nTXT1;Tekst\n')],
    ['an Excel 97-2003 (OLE) file', 'oud.xls', Buffer.concat([OLE, randomBytes(8000)])],
    ['an Excel 97-2003 (OLE) file named .xlsx', 'oud.xlsx', Buffer.concat([OLE, randomBytes(8000)])],
  ])('refuses %s with 415 import.not_xlsx', async (_what, fileName, file) => {
    await refused({ file, fileName }, 415, 'import.not_xlsx', [fileName]);
  });

  it('refuses 150 mislabeled files one after another, each with 415, leaving no temporary file behind', async () => {
    const before = await state();
    const files = Array.from({ length: 150 }, (_, i) =>
      i % 2 ? Buffer.concat([PNG, Buffer.from(String(i))]) : Buffer.concat([OLE, randomBytes(6000 + i)]),
    );
    for (const [i, file] of files.entries()) {
      const res = await startImport(base, admin, {
        Destination: 'products',
        file,
        fileName: `bestand${i}.${i % 4 ? 'xlsx' : 'xls'}`,
      });
      expect([res.status, res.body.Key]).toEqual([415, 'import.not_xlsx']);
    }
    await nothingLeft(before);
    for (const file of files) expect(await stored(file)).toBe(false);
  });

  it('refuses a real .xlsx under an .xls name with 415 import.not_xlsx', async () => {
    const file = await sheetFile([['Artikelnummer'], ['XLS001']]);
    await refused({ file, fileName: 'oud.xls' }, 415, 'import.not_xlsx', ['oud.xls']);
  });

  it('refuses bytes that begin as a zip but are none (or a cut-off .xlsx) with 415 import.not_spreadsheet', async () => {
    await refused(
      { file: Buffer.concat([ZIP_MAGIC, randomBytes(5000)]), fileName: 'kapot.xlsx' },
      415,
      'import.not_spreadsheet',
    );
    const whole = await sheetFile([['Artikelnummer'], ['CUT001']]);
    await refused(
      { file: whole.subarray(0, Math.floor(whole.length / 2)), fileName: 'half.xlsx' },
      415,
      'import.not_spreadsheet',
    );
  });
});

describe('hostile archives', () => {
  it('reads the minimal .xlsx these tests build by hand (the archives below are refused for what they hold, not their form)', async () => {
    const file = await minimalXlsx(
      sheetXml([
        ['Artikelnummer', 'Naam'],
        ['MIN001', 'Met de hand'],
        ['MIN002', 'Ook met de hand'],
      ]),
    );
    const started = await startImport(base, admin, { Destination: 'products', file });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const task = await finished(base, admin, started.body.AutoID);
    expect(task).toMatchObject({
      ProcessState: 2,
      ProcessResult: 1,
      TotalRecords: 2,
      ProcessedRecords: 2,
      FailedRecords: 0,
      ErrorMessage: null,
    });
    expect(
      (await server.engine.pool.query(`SELECT id, descr FROM products WHERE id LIKE 'MIN%' ORDER BY id`)).rows,
    ).toEqual([
      { id: 'MIN001', descr: 'Met de hand' },
      { id: 'MIN002', descr: 'Ook met de hand' },
    ]);
  });

  it('refuses a zip bomb (500 MB of zeros in one entry) by its ratio, inflating nothing', async () => {
    const file = await minimalXlsx(zeros(500 * MB));
    expect(file.length).toBeLessThan(5 * MB);
    await refused({ file, fileName: 'bom.xlsx' }, 400, 'import.archive_ratio', [SHEET]);
  }, 30_000);

  it('refuses an archive declaring more than 1,024 MB inflated with 413', async () => {
    const file = declaring(await minimalXlsx(sheetXml([['Artikelnummer'], ['BIG001']])), SHEET, 0x7fff_0000);
    await refused({ file, fileName: 'groot-uitgepakt.xlsx' }, 413, 'import.archive_size', ['1024']);
  });

  it('refuses an entry that inflates to more than it declares', async () => {
    const honest = await minimalXlsx(
      sheetXml([
        ['Artikelnummer', 'Naam'],
        ...Array.from({ length: 20 }, (_, i) => [`LIE${i}`, 'Liegt over zijn grootte']),
      ]),
    );
    await refused({ file: declaring(honest, SHEET, 100), fileName: 'liegt.xlsx' }, 400, 'import.archive_real_size');
    expect(await products('LIE%')).toBe(0);
  });

  it('refuses a bomb that lies about its size (declares 1,000 bytes, inflates to 500 MB) as soon as it passes what it declared', async () => {
    const bomb = declaring(await minimalXlsx(zeros(500 * MB)), SHEET, 1000);
    const started = Date.now();
    await refused({ file: bomb, fileName: 'stille-bom.xlsx' }, 400, 'import.archive_real_size');
    expect(Date.now() - started).toBeLessThan(5000);
  }, 30_000);

  it.each([
    ['../evil.xml', 'XX/evil.xml'],
    ['/abs.xml', 'Xabs.xml'],
    ['..\\evil.xml', 'XX_evil.xml'],
    ['xl/../../evil.xml', 'xl/XX/XX/evil.xml'],
  ])('refuses an entry named %s with 400 import.archive_path', async (bad, placeholder) => {
    const made = await minimalXlsx(sheetXml([['Artikelnummer'], ['PATH01']]), (zip) =>
      zip.addBuffer(Buffer.from('<x/>'), placeholder, { compress: false }),
    );
    const file = renamed(made, placeholder, bad);
    const body = await refused({ file, fileName: 'pad.xlsx' }, 400, 'import.archive_path');
    // The name as the archive reader sees it (a backslash read as a slash).
    expect(body.Args[0]).toContain(bad.replace(/\\/g, '/'));
  });

  it('refuses a symbolic link entry with 400 import.archive_link', async () => {
    const file = await minimalXlsx(sheetXml([['Artikelnummer'], ['LINK01']]), (zip) =>
      zip.addBuffer(Buffer.from('/etc/passwd'), 'xl/media/link.xml', { mode: 0o120777, compress: false }),
    );
    await refused({ file, fileName: 'link.xlsx' }, 400, 'import.archive_link', ['xl/media/link.xml']);
  });

  it(`refuses an archive of more than ${IMPORT_LIMITS.entries} entries with 400 import.archive_entries`, async () => {
    const total = IMPORT_LIMITS.entries + 1;
    const file = await minimalXlsx(sheetXml([['Artikelnummer'], ['MANY01']]), (zip) => {
      for (let i = 0; i < total - Object.keys(PARTS).length - 1; i++)
        zip.addBuffer(Buffer.from(String(i)), `xl/media/p${i}.xml`, { compress: false });
    });
    expect(centralDirectory(file).size).toBe(total);
    await refused({ file, fileName: 'veel.xlsx' }, 400, 'import.archive_entries', [String(total)]);
  });

  it('refuses a zip without a worksheet with 400 import.no_sheet', async () => {
    const file = await minimalXlsx(null, (zip) => zip.addBuffer(Buffer.from('<x/>'), 'docProps/app.xml'));
    await refused({ file, fileName: 'leeg.xlsx' }, 400, 'import.no_sheet', ['leeg.xlsx']);
  });
});

describe('archives whose records disagree with their directory', () => {
  // The hostile sheet: 6,000 rows, past what an import takes without advanced mode.
  const hidden = () => unlisted(zipRecord(SHEET, sheetXml(codes('HID', 6000))));
  const honest = () => workbookRecords(codes('OPEN', 2));

  it('reads a workbook written record by record (the files below are refused for their records, not their form)', async () => {
    const file = zipOfRecords(honest());
    const started = await startImport(base, admin, { Destination: 'products', file, fileName: 'met-de-hand.xlsx' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(await finished(base, admin, started.body.AutoID)).toMatchObject({
      ProcessState: 2,
      ProcessResult: 1,
      TotalRecords: 2,
      ProcessedRecords: 2,
    });
    expect(await products('OPEN%')).toBe(2);
  });

  it('refuses a sheet placed before the workbook, outside the directory (offsets shifted), naming the hidden bytes', async () => {
    const sheet = hidden();
    const file = zipOfRecords([sheet, ...honest()]);
    // What the directory shows is an ordinary workbook of two rows.
    expect([...centralDirectory(file).keys()]).toEqual([...Object.keys(PARTS), SHEET]);
    await refused({ file, fileName: 'verstopt.xlsx' }, 400, 'import.archive_hidden', [String(sheet.bytes.length), '0']);
    expect(await products('HID%')).toBe(0);
  });

  it('refuses a record between two listed entries and one between the last entry and the directory', async () => {
    const records = honest();
    const between = zipOfRecords([...records.slice(0, 2), hidden(), ...records.slice(2)]);
    const at = records[0].bytes.length + records[1].bytes.length;
    await refused({ file: between, fileName: 'ertussen.xlsx' }, 400, 'import.archive_hidden', [
      String(hidden().bytes.length),
      String(at),
    ]);
    const last = zipOfRecords([...records, hidden()]);
    const end = records.reduce((n, r) => n + r.bytes.length, 0);
    await refused({ file: last, fileName: 'achteraan.xlsx' }, 400, 'import.archive_hidden', [
      String(hidden().bytes.length),
      String(end),
    ]);
    expect(await products('HID%')).toBe(0);
  });

  it('refuses a record hidden between the directory and its end record', async () => {
    const records = honest();
    const sheet = hidden();
    const file = zipOfRecords(records, sheet.bytes);
    const directoryEnd = file.length - 22 - sheet.bytes.length;
    await refused({ file, fileName: 'na-de-inhoud.xlsx' }, 400, 'import.archive_hidden', [
      String(sheet.bytes.length),
      String(directoryEnd),
    ]);
  });

  it.each([
    ['another name', { name: 'xl/worksheets/sheet9.xml' }],
    ['a larger compressed size', { compressed: 60_000 }],
    ['another compression method', { method: 0 }],
    ['another size', { size: 1 }],
  ])('refuses a worksheet whose local header says %s than the directory', async (_what, header) => {
    const records = honest();
    const rows = codes('LIE', 6000);
    const sheet = zipRecord(SHEET, sheetXml(rows), header);
    await refused(
      { file: zipOfRecords([...records.slice(0, -1), sheet]), fileName: 'anders.xlsx' },
      400,
      'import.archive_mismatch',
      [SHEET],
    );
    expect(await products('LIE%')).toBe(0);
  });

  it('refuses two directory entries pointing at the same record', async () => {
    const records = honest();
    const sheet = records[records.length - 1];
    const twice = { ...sheet, listed: [sheet.listed[0], { ...sheet.listed[0], name: 'xl/worksheets/sheet2.xml' }] };
    await refused(
      { file: zipOfRecords([...records.slice(0, -1), twice]), fileName: 'dubbel.xlsx' },
      400,
      'import.archive_overlap',
      [SHEET, 'xl/worksheets/sheet2.xml'],
    );
  });

  it('imports the worksheet whose rows were counted, not a later one the reader would meet first', async () => {
    // An honest layout: the first worksheet (2 rows, counted), the shared strings, then a second
    // worksheet of 6,000 rows. A streaming reader that parks a sheet met before the strings would
    // hand over the second one first.
    const strings = zipRecord('xl/sharedStrings.xml', `${XML}<sst xmlns="${MAIN}" count="0" uniqueCount="0"/>`);
    const file = zipOfRecords([
      ...workbookRecords(codes('FIRST', 2)),
      strings,
      zipRecord('xl/worksheets/sheet2.xml', sheetXml(codes('SECOND', 6000))),
    ]);
    const started = await startImport(base, admin, { Destination: 'products', file, fileName: 'twee-bladen.xlsx' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(await finished(base, admin, started.body.AutoID)).toMatchObject({
      ProcessState: 2,
      ProcessResult: 1,
      TotalRecords: 2,
      ProcessedRecords: 2,
    });
    expect(await products('FIRST%')).toBe(2);
    expect(await products('SECOND%')).toBe(0);
  });
});

describe('sheets', () => {
  it('imports a sheet named __proto__ as any other', async () => {
    const file = await sheetFile(
      [
        ['Artikelnummer', 'Naam'],
        ['PROTO1', 'Eerste'],
        ['PROTO2', 'Tweede'],
      ],
      '__proto__',
    );
    const started = await startImport(base, admin, { Destination: 'products', file });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const task = await finished(base, admin, started.body.AutoID);
    expect(task).toMatchObject({
      ProcessState: 2,
      ProcessResult: 1,
      TotalRecords: 2,
      ProcessedRecords: 2,
      FailedRecords: 0,
      ErrorMessage: null,
    });
    expect(
      (await server.engine.pool.query(`SELECT id, descr FROM products WHERE id LIKE 'PROTO%' ORDER BY id`)).rows,
    ).toEqual([
      { id: 'PROTO1', descr: 'Eerste' },
      { id: 'PROTO2', descr: 'Tweede' },
    ]);
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it(`refuses a sheet of 1,000,000 rows (over ${IMPORT_LIMITS.rows}) with 400 import.too_many_rows, writing nothing`, async () => {
    const file = await minimalXlsx(rowStream(1_000_000, (i) => [`ROW${i}`, 'Te veel']));
    await refused({ file, fileName: 'miljoen.xlsx' }, 400, 'import.too_many_rows', [
      '1000000',
      String(IMPORT_LIMITS.rows),
    ]);
    expect(await products('ROW%')).toBe(0);
  }, 60_000);

  it('needs advanced mode for 6,000 rows: refused without it, a wrong code refused, then the same file imported whole', async () => {
    const file = await bigSheet(['Artikelnummer', 'Naam'], 6000, (i) => [
      `ADV${String(i).padStart(5, '0')}`,
      `Artikel ${i}`,
    ]);
    expect((await call('/mvc/import/GetAdvancedMode')).body).toEqual({ AdvancedMode: false });
    await refused({ file, fileName: 'groot.xlsx' }, 400, 'import.advanced_required', [
      '6000',
      String(IMPORT.VerificationRows),
    ]);

    const code = (await call('/mvc/import/GetCode')).body.Code as string;
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const wrong = await call('/mvc/import/SetAdvancedMode', {
      VerificationCode: code === 'AAAA-AAAA' ? 'BBBB-BBBB' : 'AAAA-AAAA',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.ModelState.VerificationCode).toEqual([message('import.verification_code')]);
    expect(wrong.body.TranslationModelState.ModelState.VerificationCode[0].Key).toBe('import.verification_code');
    expect((await call('/mvc/import/GetAdvancedMode')).body).toEqual({ AdvancedMode: false });

    expect((await call('/mvc/import/SetAdvancedMode', { VerificationCode: code })).body).toEqual({
      AdvancedMode: true,
    });
    const started = await startImport(base, admin, { Destination: 'products', file, fileName: 'groot.xlsx' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const task = await finished(base, admin, started.body.AutoID);
    expect(task).toMatchObject({
      ProcessState: 2,
      ProcessResult: 1,
      TotalRecords: 6000,
      ProcessedRecords: 6000,
      FailedRecords: 0,
      ErrorMessage: null,
    });
    expect(await products('ADV%')).toBe(6000);
    // Off again: the next test's admin is an ordinary user.
    expect((await call('/mvc/import/SetAdvancedMode', { AdvancedMode: false })).body).toEqual({ AdvancedMode: false });
  }, 60_000);

  it('takes a formula by its saved result, fails only the row of a formula without one, and reads on past merged cells and empty rows', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Blad1');
    sheet.getRow(1).values = ['Artikelnummer', 'Naam', 'Voorraad'];
    sheet.getRow(2).values = ['FRM001', 'Met uitkomst', { formula: '1+1', result: 2 }];
    sheet.getRow(3).values = ['FRM002', 'Zonder uitkomst', { formula: '1+1' }];
    sheet.getRow(4).values = ['FRM003', 'Samengevoegd', 5];
    sheet.getRow(5).values = ['FRM004', null, 6];
    sheet.mergeCells('B4:B5');
    // Rows 6 and 7 empty.
    sheet.getRow(8).values = ['FRM005', 'Na lege rijen', 7];
    sheet.getRow(9).values = ['FRM006', 'Breed samengevoegd', 8];
    sheet.mergeCells('D9:F9');
    const file = Buffer.from(await book.xlsx.writeBuffer());

    const started = await startImport(base, admin, { Destination: 'products', file });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const task = await finished(base, admin, started.body.AutoID);
    expect(task).toMatchObject({
      ProcessState: 2,
      ProcessResult: 2,
      TotalRecords: 6,
      ProcessedRecords: 5,
      FailedRecords: 1,
    });
    const rows = (
      await server.engine.pool.query<{ id: string; descr: string; stock: string }>(
        `SELECT id, descr, stock FROM products WHERE id LIKE 'FRM%' ORDER BY id`,
      )
    ).rows;
    expect(rows.map((r) => [r.id, Number(r.stock)])).toEqual([
      ['FRM001', 2],
      ['FRM003', 5],
      ['FRM004', 6],
      ['FRM005', 7],
      ['FRM006', 8],
    ]);
    expect(rows.find((r) => r.id === 'FRM003')?.descr).toBe('Samengevoegd');
    const out = await outputRows(base, admin, task.AutoID);
    const at = out[0].indexOf('Resultaat');
    const failed = out.find((r) => r?.[0] === 'FRM002')!;
    expect(failed[at]).toBe('CreateFailed');
    expect(failed[at + 1]).toBe(message('import.formula_without_value', 'Voorraad'));
    expect(out.find((r) => r?.[0] === 'FRM001')![at]).toBe('CreateSuccess');
  });

  it('fails only the rows whose text or list code holds a NUL, written as OOXML writes one', async () => {
    const file = await sheetFile([
      ['Artikelnummer', 'Naam', 'Land'],
      ['NUL001', 'Gewoon', null],
      ['NUL002', 'Met_x0000_nul', null],
      ['NUL003', 'Code met nul', 'N_x0000_L'],
      ['NUL004', 'Ook gewoon', null],
    ]);
    const started = await startImport(base, admin, { Destination: 'products', file });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const task = await finished(base, admin, started.body.AutoID);
    expect(task).toMatchObject({
      ProcessState: 2,
      ProcessResult: 2,
      TotalRecords: 4,
      ProcessedRecords: 2,
      FailedRecords: 2,
    });
    expect(
      (await server.engine.pool.query(`SELECT id FROM products WHERE id LIKE 'NUL%' ORDER BY id`)).rows.map(
        (r) => r.id,
      ),
    ).toEqual(['NUL001', 'NUL004']);
  });
});

describe('at once, and abandoned', () => {
  it('starts the same file twice at once as one task, and writes its rows once', async () => {
    const file = await sheetFile([
      ['Artikelnummer', 'Naam'],
      ['DUP001', 'Een'],
      ['DUP002', 'Twee'],
    ]);
    const tasksBefore = await one('SELECT count(*)::int AS n FROM importtasks');
    const [a, b] = await Promise.all([
      startImport(base, admin, { Destination: 'products', file }),
      startImport(base, admin, { Destination: 'products', file }),
    ]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200]);
    expect(a.body.AutoID).toBe(b.body.AutoID);
    expect(await one('SELECT count(*)::int AS n FROM importtasks')).toBe(tasksBefore + 1);
    const task = await finished(base, admin, a.body.AutoID);
    expect(task).toMatchObject({
      ProcessState: 2,
      ProcessResult: 1,
      TotalRecords: 2,
      ProcessedRecords: 2,
      ErrorMessage: null,
    });
    expect(await products('DUP%')).toBe(2);
    // One file row for the input (and one for the output), the bytes stored once.
    expect(await one('SELECT count(*)::int AS n FROM core_file WHERE sha256 = $1', [sha(file)])).toBe(1);
    expect(await stored(file)).toBe(true);
  });

  it('leaves no task, no file row and no temporary file when the client goes away mid-body', async () => {
    const before = await state();
    const file = Buffer.concat([ZIP_MAGIC, randomBytes(3 * MB)]);
    const body = importBody('b0undary', file, 'afgebroken.xlsx');
    const started = writes.length;
    // Announces all of it, sends the form and a third of the file, then disconnects.
    const answer = await rawImport(body.length, body.subarray(0, body.length - 2 * MB), { abortAfterMs: 300 });
    expect(answer).toBe('');
    // The server had begun to store the file when the client went away: that write ends in failure.
    expect(await until(() => writes.length > started)).toBe(true);
    expect(
      await writes[started].then(
        () => 'stored',
        () => 'failed',
      ),
    ).toBe('failed');
    await nothingLeft(before, file);
    // The server serves on.
    expect((await call('/mvc/import/GetAdvancedMode')).status).toBe(200);
  });
});

describe('a user without the products right', () => {
  let limited: string;
  let adminTask: number;

  beforeAll(async () => {
    const user = (
      await post(server.app, '/mvc/users/save', {
        Username: 'imp',
        Password: 'Imp-pass-1',
        PasswordRetype: 'Imp-pass-1',
      })
    ).body.AutoID;
    const group = (await post(server.app, '/mvc/securitygroups/save', { ID: 'importeurs', Descr: 'Importeurs' })).body
      .AutoID;
    // Countries and import tasks, read and create; no products at all.
    for (const RightCode of ['9.1', '12.23']) {
      for (const Action of ['read', 'create'])
        expect(
          (await post(server.app, '/mvc/securitygrants/save', { SecurityGroup: group, RightCode, Action })).status,
        ).toBe(200);
    }
    await post(server.app, '/mvc/usergroups/save', { User: user, SecurityGroup: group });
    limited = await signIn(server.app, 'imp', 'Imp-pass-1');
    const started = await startImport(base, admin, {
      Destination: 'products',
      file: await sheetFile([['Artikelnummer'], ['OWN001']]),
    });
    adminTask = (await finished(base, admin, started.body.AutoID)).AutoID;
  });

  it('does not see products among the destinations', async () => {
    const res = await call('/mvc/import/GetDestinations', {}, limited);
    expect(res.status).toBe(200);
    const ids = res.body.Data.map((d: { ID: string }) => d.ID);
    expect(ids).toContain('countries');
    expect(ids).not.toContain('products');
  });

  it('cannot start an import into products (403), keeping nothing of the file', async () => {
    const before = await state();
    const file = await sheetFile([['Artikelnummer'], ['LIM001']]);
    const res = await startImport(base, limited, { Destination: 'products', file });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(res.body).toMatchObject({ Code: 'NO_RIGHTS', Key: 'import.destination', Args: ['products'] });
    await nothingLeft(before, file);
    expect(await products('LIM%')).toBe(0);
  });

  it('gets no template of products (403), and one of countries', async () => {
    const res = await call('/mvc/import/GenerateTemplate', { Destination: 'products' }, limited);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ Code: 'NO_RIGHTS', Key: 'import.destination', Args: ['products'] });
    const own = await fetch(`${base}/mvc/import/GenerateTemplate`, {
      method: 'POST',
      headers: { cookie: limited, 'content-type': 'application/json' },
      body: JSON.stringify({ Destination: 'countries' }),
    });
    expect(own.status).toBe(200);
    expect((await readRows(Buffer.from(await own.arrayBuffer())))[0][0]).toBe('AutoID');
  });

  it("sees neither the task nor the files of the administrator's import (404)", async () => {
    expect((await call(`/mvc/import/GetItem?autoid=${adminTask}`, {}, limited)).status).toBe(404);
    for (const result of ['false', 'true']) {
      const res = await fetch(`${base}/mvc/import/GetFile?ImportId=${adminTask}&Result=${result}`, {
        headers: { cookie: limited },
      });
      expect(res.status).toBe(404);
    }
    expect((await call(`/mvc/import/Cancel?autoid=${adminTask}`, {}, limited)).status).toBe(404);
    // The administrator does.
    expect((await call(`/mvc/import/GetItem?autoid=${adminTask}`)).status).toBe(200);
  });
});

describe('exported cells that look like formulas', () => {
  const values: Record<string, string> = {
    CSV1: '=HYPERLINK("http://x")',
    CSV2: '+1+1',
    CSV3: '-2+3',
    CSV4: '@SUM(A1:A2)',
    CSV5: '\t=1+1',
    CSV6: '\r=1+1',
  };
  let exported: Buffer;

  beforeAll(async () => {
    for (const [ID, Descr] of Object.entries(values)) {
      const saved = await post(server.app, '/mvc/products/save', { ID, Descr });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const rows = (await server.engine.pool.query(`SELECT id, descr FROM products WHERE id LIKE 'CSV%'`)).rows;
    expect(Object.fromEntries(rows.map((r) => [r.id, r.descr]))).toEqual(values);
  });

  async function exportOf(Layout: 'ImportLayout' | 'GridLayout', Request: Record<string, unknown>): Promise<Buffer> {
    const asked = await post(server.app, '/mvc/downloadrequests/RequestExport', { Table: 'products', Layout, Request });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const id = asked.body.AutoID;
    let request: Record<string, any> = {};
    expect(
      await until(async () => {
        request = (await post(server.app, '/mvc/downloadrequests/GetItem', { autoid: id })).body;
        return request.State === 'finished' || request.State === 'error';
      }, 20_000),
    ).toBe(true);
    expect(request.State, JSON.stringify(request)).toBe('finished');
    const res = await fetch(`${base}/mvc/downloadrequests/download?autoid=${id}`, { headers: { cookie: admin } });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  /** The sheet's cells as written: their attributes and the text they hold. */
  async function cellsOf(xlsx: Buffer) {
    const parts = await unzip(xlsx);
    const name = [...parts.keys()].find((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n))!;
    const xml = parts.get(name)!.toString('utf8');
    // XML's entities, then OOXML's own escapes (a carriage return is written as _x000D_).
    const decode = (s: string) =>
      s
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
        .replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const cells = [...xml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map((m) => ({
      attrs: m[1],
      inner: m[2] ?? '',
      text: decode((m[2] ?? '').replace(/<[^>]+>/g, '')),
    }));
    return { xml, cells };
  }

  function expectNoFormulas(sheet: Awaited<ReturnType<typeof cellsOf>>) {
    expect(sheet.xml).not.toMatch(/<(?:\w+:)?f[\s>/]/);
    for (const value of Object.values(values)) {
      const cell = sheet.cells.find((c) => c.text === value);
      expect(cell, `no cell holds ${JSON.stringify(value)}`).toBeDefined();
      expect(cell!.attrs, JSON.stringify(value)).toMatch(/\bt="inlineStr"/);
      expect(cell!.inner).toMatch(/^<is>/);
    }
  }

  it('writes them as inline strings, never as formulas, in ImportLayout and GridLayout', async () => {
    const filter = { operatorFilter: [{ FieldName: 'ID', Operator: 'contains', Value: 'CSV' }], order: 'ID asc' };
    exported = await exportOf('ImportLayout', filter);
    expectNoFormulas(await cellsOf(exported));
    const grid = await exportOf('GridLayout', { ...filter, flexGridLayoutColumns: ['ID', 'Descr'] });
    expectNoFormulas(await cellsOf(grid));
  }, 60_000);

  it('imports the ImportLayout export back with Overwrite: every row overwritten, =HYPERLINK unchanged', async () => {
    expect(exported, 'the export of the test before').toBeDefined();
    const started = await startImport(base, admin, {
      Destination: 'products',
      file: exported,
      fileName: 'products.xlsx',
      Overwrite: true,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const task = await finished(base, admin, started.body.AutoID);
    expect(task, JSON.stringify(task)).toMatchObject({
      ProcessState: 2,
      ProcessResult: 1,
      TotalRecords: 6,
      ProcessedRecords: 6,
      FailedRecords: 0,
      ErrorMessage: null,
    });
    const out = await outputRows(base, admin, task.AutoID);
    const at = out[0].indexOf('Resultaat');
    const id = out[0].indexOf('Artikelnummer');
    const results = Object.fromEntries(
      out
        .slice(1)
        .filter(Boolean)
        .map((r) => [r[id], r[at]]),
    );
    expect(results, JSON.stringify(out)).toEqual(
      Object.fromEntries(Object.keys(values).map((k) => [k, 'OverwriteSuccess'])),
    );
    expect((await server.engine.pool.query(`SELECT descr FROM products WHERE id = 'CSV1'`)).rows[0].descr).toBe(
      '=HYPERLINK("http://x")',
    );
  });

  it('keeps every such value unchanged through export and import (tab and carriage return too)', async () => {
    const rows = (await server.engine.pool.query(`SELECT id, descr FROM products WHERE id LIKE 'CSV%'`)).rows;
    expect(Object.fromEntries(rows.map((r) => [r.id, r.descr]))).toEqual(values);
  });
});

describe('open descriptors and temporary files', () => {
  const descriptors = () => readdirSync('/proc/self/fd').length;
  /** The open descriptors that are files on disk (not sockets or pipes): what a leak of this kind holds. */
  const openFiles = () =>
    readdirSync('/proc/self/fd')
      .map((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`);
        } catch {
          return '';
        }
      })
      .filter((target) => target.startsWith('/') && !target.startsWith('/proc/'))
      .sort();
  /** This process's files in the system's temporary folder (the `tmp` package exceljs uses names them tmp-<pid>-…). */
  const systemTmp = () =>
    readdirSync(tmpdir())
      .filter((n) => n.startsWith(`tmp-${process.pid}-`))
      .sort();
  const inStore = () => tmpFiles().sort();

  /** Exports whose grid request names no field: each fails after its file was begun, is tried once more, and fails for good. */
  async function failedExports(n: number) {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const asked = await post(server.app, '/mvc/downloadrequests/RequestExport', {
        Table: 'products',
        Layout: 'GridLayout',
        Request: { operatorFilter: [{ FieldName: 'GeenVeld', Operator: 'eq', Value: 'x' }] },
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      ids.push(asked.body.AutoID);
    }
    const failed = () =>
      one(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'export' AND state = 'failed' AND (data->>'requestId')::int = ANY($1)`,
        [ids],
      );
    expect(await until(async () => (await failed()) === n, 120_000), `${await failed()} of ${n} exports failed`).toBe(
      true,
    );
    expect(
      await one(`SELECT count(*)::int AS n FROM downloadrequests WHERE state = 'error' AND autoid = ANY($1)`, [ids]),
    ).toBe(n);
  }

  /** Imports of sheets with shared strings written after the worksheet (as a streaming writer saves them). */
  async function imports(n: number, prefix: string) {
    for (let i = 0; i < n; i++) {
      const file = await bigSheet(['Artikelnummer', 'Naam'], 50, (r) => [`${prefix}${i}-${r}`, `Artikel ${r}`]);
      const started = await startImport(base, admin, { Destination: 'products', file, fileName: `${prefix}${i}.xlsx` });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(await finished(base, admin, started.body.AutoID)).toMatchObject({
        ProcessState: 2,
        ProcessResult: 1,
        ProcessedRecords: 50,
      });
    }
    expect(await products(`${prefix}%`)).toBe(n * 50);
  }

  it('are back at their count after 25 failed exports and 8 imports', async () => {
    // Warm: the pools' connections and the workers' first runs are not what is counted.
    await failedExports(2);
    await imports(1, 'FDW');
    await new Promise((r) => setTimeout(r, 500));
    const before = { descriptors: descriptors(), files: openFiles(), system: systemTmp(), store: inStore() };

    await failedExports(25);
    await imports(8, 'FDI');

    const filesBack = await until(() => openFiles().join('\n') === before.files.join('\n'), 10_000);
    expect(filesBack, `open files: ${before.files.length} before, after: ${openFiles().join(', ')}`).toBe(true);
    // Sockets of the work (keep-alive, pooled connections) close on their idle timeouts: a deadline, not a delay.
    const back = await until(() => descriptors() <= before.descriptors, 120_000);
    expect(back, `open descriptors: ${before.descriptors} before, ${descriptors()} after`).toBe(true);
    expect(systemTmp()).toEqual(before.system);
    expect(inStore(), `left in the store's tmp: ${described(inStore())}`).toEqual(before.store);
  }, 300_000);
});

describe('afterwards', () => {
  it('leaves no temporary file of any import', async () => {
    expect(await until(() => tmpFiles().length === 0), `temporary files left: ${described(tmpFiles())}`).toBe(true);
  });
});
