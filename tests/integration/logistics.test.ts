// Logistics as an API client sees it: picklists generated from orders by the deliver-date offset,
// picking with the open quantity as ceiling, rental lines picked with the specific objects that
// go out (locked, moved to the customer, the line's delivered quantity written when the picklist
// is packed), two pickers at once, objects scanned back into a return entry (unknown and never
// delivered codes refused), the order's status following,
// return requests through their statuses, and a user limited to one warehouse (also when scanning returns).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../definitions/language/clock.ts';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
import { type Row } from '../support/answers.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');

let server: TestServer;
const ids: Record<string, number> = {};
const api = (url: string, body: unknown = {}) => post(server.app, url, body);
async function create(table: string, record: Record<string, unknown>): Promise<Row> {
  const res = await api(`/mvc/${table}/save`, record);
  if (res.status !== 200) throw new Error(`${table}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const item = async (table: string, autoid: number): Promise<Row> =>
  (await api(`/mvc/${table}/GetItem`, { autoid })).body;
const rows = async (table: string, FieldName: string, Value: unknown): Promise<Row[]> =>
  (await api(`/mvc/${table}/GetFlexData`, { operatorFilter: [{ FieldName, Operator: '=', Value }], pageSize: 500 }))
    .body.Data;
const transition = (table: string, autoids: number[], Transition: string, Values: Record<string, unknown> = {}) =>
  api(`/mvc/${table}/ChangeStatus`, { autoids, Transition, Values });
// Days as the server counts them: in the installation's time zone, whatever the hour.
const day = (offset: number) => today(offset);

let serial = 0;
async function placedOrder(lines: Record<string, unknown>[], fields: Record<string, unknown> = {}) {
  const o = await create('orders', {
    Descr: `Logistiek ${++serial}`,
    DeliverRelation: ids.customer,
    DeliverLocation: ids.site,
    Warehouse: ids.warehouse,
    ...fields,
  });
  const made: Row[] = [];
  for (const l of lines) made.push(await create('orderlines', { Order: o.AutoID, Price: 10, ...l }));
  expect((await transition('orders', [o.AutoID], 'submitOrder')).body.Succeeded).toBe(1);
  return { order: o.AutoID, lines: made.map((l) => l.AutoID) };
}
const makePicklist = (orderIds: number[], Offset = 'all') =>
  api('/mvc/orders/RunAction', { Action: 'makePicklist', autoids: orderIds, Values: { Offset } });
const picklistOf = async (order: number) => (await rows('picklists', 'Order', order))[0];
const linesOf = async (picklist: number) => rows('picklistlines', 'Picklist', picklist);

let objectSerial = 0;
const newObject = async () =>
  create('objects', {
    ID: `HL-${++objectSerial}`,
    Descr: 'Aggregaat',
    Product: ids.rental,
    ObjectType: ids.type,
    Location: ids.yard,
  });

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  await create('administrations', {
    ID: 'HQ',
    Descr: 'Hoofdkantoor',
    IsDefault: true,
    OrderPrefix: 'ORD-',
    OrderNextNumber: 1,
    OrderMinLength: 4,
    PickListPrefix: 'PICK-',
    PickListNextNumber: 1,
    PickListMinLength: 4,
    ReturnEntryPrefix: 'RET-',
    ReturnEntryNextNumber: 1,
    ReturnEntryMinLength: 4,
  });
  ids.customer = (await create('relations', { ID: 'KLANT', Descr: 'Bouwbedrijf De Klant' })).AutoID;
  ids.other = (await create('relations', { ID: 'ANDER', Descr: 'Andere klant' })).AutoID;
  const LocationType = (await create('locationtypes', { ID: 'DEPOT', Descr: 'Depot' })).AutoID;
  const place = async (ID: string, Descr: string, Owner?: number) =>
    (await create('locations', { ID, Descr, LocationType, ...(Owner ? { Owner } : {}) })).AutoID;
  ids.yard = await place('TERREIN', 'Terrein magazijn');
  ids.yard2 = await place('TERREIN-2', 'Terrein tweede magazijn');
  ids.site = await place('BOUW', 'Bouwplaats', ids.customer);
  ids.otherSite = await place('ANDERS', 'Andere bouwplaats', ids.other);
  ids.warehouse = (await create('warehouses', { ID: 'MAG', Descr: 'Magazijn', Location: ids.yard })).AutoID;
  ids.warehouse2 = (await create('warehouses', { ID: 'MAG-2', Descr: 'Tweede magazijn', Location: ids.yard2 })).AutoID;
  const ObjectType = (await create('objecttypes', { ID: 'OT-AGG', Descr: 'Aggregaat' })).AutoID;
  ids.type = ObjectType;
  const status = (await create('productstatuses', { ID: 'ACTIEF', Descr: 'Actief' })).AutoID;
  ids.sale = (
    await create('products', { ProductType: 'sale', ID: 'P-HEK', Descr: 'Bouwhek', Status: status, StockType: 'bulk' })
  ).AutoID;
  ids.rental = (
    await create('products', {
      ProductType: 'rental',
      ID: 'P-AGG',
      Descr: 'Aggregaat 20 kVA',
      Status: status,
      StockType: 'unique',
      ObjectType,
    })
  ).AutoID;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('picklists', () => {
  it('are generated from an order by the deliver-date offset, once per open quantity', async () => {
    const { order, lines } = await placedOrder([
      { LineType: 'sale', Product: ids.sale, OrderQuantity: 5, DeliverDate: day(1) },
      { LineType: 'sale', Product: ids.sale, OrderQuantity: 2, DeliverDate: day(3) },
      { LineType: 'comment', Descr: 'Bellen bij aankomst' },
    ]);
    // Tomorrow: only the first line; nothing is made for an order with nothing due.
    const early = await makePicklist([order], 'tomorrow');
    expect(early.body.Succeeded, JSON.stringify(early.body)).toBe(1);
    const first = await picklistOf(order);
    expect(first).toMatchObject({ Status: 'open', Warehouse: ids.warehouse, DeliverLocation: ids.site });
    expect(first.ID).toMatch(/^PICK-\d{4}$/);
    expect((await linesOf(first.AutoID)).map((l) => [l.OrderLine, l.Quantity])).toEqual([[lines[0], 5]]);
    // The order is in delivery once a picklist is made for it (a rule, not a button).
    expect((await item('orders', order)).Status).toBe(3);
    // Again for all: only what is not on a picklist yet.
    expect((await makePicklist([order], '2days')).body.Results[0].Result).not.toBe('SUCCESS');
    const rest = await makePicklist([order], 'all');
    expect(rest.body.Succeeded).toBe(1);
    const all = await rows('picklists', 'Order', order);
    expect(all).toHaveLength(2);
    expect((await linesOf(all[0].AutoID)).map((l) => [l.OrderLine, l.Quantity])).toEqual([[lines[1], 2]]);
  });

  it('picks at least 1 and at most what is open, naming the field, and writes nothing otherwise', async () => {
    const { order } = await placedOrder([{ LineType: 'sale', Product: ids.sale, OrderQuantity: 3 }]);
    await makePicklist([order]);
    const list = await picklistOf(order);
    const [line] = await linesOf(list.AutoID);
    const above = await api('/mvc/picklistlines/save', { ...line, Quantity: 4 });
    expect(above.status).toBe(400);
    expect(Object.keys(above.body.ModelState)).toContain('Quantity');
    const zero = await api('/mvc/picklistlines/save', { ...line, Quantity: 0 });
    expect(zero.status).toBe(400);
    expect(Object.keys(zero.body.ModelState)).toEqual(['Quantity']);
    expect((await item('picklistlines', line.AutoID)).Quantity).toBe(3);
    // Fast pick of a sale line: no objects asked; the picklist is picked when its last line is.
    const picked = await transition('picklistlines', [line.AutoID], 'pick');
    expect(picked.body.Succeeded, JSON.stringify(picked.body)).toBe(1);
    expect((await item('picklists', list.AutoID)).Status).toBe('picked');
    expect((await transition('picklists', [list.AutoID], 'pack')).body.Succeeded).toBe(1);
    const ol = (await rows('orderlines', 'Order', order))[0];
    expect(ol).toMatchObject({ DeliveredQuantity: 3, OpenQuantity: 0 });
    // Everything delivered, nothing on rent: the order is complete.
    expect((await item('orders', order)).Status).toBe(6);
  });
});

describe('rental delivery and return of specific objects', () => {
  it('delivers the objects named at picking, refuses a locked one, and takes them back in a return entry', async () => {
    const a = await newObject();
    const b = await newObject();
    const { order, lines } = await placedOrder([{ LineType: 'rental', Product: ids.rental, OrderQuantity: 2 }]);
    await makePicklist([order]);
    const list = await picklistOf(order);
    const [line] = await linesOf(list.AutoID);
    // A rental line is picked with its objects.
    const bare = await transition('picklistlines', [line.AutoID], 'pick');
    expect(bare.body.Failed).toBe(1);
    expect((await item('picklistlines', line.AutoID)).Status).toBe('open');
    const unknown = await transition('picklistlines', [line.AutoID], 'pick', { Objects: `${a.ID};NOPE` });
    expect(unknown.body.Failed).toBe(1);
    expect(unknown.body.Results[0].Error).toContain('puntkomma');
    expect(await item('objects', a.AutoID)).toMatchObject({ Locked: false, Location: ids.yard });
    const picked = await transition('picklistlines', [line.AutoID], 'pick', { Objects: `${a.ID};${b.ID}` });
    expect(picked.body.Succeeded, JSON.stringify(picked.body)).toBe(1);
    for (const o of [a, b]) expect(await item('objects', o.AutoID)).toMatchObject({ Locked: true, Location: ids.site });
    const log = await rows('objectlocationlog', 'Object', a.AutoID);
    expect(log.map((l) => [l.FromLocation, l.ToLocation])).toContainEqual([ids.yard, ids.site]);
    expect((await transition('picklists', [list.AutoID], 'pack')).body.Succeeded).toBe(1);
    expect((await item('orderlines', lines[0])).DeliveredQuantity).toBe(2);
    expect((await item('orders', order)).Status).toBe(5);

    // An object at a customer is locked: another order cannot take it, and nothing is written.
    const second = await placedOrder([{ LineType: 'rental', Product: ids.rental, OrderQuantity: 1 }], {
      DeliverRelation: ids.other,
      DeliverLocation: ids.otherSite,
    });
    await makePicklist([second.order]);
    const [otherLine] = await linesOf((await picklistOf(second.order)).AutoID);
    const taken = await transition('picklistlines', [otherLine.AutoID], 'pick', { Objects: a.ID });
    expect(taken.body.Failed).toBe(1);
    expect(taken.body.Results[0].Error).toBe('Een vergrendeld object kan niet worden verplaatst.');
    // Also when it would go to the same place: a locked object is not delivered twice.
    const same = await placedOrder([{ LineType: 'rental', Product: ids.rental, OrderQuantity: 1 }]);
    await makePicklist([same.order]);
    const [sameLine] = await linesOf((await picklistOf(same.order)).AutoID);
    const twice = await transition('picklistlines', [sameLine.AutoID], 'pick', { Objects: a.ID });
    expect(twice.body.Results[0].Error).toBe(
      `Object ${a.ID} is vergrendeld of al verhuurd en kan niet worden geleverd.`,
    );
    expect((await item('objects', a.AutoID)).RentalOrderLine).toBe(lines[0]);
    expect(await item('objects', a.AutoID)).toMatchObject({ Location: ids.site, Locked: true });
    expect((await item('picklistlines', otherLine.AutoID)).Status).toBe('open');

    // Back in: scanned by code; unknown and undelivered codes are refused.
    const entry = await create('returnentries', { Warehouse: ids.warehouse });
    expect(entry.ID).toMatch(/^RET-/);
    const scan = (code: unknown) => api('/mvc/returnentries/scan', { returnEntryID: entry.AutoID, code });
    const foreign = await scan('GEEN-OBJECT');
    expect(foreign.status).toBe(400);
    expect(JSON.stringify(foreign.body)).toContain('GEEN-OBJECT');
    const back = await scan(a.ID);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    // A barcode that is a URL keeps only its last path segment.
    const byUrl = await scan(`https://assets.example.com/o/${encodeURIComponent(String(b.ID))}`);
    expect(byUrl.status, JSON.stringify(byUrl.body)).toBe(200);
    expect((await scan(a.ID)).status).toBe(400);
    const scanned = await rows('returnentrylines', 'Entry', entry.AutoID);
    expect(scanned.map((l) => [l.Code, l.Object, l.FromWarehouse])).toEqual([
      [a.ID, a.AutoID, ids.warehouse],
      [b.ID, b.AutoID, ids.warehouse],
    ]);
    // An object never delivered on rent is refused at the scan, naming it, and nothing is written.
    const never = await newObject();
    const notOut = await scan(never.ID);
    expect(notOut.status).toBe(400);
    expect(JSON.stringify(notOut.body)).toContain(
      `Object ${never.ID} is niet verhuurd geleverd en kan niet retour worden genomen.`,
    );
    expect(await rows('returnentrylines', 'Object', never.AutoID)).toHaveLength(0);
    const processed = await transition('returnentries', [entry.AutoID], 'process');
    expect(processed.body.Succeeded, JSON.stringify(processed.body)).toBe(1);
    for (const o of [a, b])
      expect(await item('objects', o.AutoID)).toMatchObject({ Locked: false, Location: ids.yard });
    expect((await item('orderlines', lines[0])).ReturnedQuantity).toBe(2);
    expect((await item('orders', order)).Status).toBe(6);
  });

  it('lets exactly one of two pickers at once have an object or a line', async () => {
    const shared = await newObject();
    const one = await placedOrder([{ LineType: 'rental', Product: ids.rental, OrderQuantity: 1 }]);
    const two = await placedOrder([{ LineType: 'rental', Product: ids.rental, OrderQuantity: 1 }]);
    await makePicklist([one.order, two.order]);
    const lineOne = (await linesOf((await picklistOf(one.order)).AutoID))[0];
    const lineTwo = (await linesOf((await picklistOf(two.order)).AutoID))[0];
    const results = await Promise.all([
      transition('picklistlines', [lineOne.AutoID], 'pick', { Objects: shared.ID }),
      transition('picklistlines', [lineTwo.AutoID], 'pick', { Objects: shared.ID }),
    ]);
    expect(results.map((r) => r.body.Succeeded).sort()).toEqual([0, 1]);
    const firstWon = (await item('picklistlines', lineOne.AutoID)).Status === 'picked';
    expect((await item('picklistlines', (firstWon ? lineTwo : lineOne).AutoID)).Status).toBe('open');
    // The same line by two pickers: one picks it, the other finds it picked.
    const spare = await newObject();
    const other = await newObject();
    const open = firstWon ? lineTwo : lineOne;
    const twice = await Promise.all([
      transition('picklistlines', [open.AutoID], 'pick', { Objects: spare.ID }),
      transition('picklistlines', [open.AutoID], 'pick', { Objects: other.ID }),
    ]);
    expect(twice.map((r) => r.body.Succeeded).sort(), JSON.stringify(twice.map((r) => r.body))).toEqual([0, 1]);
    const lockedCount = [(await item('objects', spare.AutoID)).Locked, (await item('objects', other.AutoID)).Locked];
    expect(lockedCount.filter(Boolean)).toHaveLength(1);
  });
});

