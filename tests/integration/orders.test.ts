// Orders, baskets, purchase orders and purchase receipts of the base pack, as an API client sees
// them: numbers from the administration, the basket's submit choices, deliver dates that cannot be
// met, totals that follow the lines, cancelling with its reason, rights per status, two users
// changing one order at once, collecting orders, and a receipt through the calls of spec 2 §7
// that updates order lines, stock and objects in one go — or nothing at all.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../definitions/language/clock.ts';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
import { type Named, type Property, type Row } from '../support/answers.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');

let server: TestServer;
const ids: Record<string, number> = {};

const api = (url: string, body: unknown = {}) => post(server.app, url, body);
async function create(table: string, record: Record<string, unknown>): Promise<Row> {
  const res = await api(`/mvc/${table}/save`, record);
  if (res.status !== 200) throw new Error(`${table}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const item = async (table: string, autoid: number) => (await api(`/mvc/${table}/GetItem`, { autoid })).body;
const rows = async (
  table: string,
  filter: { FieldName: string; Operator: string; Value: unknown }[],
  extra: Record<string, unknown> = {},
): Promise<Row[]> =>
  (await api(`/mvc/${table}/GetFlexData`, { operatorFilter: filter, pageSize: 200, ...extra })).body.Data;
const transition = (
  table: string,
  autoids: number[],
  Transition: string,
  Values: Record<string, unknown> = {},
  TimeStamp?: number,
) =>
  api(`/mvc/${table}/ChangeStatus`, { autoids, Transition, Values, ...(TimeStamp === undefined ? {} : { TimeStamp }) });
const receipt = (call: string, body: unknown = {}) => api(`/mvc/purchasereceipt/${call}`, body);
async function as(cookie: string, url: string, body: object = {}) {
  const res = await server.app.inject({ method: 'POST', url, payload: body, headers: { cookie } });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}

let serial = 0;
/** A new order for the customer (a Friday's order, delivered the Tuesday after unless said). */
const order = (fields: Record<string, unknown> = {}) =>
  create('orders', {
    Descr: `Order ${++serial}`,
    OrderDate: '2026-11-27',
    DeliverRelation: ids.customer,
    Warehouse: ids.warehouse,
    ...fields,
  });
const line = (o: number, fields: Record<string, unknown> = {}) =>
  create('orderlines', {
    Order: o,
    LineType: 'sale',
    Product: ids.bulk,
    OrderQuantity: 2,
    Price: 100,
    VatCode: ids.vat21,
    ...fields,
  });
const stockOf = async (product: number) =>
  (await rows('productwarehouses', [{ FieldName: 'Product', Operator: '=', Value: product }]))[0]?.Stock ?? null;

beforeAll(async () => {
  // The shipped base pack alone: the tests make their own rows.
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  ids.admin = (
    await create('administrations', {
      ID: 'HQ',
      Descr: 'Hoofdkantoor',
      IsDefault: true,
      OrderPrefix: 'ORD-',
      OrderNextNumber: 41,
      OrderMinLength: 5,
      PurchasePrefix: 'INK-',
      PurchaseNextNumber: 7,
      PurchaseMinLength: 4,
      ReceiptPrefix: 'ONT-',
      ReceiptNextNumber: 1,
      ReceiptMinLength: 4,
    })
  ).AutoID;
  ids.branch = (
    await create('administrations', {
      ID: 'ZUID',
      Descr: 'Vestiging Zuid',
      OrderPrefix: 'Z-',
      OrderNextNumber: 1,
      OrderMinLength: 3,
    })
  ).AutoID;
  ids.customer = (await create('relations', { ID: 'KLANT', Descr: 'Bouwbedrijf De Klant' })).AutoID;
  ids.other = (await create('relations', { ID: 'ANDER', Descr: 'Andere klant' })).AutoID;
  ids.supplier = (await create('relations', { ID: 'LEV-A', Descr: 'Leverancier A' })).AutoID;
  ids.supplierB = (await create('relations', { ID: 'LEV-B', Descr: 'Leverancier B' })).AutoID;
  const depot = (await create('locationtypes', { ID: 'DEPOT', Descr: 'Depot' })).AutoID;
  ids.yard = (await create('locations', { ID: 'TERREIN', Descr: 'Terrein magazijn', LocationType: depot })).AutoID;
  ids.warehouse = (await create('warehouses', { ID: 'MAG', Descr: 'Magazijn', Location: ids.yard })).AutoID;
  ids.loose = (
    await create('warehouses', { ID: 'MAG-2', Descr: 'Magazijn met negatieve voorraad', AllowNegativeStock: true })
  ).AutoID;
  ids.vat21 = (await create('vatcodes', { ID: 'H', Descr: 'Hoog', Percentage: 21 })).AutoID;
  ids.status = (await create('productstatuses', { ID: 'ACTIEF', Descr: 'Actief' })).AutoID;
  ids.type = (await create('objecttypes', { ID: 'OT-AGG', Descr: 'Aggregaat' })).AutoID;
  ids.bulk = (
    await create('products', {
      ProductType: 'sale',
      ID: 'P-BULK',
      Descr: 'Bouwhek',
      Status: ids.status,
      StockType: 'bulk',
      Price: 100,
    })
  ).AutoID;
  ids.unique = (
    await create('products', {
      ProductType: 'rental',
      ID: 'P-UNIEK',
      Descr: 'Aggregaat 20 kVA',
      Status: ids.status,
      StockType: 'unique',
      ObjectType: ids.type,
    })
  ).AutoID;
  ids.blocked = (
    await create('products', {
      ProductType: 'sale',
      ID: 'P-BLOK',
      Descr: 'Uit het assortiment',
      Status: ids.status,
      BlockedForOrder: true,
    })
  ).AutoID;
  ids.reason = (
    await create('reasons', { ID: 'KLANT', Descr: 'Op verzoek van de klant', Kind: 'cancel' }).catch(async () =>
      create('reasons', { ID: 'KLANT', Descr: 'Op verzoek van de klant', Kind: 'order' }),
    )
  ).AutoID;
  ids.truck = (await create('transportmethods', { ID: 'TRUCK', Descr: 'Vrachtwagen', DeliveryTerm: 2 })).AutoID;
  ids.week = (
    await create('workabledays', {
      ID: 'WEEK',
      Descr: 'Maandag tot vrijdag',
      Monday: true,
      Tuesday: true,
      Wednesday: true,
      Thursday: true,
      Friday: true,
      Holidays: '2026-12-01',
    })
  ).AutoID;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('orders', () => {
  it('number from their administration, else from the default one, and start as a basket', async () => {
    const own = await order({ Administration: ids.branch });
    const plain = await order();
    expect(own.ID).toBe('Z-001');
    expect(plain).toMatchObject({ ID: 'ORD-00041', Status: -1 });
    expect((await api('/mvc/orders/GetTransitions', { autoid: plain.AutoID })).body.StatusLabel).toBe('Mand');
  });

  it('leave the basket by one of three choices, which the processed baskets then show', async () => {
    const [a, b, c] = [await order(), await order(), await order()];
    const t = (await api('/mvc/orders/GetTransitions', { autoid: a.AutoID })).body;
    expect(t.Transitions.map((x: { Name: string }) => x.Name)).toEqual(
      expect.arrayContaining(['requestOffer', 'submitRequest', 'submitOrder', 'cancel']),
    );
    await transition('orders', [a.AutoID], 'requestOffer');
    await transition('orders', [b.AutoID], 'submitRequest');
    await transition('orders', [c.AutoID], 'submitOrder');
    expect([
      (await item('orders', a.AutoID)).Status,
      (await item('orders', b.AutoID)).Status,
      (await item('orders', c.AutoID)).Status,
    ]).toEqual([0, 1, 2]);
    const shown = (await api('/mvc/orders/GetFlexData', { dataSet: 'processed', pageSize: 500 })).body.Data.map(
      (r: Row) => r.AutoID,
    );
    expect(shown).toEqual(expect.arrayContaining([a.AutoID, b.AutoID, c.AutoID]));
    expect((await item('orders', c.AutoID)).FromBasket).toBe(true);
  });

  it("refuse a deliver date the schedule and the transport's lead time cannot meet, naming the earliest one", async () => {
    // Friday 27 November, two workable days of lead time, Tuesday 1 December a holiday: Wednesday 2 December.
    const refused = await api('/mvc/orders/save', {
      AutoID: 0,
      OrderDate: '2026-11-27',
      DeliverRelation: ids.customer,
      TransportMethod: ids.truck,
      WorkableDays: ids.week,
      DeliverDate: '2026-11-30',
    });
    expect(refused.status).toBe(400);
    // Dates as the user's language writes them, with the weekday: never as stored.
    expect(refused.body.ModelState.DeliverDate).toEqual([
      'De leverdatum maandag 30 november 2026 kan niet worden gehaald; de vroegst mogelijke leverdatum is woensdag 2 december 2026.',
    ]);
    const saturday = await api('/mvc/orders/save', {
      AutoID: 0,
      OrderDate: '2026-11-27',
      DeliverRelation: ids.customer,
      TransportMethod: ids.truck,
      WorkableDays: ids.week,
      DeliverDate: '2026-12-05',
    });
    expect(saturday.status).toBe(400);
    expect(saturday.body.ModelState.DeliverDate).toEqual([
      'De leverdatum zaterdag 5 december 2026 valt niet op een werkdag; de vroegst mogelijke leverdatum is woensdag 2 december 2026.',
    ]);
    const english = await as(`${await signIn(server.app)}; Culture=en`, '/mvc/orders/save', {
      AutoID: 0,
      OrderDate: '2026-11-27',
      DeliverRelation: ids.customer,
      TransportMethod: ids.truck,
      WorkableDays: ids.week,
      DeliverDate: '2026-12-05',
    });
    expect(english.body.ModelState.DeliverDate).toEqual([
      'The delivery date Saturday, December 5, 2026 is not on a working day; the earliest possible delivery date is Wednesday, December 2, 2026.',
    ]);
    const kept = await order({ TransportMethod: ids.truck, WorkableDays: ids.week, DeliverDate: '2026-12-02' });
    expect(kept.EarliestDeliverDate).toBe('2026-12-02');
    // Without a schedule of its own the order works Monday to Friday, and without a transport no lead time.
    expect((await order({ DeliverDate: '2026-11-27' })).EarliestDeliverDate).toBe('2026-11-27');
  });

  it('ask before a return date more than a week from today', async () => {
    const form = (
      await server.app.inject({
        method: 'GET',
        url: '/mvc/orders/GetForm',
        headers: { cookie: await signIn(server.app) },
      })
    ).json();
    expect(form.Confirms.map((c: { message?: string; Message?: string }) => c.message ?? c.Message)).toContain(
      'De retourdatum ligt meer dan 7 dagen van vandaag. Weet u het zeker?',
    );
  });

  it('keep line subtotals and order totals, also when a line is cancelled and the cancel undone', async () => {
    const o = await order({ OrderCostsMethod: 'fixed', OrderCostsAmount: 10, OrderCostsVat: ids.vat21 });
    const l = await line(o.AutoID, { OrderQuantity: 2, Price: 100, DiscountPct: 10 });
    expect(await item('orderlines', l.AutoID)).toMatchObject({
      SubtotalExclVat: 180,
      SubtotalVat: 37.8,
      SubtotalInclVat: 217.8,
    });
    expect(await item('orders', o.AutoID)).toMatchObject({ TotalExclVat: 190, TotalVat: 39.9, TotalInclVat: 229.9 });
    const cancel = await transition('orderlines', [l.AutoID], 'cancel', {
      Reason: ids.reason,
      Comment: 'Niet meer nodig',
    });
    expect(cancel.body).toMatchObject({ Succeeded: 1 });
    expect(await item('orderlines', l.AutoID)).toMatchObject({
      Cancelled: true,
      CancelQuantity: 2,
      SubtotalExclVat: 0,
    });
    expect(await item('orders', o.AutoID)).toMatchObject({ TotalExclVat: 10 });
    await transition('orderlines', [l.AutoID], 'undoCancel');
    expect(await item('orderlines', l.AutoID)).toMatchObject({
      Cancelled: false,
      CancelQuantity: 0,
      SubtotalExclVat: 180,
    });
    expect((await item('orders', o.AutoID)).TotalInclVat).toBe(229.9);
  });

  it("take a line's description, price and VAT code from its product when left empty", async () => {
    const o = await order();
    const l = await create('orderlines', { Order: o.AutoID, LineType: 'sale', Product: ids.bulk, OrderQuantity: 1 });
    expect(l).toMatchObject({ Descr: 'Bouwhek', Price: 100 });
    const own = await create('orderlines', {
      Order: o.AutoID,
      LineType: 'sale',
      Product: ids.bulk,
      OrderQuantity: 1,
      Descr: 'Eigen tekst',
      Price: 80,
    });
    expect(own).toMatchObject({ Descr: 'Eigen tekst', Price: 80 });
  });

  it('show their status by its label in the form and the grid', async () => {
    const form = (
      await server.app.inject({
        method: 'GET',
        url: '/mvc/orders/GetForm',
        headers: { cookie: await signIn(server.app) },
      })
    ).json();
    const status = form.Properties.find((p: Property) => p.FieldName === 'Status');
    expect(status.Settings.Options).toEqual(
      expect.arrayContaining([
        { value: '-1', label: 'Mand' },
        { value: '2', label: 'Order' },
      ]),
    );
    const grid = (await api('/mvc/orders/GetFlexData', { pageSize: 1 })).body.Meta.Columns.find(
      (c: Property) => c.FieldName === 'Status',
    );
    expect(grid).toMatchObject({ AdvancedFilterType: 'number' });
    expect(grid.Options).toEqual(expect.arrayContaining([{ Value: '7', Label: 'Geannuleerd' }]));
  });

  it('tell the grid how many decimals an amount shows', async () => {
    const columns = (
      await api('/mvc/orderlines/GetFlexData', { pageSize: 1, flexGridLayoutColumns: ['Price', 'Descr'] })
    ).body.Meta.Columns;
    expect(columns.find((c: Property) => c.FieldName === 'Price')).toMatchObject({ FieldType: 'decimal', Decimals: 2 });
    expect(columns.find((c: Property) => c.FieldName === 'Descr').Decimals).toBeUndefined();
  });

  it('refuse a line for a blocked product, a quantity below one, and lines of a cancelled order', async () => {
    const o = await order();
    const blocked = await api('/mvc/orderlines/save', {
      AutoID: 0,
      Order: o.AutoID,
      LineType: 'sale',
      Product: ids.blocked,
      OrderQuantity: 1,
    });
    expect(blocked.status).toBe(400);
    expect(blocked.body.ModelState.Product).toEqual(['Dit artikel is geblokkeerd voor bestellen.']);
    const zero = await api('/mvc/orderlines/save', {
      AutoID: 0,
      Order: o.AutoID,
      LineType: 'sale',
      Product: ids.bulk,
      OrderQuantity: 0,
    });
    expect(zero.status).toBe(400);
    expect(Object.keys(zero.body.ModelState)).toEqual(['OrderQuantity']);
    await transition('orders', [o.AutoID], 'cancel', { Reason: ids.reason, Date: '2026-11-27' });
    const late = await api('/mvc/orderlines/save', {
      AutoID: 0,
      Order: o.AutoID,
      LineType: 'sale',
      Product: ids.bulk,
      OrderQuantity: 1,
    });
    expect(late.status).toBe(400);
    expect((await rows('orderlines', [{ FieldName: 'Order', Operator: '=', Value: o.AutoID }])).length).toBe(0);
  });

  it('cancel with a reason and a date, warning that purchase orders stay, and log who, why and when', async () => {
    const o = await order();
    const offered = (await api('/mvc/orders/GetTransitions', { autoid: o.AutoID })).body.Transitions.find(
      (t: { Name: string }) => t.Name === 'cancel',
    );
    expect(offered.Warning).toBe('Inkooporders worden niet automatisch geannuleerd.');
    const missing = await transition('orders', [o.AutoID], 'cancel', { Comment: 'Zonder reden' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.ModelState).sort()).toEqual(['Date', 'Reason']);
    expect((await item('orders', o.AutoID)).Status).toBe(-1);
    await transition('orders', [o.AutoID], 'cancel', {
      Reason: ids.reason,
      Comment: 'Klant belde af',
      Date: '2026-11-26',
    });
    const log = (await api('/mvc/orders/GetStatusLog', { autoid: o.AutoID })).body.Data[0];
    expect(log).toMatchObject({
      Transition: 'cancel',
      From: -1,
      To: 7,
      ToLabel: 'Geannuleerd',
      Comment: 'Klant belde af',
      Date: '2026-11-26',
      By: 'admin',
    });
  });

  it('let one of two users changing the same order at once win; the other gets 409 and nothing', async () => {
    const o = await order();
    const stamp = o.TimeStamp;
    if (typeof stamp !== 'number') throw new Error(`a saved order has a time stamp: ${JSON.stringify(o)}`);
    const [first, second] = await Promise.all([
      transition('orders', [o.AutoID], 'submitOrder', {}, stamp),
      transition('orders', [o.AutoID], 'requestOffer', {}, stamp),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect(loser.body).toMatchObject({ Code: 'CONCURRENCY' });
    expect(loser.body.Current.TimeStamp).toBeGreaterThan(stamp);
    const after = await item('orders', o.AutoID);
    expect([0, 2]).toContain(after.Status);
    expect((await api('/mvc/orders/GetStatusLog', { autoid: o.AutoID })).body.Data).toHaveLength(1);
  });
});

describe('collecting orders', () => {
  const collect = (autoids: number[]) => api('/mvc/orders/RunAction', { Action: 'collect', autoids });

  it('needs two, refuses a blocked one, one in the wrong status and orders that do not match', async () => {
    const [a, b] = [await order(), await order()];
    expect((await collect([a.AutoID])).body.Error).toBe('Selecteer ten minste 2 items.');
    const blocked = await order({ Blocked: true });
    expect((await collect([a.AutoID, blocked.AutoID])).body.Error).toBe(`Order ${blocked.ID} is geblokkeerd.`);
    const offer = await order();
    await transition('orders', [offer.AutoID], 'submitRequest');
    expect((await collect([a.AutoID, offer.AutoID])).body.Error).toBe(
      `Order ${offer.ID} heeft niet de juiste status om samen te voegen.`,
    );
    const elsewhere = await order({ DeliverRelation: ids.other });
    expect((await collect([a.AutoID, elsewhere.AutoID])).body.Error).toBe(
      'De geselecteerde orders hebben niet dezelfde aflever- en factuurrelatie.',
    );
    expect((await item('orders', b.AutoID)).AutoID).toBe(b.AutoID);
  });

  it('moves the lines of the others into the first selected, whose totals follow', async () => {
    const [a, b] = [await order(), await order()];
    await line(a.AutoID, { OrderQuantity: 1 });
    await line(b.AutoID, { OrderQuantity: 3 });
    const res = await collect([a.AutoID, b.AutoID]);
    expect(res.body).toMatchObject({ Succeeded: 1, Failed: 0 });
    expect(
      (await rows('orderlines', [{ FieldName: 'Order', Operator: '=', Value: a.AutoID }]))
        .map((r) => r.OrderQuantity)
        .sort(),
    ).toEqual([1, 3]);
    expect((await api('/mvc/orders/GetItem', { autoid: b.AutoID })).status).toBe(404);
    expect((await item('orders', a.AutoID)).TotalExclVat).toBe(400);
  });
});

describe('rights per status', () => {
  it('a user sees orders only in the statuses granted, changes only by the transitions granted, and loses an order moved out of sight', async () => {
    const user = (
      await create('users', { Username: 'verkoop', Password: 'Verkoop-pass-1', PasswordRetype: 'Verkoop-pass-1' })
    ).AutoID;
    const group = (await create('securitygroups', { ID: 'VERKOOP', Descr: 'Verkoop' })).AutoID;
    await create('usergroups', { User: user, SecurityGroup: group });
    for (const Action of ['read', 'update', 'create'])
      await create('securitygrants', { SecurityGroup: group, RightCode: '8.1', Action });
    // Orders in status Order (2), and the transition to supply them (8.39), but not seeing supplied ones (8.14).
    await create('securitygrants', { SecurityGroup: group, RightCode: '8.13', Action: 'read' });
    await create('securitygrants', { SecurityGroup: group, RightCode: '8.39', Action: 'execute' });
    const cookie = await signIn(server.app, 'verkoop', 'Verkoop-pass-1');
    const [basket, placed] = [await order(), await order()];
    await transition('orders', [placed.AutoID], 'submitOrder');
    expect((await as(cookie, '/mvc/orders/GetItem', { autoid: basket.AutoID })).status).toBe(404);
    const flex = await as(cookie, '/mvc/orders/GetFlexData', { dataSet: 'all', pageSize: 500 });
    const seen = flex.body.Data.map((r: Row) => r.AutoID);
    expect(seen).toContain(placed.AutoID);
    expect(seen).not.toContain(basket.AutoID);
    expect(
      (await as(cookie, '/mvc/orders/ChangeStatus', { autoids: [placed.AutoID], Transition: 'backorder' })).status,
    ).toBe(403);
    const supplied = await as(cookie, '/mvc/orders/ChangeStatus', { autoids: [placed.AutoID], Transition: 'supply' });
    expect(supplied.body).toMatchObject({ Succeeded: 1 });
    expect((await as(cookie, '/mvc/orders/GetItem', { autoid: placed.AutoID })).status).toBe(404);
    // The status log and the dashboard have rights of their own.
    expect((await as(cookie, '/mvc/orders/GetStatusLog', { autoid: placed.AutoID })).status).toBe(403);
    const screens = (
      await server.app.inject({ method: 'GET', url: '/mvc/definitions/screens', headers: { cookie } })
    ).json().Screens;
    expect(screens.find((s: Named) => s.name === 'orders').tabs.map((t: Named) => t.name)).not.toContain('statuslog');
  });
});

describe('purchasing and receipts', () => {
  let po: Row;
  let bulkLine: Row;
  let uniqueLine: Row;
  let foreignLine: Row;

  beforeAll(async () => {
    po = await create('purchaseorders', {
      Descr: 'Hekken en aggregaat',
      Supplier: ids.supplier,
      OrderDate: '2026-11-20',
      Warehouse: ids.warehouse,
    });
    bulkLine = await create('purchaseorderlines', {
      PurchaseOrder: po.AutoID,
      LineType: 'sale',
      Product: ids.bulk,
      OrderQuantity: 10,
      Price: 40,
    });
    uniqueLine = await create('purchaseorderlines', {
      PurchaseOrder: po.AutoID,
      LineType: 'rental',
      Product: ids.unique,
      OrderQuantity: 1,
      Price: 4500,
    });
    const other = await create('purchaseorders', {
      Descr: 'Van een ander',
      Supplier: ids.supplierB,
      OrderDate: '2026-11-20',
      Warehouse: ids.warehouse,
    });
    foreignLine = await create('purchaseorderlines', {
      PurchaseOrder: other.AutoID,
      LineType: 'sale',
      Product: ids.bulk,
      OrderQuantity: 5,
    });
  });

  it('number purchase orders from the administration; lines start open', async () => {
    expect(po.ID).toBe('INK-0007');
    expect(bulkLine).toMatchObject({ LineStatus: 'open', ReceivedQuantity: 0 });
  });

  it('receive through the receipt calls, refusing what is forged, too much, or already processed', async () => {
    const blank = (
      await server.app.inject({
        method: 'GET',
        url: '/mvc/purchasereceipt/getnew',
        headers: { cookie: await signIn(server.app) },
      })
    ).json();
    expect(blank).toMatchObject({ AutoID: 0, Status: 1 });
    const made = await receipt('create', {
      ...blank,
      Supplier: ids.supplier,
      PurchaseOrder: po.AutoID,
      Warehouse: ids.warehouse,
      ReceiptDate: '2026-11-26',
    });
    expect(made.status).toBe(200);
    const r = made.body;
    expect(r.ID).toBe('ONT-0001');
    expect((await receipt('GetByID', { id: 'ONT-0001' })).body.AutoID).toBe(r.AutoID);
    expect((await receipt('get', { autoid: r.AutoID })).body.Supplier_Descr).toBe('Leverancier A');

    const bulk = {
      purchaseReceiptID: r.AutoID,
      articleID: ids.bulk,
      purchaseOrderLineID: bulkLine.AutoID,
      locationID: null,
    };
    const forged = await receipt('addbulkitem', { ...bulk, purchaseOrderLineID: foreignLine.AutoID, quantity: 1 });
    expect(forged.status).toBe(400);
    expect(forged.body.ModelState.purchaseOrderLineID).toEqual([
      'Deze inkooporderregel is van een andere leverancier.',
    ]);
    const tooMuch = await receipt('addbulkitem', { ...bulk, quantity: 11 });
    expect(tooMuch.body.ModelState.quantity).toEqual(['Er wordt meer ontvangen dan er nog openstaat.']);
    const badShape = await receipt('addbulkitem', { ...bulk, quantity: 'veel' });
    expect(badShape.status).toBe(400);

    const validated = await receipt('ValidateBulkReceipts', {
      requests: [
        { ...bulk, quantity: 2 },
        { ...bulk, quantity: 99 },
      ],
    });
    expect(validated.body.Results.map((x: { Valid: boolean }) => x.Valid)).toEqual([true, false]);
    expect(validated.body.Results[1].Errors.quantity).toBeDefined();
    const halfBulk = await receipt('AddBulk', {
      requests: [
        { ...bulk, quantity: 2 },
        { ...bulk, purchaseOrderLineID: foreignLine.AutoID, quantity: 1 },
      ],
    });
    expect(halfBulk.status).toBe(400);
    expect(Object.keys(halfBulk.body.ModelState)).toEqual(['requests[1].purchaseOrderLineID']);
    expect(await rows('purchasereceiptitems', [{ FieldName: 'Receipt', Operator: '=', Value: r.AutoID }])).toHaveLength(
      0,
    );

    const added = await receipt('addbulkitem', { ...bulk, quantity: 4 });
    expect(added.body).toMatchObject({ Kind: 'bulk', Quantity: 4 });
    const changed = await receipt('ChangeReceiptItem', {
      purchaseReceiptID: r.AutoID,
      purchaseReceiptItemID: added.body.AutoID,
      locationID: null,
      quantity: 6,
    });
    expect(changed.body.Quantity).toBe(6);
    const extra = (await receipt('AddBulk', { requests: [{ ...bulk, quantity: 1 }] })).body.Created[0];
    expect((await receipt('RemoveItem', { autoid: r.AutoID + 1000, purchaseReceiptItemID: extra })).status).toBe(404);
    expect((await receipt('RemoveItem', { autoid: r.AutoID, purchaseReceiptItemID: extra })).status).toBe(200);
    const unique = await receipt('adduniqueitem', {
      purchaseReceiptID: r.AutoID,
      articleID: ids.unique,
      purchaseOrderLineID: uniqueLine.AutoID,
      locationID: null,
      objectID: 'AGG-0001',
      serialNumber: 'SN-778',
    });
    expect(unique.body).toMatchObject({ Kind: 'unique', Quantity: 1, ObjectID: 'AGG-0001' });
    // The purchase order shows its receipt items: the order is always the item's line's, whatever a save sends.
    const stored = await item('purchasereceiptitems', added.body.AutoID);
    expect(stored.PurchaseOrder).toBe(po.AutoID);
    expect(
      (await api('/mvc/purchasereceiptitems/save', { ...stored, PurchaseOrder: foreignLine.PurchaseOrder })).status,
    ).toBe(200);
    const onPo = await rows('purchasereceiptitems', [{ FieldName: 'PurchaseOrder', Operator: '=', Value: po.AutoID }]);
    expect(onPo.map((x: Row) => x.AutoID).sort()).toEqual([added.body.AutoID, unique.body.AutoID].sort());

    const processed = await receipt('process', { autoid: r.AutoID });
    expect(processed.status).toBe(200);
    expect(processed.body.Status).toBe(2);
    expect(await item('purchaseorderlines', bulkLine.AutoID)).toMatchObject({
      ReceivedQuantity: 6,
      LineStatus: 'partial',
    });
    expect(await item('purchaseorderlines', uniqueLine.AutoID)).toMatchObject({
      ReceivedQuantity: 1,
      LineStatus: 'received',
    });
    expect(await stockOf(ids.bulk)).toBe(6);
    const object = (await rows('objects', [{ FieldName: 'ID', Operator: '=', Value: 'AGG-0001' }]))[0];
    // Received without a location of its own: the object is where the receiving warehouse is.
    expect(object).toMatchObject({
      Location: ids.yard,
      Product: ids.unique,
      ObjectType: ids.type,
      Descr: 'Aggregaat 20 kVA',
      SerialNumber: 'SN-778',
      Supplier: ids.supplier,
      PurchasePrice: 4500,
      PurchaseOrder: 'INK-0007',
    });
    expect(
      (await rows('purchasereceiptitems', [{ FieldName: 'ObjectID', Operator: '=', Value: 'AGG-0001' }]))[0].Object,
    ).toBe(object.AutoID);
    const log = await rows('stockmutations', [{ FieldName: 'Product', Operator: '=', Value: ids.bulk }]);
    // The product's first stock in the warehouse: a new row, from nothing to 6.
    expect(log[0]).toMatchObject({
      FromStock: null,
      ToStock: 6,
      Reason: 'ONT-0001: Verwerken',
      Warehouse: ids.warehouse,
    });

    const again = await receipt('process', { autoid: r.AutoID });
    expect(again.status).toBe(400);
    expect(await stockOf(ids.bulk)).toBe(6);
    const late = await receipt('RemoveItem', { autoid: r.AutoID, purchaseReceiptItemID: added.body.AutoID });
    expect(late.status).toBe(400);
    expect(late.body.ModelState.Product ?? late.body.ModelState.articleID).toEqual([
      'Een verwerkte ontvangst kan niet meer worden gewijzigd.',
    ]);
  });

  it('a unique product needs an object type when it is saved; a receipt of one without it names the product', async () => {
    const fields = {
      ProductType: 'rental',
      ID: 'P-TRIL',
      Descr: 'Trilplaat 90 kg',
      Status: ids.status,
      StockType: 'unique',
    };
    const untyped = await api('/mvc/products/save', fields);
    expect(untyped.status).toBe(400);
    expect(untyped.body.ModelState.ObjectType).toEqual([
      'Een uniek product heeft een objecttype: elk ontvangen stuk wordt een object van dat type.',
    ]);
    const product = await create('products', { ...fields, ObjectType: ids.type });
    const order = await create('purchaseorders', {
      Descr: 'Trilplaten',
      Supplier: ids.supplier,
      OrderDate: '2026-11-20',
      Warehouse: ids.warehouse,
    });
    const poLine = await create('purchaseorderlines', {
      PurchaseOrder: order.AutoID,
      LineType: 'rental',
      Product: product.AutoID,
      OrderQuantity: 1,
      Price: 900,
    });
    const r = (await receipt('create', { Supplier: ids.supplier, Warehouse: ids.warehouse, ReceiptDate: '2026-11-26' }))
      .body;
    const added = await receipt('adduniqueitem', {
      purchaseReceiptID: r.AutoID,
      articleID: product.AutoID,
      purchaseOrderLineID: poLine.AutoID,
      locationID: null,
      objectID: 'TRIL-0001',
      serialNumber: 'SN-1',
    });
    expect(added.status).toBe(200);
    // A product from before the rule, without an object type.
    await server.engine.pool.query('UPDATE products SET objecttype = NULL WHERE autoid = $1', [product.AutoID]);
    const refused = await receipt('process', { autoid: r.AutoID });
    expect(refused.status).toBe(400);
    expect(refused.body.Error).toBe(
      'Het product Trilplaat 90 kg heeft geen objecttype; vul bij het product het objecttype in en verwerk de ontvangst opnieuw.',
    );
    expect(Object.values(refused.body.ModelState).flat().join(' ')).not.toMatch(/ObjectType/);
    // The refusal offers the product to open and put right, on the call and in a batch's result.
    expect(refused.body.Open).toEqual({ Table: 'products', AutoID: product.AutoID });
    const batch = await transition('purchasereceipt', [r.AutoID], 'process');
    expect(batch.body.Results[0]).toMatchObject({
      Result: 'FAILED',
      Open: { Table: 'products', AutoID: product.AutoID },
    });
    expect((await item('purchasereceipt', r.AutoID)).Status).toBe(1);
    expect(await rows('objects', [{ FieldName: 'ID', Operator: '=', Value: 'TRIL-0001' }])).toHaveLength(0);
  });

  it('process nothing when one line would be received beyond what was ordered', async () => {
    const a = (await receipt('create', { Supplier: ids.supplier, Warehouse: ids.warehouse, ReceiptDate: '2026-11-26' }))
      .body;
    const b = (await receipt('create', { Supplier: ids.supplier, Warehouse: ids.warehouse, ReceiptDate: '2026-11-26' }))
      .body;
    const bulk = { articleID: ids.bulk, purchaseOrderLineID: bulkLine.AutoID, locationID: null, quantity: 3 };
    await receipt('addbulkitem', { ...bulk, purchaseReceiptID: a.AutoID, quantity: 1 });
    await receipt('addbulkitem', { ...bulk, purchaseReceiptID: a.AutoID, quantity: 2 });
    await receipt('addbulkitem', { ...bulk, purchaseReceiptID: b.AutoID });
    expect((await receipt('process', { autoid: a.AutoID })).status).toBe(200);
    const refused = await receipt('process', { autoid: b.AutoID });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Er wordt meer ontvangen dan besteld.');
    expect((await item('purchasereceipt', b.AutoID)).Status).toBe(1);
    expect(await stockOf(ids.bulk)).toBe(9);
    expect(await item('purchaseorderlines', bulkLine.AutoID)).toMatchObject({
      ReceivedQuantity: 9,
      LineStatus: 'partial',
    });
  });

  it('never takes stock below zero, unless the warehouse allows it', async () => {
    const o = await order();
    await line(o.AutoID, { OrderQuantity: 50 });
    await transition('orders', [o.AutoID], 'submitOrder');
    const refused = await transition('orders', [o.AutoID], 'supply');
    // The product, the warehouse, what the order needs and what is on hand.
    expect(refused.body.Results[0]).toMatchObject({
      Result: 'FAILED',
      Error: 'Onvoldoende voorraad van Bouwhek in magazijn Magazijn: nodig 50, op voorraad 9.',
    });
    expect((await item('orders', o.AutoID)).Status).toBe(2);
    expect(await stockOf(ids.bulk)).toBe(9);
    const loose = await order({ Warehouse: ids.loose });
    await line(loose.AutoID, { OrderQuantity: 5 });
    await transition('orders', [loose.AutoID], 'submitOrder');
    expect((await transition('orders', [loose.AutoID], 'supply')).body).toMatchObject({ Succeeded: 1 });
    const negative = (
      await rows('productwarehouses', [{ FieldName: 'Warehouse', Operator: '=', Value: ids.loose }])
    )[0];
    expect(negative.Stock).toBe(-5);
  });

  it('offers products below their minimum stock for purchase, for what brings them to the maximum', async () => {
    const row = (
      await rows('productwarehouses', [
        { FieldName: 'Product', Operator: '=', Value: ids.bulk },
        { FieldName: 'Warehouse', Operator: '=', Value: ids.warehouse },
      ])
    )[0];
    await api('/mvc/productwarehouses/save', { ...row, MinimumStock: 20, MaximumStock: 30 });
    const below = (
      await api('/mvc/productwarehouses/GetFlexData', { dataSet: 'belowMinimum', pageSize: 100 })
    ).body.Data.map((r: Row) => r.AutoID);
    expect(below).toContain(row.AutoID);
    const bought = await api('/mvc/productwarehouses/RunAction', {
      Action: 'purchase',
      autoids: [row.AutoID],
      Values: { PurchaseOrder: po.AutoID },
    });
    expect(bought.body).toMatchObject({ Succeeded: 1 });
    const lines = await rows('purchaseorderlines', [
      { FieldName: 'PurchaseOrder', Operator: '=', Value: po.AutoID },
      { FieldName: 'Product', Operator: '=', Value: ids.bulk },
    ]);
    expect(lines.map((l) => l.OrderQuantity).sort((x, y) => Number(x) - Number(y))).toEqual([10, 21]);
  });

  it('complete an ordered purchase order by itself once its last open line is received, and keep it reopened', async () => {
    const p = await create('purchaseorders', {
      Descr: 'Twee regels',
      Supplier: ids.supplier,
      OrderDate: '2026-11-20',
      Warehouse: ids.warehouse,
    });
    const [a, b] = [
      await create('purchaseorderlines', {
        PurchaseOrder: p.AutoID,
        LineType: 'sale',
        Product: ids.bulk,
        OrderQuantity: 4,
      }),
      await create('purchaseorderlines', {
        PurchaseOrder: p.AutoID,
        LineType: 'sale',
        Product: ids.bulk,
        OrderQuantity: 2,
      }),
    ];
    // Not offered, not to be made by a call: the engine's alone.
    expect((await transition('purchaseorders', [p.AutoID], 'received')).status).toBe(400);
    expect((await transition('purchaseorders', [p.AutoID], 'order')).body).toMatchObject({ Succeeded: 1 });
    expect((await api('/mvc/purchaseorders/GetTransitions', { autoid: p.AutoID })).body.Transitions).not.toContainEqual(
      expect.objectContaining({ Name: 'received' }),
    );
    const receive = async (lines: [Row, number][]) => {
      const r = (
        await receipt('create', { Supplier: ids.supplier, Warehouse: ids.warehouse, ReceiptDate: '2026-11-26' })
      ).body;
      for (const [l, quantity] of lines)
        await receipt('addbulkitem', {
          purchaseReceiptID: r.AutoID,
          articleID: ids.bulk,
          purchaseOrderLineID: l.AutoID,
          locationID: null,
          quantity,
        });
      expect((await receipt('process', { autoid: r.AutoID })).status).toBe(200);
    };
    // One line in full, the other in part: still an order.
    await receive([
      [a, 4],
      [b, 1],
    ]);
    expect(await item('purchaseorders', p.AutoID)).toMatchObject({ Status: 2, OpenLines: 1, ReceivedLines: 1 });
    // The rest of the second line: nothing is open any more, and the order completes in the same transaction.
    await receive([[b, 1]]);
    expect(await item('purchaseorders', p.AutoID)).toMatchObject({ Status: 6, OpenLines: 0, ReceivedLines: 2 });
    const log = (await api('/mvc/purchaseorders/GetStatusLog', { autoid: p.AutoID })).body.Data;
    expect(log[0]).toMatchObject({ Transition: 'received', FromLabel: 'Order', ToLabel: 'Afgerond', By: 'system' });
    // Reopened by a user, it stays open: the rule held already, nothing new came to hold.
    expect((await transition('purchaseorders', [p.AutoID], 'reopen')).body).toMatchObject({ Succeeded: 1 });
    const reopened = await item('purchaseorders', p.AutoID);
    expect((await api('/mvc/purchaseorders/save', { ...reopened, Reference: 'Heropend' })).status).toBe(200);
    expect(await item('purchaseorders', p.AutoID)).toMatchObject({ Status: 2, Reference: 'Heropend' });
  });
});

describe('pickers limited by the record being edited (listFilter)', () => {
  const persons = (cookie: string | null, For: string, Record: Record<string, unknown>) =>
    (cookie ? as(cookie, '/mvc/_lists/persons', { For, Record }) : api('/mvc/_lists/persons', { For, Record })).then(
      (res) => {
        expect(res.status).toBe(200);
        const data: { Descr: string }[] = res.body.Data;
        return data.map((p) => p.Descr).sort();
      },
    );
  let mine: Row;
  let theirs: Row;
  beforeAll(async () => {
    const Status = (await api('/mvc/_lists/personstatuses', {})).body.Data[0].AutoID;
    const person = (FirstName: string, LastName: string, Relation: number) =>
      create('persons', { FirstName, LastName, Descr: `${FirstName} ${LastName}`, Status, Relation });
    mine = await person('Ans', 'Klant', ids.customer);
    await person('Bas', 'Verborgen', ids.customer);
    theirs = await person('Cor', 'Ander', ids.other);
  });

  it("offers the contact persons of the order's deliver relation only, and all without one", async () => {
    expect(await persons(null, 'orders.DeliverPerson', { DeliverRelation: ids.customer })).toEqual([
      mine.Descr,
      'Bas Verborgen',
    ]);
    expect(await persons(null, 'orders.DeliverPerson', { DeliverRelation: ids.other })).toEqual([theirs.Descr]);
    const all = await persons(null, 'orders.DeliverPerson', { DeliverRelation: null });
    expect(all).toEqual(expect.arrayContaining([mine.Descr, theirs.Descr]));
    // A field that picks from another list, or no list field at all, is refused naming it.
    const wrong = await api('/mvc/_lists/persons', { For: 'orders.DeliverRelation', Record: {} });
    expect(wrong.status).toBe(400);
    expect(wrong.body.Error).toBe('For: orders.DeliverRelation is geen lijstveld dat uit de lijst persons kiest.');
  });

  it('refuses a contact person of another relation on save, also when the relation changes under it', async () => {
    const refused = await api('/mvc/orders/save', {
      AutoID: 0,
      Descr: 'Verkeerde contactpersoon',
      OrderDate: '2026-11-27',
      DeliverRelation: ids.customer,
      DeliverPerson: theirs.AutoID,
      Warehouse: ids.warehouse,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState.DeliverPerson).toEqual([
      'De gekozen waarde voor Contactpersoon aflevering past niet bij Afleverrelatie van dit record; kies er een uit de lijst.',
    ]);
    const kept = await order({ DeliverPerson: mine.AutoID });
    const moved = await api('/mvc/orders/save', { ...kept, DeliverRelation: ids.other });
    expect(moved.status).toBe(400);
    expect(Object.keys(moved.body.ModelState)).toEqual(['DeliverPerson']);
    expect(
      (await api('/mvc/orders/save', { ...kept, DeliverRelation: ids.other, DeliverPerson: theirs.AutoID })).status,
    ).toBe(200);
  });

  it("offers the lines of the receipt's purchase order only, through the receipt the line belongs to", async () => {
    const po = await create('purchaseorders', {
      Descr: 'Voor de ontvangst',
      Supplier: ids.supplier,
      OrderDate: '2026-11-20',
      Warehouse: ids.warehouse,
    });
    const own = await create('purchaseorderlines', {
      PurchaseOrder: po.AutoID,
      LineType: 'sale',
      Product: ids.bulk,
      OrderQuantity: 2,
    });
    const other = await create('purchaseorders', {
      Descr: 'Andere',
      Supplier: ids.supplier,
      OrderDate: '2026-11-20',
      Warehouse: ids.warehouse,
    });
    await create('purchaseorderlines', {
      PurchaseOrder: other.AutoID,
      LineType: 'sale',
      Product: ids.bulk,
      OrderQuantity: 3,
    });
    const r = (
      await receipt('create', {
        Supplier: ids.supplier,
        PurchaseOrder: po.AutoID,
        Warehouse: ids.warehouse,
        ReceiptDate: '2026-11-26',
      })
    ).body;
    const offered = await api('/mvc/_lists/purchaseorderlines', {
      For: 'purchasereceiptitems.PurchaseOrderLine',
      Record: { Receipt: r.AutoID },
      pageSize: 1000,
    });
    expect(offered.body.Data.map((l: Row) => l.AutoID)).toEqual([own.AutoID]);
    // The second line of the entry: the order's number and what is still to be received.
    expect(offered.body.Data[0].Detail).toBe(`${po.ID} · 2`);
    const single = await api('/mvc/_lists/purchaseorderlines/single', { AutoID: own.AutoID });
    expect(single.body.Detail).toBe(`${po.ID} · 2`);
  });

  it('a user under a row limit is never offered a person outside it, whatever the record says', async () => {
    const user = (
      await create('users', { Username: 'balie', Password: 'Balie-pass-1', PasswordRetype: 'Balie-pass-1' })
    ).AutoID;
    const group = (await create('securitygroups', { ID: 'BALIE', Descr: 'Balie' })).AutoID;
    await create('usergroups', { User: user, SecurityGroup: group });
    for (const RightCode of ['3.1', '8.1'])
      await create('securitygrants', { SecurityGroup: group, RightCode, Action: 'read' });
    await create('rowlimits', {
      SecurityGroup: group,
      TableName: 'persons',
      FieldName: 'LastName',
      Kind: 'value',
      Value: 'Klant',
    });
    const cookie = await signIn(server.app, 'balie', 'Balie-pass-1');
    expect(await persons(cookie, 'orders.DeliverPerson', { DeliverRelation: ids.customer })).toEqual([mine.Descr]);
    expect(await persons(cookie, 'orders.DeliverPerson', { DeliverRelation: ids.other })).toEqual([]);
  });
});

describe('values derived while editing (Derive)', () => {
  const derive = (table: string, record: Record<string, unknown>, cookie?: string) =>
    cookie ? as(cookie, `/mvc/${table}/Derive`, record) : api(`/mvc/${table}/Derive`, record);

  it("answers a new line's description, price and subtotals from the product chosen, and writes nothing", async () => {
    const o = await order();
    const before = (await rows('orderlines', [{ FieldName: 'Order', Operator: '=', Value: o.AutoID }])).length;
    const answer = await derive('orderlines', {
      AutoID: 0,
      Order: o.AutoID,
      LineType: 'sale',
      Product: ids.bulk,
      OrderQuantity: 2,
      VatCode: ids.vat21,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.Values).toMatchObject({ Descr: 'Bouwhek', Price: 100, SubtotalExclVat: 200, SubtotalVat: 42 });
    // A value the user gave is theirs: not derived over.
    const own = await derive('orderlines', { AutoID: 0, Order: o.AutoID, Product: ids.bulk, Descr: 'Eigen tekst' });
    expect(own.body.Values.Descr).toBeUndefined();
    expect((await rows('orderlines', [{ FieldName: 'Order', Operator: '=', Value: o.AutoID }])).length).toBe(before);
  });

  it('begins an order and a receipt today, and the invoice relation follows the deliver relation', async () => {
    // Today as the server counts it: in the installation's time zone, whatever the hour.
    const blankOrder = (await api('/mvc/orders/GetNew')).body;
    expect(blankOrder.OrderDate).toBe(today());
    expect((await api('/mvc/purchasereceipt/GetNew')).body.ReceiptDate).toBe(today());
    expect((await derive('orders', { AutoID: 0, DeliverRelation: ids.customer })).body.Values.InvoiceRelation).toBe(
      ids.customer,
    );
    const saved = await order({ DeliverRelation: ids.other });
    expect(saved.InvoiceRelation).toBe(ids.other);
    const billed = await order({ DeliverRelation: ids.other, InvoiceRelation: ids.customer });
    expect(billed.InvoiceRelation).toBe(ids.customer);
  });

  it("suggests a person's display name from the name parts, and keeps one the user typed", async () => {
    const Status = (await api('/mvc/_lists/personstatuses', {})).body.Data[0].AutoID;
    expect(
      (await derive('persons', { AutoID: 0, FirstName: ' Els ', MiddleName: 'van der', LastName: 'Berg' })).body.Values
        .Descr,
    ).toBe('Els van der Berg');
    // Without a first name the initials stand in; a part left empty leaves no double space.
    const p = await create('persons', { Initials: 'J.K.', LastName: 'Vos', Status });
    expect(p.Descr).toBe('J.K. Vos');
    // Left as suggested, it follows the parts.
    const married = (await api('/mvc/persons/save', { ...p, LastName: 'Vos-de Wit' })).body;
    expect(married.Descr).toBe('J.K. Vos-de Wit');
    // Typed by the user, it is theirs: a change of the parts keeps it.
    const own = (await api('/mvc/persons/save', { ...married, Descr: 'Jan Vos' })).body;
    expect(own.Descr).toBe('Jan Vos');
    expect((await api('/mvc/persons/save', { ...own, LastName: 'Vos' })).body.Descr).toBe('Jan Vos');
  });

  it("numbers a new relation's code from the relation settings, and leaves a code given alone", async () => {
    const first = await create('relations', { Descr: 'Genummerde klant' });
    const second = await create('relations', { Descr: 'Nog een klant' });
    expect(first.ID).toMatch(/^REL-\d{5}$/);
    expect(Number(String(second.ID).slice(4))).toBe(Number(String(first.ID).slice(4)) + 1);
    expect((await create('relations', { ID: 'EIGEN', Descr: 'Eigen code' })).ID).toBe('EIGEN');
  });

  it('never answers a field hidden from the user, nor derives from a row outside their row limits', async () => {
    const user = (
      await create('users', { Username: 'inkoop', Password: 'Inkoop-pass-1', PasswordRetype: 'Inkoop-pass-1' })
    ).AutoID;
    const group = (await create('securitygroups', { ID: 'INKOOP', Descr: 'Inkoop' })).AutoID;
    await create('usergroups', { User: user, SecurityGroup: group });
    for (const RightCode of ['8.1', '8.2', '5.1'])
      for (const Action of ['read', 'create', 'update'])
        await create('securitygrants', { SecurityGroup: group, RightCode, Action });
    await create('fieldlimits', { SecurityGroup: group, TableName: 'products', FieldName: 'Price', Visibility: '0' });
    await create('rowlimits', {
      SecurityGroup: group,
      TableName: 'products',
      FieldName: 'ID',
      Kind: 'value',
      Value: 'P-BULK',
    });
    const cookie = await signIn(server.app, 'inkoop', 'Inkoop-pass-1');
    // No order: a basket is not among the statuses this user sees.
    const seen = await derive('orderlines', { AutoID: 0, Product: ids.bulk, OrderQuantity: 1 }, cookie);
    expect(seen.status).toBe(200);
    expect(seen.body.Values.Descr).toBe('Bouwhek');
    expect(Object.keys(seen.body.Values)).not.toContain('Price');
    expect(JSON.stringify(seen.body)).not.toContain('100');
    const outside = await derive('orderlines', { AutoID: 0, Product: ids.unique }, cookie);
    expect(outside.status).toBe(400);
    expect(JSON.stringify(outside.body)).not.toContain('Aggregaat');
  });
});
