// Files and documents over real HTTP (a listening server, multipart bodies from FormData, and raw
// sockets for what no polite client sends): uploads typed by content, their limits, truncated,
// mislabelled and aborted uploads that leave nothing; file and image fields holding FileIDs; the
// documents of a record, seen only by those who see the record; and the retention sweep.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { removeExpiredDocuments } from '../../server/data/retention.ts';
import { authHeaders, post, signIn, startTestServer, type TestServer } from './harness.ts';
import { type Property, type Row } from '../support/answers.ts';
import { portOf } from '../support/listening.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');
const MB = 1024 * 1024;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60)]);

let server: TestServer;
let base: string;
let admin: string;
let docs: string;
let docsUserId: number;

/** Content no other test uploads: a file's bytes are stored once per content. */
const unique = (bytes: Buffer) => Buffer.concat([bytes, Buffer.from(`\n${randomBytes(8).toString('hex')}\n`)]);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const fileRows = async () => Number((await server.engine.pool.query('SELECT count(*) FROM core_file')).rows[0].count);
const stored = async (bytes: Buffer) => (await server.engine.files.size(sha(bytes))) !== null;
const tmpFiles = () => {
  const tmp = path.join(server.engine.config.filesDir, 'tmp');
  return existsSync(tmp) ? readdirSync(tmp) : [];
};

interface Upload {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** Uploads for a file field (a document's by default): an upload names the field it is for. */
async function upload(files: Upload[], cookie = admin, target = 'documents/File') {
  const form = new FormData();
  for (const f of files) form.append('file', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? '' }), f.name);
  const res = await fetch(`${base}${uploadPath(target)}`, { method: 'POST', headers: { cookie }, body: form });
  return { status: res.status, body: await res.json() };
}
const uploadPath = (target = 'documents/File') =>
  `/mvc/files/upload?table=${target.split('/')[0]}&field=${target.split('/')[1]}`;

async function call(url: string, body: unknown, cookie = admin) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function download(url: string, cookie = admin) {
  const res = await fetch(`${base}${url}`, { headers: { cookie } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A multipart body by hand: parts of one file each, and the closing boundary unless cut off. */
function multipart(boundary: string, files: Upload[], close = true): Buffer {
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    ]),
  );
  return Buffer.concat([...parts, ...(close ? [Buffer.from(`--${boundary}--\r\n`)] : [])]);
}

/**
 * Sends a request over a raw socket: the head with `contentLength`, then `body`; answers what the
 * server said (until it closes or `waitMs` pass). `abortAfterMs` destroys the socket mid-body instead.
 */
function raw(
  contentLength: number,
  body: Buffer,
  opts: {
    boundary?: string;
    abortAfterMs?: number;
    waitMs?: number;
    cookie?: string;
    target?: string;
    base?: string;
  } = {},
): Promise<string> {
  const { port } = new URL(opts.base ?? base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => {
      answer += d.toString('latin1');
    });
    socket.on('error', (err) => (opts.abortAfterMs ? resolve(answer) : reject(err)));
    socket.on('close', () => resolve(answer));
    socket.on('connect', () => {
      socket.write(
        `POST ${uploadPath(opts.target)} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${opts.cookie ?? admin}\r\n` +
          `Content-Type: multipart/form-data; boundary=${opts.boundary ?? 'b0undary'}\r\nContent-Length: ${contentLength}\r\nConnection: close\r\n\r\n`,
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
const until = async (check: () => Promise<boolean> | boolean, ms = 5000) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50)))
    if (await check()) return true;
  return check();
};

