// Document kinds over real HTTP: a kind applies only to the tables it is marked for (a save with
// another is refused naming DocumentKind, and the kind's picker offers only those that apply), and
// a document of a kind with restricted access is seen only by members of the kind's allowed groups
// (and full access) on every path: grid, count, search, item, file and download, writes.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, post, signIn, startTestServer, type TestServer } from './harness.ts';
import { type Property, type Row } from '../support/answers.ts';
import { portOf } from '../support/listening.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let server: TestServer;
let base: string;
let admin: string;
let member: string;
let outsider: string;
let relation: number;
let product: number;
let language: number;
const kinds: Record<string, number> = {};
let openDoc: Row;
let secretDoc: Row;

async function call(url: string, body: unknown, cookie = admin, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}
const getStatus = async (url: string, cookie: string) => (await fetch(`${base}${url}`, { headers: { cookie } })).status;

async function uploadFile(cookie = admin): Promise<string> {
  const form = new FormData();
  const bytes = Buffer.concat([PDF, Buffer.from(`\n${randomBytes(8).toString('hex')}\n`)]);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'stuk.pdf');
  const res = await fetch(`${base}/mvc/files/upload?table=documents&field=File`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  expect(res.status).toBe(200);
  const uploaded: { FileID: string }[] = await res.json();
  return uploaded[0].FileID;
}

async function saveDocument(TableName: string, RecordID: number, kind: number, cookie = admin, Descr = 'stuk') {
  return call(
    '/mvc/documents/save',
    { TableName, RecordID, DocumentKind: kind, Language: language, Descr, File: await uploadFile(cookie) },
    cookie,
  );
}