describe('return requests', () => {
  it('go concept → submitted → rejected with a reason → concept → approved → processed', async () => {
    const reason = (await create('reasons', { ID: 'KAPOT', Descr: 'Beschadigd', Kind: 'reject' })).AutoID;
    const request = await create('returnrequests', { Warehouse: ids.warehouse, ReturnAt: day(2) });
    expect(request.Status).toBe('concept');
    await create('returnrequestitems', { Request: request.AutoID, Product: ids.rental, Quantity: 1 });
    expect((await transition('returnrequests', [request.AutoID], 'submit')).body.Succeeded).toBe(1);
    const noReason = await transition('returnrequests', [request.AutoID], 'reject');
    expect(noReason.status).toBe(400);
    expect((await item('returnrequests', request.AutoID)).Status).toBe('submitted');
    const rejected = await transition('returnrequests', [request.AutoID], 'reject', {
      RejectReason: reason,
      RejectNote: 'Niet in deze staat',
    });
    expect(rejected.body.Succeeded, JSON.stringify(rejected.body)).toBe(1);
    expect(await item('returnrequests', request.AutoID)).toMatchObject({
      Status: 'rejected',
      RejectReason: reason,
      RejectNote: 'Niet in deze staat',
    });
    expect((await transition('returnrequests', [request.AutoID], 'toConcept')).body.Succeeded).toBe(1);
    expect((await item('returnrequests', request.AutoID)).RejectReason).toBeFalsy();
    for (const t of ['submit', 'approve', 'process'])
      expect((await transition('returnrequests', [request.AutoID], t)).body.Succeeded, t).toBe(1);
    expect((await item('returnrequests', request.AutoID)).Status).toBe('processed');
    // A processed request keeps its items.
    const [line] = await rows('returnrequestitems', 'Request', request.AutoID);
    expect((await api('/mvc/returnrequestitems/save', { ...line, Quantity: 2 })).status).toBe(400);
  });
});

