// Receiving e-invoices on the base pack with the demo data: the UBL document the product writes for
// a completed demo invoice, dropped into the inbox, becomes a received document and a purchase
// invoice in Concept of the supplier whose VAT number the seller states, with its lines and totals.
// A rerun makes nothing twice; an unknown supplier fails the document with what was not found until
// the relation is put right and the document reset; broken, unbalanced and too large files fail
// with the rule they break. A user uploads a document into the e-invoices screen and reads it in
// with the rights it needs.
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../server/db/pool.ts';
import { generateEInvoice, readUbl } from '../../server/einvoice/index.ts';
import { einvoiceReceive } from '../../server/jobs/einvoice-receive.ts';
import { SYSTEM_PRINCIPAL } from '../../server/security/principal.ts';
import { present } from '../support/present.ts';
import { authHeaders, post, signIn, startTestServer, type TestServer } from './harness.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');
const inbox = path.join(mkdtempSync(path.join(tmpdir(), 'einvoice-in-')), 'inbox');
let server: TestServer;

type Row = Record<string, unknown> & { AutoID: number };
const call = async (url: string, body: object = {}, cookie?: string) => {
  if (!cookie) return post(server.app, url, body);
  const res = await server.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { 'content-type': 'application/json', cookie },
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
};
const saved = async (url: string, body: Record<string, unknown>): Promise<number> => {
  const res = await call(url, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Number(res.body.AutoID);
};
const rows = async (
  table: string,
  filter: { FieldName: string; Operator: string; Value: unknown }[] = [],
): Promise<Row[]> => (await call(`/mvc/${table}/GetFlexData`, { operatorFilter: filter, pageSize: 500 })).body.Data;
const received = () => rows('einvoices', [{ FieldName: 'Direction', Operator: '=', Value: 'received' }]);
const runJob = () =>
  einvoiceReceive.run(
    {
      pool: server.engine.pool,
      snapshot: () => server.engine.registry.snapshot,
      files: server.engine.files,
      log: () => {},
      einvoiceInboxDir: inbox,
    },
    {},
    { last: true },
  );
const drop = (name: string, content: string | Buffer) => writeFileSync(path.join(inbox, name), content);

let xml: string;
let model: ReturnType<typeof readUbl>;

beforeAll(async () => {
  mkdirSync(inbox, { recursive: true });
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base', 'demo'], einvoiceInboxDir: inbox } });
  // The document the product writes for a completed demo invoice is what a supplier sends.
  const invoice = present(
    (await rows('invoices')).find((i) => Number(i.LineCount) > 0),
    'a demo invoice with lines',
  );
  const done = await call('/mvc/invoices/ChangeStatus', {
    autoids: [invoice.AutoID],
    Transition: 'complete',
    Values: {},
  });
  expect(done.body.Succeeded, JSON.stringify(done.body)).toBe(1);
  const snapshot = server.engine.registry.snapshot;
  const made = await inTransaction(server.engine.pool, (client) =>
    generateEInvoice(client, present(snapshot.table('invoices')), SYSTEM_PRINCIPAL, invoice.AutoID, (n) =>
      snapshot.table(n),
    ),
  );
  xml = String((await call('/mvc/einvoices/GetItem', { autoid: made })).body.Document);
  model = readUbl(xml);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('receiving e-invoices through the inbox', () => {
  let supplier: number;

  it('fails a document whose supplier is unknown, and files that are broken, unbalanced or too large', async () => {
    const vat = present(model.terms['BT-31'], 'the seller VAT number');
    expect(vat).toBeTruthy();
    expect(await rows('relations', [{ FieldName: 'VatNumber', Operator: '=', Value: vat }])).toHaveLength(0);
    const payable = present(model.terms['BT-112']);
    drop('invoice.xml', xml);
    drop('broken.xml', '<Invoice><cbc:ID>1</Invoice>');
    drop(
      'unbalanced.xml',
      xml.replace(
        `<cbc:TaxInclusiveAmount currencyID="EUR">${payable}</cbc:TaxInclusiveAmount>`,
        `<cbc:TaxInclusiveAmount currencyID="EUR">${(Number(payable) + 1).toFixed(2)}</cbc:TaxInclusiveAmount>`,
      ),
    );
    drop('large.xml', Buffer.alloc(5 * 1024 * 1024 + 1, 32));
    expect(await runJob()).toBe('4 files received, 0 made, 3 failed');
    const docs = await received();
    expect(docs).toHaveLength(4);
    const errorOf = (pattern: RegExp) => docs.find((d) => pattern.test(String(d.ErrorMessage)));
    for (const d of docs) expect(d.ProcessState).toBe('failed');
    expect(errorOf(new RegExp(`Leverancier gevonden met BT-31 ${vat}`)), JSON.stringify(docs)).toBeTruthy();
    expect(errorOf(/broken\.xml is geen geldige XML/)).toBeTruthy();
    expect(errorOf(/BR-CO-15 \(BT-112/)).toBeTruthy();
    expect(errorOf(/large\.xml is groter dan 5 MB/)).toBeTruthy();
    expect(readdirSync(path.join(inbox, 'failed')).sort()).toEqual([
      'broken.xml',
      'invoice.xml',
      'large.xml',
      'unbalanced.xml',
    ]);
    expect(
      await rows('purchaseinvoices', [
        { FieldName: 'SupplierInvoiceNumber', Operator: '=', Value: model.terms['BT-1'] },
      ]),
    ).toHaveLength(0);
  });

  it('makes the purchase invoice once the supplier is known and the document reset, and nothing twice', async () => {
    const vat = present(model.terms['BT-31'], 'the seller VAT number');
    supplier = (await rows('relations'))[0].AutoID;
    const relation = (await call('/mvc/relations/GetItem', { autoid: supplier })).body;
    expect((await call('/mvc/relations/save', { ...relation, VatNumber: vat })).status).toBe(200);
    const doc = present((await received()).find((d) => /Leverancier/.test(String(d.ErrorMessage))));
    const reset = await call('/mvc/einvoices/RunAction', { Action: 'reset', autoids: [doc.AutoID] });
    expect(reset.body.Succeeded, JSON.stringify(reset.body)).toBe(1);
    expect(await runJob()).toBe('0 files received, 1 made, 0 failed');

    const after = (await call('/mvc/einvoices/GetItem', { autoid: doc.AutoID })).body;
    expect(after).toMatchObject({
      ProcessState: 'success',
      Direction: 'received',
      Supplier: supplier,
      ErrorMessage: null,
    });
    const invoice = (await call('/mvc/purchaseinvoices/GetItem', { autoid: after.PurchaseInvoice })).body;
    expect(invoice).toMatchObject({ Supplier: supplier, SupplierInvoiceNumber: model.terms['BT-1'], Status: 0 });
    expect(Number(invoice.TotalExclVat)).toBeCloseTo(Number(model.terms['BT-109']), 2);
    expect(Number(invoice.TotalInclVat)).toBeCloseTo(Number(model.terms['BT-112']), 2);
    const lines = await rows('purchaseinvoicelines', [
      { FieldName: 'PurchaseInvoice', Operator: '=', Value: invoice.AutoID },
    ]);
    expect(lines).toHaveLength(model.lines.length);
    for (const [i, line] of model.lines.entries()) {
      const made = present(
        lines.find((l) => l.Descr === line['BT-153'] && Number(l.Quantity) === Number(line['BT-129'])),
        `line ${i + 1}`,
      );
      expect(Number(made.Price)).toBeCloseTo(Number(line['BT-146']), 4);
      expect(made.VatCode).toBeTruthy();
      // The seller's item id is the product's code: the same product.
      if (line['BT-155']) expect(made.Product).toBeTruthy();
    }

    // The same file again, and another run: nothing is made twice.
    drop('again.xml', xml);
    expect(await runJob()).toBe('1 files received, 0 made, 0 failed');
    expect(readdirSync(path.join(inbox, 'done'))).toEqual(['again.xml']);
    expect(await received()).toHaveLength(4);
    expect(await rows('purchaseinvoices', [{ FieldName: 'Supplier', Operator: '=', Value: supplier }])).toHaveLength(1);
  });

  it('reads a document a user uploaded, with the e-invoice and purchase invoice rights', async () => {
    const other = xml.replace(`<cbc:ID>${model.terms['BT-1']}</cbc:ID>`, '<cbc:ID>UPLOAD-1</cbc:ID>');
    const boundary = 'receive-boundary';
    const upload = await server.app.inject({
      method: 'POST',
      url: '/mvc/files/upload?table=einvoices&field=File',
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upload.xml"\r\nContent-Type: application/xml\r\n\r\n${other}\r\n--${boundary}--\r\n`,
      ),
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...authHeaders(server.app),
      },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const [{ FileID: file }]: { FileID: string }[] = JSON.parse(upload.body);
    const doc = await saved('/mvc/einvoices/save', { Descr: 'Geüpload', File: file });

    const clerks = await saved('/mvc/securitygroups/save', { ID: 'einvclerks', Descr: 'E-factuurmedewerkers' });
    for (const Action of ['read', 'update', 'create'])
      await saved('/mvc/securitygrants/save', { SecurityGroup: clerks, RightCode: '15.1', Action });
    for (const [name, groups] of [
      ['einvnobody', []],
      ['einvclerk', [clerks]],
    ] as const) {
      const user = await saved('/mvc/users/save', {
        Username: name,
        Password: 'Einv-pass-1',
        PasswordRetype: 'Einv-pass-1',
      });
      for (const group of groups) await saved('/mvc/usergroups/save', { User: user, SecurityGroup: group });
    }
    const receive = (cookie?: string) =>
      call('/mvc/einvoices/RunAction', { Action: 'receive', autoids: [doc] }, cookie);
    expect((await receive(await signIn(server.app, 'einvnobody', 'Einv-pass-1'))).status).toBe(403);
    // The e-invoice rights alone make no purchase invoice.
    const clerk = await signIn(server.app, 'einvclerk', 'Einv-pass-1');
    const refused = await receive(clerk);
    expect(refused.body.Failed, JSON.stringify(refused.body)).toBe(1);
    expect(refused.body.Results[0].Key).toBe('errors.no_rights');
    expect(
      await rows('purchaseinvoices', [{ FieldName: 'SupplierInvoiceNumber', Operator: '=', Value: 'UPLOAD-1' }]),
    ).toHaveLength(0);
    const made = await receive();
    expect(made.body.Succeeded, JSON.stringify(made.body)).toBe(1);
    const after = (await call('/mvc/einvoices/GetItem', { autoid: doc })).body;
    expect(after).toMatchObject({ ProcessState: 'success', Direction: 'received', ID: 'UPLOAD-1', Supplier: supplier });
    expect(after.PurchaseInvoice).toBeTruthy();
  });
});
