// Purchase invoices of the base pack: numbered from the administration, totals and quantity
// differences over their lines, matched to purchase order lines (invoiced against received), made
// definitive only with a booking date, a line and not blocked, reopened with its own right, and
// unseen and unwritable without the rights.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');

let server: TestServer;
const ids: Record<string, number> = {};
const admin = (url: string, body: unknown = {}) => post(server.app, url, body);
async function create(table: string, record: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await admin(`/mvc/${table}/save`, record);
  if (res.status !== 200) throw new Error(`${table}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const item = async (table: string, autoid: number) => (await admin(`/mvc/${table}/GetItem`, { autoid })).body;
async function as(cookie: string, url: string, body: unknown = {}) {
  const res = await server.app.inject({ method: 'POST', url, payload: body as object, headers: { cookie } });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}
/** A user in a group of their own with these grants (`code:action`). */
async function userWith(name: string, grants: string[]): Promise<string> {
  const user = (await create('users', { Username: name, Password: 'Invoice-pass-1', PasswordRetype: 'Invoice-pass-1' }))
    .AutoID;
  const group = (await create('securitygroups', { ID: name.toUpperCase(), Descr: name })).AutoID;
  await create('usergroups', { User: user, SecurityGroup: group });
  for (const grant of grants) {
    const [RightCode, Action] = grant.split(':');
    await create('securitygrants', { SecurityGroup: group, RightCode, Action });
  }
  return signIn(server.app, name, 'Invoice-pass-1');
}
const invoice = (record: Record<string, unknown> = {}) =>
  create('purchaseinvoices', { Descr: 'Factuur', Supplier: ids.supplier, InvoiceDate: '2026-12-01', ...record });
const change = (autoids: number[], Transition: string, Values: Record<string, unknown> = {}) =>
  admin('/mvc/purchaseinvoices/ChangeStatus', { autoids, Transition, Values });
const logCount = async () =>
  Number((await server.engine.pool.query('SELECT count(*) AS n FROM core_status_log')).rows[0].n);

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  await create('administrations', {
    ID: 'HQ',
    Descr: 'Hoofdkantoor',
    IsDefault: true,
    PurchasePrefix: 'INK-',
    PurchaseNextNumber: 1,
    PurchaseMinLength: 4,
    ReceiptPrefix: 'ONT-',
    ReceiptNextNumber: 1,
    ReceiptMinLength: 4,
    PurchaseInvoicePrefix: 'IF-',
    PurchaseInvoiceNextNumber: 7,
    PurchaseInvoiceMinLength: 4,
  });
  ids.supplier = (await create('relations', { ID: 'LEV', Descr: 'Leverancier' })).AutoID;
  ids.other = (await create('relations', { ID: 'LEV2', Descr: 'Andere leverancier' })).AutoID;
  ids.warehouse = (await create('warehouses', { ID: 'MAG', Descr: 'Magazijn' })).AutoID;
  ids.vat = (await create('vatcodes', { ID: 'HOOG', Descr: 'Hoog', Percentage: 21 })).AutoID;
  const status = (await create('productstatuses', { ID: 'ACTIEF', Descr: 'Actief' })).AutoID;
  ids.product = (await create('products', { ProductType: 'sale', ID: 'P-1', Descr: 'Bouwhek', Status: status })).AutoID;
  const order = async (supplier: number) =>
    (
      await create('purchaseorders', {
        Descr: 'Inkoop',
        Supplier: supplier,
        OrderDate: '2026-11-20',
        Warehouse: ids.warehouse,
      })
    ).AutoID;
  ids.po = await order(ids.supplier);
  ids.poLine = (
    await create('purchaseorderlines', {
      PurchaseOrder: ids.po,
      Product: ids.product,
      Descr: 'Bouwhek 3,5 m',
      OrderQuantity: 10,
      Price: 12.5,
      VatCode: ids.vat,
    })
  ).AutoID;
  ids.otherPo = await order(ids.other);
  ids.otherLine = (
    await create('purchaseorderlines', { PurchaseOrder: ids.otherPo, Product: ids.product, OrderQuantity: 1 })
  ).AutoID;
  await admin('/mvc/purchaseorders/ChangeStatus', { autoids: [ids.po], Transition: 'order' });
  const receipt = (
    await create('purchasereceipt', { Supplier: ids.supplier, Warehouse: ids.warehouse, ReceiptDate: '2026-11-26' })
  ).AutoID;
  const added = await admin('/mvc/purchasereceipt/addbulkitem', {
    purchaseReceiptID: receipt,
    articleID: ids.product,
    purchaseOrderLineID: ids.poLine,
    locationID: null,
    quantity: 6,
  });
  expect(added.status).toBe(200);
  expect((await admin('/mvc/purchasereceipt/process', { autoid: receipt })).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('purchase invoices', () => {
  it('are numbered on create from the administration, from its default when none is given', async () => {
    const first = await invoice();
    const second = await invoice();
    expect([first.ID, second.ID]).toEqual(['IF-0007', 'IF-0008']);
    expect(first.Status).toBe(0);
    expect((await item('administrations', first.Administration)).PurchaseInvoiceNextNumber).toBe(9);
  });

  it('take a purchase order line with its product, price and quantities; totals and differences follow the lines', async () => {
    const inv = await invoice();
    const line = await create('purchaseinvoicelines', {
      PurchaseInvoice: inv.AutoID,
      PurchaseOrderLine: ids.poLine,
      Quantity: 8,
    });
    expect(line).toMatchObject({
      Product: ids.product,
      PurchaseOrder: ids.po,
      Descr: 'Bouwhek 3,5 m',
      Price: 12.5,
      VatCode: ids.vat,
      OrderedQuantity: 10,
      ReceivedQuantity: 6,
      QuantityDifference: 2,
      SubtotalExclVat: 100,
      SubtotalVat: 21,
      SubtotalInclVat: 121,
    });
    expect(await item('purchaseinvoices', inv.AutoID)).toMatchObject({
      LineCount: 1,
      DifferenceCount: 1,
      TotalExclVat: 100,
      TotalVat: 21,
      TotalInclVat: 121,
    });
    expect((await item('purchaseorderlines', ids.poLine)).InvoicedQuantity).toBe(8);

    // A line of no purchase order has no difference to show.
    const free = await create('purchaseinvoicelines', {
      PurchaseInvoice: inv.AutoID,
      Descr: 'Vrachtkosten',
      Quantity: 2,
      Price: 5.25,
      VatCode: ids.vat,
    });
    expect(free).toMatchObject({ QuantityDifference: 0, SubtotalExclVat: 10.5, SubtotalVat: 2.21 });
    expect(await item('purchaseinvoices', inv.AutoID)).toMatchObject({
      LineCount: 2,
      DifferenceCount: 1,
      TotalExclVat: 110.5,
      TotalVat: 23.21,
      TotalInclVat: 133.71,
    });

    // Invoicing what was received leaves no difference; the order line's invoiced quantity follows.
    const fixed = await create('purchaseinvoicelines', { ...line, Quantity: 6 });
    expect(fixed.QuantityDifference).toBe(0);
    expect((await item('purchaseorderlines', ids.poLine)).InvoicedQuantity).toBe(6);
    expect((await admin('/mvc/purchaseinvoicelines/delete', { autoid: free.AutoID })).status).toBe(200);
    expect(await item('purchaseinvoices', inv.AutoID)).toMatchObject({
      LineCount: 1,
      DifferenceCount: 0,
      TotalExclVat: 75,
      TotalVat: 15.75,
      TotalInclVat: 90.75,
    });

    // A second invoice of the same order line counts in the invoiced quantity too.
    const again = await invoice();
    await create('purchaseinvoicelines', { PurchaseInvoice: again.AutoID, PurchaseOrderLine: ids.poLine, Quantity: 1 });
    expect((await item('purchaseorderlines', ids.poLine)).InvoicedQuantity).toBe(7);
  });

  it("refuses another supplier's order line and a supplier's invoice number twice", async () => {
    const inv = await invoice({ SupplierInvoiceNumber: 'LF-2026-118' });
    // The picker offers the order lines of the invoice's supplier only.
    expect((await item('purchaseorderlines', ids.otherLine)).Supplier).toBe(ids.other);
    const lookup = await admin('/mvc/_lists/purchaseinvoiceorderlines', {
      For: 'purchaseinvoicelines.PurchaseOrderLine',
      Record: { PurchaseInvoice: inv.AutoID },
    });
    expect(lookup.body.Data.map((r: { AutoID: number }) => r.AutoID)).toEqual([ids.poLine]);
    const wrong = await admin('/mvc/purchaseinvoicelines/save', {
      PurchaseInvoice: inv.AutoID,
      PurchaseOrderLine: ids.otherLine,
      Quantity: 1,
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.ModelState)).toEqual(['PurchaseOrderLine']);
    const twice = await admin('/mvc/purchaseinvoices/save', {
      Supplier: ids.supplier,
      InvoiceDate: '2026-12-02',
      SupplierInvoiceNumber: 'LF-2026-118',
    });
    expect(twice.status).toBe(400);
    expect(twice.body.ModelState.SupplierInvoiceNumber).toEqual([
      'Deze leverancier heeft al een inkoopfactuur met dit factuurnummer.',
    ]);
    // The same number of another supplier is theirs.
    expect((await invoice({ Supplier: ids.other, SupplierInvoiceNumber: 'LF-2026-118' })).ID).toMatch(/^IF-/);
  });

  it('are made definitive only with a booking date, a line and not blocked; nothing is written otherwise', async () => {
    const inv = await invoice({ RegistrationDate: '2026-12-03' });
    const save = async (values: Record<string, unknown>) =>
      create('purchaseinvoices', { ...(await item('purchaseinvoices', inv.AutoID)), ...values });
    const logs = await logCount();
    const empty = await change([inv.AutoID], 'complete');
    expect(empty.body.Results[0]).toMatchObject({
      Result: 'FAILED',
      Error: 'Een inkoopfactuur wordt pas definitief met ten minste één regel en wanneer ze niet geblokkeerd is.',
    });
    await create('purchaseinvoicelines', { PurchaseInvoice: inv.AutoID, PurchaseOrderLine: ids.poLine, Quantity: 1 });
    await save({ RegistrationDate: null });
    const noDate = await change([inv.AutoID], 'complete');
    expect(noDate.body.Results[0]).toMatchObject({
      Result: 'FAILED',
      Key: 'workflow.requires',
      Error: 'Het veld Boekdatum moet gevuld zijn voor de overgang naar Definitief.',
    });
    await save({ Blocked: true, RegistrationDate: '2026-12-03' });
    const blocked = await change([inv.AutoID], 'complete');
    expect(blocked.body.Results[0].Result).toBe('FAILED');
    expect(await logCount()).toBe(logs);
    expect((await item('purchaseinvoices', inv.AutoID)).Status).toBe(0);

    await save({ Blocked: false });
    const done = await change([inv.AutoID], 'complete');
    expect(done.body.Results[0].Result).toBe('SUCCESS');
    expect(await item('purchaseinvoices', inv.AutoID)).toMatchObject({ Status: 1, RegistrationDate: '2026-12-03' });
    expect((await admin('/mvc/purchaseinvoices/GetStatusLog', { autoid: inv.AutoID })).body.Data[0]).toMatchObject({
      Transition: 'complete',
      From: 0,
      FromLabel: 'Concept',
      To: 1,
      ToLabel: 'Definitief',
      By: 'admin',
    });
    // A definitive invoice and its lines take no change but a transition.
    const changed = await admin('/mvc/purchaseinvoices/save', {
      ...(await item('purchaseinvoices', inv.AutoID)),
      Descr: 'Anders',
    });
    expect(changed.status).toBe(409);
    const line = await admin('/mvc/purchaseinvoicelines/save', {
      PurchaseInvoice: inv.AutoID,
      Descr: 'Erbij',
      Quantity: 1,
    });
    expect(line.status).toBe(409);
    ids.completed = inv.AutoID;
  });

  it('follow later receipts of their order lines in the received quantity and difference; a definitive one keeps what it showed', async () => {
    const inv = await invoice();
    const line = await create('purchaseinvoicelines', {
      PurchaseInvoice: inv.AutoID,
      PurchaseOrderLine: ids.poLine,
      Quantity: 9,
    });
    expect(line).toMatchObject({ ReceivedQuantity: 6, QuantityDifference: 3 });
    const definitive = (
      await admin('/mvc/purchaseinvoicelines/GetFlexData', {
        dataFilter: [{ FieldName: 'PurchaseInvoice', Value: ids.completed }],
      })
    ).body.Data[0];
    const receipt = (
      await create('purchasereceipt', { Supplier: ids.supplier, Warehouse: ids.warehouse, ReceiptDate: '2026-12-04' })
    ).AutoID;
    await admin('/mvc/purchasereceipt/addbulkitem', {
      purchaseReceiptID: receipt,
      articleID: ids.product,
      purchaseOrderLineID: ids.poLine,
      locationID: null,
      quantity: 2,
    });
    expect((await admin('/mvc/purchasereceipt/process', { autoid: receipt })).status).toBe(200);
    expect((await item('purchaseorderlines', ids.poLine)).ReceivedQuantity).toBe(8);
    expect(await item('purchaseinvoicelines', line.AutoID)).toMatchObject({
      ReceivedQuantity: 8,
      QuantityDifference: 1,
      // What it does not read of the order line stays as it was computed.
      SubtotalExclVat: 112.5,
      TimeStamp: line.TimeStamp,
    });
    expect(await item('purchaseinvoicelines', definitive.AutoID)).toMatchObject({
      ReceivedQuantity: definitive.ReceivedQuantity,
      QuantityDifference: definitive.QuantityDifference,
    });
  });

  it('are reopened only with the right to reopen', async () => {
    const clerk = await userWith('crediteuren', [
      '14.1:read',
      '14.1:update',
      '14.2:read',
      '14.10:read',
      '14.11:read',
      '14.20:execute',
    ]);
    const refused = await as(clerk, '/mvc/purchaseinvoices/ChangeStatus', {
      autoids: [ids.completed],
      Transition: 'reopen',
    });
    expect(refused.status).toBe(403);
    expect((await item('purchaseinvoices', ids.completed)).Status).toBe(1);
    const reopened = await change([ids.completed], 'reopen');
    expect(reopened.body.Results[0].Result).toBe('SUCCESS');
    expect((await item('purchaseinvoices', ids.completed)).Status).toBe(0);
  });
});

describe('users without the rights', () => {
  it('without the purchase invoice rights see nothing and write nothing', async () => {
    const buyer = await userWith('inkoper', ['9.1:read', '9.2:read', '9.10:read', '9.13:read']);
    expect((await as(buyer, '/mvc/purchaseinvoices/GetFlexData', { pageSize: 10 })).status).toBe(403);
    expect((await as(buyer, '/mvc/purchaseinvoicelines/GetFlexData', { pageSize: 10 })).status).toBe(403);
    expect((await as(buyer, '/mvc/purchaseinvoices/GetItem', { autoid: ids.completed })).status).toBe(403);
    expect((await as(buyer, '/mvc/_lists/purchaseinvoices', { searchKey: '' })).status).toBe(403);
    const saved = await as(buyer, '/mvc/purchaseinvoices/save', { Supplier: ids.supplier, InvoiceDate: '2026-12-01' });
    expect(saved.status).toBe(403);
    const count = await server.engine.pool.query('SELECT count(*) AS n FROM purchaseinvoices');
    const before = Number(count.rows[0].n);
    expect(
      (await as(buyer, '/mvc/purchaseinvoices/ChangeStatus', { autoids: [ids.completed], Transition: 'complete' }))
        .status,
    ).toBe(403);
    expect(Number((await server.engine.pool.query('SELECT count(*) AS n FROM purchaseinvoices')).rows[0].n)).toBe(
      before,
    );
  });

  it('who may see definitive invoices only see no concept invoice on any path', async () => {
    const auditor = await userWith('controleur', ['14.1:read', '14.2:read', '14.11:read']);
    const concept = (await invoice({ Descr: 'Geheime concept' })).AutoID;
    await create('purchaseinvoicelines', { PurchaseInvoice: concept, Descr: 'Geheime regel', Quantity: 1, Price: 1 });
    const grid = await as(auditor, '/mvc/purchaseinvoices/GetFlexData', { dataSet: 'all', pageSize: 100 });
    expect(grid.status).toBe(200);
    expect(grid.body.Data.map((r: { Status: number }) => r.Status)).not.toContain(0);
    expect((await as(auditor, '/mvc/purchaseinvoices/GetItem', { autoid: concept })).status).toBe(404);
    const lookup = await as(auditor, '/mvc/_lists/purchaseinvoices', { searchKey: '' });
    expect(lookup.body.Data.map((r: { AutoID: number }) => r.AutoID)).not.toContain(concept);
    const lines = await as(auditor, '/mvc/purchaseinvoicelines/GetFlexData', { pageSize: 100 });
    expect(JSON.stringify(lines.body.Data)).not.toContain('Geheime regel');
    const saved = await as(auditor, '/mvc/purchaseinvoices/save', {
      Supplier: ids.supplier,
      InvoiceDate: '2026-12-01',
    });
    expect(saved.status).toBe(403);
  });
});