describe('pack list settings', () => {
  it('give a new pack list its default text and administration', async () => {
    const [settings] = (await api('/mvc/packlistsettings/GetFlexData', { pageSize: 5 })).body.Data;
    const other = await create('administrations', { ID: 'BE', Descr: 'Vestiging België' });
    await create('packlistsettings', {
      ...settings,
      DefaultNote: 'Controleer de lading bij aankomst.',
      DefaultAdministration: other.AutoID,
    });
    const made = await create('packlists', { Descr: 'Pakbon bouwhekken' });
    expect(made).toMatchObject({ Note: 'Controleer de lading bij aankomst.', Administration: other.AutoID });
    const own = await create('packlists', { Descr: 'Eigen tekst', Note: 'Achterom leveren' });
    expect(own.Note).toBe('Achterom leveren');
  });
});

describe('a user limited to one warehouse', () => {
  it('sees only the picklists and return requests of that warehouse, on the grid, item, lookup and description', async () => {
    const { order } = await placedOrder([{ LineType: 'sale', Product: ids.sale, OrderQuantity: 1 }], {
      Warehouse: ids.warehouse2,
    });
    await makePicklist([order]);
    const foreign = await picklistOf(order);
    const own = (await rows('picklists', 'Warehouse', ids.warehouse))[0];
    const foreignRequest = await create('returnrequests', { Warehouse: ids.warehouse2, ReturnAt: day(0) });
    const ownRequest = await create('returnrequests', { Warehouse: ids.warehouse, ReturnAt: day(0) });
    const user = (
      await create('users', { Username: 'picker', Password: 'Picker-pass-1', PasswordRetype: 'Picker-pass-1' })
    ).AutoID;
    const group = (await create('securitygroups', { ID: 'PICK', Descr: 'Pickers' })).AutoID;
    await create('usergroups', { User: user, SecurityGroup: group });
    // A picklist is seen with its order: the picker reads orders in the states they pick from.
    // Taking returns in, they read objects, warehouses and the order lines the objects went out on.
    for (const RightCode of [
      '22.1',
      '22.4',
      '22.6',
      '6.1',
      '7.4',
      '8.1',
      '8.2',
      '8.13',
      '8.14',
      '8.15',
      '8.16',
      '8.17',
    ])
      await create('securitygrants', { SecurityGroup: group, RightCode, Action: 'read' });
    for (const Action of ['create', 'update'])
      await create('securitygrants', { SecurityGroup: group, RightCode: '22.6', Action });
    for (const [TableName, FieldName] of [
      ['picklists', 'Warehouse'],
      ['returnrequests', 'Warehouse'],
      ['returnentries', 'Warehouse'],
      ['returnentrylines', 'FromWarehouse'],
    ])
      await create('rowlimits', {
        SecurityGroup: group,
        TableName,
        FieldName,
        Kind: 'value',
        Value: String(ids.warehouse),
      });
    const cookie = await signIn(server.app, 'picker', 'Picker-pass-1');
    const as = async (url: string, body: object = {}) => {
      const res = await server.app.inject({ method: 'POST', url, payload: body, headers: { cookie } });
      return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
    };
    for (const [table, mine, theirs] of [
      ['picklists', own.AutoID, foreign.AutoID],
      ['returnrequests', ownRequest.AutoID, foreignRequest.AutoID],
    ] as const) {
      const answer = await as(`/mvc/${table}/GetFlexData`, { pageSize: 500, dataSet: 'all' });
      const grid = answer.body.Data?.map((r: Row) => r.AutoID);
      if (!grid?.includes(mine)) console.log(JSON.stringify(answer.body).slice(0, 500));
      expect(grid).toContain(mine);
      expect(grid).not.toContain(theirs);
      expect((await as(`/mvc/${table}/GetItem`, { autoid: theirs })).status).toBe(404);
      expect((await as(`/mvc/${table}/GetItem`, { autoid: mine })).status).toBe(200);
      const lookup = (await as(`/mvc/_lists/${table}`, { pageSize: 500 })).body.Data.map((r: Row) => r.AutoID);
      expect(lookup).not.toContain(theirs);
      const descr = await as(`/mvc/${table}/_Descr`, { autoid: theirs });
      expect(JSON.stringify(descr.body ?? '')).not.toContain(String((await item(table, theirs)).ID ?? 'x-none'));
    }

    // Scans: objects out from the other warehouse cannot be taken in by this user, not even into
    // an entry of their own warehouse, and an entry of the other warehouse cannot be reached.
    const outFrom = async (Warehouse: number) => {
      const object = await newObject();
      const placed = await placedOrder([{ LineType: 'rental', Product: ids.rental, OrderQuantity: 1 }], { Warehouse });
      await makePicklist([placed.order]);
      const [line] = await linesOf((await picklistOf(placed.order)).AutoID);
      expect((await transition('picklistlines', [line.AutoID], 'pick', { Objects: object.ID })).body.Succeeded).toBe(1);
      return object;
    };
    const theirsOut = await outFrom(ids.warehouse2);
    const mineOut = await outFrom(ids.warehouse);
    const ownEntry = await create('returnentries', { Warehouse: ids.warehouse });
    const otherEntry = await create('returnentries', { Warehouse: ids.warehouse2 });
    const scanAs = (returnEntryID: number, code: unknown) => as('/mvc/returnentries/scan', { returnEntryID, code });
    const refused = await scanAs(ownEntry.AutoID, theirsOut.ID);
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.Code).toBe('OUTSIDE_ROW_LIMITS');
    expect((await scanAs(otherEntry.AutoID, mineOut.ID)).status).toBeGreaterThanOrEqual(400);
    expect((await scanAs(otherEntry.AutoID, theirsOut.ID)).status).toBeGreaterThanOrEqual(400);
    expect(await rows('returnentrylines', 'Object', theirsOut.AutoID)).toHaveLength(0);
    const allowed = await scanAs(ownEntry.AutoID, mineOut.ID);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    // The administrator takes the other warehouse's object in where it went out from; this user
    // does not see that scan.
    expect(
      (await api('/mvc/returnentries/scan', { returnEntryID: otherEntry.AutoID, code: theirsOut.ID })).status,
    ).toBe(200);
    const seen = (await as('/mvc/returnentrylines/GetFlexData', { pageSize: 500 })).body.Data.map((r: Row) => r.Object);
    expect(seen).toContain(mineOut.AutoID);
    expect(seen).not.toContain(theirsOut.AutoID);
  });
});