/** Small enough to reach in a test, large enough for every other test's uploads of one user. */
const QUOTA = { files: 1200, bytes: 48 * MB };

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base', 'demo'], uploadQuota: QUOTA } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${portOf(server.app.server)}`;
  admin = authHeaders(server.app).cookie;

  // A user of documents who sees relations only where they are the account manager, and no persons.
  docsUserId = (
    await post(server.app, '/mvc/users/save', {
      Username: 'docs',
      Password: 'Docs-pass-1',
      PasswordRetype: 'Docs-pass-1',
    })
  ).body.AutoID;
  const group = (await post(server.app, '/mvc/securitygroups/save', { ID: 'docs', Descr: 'Documenten' })).body.AutoID;
  const grant = (RightCode: string, Action: string) =>
    post(server.app, '/mvc/securitygrants/save', { SecurityGroup: group, RightCode, Action });
  await grant('2.1', 'read');
  for (const action of ['read', 'create', 'update', 'delete']) await grant('4.1', action);
  await grant('10.37', 'read');
  await grant('10.60', 'read');
  await post(server.app, '/mvc/usergroups/save', { User: docsUserId, SecurityGroup: group });
  await post(server.app, '/mvc/rowlimits/save', {
    SecurityGroup: group,
    TableName: 'relations',
    FieldName: 'AccountManager',
    Kind: 'own',
  });
  docs = await signIn(server.app, 'docs', 'Docs-pass-1');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('uploads', () => {
  it('stores each file typed by its content and answers a FileID per file, in order', async () => {
    const files = [
      { name: 'foto.png', bytes: unique(PNG), type: 'image/png' },
      { name: 'offerte.pdf', bytes: unique(PDF), type: 'application/pdf' },
      { name: 'notities.txt', bytes: unique(Buffer.from('Kladblok\n')), type: 'text/plain' },
      { name: 'lijst.csv', bytes: unique(Buffer.from('a;b\n1;2\n')), type: 'application/vnd.ms-excel' },
      { name: 'brief.docx', bytes: unique(ZIP), type: '' },
      { name: 'archief.zip', bytes: unique(ZIP) },
    ];
    const res = await upload(files);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(
      res.body.map((f: { FileName: string; MediaType: string; Size: number }) => [f.FileName, f.MediaType, f.Size]),
    ).toEqual([
      ['foto.png', 'image/png', files[0].bytes.length],
      ['offerte.pdf', 'application/pdf', files[1].bytes.length],
      ['notities.txt', 'text/plain', files[2].bytes.length],
      ['lijst.csv', 'text/csv', files[3].bytes.length],
      ['brief.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', files[4].bytes.length],
      ['archief.zip', 'application/zip', files[5].bytes.length],
    ]);
    for (const f of files) expect(await stored(f.bytes)).toBe(true);
    expect(res.body[0].FileID).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the same content once, however often it is uploaded', async () => {
    const bytes = unique(PNG);
    const [a, b] = [await upload([{ name: 'a.png', bytes }]), await upload([{ name: 'b.png', bytes }])];
    expect(a.body[0].FileID).not.toBe(b.body[0].FileID);
    const rows = (
      await server.engine.pool.query('SELECT DISTINCT sha256 FROM core_file WHERE id = ANY($1::uuid[])', [
        [a.body[0].FileID, b.body[0].FileID],
      ])
    ).rows;
    expect(rows).toEqual([{ sha256: sha(bytes) }]);
  });

  it('refuses a file whose name or type contradicts its content (a .pdf that is a PNG), naming it, and keeps nothing of the request', async () => {
    const before = await fileRows();
    const good = unique(PDF);
    const res = await upload([
      { name: 'goed.pdf', bytes: good },
      { name: 'rapport.pdf', bytes: unique(PNG), type: 'application/pdf' },
    ]);
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      Code: 'UNSUPPORTED_MEDIA_TYPE',
      Key: 'files.type_mismatch',
      Args: ['rapport.pdf', 'PDF', 'PNG'],
    });
    expect(res.body.Error).toBe('Het bestand rapport.pdf is volgens zijn naam of type PDF, maar de inhoud is PNG.');
    // A declared type alone contradicts too.
    expect((await upload([{ name: 'scan', bytes: unique(PNG), type: 'image/jpeg' }])).body.Key).toBe(
      'files.type_mismatch',
    );
    expect(await fileRows()).toBe(before);
    expect(await stored(good)).toBe(false);
  });

  it.each([
    [
      'an SVG drawing',
      'tekening.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ['HTML under a text name', 'leesmij.txt', Buffer.from('<!DOCTYPE html><html><body>hi</body></html>')],
    ['a program under a PDF name', 'factuur.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)])],
    ['plain text under an HTML name', 'pagina.html', Buffer.from('gewoon tekst\n')],
    ['unknown binary content', 'data.bin', Buffer.from([0x00, 0x01, 0x02, 0xfe, 0xff])],
    [
      'text that turns binary after its first 4 KB',
      'log.txt',
      Buffer.concat([Buffer.alloc(8000, 0x61), Buffer.from([0x00, 0xff])]),
    ],
  ])('refuses %s (415, naming the file)', async (_what, name, bytes) => {
    const res = await upload([{ name, bytes }]);
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ Key: 'files.unsupported_type', Args: [name] });
    expect(res.body.Error).toBe(`Dit bestandstype (${name}) wordt niet ondersteund.`);
    expect(await stored(bytes)).toBe(false);
  });

  it('refuses a file of 10 MB and a byte (413) while it streams, keeping nothing', async () => {
    const before = await fileRows();
    const bytes = Buffer.alloc(10 * MB + 1, 0x61);
    const res = await upload([{ name: 'groot.txt', bytes }]);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ Code: 'BODY_TOO_LARGE', Key: 'files.too_large', Args: ['groot.txt', '10'] });
    expect(await fileRows()).toBe(before);
    expect(await stored(bytes)).toBe(false);
    expect(await until(() => tmpFiles().length === 0)).toBe(true);
    // Exactly 10 MB is a loose file's limit, and fine.
    expect((await upload([{ name: 'precies.txt', bytes: bytes.subarray(1) }])).status).toBe(200);
  });

  it('takes one zip above 10 MB alone, and refuses it with other files', async () => {
    const zip = Buffer.concat([ZIP, randomBytes(10 * MB)]);
    const alone = await upload([{ name: 'bulk.zip', bytes: zip }]);
    expect(alone.status).toBe(200);
    expect(alone.body[0].MediaType).toBe('application/zip');
    const other = unique(PDF);
    const mixed = await upload([
      { name: 'bulk2.zip', bytes: Buffer.concat([ZIP, randomBytes(10 * MB)]) },
      { name: 'los.pdf', bytes: other },
    ]);
    expect(mixed.status).toBe(413);
    expect(mixed.body.Key).toBe('files.zip_alone');
    // A zip that is not the first file is a loose file of at most 10 MB.
    const late = await upload([
      { name: 'los.pdf', bytes: unique(PDF) },
      { name: 'bulk3.zip', bytes: Buffer.concat([ZIP, randomBytes(10 * MB)]) },
    ]);
    expect(late.status).toBe(413);
    expect(late.body.Key).toBe('files.too_large');
  });

  it('refuses more than 1,000 files (413)', async () => {
    const before = await fileRows();
    const many = Array.from({ length: 1001 }, (_, i) => ({ name: `n${i}.txt`, bytes: Buffer.from('zelfde inhoud\n') }));
    const res = await upload(many);
    expect(res.status).toBe(413);
    expect(res.body.Key).toBe('files.too_many');
    expect(await fileRows()).toBe(before);
  });

  it('refuses a request whose Content-Length is beyond any upload (413) before reading its body', async () => {
    const started = Date.now();
    const answer = await raw(20_000_000_000, Buffer.alloc(1000, 0x61));
    expect(statusOf(answer)).toBe(413);
    expect(jsonOf(answer)).toMatchObject({ Code: 'BODY_TOO_LARGE' });
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('answers a body cut off before its closing boundary with 400, keeping nothing', async () => {
    const before = await fileRows();
    const bytes = unique(PDF);
    const whole = multipart('b0undary', [{ name: 'half.pdf', bytes, type: 'application/pdf' }], false);
    // The part's head and the first bytes of the file, then the body ends.
    const body = whole.subarray(0, whole.indexOf('\r\n\r\n') + 4 + 20);
    const answer = await raw(body.length, body);
    expect(statusOf(answer)).toBe(400);
    expect(jsonOf(answer)).toMatchObject({ Code: 'BAD_REQUEST', Key: 'files.incomplete', Args: ['half.pdf'] });
    expect(await fileRows()).toBe(before);
    expect(await stored(bytes)).toBe(false);
  });

  it('leaves no file and no row when the client goes away mid-body', async () => {
    const before = await fileRows();
    const first = unique(PDF);
    const second = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3 * MB)]);
    const body = multipart('b0undary', [
      { name: 'heel.pdf', bytes: first },
      { name: 'afgebroken.pdf', bytes: second },
    ]);
    // The store's writes, to see that the first file was stored whole and the second begun.
    const store = server.engine.files;
    const writes: Promise<unknown>[] = [];
    server.engine.files = {
      ...store,
      put: (stream, opts) => {
        const w = store.put(stream, opts);
        writes.push(w.catch((err) => err));
        return w;
      },
    };
    try {
      // Announces all of it, sends the first file and part of the second, then disconnects.
      await raw(body.length, body.subarray(0, first.length + 1 * MB), { abortAfterMs: 300 });
      expect(await until(() => writes.length === 2)).toBe(true);
      const [whole, cut] = await Promise.all(writes);
      expect(whole).toMatchObject({ sha256: sha(first), created: true });
      expect(cut).toBeInstanceOf(Error);
    } finally {
      server.engine.files = store;
    }
    expect(await until(() => tmpFiles().length === 0)).toBe(true);
    // The whole first file was stored: its removal is the last step of the refused upload's clean-up.
    expect(await until(async () => !(await stored(first)))).toBe(true);
    expect(await fileRows()).toBe(before);
    // The server serves on.
    expect((await upload([{ name: 'daarna.pdf', bytes: unique(PDF) }])).status).toBe(200);
  });

  it('logs a client that goes away mid-upload as an aborted request (info), not as a database outage', async () => {
    // The server as main.ts builds it, logging, over the same engine.
    const lines: { level: number; msg: string }[] = [];
    const logged = await buildApp(server.engine, {
      logger: {
        stream: {
          write: (line: string) => {
            lines.push(JSON.parse(line));
          },
        },
      },
    });
    await logged.listen({ port: 0, host: '127.0.0.1' });
    const at = `http://127.0.0.1:${portOf(logged.server)}`;
    try {
      const before = await fileRows();
      const aborted = () => lines.filter((l) => l.msg === 'request aborted by the client');
      // Gone while a part's head is still on its way, then while a file streams.
      const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2 * MB)]);
      const whole = multipart('b0undary', [{ name: 'weg.pdf', bytes: file }]);
      await raw(whole.length, whole.subarray(0, 30), { base: at, abortAfterMs: 300 });
      expect(await until(() => aborted().length === 1)).toBe(true);
      await raw(whole.length, whole.subarray(0, MB), { base: at, abortAfterMs: 300 });
      expect(await until(() => aborted().length === 2)).toBe(true);
      expect(aborted().every((l) => l.level === 30)).toBe(true);
      expect(lines.filter((l) => l.level >= 50 || /database/i.test(l.msg))).toEqual([]);
      expect(await until(() => tmpFiles().length === 0)).toBe(true);
      expect(await fileRows()).toBe(before);
      expect(await stored(file)).toBe(false);
    } finally {
      await logged.close();
    }
  });

  it('takes multipart only here (415 otherwise), and leaves the JSON calls refusing multipart', async () => {
    const json = await call(uploadPath(), { file: 'x' });
    expect(json.status).toBe(415);
    expect(json.body.Key).toBe('files.multipart_required');
    const form = new FormData();
    form.append('ID', 'X');
    const res = await fetch(`${base}/mvc/relations/save`, { method: 'POST', headers: { cookie: admin }, body: form });
    expect(res.status).toBe(415);
    const empty = await fetch(`${base}${uploadPath()}`, {
      method: 'POST',
      headers: { cookie: admin },
      body: new FormData(),
    });
    expect(empty.status).toBe(400);
    expect((await empty.json()).Key).toBe('files.none');
  });

  it('needs a session', async () => {
    const res = await upload([{ name: 'x.pdf', bytes: PDF }], 'session=nope');
    expect(res.status).toBe(403);
  });
});