const saved = async (url: string, body: Record<string, unknown>): Promise<number> => {
  const res = await post(server.app, url, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.AutoID;
};

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base', 'demo'] } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${portOf(server.app.server)}`;
  admin = authHeaders(server.app).cookie;

  // Two limited users of documents with the same rights; only the member is in the kind's allowed group.
  const readers = await saved('/mvc/securitygroups/save', { ID: 'dkreaders', Descr: 'Documentlezers' });
  const allowed = await saved('/mvc/securitygroups/save', { ID: 'dkallowed', Descr: 'Vertrouwelijk' });
  const grant = (RightCode: string, Action: string) =>
    post(server.app, '/mvc/securitygrants/save', { SecurityGroup: readers, RightCode, Action });
  for (const right of ['2.1', '5.1', '10.37', '10.60']) await grant(right, 'read');
  for (const action of ['read', 'create', 'update', 'delete']) await grant('4.1', action);
  for (const [name, groups] of [
    ['dkmember', [readers, allowed]],
    ['dkoutsider', [readers]],
  ] as const) {
    const user = await saved('/mvc/users/save', {
      Username: name,
      Password: 'Docs-pass-1',
      PasswordRetype: 'Docs-pass-1',
    });
    for (const group of groups) await saved('/mvc/usergroups/save', { User: user, SecurityGroup: group });
  }
  member = await signIn(server.app, 'dkmember', 'Docs-pass-1');
  outsider = await signIn(server.app, 'dkoutsider', 'Docs-pass-1');

  kinds.relations = await saved('/mvc/documentkinds/save', {
    ID: 'DKREL',
    Descr: 'Relatiestuk',
    ApplyToRelations: true,
  });
  kinds.products = await saved('/mvc/documentkinds/save', {
    ID: 'DKPROD',
    Descr: 'Productblad',
    ApplyToProducts: true,
  });
  kinds.secret = await saved('/mvc/documentkinds/save', {
    ID: 'DKGEHEIM',
    Descr: 'Geheim stuk',
    ApplyToRelations: true,
    UseRestrictedAccess: true,
  });
  await saved('/mvc/documentkindgroups/save', { DocumentKind: kinds.secret, SecurityGroup: allowed });
  language = (await post(server.app, '/mvc/_lists/languages', {})).body.Data[0].AutoID;
  relation = await saved('/mvc/relations/save', { ID: 'DK-R1', Descr: 'Relatie met stukken' });
  const status = (await post(server.app, '/mvc/_lists/productstatuses', {})).body.Data[0].AutoID;
  product = await saved('/mvc/products/save', { ID: 'DK-P1', Descr: 'Product met stukken', Status: status });
  openDoc = (await saveDocument('relations', relation, kinds.relations, admin, 'openbaar stuk')).body;
  secretDoc = (await saveDocument('relations', relation, kinds.secret, admin, 'geheim stuk')).body;
  expect(openDoc.AutoID > 0 && secretDoc.AutoID > 0).toBe(true);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const documentCount = async () =>
  Number((await server.engine.pool.query('SELECT count(*) FROM documents')).rows[0].count);
const ofRelation = {
  dataFilter: [
    { FieldName: 'TableName', Value: 'relations' },
    { FieldName: 'RecordID', Value: 0 },
  ],
};
const kindsOffered = async (TableName: string, cookie = admin) => {
  const res = await call(
    '/mvc/_lists/documentkinds',
    { pageSize: 100, For: 'documents.DocumentKind', Record: { TableName } },
    cookie,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const offered: { ID: string }[] = res.body.Data;
  return offered.map((k) => k.ID);
};

describe('document kind applicability', () => {
  it('refuses a document whose kind does not apply to its record’s table, naming DocumentKind, and writes nothing', async () => {
    const before = await documentCount();
    const refused = await saveDocument('products', product, kinds.relations);
    expect(refused.status).toBe(400);
    expect(refused.body.TranslationModelState.ModelState.DocumentKind[0].Key).toBe('validation.kind_applies');
    expect(await documentCount()).toBe(before);
    const english = await call(
      '/mvc/documents/save',
      {
        TableName: 'products',
        RecordID: product,
        DocumentKind: kinds.relations,
        Language: language,
        File: await uploadFile(),
      },
      admin,
      { 'accept-language': 'en' },
    );
    expect(english.body.ModelState.DocumentKind[0]).toContain('does not apply to');
    expect(await documentCount()).toBe(before);
    // The kind that applies is accepted on the same record.
    expect((await saveDocument('products', product, kinds.products)).status).toBe(200);
  });

  it('refuses changing a document to a kind that does not apply', async () => {
    const item = (await call('/mvc/documents/GetItem', { autoid: openDoc.AutoID })).body;
    const changed = await call('/mvc/documents/save', { ...item, DocumentKind: kinds.products });
    expect(changed.status).toBe(400);
    expect(changed.body.TranslationModelState.ModelState.DocumentKind[0].Key).toBe('validation.kind_applies');
    expect((await call('/mvc/documents/GetItem', { autoid: openDoc.AutoID })).body.DocumentKind).toBe(kinds.relations);
  });

  it('offers in the kind’s picker only the kinds that apply to the record’s table', async () => {
    const form = await (await fetch(`${base}/mvc/documents/GetForm`, { headers: { cookie: admin } })).json();
    const config = form.Properties.find((p: Property) => p.FieldName === 'DocumentKind').Settings.ListConfig;
    expect(config).toMatchObject({ For: 'documents.DocumentKind', Reads: ['TableName'] });
    const forRelations = await kindsOffered('relations');
    expect(forRelations).toEqual(expect.arrayContaining(['ALGEMEEN', 'DKREL', 'DKGEHEIM']));
    expect(forRelations).not.toContain('DKPROD');
    expect(forRelations).not.toContain('HANDLEIDING');
    const forProducts = await kindsOffered('products');
    expect(forProducts).toEqual(expect.arrayContaining(['ALGEMEEN', 'DKPROD', 'HANDLEIDING']));
    expect(forProducts).not.toContain('DKREL');
  });
});

describe('restricted document kinds', () => {
  const grid = (body: Record<string, unknown>, cookie: string) => call('/mvc/documents/GetFlexData', body, cookie);
  const onRelation = () => ({
    dataFilter: ofRelation.dataFilter.map((c) => (c.FieldName === 'RecordID' ? { ...c, Value: relation } : c)),
  });

  it('are seen by a member of an allowed group and by full access: grid, count, item, file and download', async () => {
    for (const cookie of [member, admin]) {
      const page = await grid(onRelation(), cookie);
      expect(page.body.Data.map((d: Row) => d.AutoID).sort()).toEqual([openDoc.AutoID, secretDoc.AutoID].sort());
      expect(page.body.Meta.Count).toBe(2);
      expect((await call('/mvc/documents/GetItem', { autoid: secretDoc.AutoID }, cookie)).status).toBe(200);
      expect(await getStatus(`/mvc/documents/download?autoid=${secretDoc.AutoID}`, cookie)).toBe(200);
      expect(await getStatus(`/mvc/documents/file?autoid=${secretDoc.AutoID}&field=File`, cookie)).toBe(200);
    }
    expect((await grid({ searchExpressions: 'geheim' }, member)).body.Meta.Count).toBe(1);
  });

  it('are on no path for a limited user outside the allowed groups', async () => {
    const page = await grid(onRelation(), outsider);
    expect(page.status).toBe(200);
    expect(page.body.Data.map((d: Row) => d.AutoID)).toEqual([openDoc.AutoID]);
    expect(page.body.Meta.Count).toBe(1);
    expect((await grid({ searchExpressions: 'geheim' }, outsider)).body.Meta.Count).toBe(0);
    const byKind = { operatorFilter: [{ FieldName: 'DocumentKind', Operator: '=', Value: kinds.secret }] };
    expect((await grid(byKind, outsider)).body.Meta.Count).toBe(0);
    expect((await grid(byKind, member)).body.Meta.Count).toBe(1);
    expect((await call('/mvc/documents/GetItem', { autoid: secretDoc.AutoID }, outsider)).status).toBe(404);
    expect(await getStatus(`/mvc/documents/download?autoid=${secretDoc.AutoID}`, outsider)).toBe(404);
    expect(await getStatus(`/mvc/documents/file?autoid=${secretDoc.AutoID}&field=File`, outsider)).toBe(404);
    expect((await call('/mvc/documents/save', { ...secretDoc, Descr: 'overschreven' }, outsider)).status).toBe(404);
    expect((await call('/mvc/documents/delete', { autoid: secretDoc.AutoID }, outsider)).status).toBe(404);
    // Nor can they file a document under the restricted kind, or move one of theirs into it.
    const before = await documentCount();
    expect((await saveDocument('relations', relation, kinds.secret, outsider)).status).toBe(403);
    expect(await documentCount()).toBe(before);
    const item = (await call('/mvc/documents/GetItem', { autoid: openDoc.AutoID }, outsider)).body;
    expect((await call('/mvc/documents/save', { ...item, DocumentKind: kinds.secret }, outsider)).status).toBe(403);
    expect((await call('/mvc/documents/GetItem', { autoid: secretDoc.AutoID })).body.Descr).toBe('geheim stuk');
  });

  it('are seen by everyone who sees their record once the kind no longer uses restricted access', async () => {
    const kind = (await call('/mvc/documentkinds/GetItem', { autoid: kinds.secret })).body;
    expect((await call('/mvc/documentkinds/save', { ...kind, UseRestrictedAccess: false })).status).toBe(200);
    try {
      expect((await call('/mvc/documents/GetItem', { autoid: secretDoc.AutoID }, outsider)).status).toBe(200);
      // A count kept from before is not answered: the kind's change moved it on.
      expect((await grid(onRelation(), outsider)).body.Meta.Count).toBe(2);
    } finally {
      const again = (await call('/mvc/documentkinds/GetItem', { autoid: kinds.secret })).body;
      await call('/mvc/documentkinds/save', { ...again, UseRestrictedAccess: true });
    }
    expect((await call('/mvc/documents/GetItem', { autoid: secretDoc.AutoID }, outsider)).status).toBe(404);
    expect((await grid(onRelation(), outsider)).body.Meta.Count).toBe(1);
  });
});
