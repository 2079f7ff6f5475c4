// Orders and receipts attacked by limited users, on every path data leaves or enters: grids,
// counts, items, lookups, list texts, child rows, status logs, dashboards, the receipt calls and
// actions. A status a user may not see stays unseen everywhere, its lines too; a call beyond a
// user's rights changes nothing.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
import { type Row } from '../support/answers.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');

let server: TestServer;
const ids: Record<string, number> = {};
const admin = (url: string, body: unknown = {}) => post(server.app, url, body);
async function create(table: string, record: Record<string, unknown>): Promise<Row> {
  const res = await admin(`/mvc/${table}/save`, record);
  if (res.status !== 200) throw new Error(`${table}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
async function as(cookie: string, url: string, body: object = {}) {
  const res = await server.app.inject({ method: 'POST', url, payload: body, headers: { cookie } });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}
/** A user in a group of their own with these grants (`code:action`). */
async function userWith(name: string, grants: string[]): Promise<string> {
  const user = (await create('users', { Username: name, Password: 'Orders-pass-1', PasswordRetype: 'Orders-pass-1' }))
    .AutoID;
  const group = (await create('securitygroups', { ID: name.toUpperCase(), Descr: name })).AutoID;
  await create('usergroups', { User: user, SecurityGroup: group });
  for (const grant of grants) {
    const [RightCode, Action] = grant.split(':');
    await create('securitygrants', { SecurityGroup: group, RightCode, Action });
  }
  return signIn(server.app, name, 'Orders-pass-1');
}

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  await create('administrations', {
    ID: 'HQ',
    Descr: 'Hoofdkantoor',
    IsDefault: true,
    OrderPrefix: 'ORD-',
    OrderNextNumber: 1,
    OrderMinLength: 4,
    ReceiptPrefix: 'ONT-',
    ReceiptNextNumber: 1,
    ReceiptMinLength: 4,
  });
  ids.customer = (await create('relations', { ID: 'KLANT', Descr: 'Klant' })).AutoID;
  ids.supplier = (await create('relations', { ID: 'LEV', Descr: 'Leverancier' })).AutoID;
  ids.warehouse = (await create('warehouses', { ID: 'MAG', Descr: 'Magazijn' })).AutoID;
  const status = (await create('productstatuses', { ID: 'ACTIEF', Descr: 'Actief' })).AutoID;
  ids.status = status;
  ids.product = (await create('products', { ProductType: 'sale', ID: 'P-1', Descr: 'Bouwhek', Status: status })).AutoID;
  // A basket (status -1) with its secret line, and an order (status 2).
  ids.basket = (
    await create('orders', { Descr: 'Geheime mand', OrderDate: '2026-11-27', DeliverRelation: ids.customer })
  ).AutoID;
  ids.basketLine = (
    await create('orderlines', { Order: ids.basket, Product: ids.product, Descr: 'Geheime regel', OrderQuantity: 1 })
  ).AutoID;
  ids.order = (
    await create('orders', { Descr: 'Zichtbare order', OrderDate: '2026-11-27', DeliverRelation: ids.customer })
  ).AutoID;
  ids.orderLine = (
    await create('orderlines', { Order: ids.order, Product: ids.product, Descr: 'Zichtbare regel', OrderQuantity: 1 })
  ).AutoID;
  await admin('/mvc/orders/ChangeStatus', { autoids: [ids.order], Transition: 'submitOrder' });
  const po = (ids.po = (
    await create('purchaseorders', {
      Descr: 'Inkoop',
      Supplier: ids.supplier,
      OrderDate: '2026-11-20',
      Warehouse: ids.warehouse,
    })
  ).AutoID);
  ids.poLine = (
    await create('purchaseorderlines', { PurchaseOrder: po, Product: ids.product, OrderQuantity: 5 })
  ).AutoID;
  ids.receipt = (
    await create('purchasereceipt', { Supplier: ids.supplier, Warehouse: ids.warehouse, ReceiptDate: '2026-11-26' })
  ).AutoID;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('a seller who may see orders in status Order only', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await userWith('verkoper', ['8.1:read', '8.1:update', '8.2:read', '8.2:update', '8.13:read', '8.51:read']);
  });

  it('finds no basket in the grid, its count, a search, the lookup or by AutoID', async () => {
    const grid = await as(cookie, '/mvc/orders/GetFlexData', { dataSet: 'all', pageSize: 100 });
    expect(grid.body.Data.map((r: Row) => r.AutoID)).toEqual([ids.order]);
    expect(grid.body.Meta.Count).toBe(1);
    expect(
      (await as(cookie, '/mvc/orders/GetFlexData', { searchExpressions: 'Geheime', pageSize: 100 })).body.Data,
    ).toEqual([]);
    const lookup = await as(cookie, '/mvc/_lists/orders', { searchKey: '', pageSize: 30 });
    expect(JSON.stringify(lookup.body)).not.toContain('Geheime mand');
    expect((await as(cookie, '/mvc/orders/GetItem', { autoid: ids.basket })).status).toBe(404);
    expect((await as(cookie, '/mvc/orders/GetStatusLog', { autoid: ids.basket })).status).toBe(404);
  });

  it('sees no line of a basket: not in the lines grid, not by AutoID, and cannot add or change one', async () => {
    const lines = await as(cookie, '/mvc/orderlines/GetFlexData', { pageSize: 100 });
    expect(lines.body.Data.map((r: Row) => r.AutoID)).toEqual([ids.orderLine]);
    expect(lines.body.Meta.Count).toBe(1);
    expect((await as(cookie, '/mvc/orderlines/GetItem', { autoid: ids.basketLine })).status).toBe(404);
    expect(
      (await as(cookie, '/mvc/orderlines/save', { AutoID: ids.basketLine, TimeStamp: 1, Descr: 'Gewijzigd' })).status,
    ).toBe(404);
    const added = await as(cookie, '/mvc/orderlines/save', {
      AutoID: 0,
      Order: ids.basket,
      Product: ids.product,
      OrderQuantity: 1,
    });
    expect(added.status).toBe(403);
    expect((await admin('/mvc/orderlines/GetItem', { autoid: ids.basketLine })).body.Descr).toBe('Geheime regel');
  });

  it('cannot make a transition without its right, nor collect orders', async () => {
    expect((await as(cookie, '/mvc/orders/ChangeStatus', { autoids: [ids.order], Transition: 'supply' })).status).toBe(
      403,
    );
    expect(
      (await as(cookie, '/mvc/orders/RunAction', { Action: 'collect', autoids: [ids.order, ids.basket] })).status,
    ).toBe(403);
    expect((await admin('/mvc/orders/GetItem', { autoid: ids.order })).body.Status).toBe(2);
  });
});

describe('a warehouse clerk who may keep receipts but not process them', () => {
  let cookie: string;
  // Lines are seen with their purchase order: the clerk sees purchase orders in status Order.
  beforeAll(async () => {
    cookie = await userWith('ontvanger', [
      '9.3:read',
      '9.3:create',
      '9.3:update',
      '9.3:delete',
      '9.2:read',
      '9.1:read',
      '9.13:read',
      '5.1:read',
    ]);
  });

  it('adds items through the receipt calls, but processing is refused and changes nothing', async () => {
    const hidden = await as(cookie, '/mvc/purchaseorderlines/GetItem', { autoid: ids.poLine });
    expect(hidden.status).toBe(404);
    await admin('/mvc/purchaseorders/ChangeStatus', { autoids: [ids.po], Transition: 'order' });
    const added = await as(cookie, '/mvc/purchasereceipt/addbulkitem', {
      purchaseReceiptID: ids.receipt,
      articleID: ids.product,
      purchaseOrderLineID: ids.poLine,
      locationID: null,
      quantity: 2,
    });
    expect(added.status).toBe(200);
    expect((await as(cookie, '/mvc/purchasereceipt/process', { autoid: ids.receipt })).status).toBe(403);
    expect((await admin('/mvc/purchasereceipt/GetItem', { autoid: ids.receipt })).body.Status).toBe(1);
    expect((await admin('/mvc/purchaseorderlines/GetItem', { autoid: ids.poLine })).body.ReceivedQuantity).toBe(0);
  });

  it('reaches no order through the receipt calls or any other', async () => {
    const seller = await userWith('nietsverkoop', ['9.3:read']);
    expect(
      (
        await as(seller, '/mvc/purchasereceipt/addbulkitem', {
          purchaseReceiptID: ids.receipt,
          articleID: ids.product,
          purchaseOrderLineID: ids.poLine,
          locationID: null,
          quantity: 1,
        })
      ).status,
    ).toBe(403);
    expect(
      (await as(seller, '/mvc/purchasereceipt/RemoveItem', { autoid: ids.receipt, purchaseReceiptItemID: 1 })).status,
    ).toBe(403);
    expect((await as(cookie, '/mvc/orders/GetFlexData', { pageSize: 10 })).status).toBe(403);
    expect((await as(cookie, '/mvc/purchasereceipt/nosuchcall', {})).status).toBe(404);
  });
});

describe('the workflow of a record', () => {
  it("answers its stages, in order and in the user's words, beside the transitions it may make now", async () => {
    const answer = (await admin('/mvc/orders/GetTransitions', { autoid: ids.order })).body;
    expect(answer.Stages).toEqual([
      { Value: -1, Label: 'Mand' },
      { Value: 2, Label: 'Order' },
      { Value: 3, Label: 'Levering' },
      { Value: 6, Label: 'Afgerond' },
    ]);
    expect(answer).toMatchObject({ Status: 2, StatusLabel: 'Order' });
  });
});

describe('a default row', () => {
  it('gives a new record the status marked default, shown by GetNew and stored by a save that names none', async () => {
    const standard = await create('objectstatuses', { ID: 'STANDAARD', Descr: 'Standaard', IsDefault: true });
    const blank = (await admin('/mvc/objects/GetNew')).body;
    expect(blank).toMatchObject({ Status: standard.AutoID, Status_Descr: 'Standaard' });
    const type = (await create('objecttypes', { ID: 'OT-DEF', Descr: 'Aggregaat' })).AutoID;
    const object = await create('objects', { ID: 'OBJ-DEF', Descr: 'Standaardstatus', ObjectType: type });
    expect(object.Status).toBe(standard.AutoID);
    const other = await create('objectstatuses', { ID: 'ANDERS', Descr: 'Anders' });
    expect(
      (await create('objects', { ID: 'OBJ-OWN', Descr: 'Eigen status', ObjectType: type, Status: other.AutoID }))
        .Status,
    ).toBe(other.AutoID);
  });
});

describe('reference data', () => {
  it("shows a status's text through a field the user may read, without the status table's right; never a row outside their row limits", async () => {
    const seller = await userWith('catalogus', ['5.1:read']);
    expect((await as(seller, '/mvc/productstatuses/GetFlexData', {})).status).toBe(403);
    const product = await as(seller, '/mvc/products/GetItem', { autoid: ids.product });
    expect(product.body.Status_Descr).toBe('Actief');
    const grid = await as(seller, '/mvc/products/GetFlexData', { dataFilter: { ID: 'P-1' } });
    expect(grid.body.Data[0].Status_Descr).toBe('Actief');
    // A row limit on the statuses holds, read right or not: the text of a status outside it stays empty.
    const group = (await admin('/mvc/securitygroups/GetFlexData', { dataFilter: { ID: 'CATALOGUS' } })).body.Data[0]
      .AutoID;
    await create('rowlimits', {
      SecurityGroup: group,
      TableName: 'productstatuses',
      FieldName: 'ID',
      Kind: 'value',
      Value: 'VERVALLEN',
    });
    const limited = await signIn(server.app, 'catalogus', 'Orders-pass-1');
    expect((await as(limited, '/mvc/products/GetItem', { autoid: ids.product })).body.Status_Descr).toBeNull();
    // A table that is no reference data keeps its text to itself: the order's relation.
    const buyer = await userWith('inkijker', ['8.1:read', '8.13:read']);
    const order = await as(buyer, '/mvc/orders/GetItem', { autoid: ids.order });
    expect(order.status).toBe(200);
    expect(order.body.DeliverRelation_Descr).toBeNull();
    // The grid says why: the rights whose lack hides rows (other states) and empties a column's text.
    const orders = await as(buyer, '/mvc/orders/GetFlexData', {});
    expect(orders.body.Meta.Unseen).toContainEqual({
      Right: '8.11',
      Name: 'Orders met status Offerteaanvraag inzien (8.11)',
    });
    expect(orders.body.Meta.Unseen.map((u: { Right: string }) => u.Right)).not.toContain('8.13');
    const restricted = orders.body.Meta.Columns.filter((c: { Restricted?: unknown }) => c.Restricted);
    expect(restricted).toContainEqual(
      expect.objectContaining({
        FieldName: 'DeliverRelation',
        Restricted: {
          Right: '2.1',
          Name: 'Relaties beheren (met adressen, specificaties en ontvangers van meldingen) (2.1)',
        },
      }),
    );
    // Reference data is no restriction, and an administrator misses nothing.
    expect(restricted.map((c: { FieldName: string }) => c.FieldName)).not.toContain('Status');
    const all = await admin('/mvc/orders/GetFlexData', {});
    expect(all.body.Meta.Unseen).toEqual([]);
    expect(all.body.Meta.Columns.filter((c: { Restricted?: unknown }) => c.Restricted)).toEqual([]);
  });
});