/** A user in a group of their own with these grants (and field limits), signed in. */
async function userWith(
  name: string,
  grants: [string, string][],
  fieldLimits: { TableName: string; FieldName: string; Visibility: string }[] = [],
) {
  const password = `${name[0].toUpperCase()}${name.slice(1)}-pass-1`;
  const id = (
    await post(server.app, '/mvc/users/save', { Username: name, Password: password, PasswordRetype: password })
  ).body.AutoID;
  const group = (await post(server.app, '/mvc/securitygroups/save', { ID: name, Descr: name })).body.AutoID;
  for (const [RightCode, Action] of grants)
    await post(server.app, '/mvc/securitygrants/save', { SecurityGroup: group, RightCode, Action });
  for (const limit of fieldLimits) await post(server.app, '/mvc/fieldlimits/save', { SecurityGroup: group, ...limit });
  await post(server.app, '/mvc/usergroups/save', { User: id, SecurityGroup: group });
  return signIn(server.app, name, password);
}

describe('who may upload, and how much', () => {
  it('refuses an upload for a field the user may not fill (403) before its body is read, storing nothing', async () => {
    const reader = await userWith('reader', [
      ['2.1', 'read'],
      ['4.1', 'read'],
    ]);
    const fixed = await userWith(
      'fixedfile',
      [
        ['2.1', 'read'],
        ['4.1', 'read'],
        ['4.1', 'create'],
        ['4.1', 'update'],
      ],
      [{ TableName: 'documents', FieldName: 'File', Visibility: '2' }],
    );
    const before = await fileRows();
    const bytes = unique(PDF);
    for (const [cookie, target] of [
      [reader, 'documents/File'],
      [fixed, 'documents/File'],
      [reader, 'persons/Photo'],
    ]) {
      const res = await upload([{ name: 'stuk.pdf', bytes }], cookie, target);
      expect(res.status, target).toBe(403);
      expect(res.body.Code).toBe('NO_RIGHTS');
    }
    // Announced as 5 MB, with only its start sent: the refusal does not wait for the rest.
    const head = multipart('b0undary', [
      { name: 'groot.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(5 * MB)]) },
    ]).subarray(0, 2000);
    expect(statusOf(await raw(5 * MB + 500, head, { cookie: reader }))).toBe(403);
    expect(await fileRows()).toBe(before);
    expect(await stored(bytes)).toBe(false);
    expect(await until(() => tmpFiles().length === 0)).toBe(true);
    // What the upload is for must be a file field of a table: named, and one.
    expect((await upload([{ name: 'a.pdf', bytes }], admin, 'documents/Descr')).body.Key).toBe('request.file_field');
    const bare = await fetch(`${base}/mvc/files/upload`, {
      method: 'POST',
      headers: { cookie: admin },
      body: new FormData(),
    });
    expect(bare.status).toBe(400);
    expect((await bare.json()).Code).toBe('BAD_REQUEST');
    expect(await fileRows()).toBe(before);
  });

  it('keeps a user within their quota of uploads no record names yet: 429 with a clear message, nothing kept; a save frees room', async () => {
    const quota = await userWith('quota', [
      ['2.1', 'read'],
      ['4.1', 'read'],
      ['4.1', 'create'],
      ['10.37', 'read'],
      ['10.60', 'read'],
    ]);
    const tiny = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => ({
        name: `q${from + i}.txt`,
        bytes: Buffer.from('zelfde inhoud voor het quotum\n'),
      }));
    expect((await upload(tiny(1000), quota)).status).toBe(200);
    const last = await upload(tiny(200, 1000), quota);
    expect(last.status).toBe(200);
    const before = await fileRows();
    const over = await upload(tiny(1, 2000), quota);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      Code: 'UPLOAD_QUOTA',
      Key: 'files.quota_files',
      Args: ['1200'],
      Error:
        'U heeft al 1200 geüploade bestanden die nog bij geen record horen, het maximum. Sla ze eerst op bij hun record; wat na een dag nergens bij hoort, wordt opgeruimd.',
    });
    expect(over.body.Retryable).toBeUndefined();
    expect(await fileRows()).toBe(before);
    // Saved into a document, an upload is claimed: it no longer counts, and there is room for one more.
    const relation = await relationOf(null, 'QUOTUM');
    const doc = await call(
      '/mvc/documents/save',
      {
        TableName: 'relations',
        RecordID: relation,
        DocumentKind: await documentKind('QUOTUM'),
        Language: await language(),
        File: last.body[0].FileID,
      },
      quota,
    );
    expect(doc.status, JSON.stringify(doc.body)).toBe(200);
    expect((await upload(tiny(1, 3000), quota)).status).toBe(200);
    expect((await upload(tiny(1, 3001), quota)).body.Key).toBe('files.quota_files');
  });

  it("stops reading a file where the quota's bytes end, and lets only one of two uploads at once take the last room", async () => {
    const heavy = await userWith('heavy', [
      ['2.1', 'read'],
      ['4.1', 'read'],
      ['4.1', 'create'],
    ]);
    for (let i = 0; i < 4; i++)
      expect((await upload([{ name: `blok${i}.txt`, bytes: Buffer.alloc(10 * MB, 0x61 + i) }], heavy)).status).toBe(
        200,
      );
    const before = await fileRows();
    const big = Buffer.alloc(10 * MB, 0x6a);
    const over = await upload([{ name: 'teveel.txt', bytes: big }], heavy);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ Code: 'UPLOAD_QUOTA', Key: 'files.quota_bytes', Args: ['48'] });
    expect(over.body.Error).toBe(
      'Uw geüploade bestanden die nog bij geen record horen, zouden samen groter worden dan 48 MB, het maximum. Sla ze eerst op bij hun record; wat na een dag nergens bij hoort, wordt opgeruimd.',
    );
    expect(await fileRows()).toBe(before);
    expect(await stored(big)).toBe(false);
    expect(await until(() => tmpFiles().length === 0)).toBe(true);
    // 8 MB left: two uploads of 5 MB at once, and exactly one of them is kept.
    const both = await Promise.all(
      [0x6b, 0x6c].map((c) => upload([{ name: 'helft.txt', bytes: Buffer.alloc(5 * MB, c) }], heavy)),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 429]);
    expect(await fileRows()).toBe(before + 1);
  });
});

describe('file and image fields', () => {
  let person: Row;
  let photo: { FileID: string; FileName: string };
  const photoBytes = unique(PNG);

  beforeAll(async () => {
    const status = (await call('/mvc/_lists/personstatuses', {})).body.Data[0].AutoID;
    person = (await call('/mvc/persons/save', { LastName: 'Visser', Descr: 'Anna Visser', Status: status })).body;
    photo = (await upload([{ name: 'pasfoto.png', bytes: photoBytes }], admin, 'persons/Photo')).body[0];
  });

  it('refuses a FileID that does not exist, and a file that is no image in an image field, under the field', async () => {
    const unknown = await call('/mvc/persons/save', { ...person, Photo: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.TranslationModelState.ModelState.Photo).toEqual([
      { Key: 'validation.file_value', Value: ['Photo'] },
    ]);
    expect(
      (await call('/mvc/persons/save', { ...person, Photo: 'not-a-file' })).body.TranslationModelState.ModelState
        .Photo[0].Key,
    ).toBe('validation.file_value');
    const pdf = (await upload([{ name: 'cv.pdf', bytes: unique(PDF) }], admin, 'persons/Photo')).body[0];
    const notImage = await call('/mvc/persons/save', { ...person, Photo: pdf.FileID });
    expect(notImage.body.TranslationModelState.ModelState.Photo).toEqual([
      { Key: 'validation.image_value', Value: ['Photo'] },
    ]);
  });

  it('refuses a FileID another user uploaded', async () => {
    // docs may not write persons at all; the check is the file's, so try it on a document.
    const theirs = (await upload([{ name: 'van-een-ander.pdf', bytes: unique(PDF) }], admin)).body[0];
    const kind = await documentKind('ANDER');
    const relation = await relationOf(docsUserId, 'ANDER');
    const res = await call(
      '/mvc/documents/save',
      {
        TableName: 'relations',
        RecordID: relation,
        DocumentKind: kind,
        Language: await language(),
        File: theirs.FileID,
      },
      docs,
    );
    expect(res.status).toBe(400);
    expect(res.body.TranslationModelState.ModelState.File[0].Key).toBe('validation.file_value');
  });

  it('holds a FileID, answers the file name beside it, and serves the file under it', async () => {
    const saved = await call('/mvc/persons/save', { ...person, Photo: photo.FileID.toUpperCase() });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.Photo).toBe(photo.FileID);
    expect(saved.body.Photo_Descr).toBe('pasfoto.png');
    person = saved.body;
    const file = await download(`/mvc/persons/file?autoid=${person.AutoID}&field=Photo`);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(photoBytes)).toBe(true);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="pasfoto.png"');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('no-store');
    // No image library: the thumbnail is the image itself.
    const thumbnail = await download(`/mvc/persons/file?autoid=${person.AutoID}&field=Photo&thumbnail=1`);
    expect(thumbnail.bytes.equals(photoBytes)).toBe(true);
  });

  it('answers 404 for a record that is not there or an empty field, 400 for a field that is no file field', async () => {
    expect((await download(`/mvc/persons/file?autoid=999999&field=Photo`)).status).toBe(404);
    expect((await download(`/mvc/persons/file?autoid=${person.AutoID}&field=Signature`)).status).toBe(404);
    const notFile = await download(`/mvc/persons/file?autoid=${person.AutoID}&field=LastName`);
    expect(notFile.status).toBe(400);
    expect(JSON.parse(notFile.bytes.toString()).Key).toBe('request.file_field');
    // A user without the table's right gets nothing of it.
    expect((await download(`/mvc/persons/file?autoid=${person.AutoID}&field=Photo`, docs)).status).toBe(403);
  });

  it('names a file with a non-ASCII name in both forms of Content-Disposition', async () => {
    const name = 'Offerte café – €5 definitief.pdf';
    const bytes = unique(PDF);
    const up = await upload([{ name, bytes }]);
    expect(up.body[0].FileName).toBe(name);
    const kind = await documentKind('OFFERTE');
    const relation = await relationOf(null, 'OFFERTE');
    const doc = (
      await call('/mvc/documents/save', {
        TableName: 'relations',
        RecordID: relation,
        DocumentKind: kind,
        Language: await language(),
        File: up.body[0].FileID,
      })
    ).body;
    const file = await download(`/mvc/documents/download?autoid=${doc.AutoID}`);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(bytes)).toBe(true);
    const disposition = file.headers.get('content-disposition') ?? '';
    expect(disposition).toBe(
      `attachment; filename="Offerte cafe _ _5 definitief.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    const star = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '';
    expect(decodeURIComponent(star)).toBe(name);
  });
});

/** Test data: a document kind (for relations and persons), a language, a relation with an account manager. */
async function documentKind(id: string, retention?: { months: number }): Promise<number> {
  const existing = (
    await call('/mvc/documentkinds/GetFlexData', { operatorFilter: [{ FieldName: 'ID', Operator: '=', Value: id }] })
  ).body.Data[0];
  if (existing) return existing.AutoID;
  const saved = await call('/mvc/documentkinds/save', {
    ID: id,
    Descr: `Soort ${id}`,
    ApplyToRelations: true,
    ApplyToPersons: true,
    ...(retention
      ? { UseRetentionPeriod: true, RetentionPeriod: retention.months, RetentionPeriodUnit: 'months' }
      : {}),
  });
  return saved.body.AutoID;
}
let languageId: number | undefined;
async function language(): Promise<number> {
  const id: number =
    languageId ??
    (await call('/mvc/_lists/languages', {})).body.Data[0]?.AutoID ??
    (await call('/mvc/languages/save', { ID: 'NL', Descr: 'Nederlands' })).body.AutoID;
  languageId = id;
  return id;
}
let relationCount = 0;
async function relationOf(accountManager: number | null, name: string): Promise<number> {
  const saved = await call('/mvc/relations/save', {
    ID: `R-${name}-${++relationCount}`,
    Descr: `Relatie ${name}`,
    AccountManager: accountManager,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.AutoID;
}

describe('documents', () => {
  it('can be added on a fresh installation: the base pack brings document kinds, one for every kind of record', async () => {
    const kinds = (await call('/mvc/documentkinds/GetFlexData', { pageSize: 100 })).body.Data;
    expect(kinds.map((k: { ID: string }) => k.ID)).toEqual(
      expect.arrayContaining(['ALGEMEEN', 'FOTO', 'CERTIFICAAT', 'HANDLEIDING']),
    );
    const general = kinds.find((k: { ID: string }) => k.ID === 'ALGEMEEN');
    expect(general).toMatchObject({ ApplyToRelations: true, ApplyToObjects: true, ApplyToOrders: true });
    expect((await call('/mvc/_lists/documentkinds', { searchKey: 'Algemeen' })).body.Data).toHaveLength(1);
  });

  let mine: number;
  let theirs: number;
  let myDoc: Row;
  let theirDoc: Row;
  let personDoc: Row & { RecordID: number };
  let kind: number;

  const newDocument = async (TableName: string, RecordID: number, cookie = admin, name = 'stuk.pdf') => {
    const file = (await upload([{ name, bytes: unique(PDF) }], cookie)).body[0];
    return call(
      '/mvc/documents/save',
      { TableName, RecordID, DocumentKind: kind, Language: await language(), Descr: name, File: file.FileID },
      cookie,
    );
  };
  const grid = (body: Record<string, unknown>, cookie: string) => call('/mvc/documents/GetFlexData', body, cookie);
  const of = (TableName: string, RecordID: number) => ({
    dataFilter: [
      { FieldName: 'TableName', Value: TableName },
      { FieldName: 'RecordID', Value: RecordID },
    ],
  });

  beforeAll(async () => {
    kind = await documentKind('CONTRACT');
    mine = await relationOf(docsUserId, 'MIJN');
    theirs = await relationOf(null, 'ANDER');
    myDoc = (await newDocument('relations', mine)).body;
    theirDoc = (await newDocument('relations', theirs)).body;
    const status = (await call('/mvc/_lists/personstatuses', {})).body.Data[0].AutoID;
    const person = (await call('/mvc/persons/save', { LastName: 'Bos', Descr: 'Jan Bos', Status: status })).body.AutoID;
    personDoc = (await newDocument('persons', person)).body;
    expect([myDoc.AutoID, theirDoc.AutoID, personDoc.AutoID].every((id) => id > 0)).toBe(true);
  });

  it('have a form, and a blank record to start from', async () => {
    const form = await download('/mvc/documents/GetForm', docs);
    expect(form.status).toBe(200);
    const fields = JSON.parse(form.bytes.toString()).Properties.map((p: Property) => p.FieldName);
    expect(fields).toEqual(
      expect.arrayContaining(['TableName', 'RecordID', 'DocumentKind', 'Language', 'Descr', 'File']),
    );
    expect((await call('/mvc/documents/GetNew', {}, docs)).body).toMatchObject({
      AutoID: 0,
      File: null,
      File_Descr: null,
    });
  });

  it('are found per record through the generic grid, with the file name beside the FileID', async () => {
    const page = await grid(of('relations', mine), admin);
    expect(page.body.Data.map((d: Row) => d.AutoID)).toEqual([myDoc.AutoID]);
    expect(page.body.Data[0]).toMatchObject({
      TableName: 'relations',
      RecordID: mine,
      File_Descr: 'stuk.pdf',
      DocumentKind_Descr: 'Soort CONTRACT',
    });
  });

  it('are seen only by users who see their record: grid, count, item, file and download', async () => {
    const all = await grid({}, docs);
    expect(all.status).toBe(200);
    expect(all.body.Data.map((d: Row) => d.AutoID)).toEqual([myDoc.AutoID]);
    expect(all.body.Meta.Count).toBe(1);
    expect((await grid(of('relations', theirs), docs)).body.Meta.Count).toBe(0);
    expect((await grid(of('persons', personDoc.RecordID), docs)).body.Meta.Count).toBe(0);
    for (const doc of [theirDoc, personDoc]) {
      expect((await call('/mvc/documents/GetItem', { autoid: doc.AutoID }, docs)).status).toBe(404);
      expect((await download(`/mvc/documents/download?autoid=${doc.AutoID}`, docs)).status).toBe(404);
      expect((await download(`/mvc/documents/file?autoid=${doc.AutoID}&field=File`, docs)).status).toBe(404);
      expect((await call('/mvc/documents/delete', { autoid: doc.AutoID }, docs)).status).toBe(404);
      expect((await call('/mvc/documents/save', { ...doc, Descr: 'overschreven' }, docs)).status).toBe(404);
    }
    const item = await call('/mvc/documents/GetItem', { autoid: myDoc.AutoID }, docs);
    expect(item.status).toBe(200);
    expect((await download(`/mvc/documents/download?autoid=${myDoc.AutoID}`, docs)).status).toBe(200);
    // The administrator sees all three.
    expect(
      (await grid({ operatorFilter: [{ FieldName: 'AutoID', Operator: '>=', Value: myDoc.AutoID }] }, admin)).body.Meta
        .Count,
    ).toBeGreaterThanOrEqual(3);
  });

  it("follow their record: when it leaves the user's limits, its documents go with it", async () => {
    const moving = await relationOf(docsUserId, 'WISSEL');
    const doc = (await newDocument('relations', moving)).body;
    expect((await call('/mvc/documents/GetItem', { autoid: doc.AutoID }, docs)).status).toBe(200);
    const relation = (await call('/mvc/relations/GetItem', { autoid: moving })).body;
    expect((await call('/mvc/relations/save', { ...relation, AccountManager: null })).status).toBe(200);
    expect((await call('/mvc/documents/GetItem', { autoid: doc.AutoID }, docs)).status).toBe(404);
  });

  it('cannot be made for a record the user cannot see, nor for a table without documents (400 naming the field)', async () => {
    const hidden = await newDocument('relations', theirs, docs);
    expect(hidden.status).toBe(400);
    expect(hidden.body.TranslationModelState.ModelState.RecordID).toEqual([
      { Key: 'validation.owner_record', Value: ['relations', String(theirs)] },
    ]);
    expect(
      (await newDocument('relations', 99_999_999, admin)).body.TranslationModelState.ModelState.RecordID[0].Key,
    ).toBe('validation.owner_record');
    const noTab = await newDocument('countries', 1, admin);
    expect(noTab.status).toBe(400);
    expect(noTab.body.TranslationModelState.ModelState.TableName).toEqual([
      { Key: 'validation.owner_table', Value: ['countries'] },
    ]);
    // A table they cannot read at all is a record they cannot see.
    expect(
      (await newDocument('persons', personDoc.RecordID, docs)).body.TranslationModelState.ModelState.RecordID[0].Key,
    ).toBe('validation.owner_record');
    // Kind and language are required on upload (spec 2 §5).
    const file = (await upload([{ name: 'los.pdf', bytes: unique(PDF) }], docs)).body[0];
    const bare = await call('/mvc/documents/save', { TableName: 'relations', RecordID: mine, File: file.FileID }, docs);
    expect(Object.keys(bare.body.ModelState).sort()).toEqual(['DocumentKind', 'Language']);
    const made = await newDocument('Relations', mine, docs);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.TableName).toBe('relations');
  });

  it('stay with their record: the record fields are fixed', async () => {
    const moved = await call('/mvc/documents/save', { ...myDoc, RecordID: theirs }, admin);
    expect(moved.status).toBe(400);
    expect(moved.body.TranslationModelState.ModelState.RecordID[0].Key).toBe('validation.fixed');
  });

  it('keep a hidden file field hidden', async () => {
    const hider = (
      await post(server.app, '/mvc/users/save', {
        Username: 'hider',
        Password: 'Hider-pass-1',
        PasswordRetype: 'Hider-pass-1',
      })
    ).body.AutoID;
    const group = (await post(server.app, '/mvc/securitygroups/save', { ID: 'hider', Descr: 'Zonder bestanden' })).body
      .AutoID;
    for (const RightCode of ['2.1', '4.1'])
      await post(server.app, '/mvc/securitygrants/save', { SecurityGroup: group, RightCode, Action: 'read' });
    await post(server.app, '/mvc/usergroups/save', { User: hider, SecurityGroup: group });
    await post(server.app, '/mvc/fieldlimits/save', {
      SecurityGroup: group,
      TableName: 'documents',
      FieldName: 'File',
      Visibility: '0',
    });
    const cookie = await signIn(server.app, 'hider', 'Hider-pass-1');
    const item = await call('/mvc/documents/GetItem', { autoid: myDoc.AutoID }, cookie);
    expect(item.status).toBe(200);
    expect(item.body).not.toHaveProperty('File');
    expect(item.body).not.toHaveProperty('File_Descr');
    expect((await download(`/mvc/documents/file?autoid=${myDoc.AutoID}&field=File`, cookie)).status).toBe(400);
    expect((await download(`/mvc/documents/download?autoid=${myDoc.AutoID}`, cookie)).status).toBe(400);
  });
});

describe('retention', () => {
  it("removes documents past their kind's retention and documents whose record is gone, then files nothing names", async () => {
    const keeps = await documentKind('BLIJFT');
    const expires = await documentKind('TIJDELIJK', { months: 1 });
    const relation = await relationOf(null, 'BEWAAR');
    const save = async (DocumentKind: number, RecordID = relation) => {
      const bytes = unique(PDF);
      const file = (await upload([{ name: 'b.pdf', bytes }])).body[0];
      const doc = (
        await call('/mvc/documents/save', {
          TableName: 'relations',
          RecordID,
          DocumentKind,
          Language: await language(),
          File: file.FileID,
        })
      ).body;
      return { doc, bytes, file };
    };
    const kept = await save(keeps);
    const expired = await save(expires);
    const doomed = await relationOf(null, 'WEG');
    const orphan = await save(keeps, doomed);
    expect((await call('/mvc/relations/delete', { autoid: doomed })).status).toBe(200);
    const unclaimed = unique(PDF);
    const lonely = (await upload([{ name: 'vergeten.pdf', bytes: unclaimed }])).body[0];

    const eff = server.engine.registry.snapshot.effective;
    // Today nothing is past its time: only the document whose record is gone goes.
    const today = await removeExpiredDocuments(server.engine.pool, eff, server.engine.files);
    expect(today).toMatchObject({ expired: 0, orphaned: 1, files: 0 });
    expect((await call('/mvc/documents/GetItem', { autoid: expired.doc.AutoID })).status).toBe(200);

    const later = new Date(Date.now() + 40 * 24 * 3600 * 1000);
    const removed = await removeExpiredDocuments(server.engine.pool, eff, server.engine.files, later);
    expect(removed.expired).toBe(1);
    expect((await call('/mvc/documents/GetItem', { autoid: expired.doc.AutoID })).status).toBe(404);
    expect((await call('/mvc/documents/GetItem', { autoid: kept.doc.AutoID })).status).toBe(200);
    // Uploads nothing names any more (the expired one, the orphan's, the one never saved) go, and their bytes with them.
    const ids = async (list: string[]) =>
      (await server.engine.pool.query('SELECT id::text FROM core_file WHERE id = ANY($1::uuid[])', [list])).rows.map(
        (r) => r.id,
      );
    expect(await ids([expired.file.FileID, orphan.file.FileID, lonely.FileID, kept.file.FileID])).toEqual([
      kept.file.FileID,
    ]);
    expect(await stored(expired.bytes)).toBe(false);
    expect(await stored(unclaimed)).toBe(false);
    expect(await stored(kept.bytes)).toBe(true);
    // Files still named by a field (the photo of the image-field test) stay.
    expect(removed.files).toBeGreaterThanOrEqual(3);
  });
});
