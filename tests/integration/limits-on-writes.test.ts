// Limited users attack the limits through writes and group combinations: a group that only denies
// does not widen a row limit; a value derived from a field hidden from the user never reaches
// them; a save, an action or an import cannot leave a row outside the user's row limits; a new
// record cannot start in a later state than its workflow's first; an imported row limit is judged
// as a saved one.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
import { finished, outputRows, sheetFile, startImport } from '../support/import-files.ts';
import { type Row } from '../support/answers.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');
const PASSWORD = 'Limits-pass-1';

let server: TestServer;
let base: string;
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
const count = async (sql: string, values: unknown[] = []) =>
  Number((await server.engine.pool.query(`SELECT count(*) AS n FROM ${sql}`, values)).rows[0].n);

/** A user in a group of their own with these grants (`code:action`, `code:action:deny`); answers the group too. */
async function userWith(name: string, grants: string[]): Promise<{ id: number; group: number }> {
  const id = (await create('users', { Username: name, Password: PASSWORD, PasswordRetype: PASSWORD })).AutoID;
  const group = await groupWith(name.toUpperCase(), grants);
  await create('usergroups', { User: id, SecurityGroup: group });
  return { id, group };
}
async function groupWith(name: string, grants: string[]): Promise<number> {
  const group = (await create('securitygroups', { ID: name, Descr: name })).AutoID;
  for (const grant of grants) {
    const [RightCode, Action, deny] = grant.split(':');
    await create('securitygrants', { SecurityGroup: group, RightCode, Action, ...(deny ? { Grant: false } : {}) });
  }
  return group;
}

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  await create('administrations', {
    ID: 'HQ',
    Descr: 'Hoofdkantoor',
    IsDefault: true,
    OrderPrefix: 'ORD-',
    OrderNextNumber: 1,
    OrderMinLength: 4,
  });
  const status = (await create('productstatuses', { ID: 'ACTIEF', Descr: 'Actief' })).AutoID;
  ids.product = (
    await create('products', {
      ProductType: 'sale',
      ID: 'P-1',
      Descr: 'Bouwhek',
      Status: status,
      Price: 123.45,
      PurchasePrice: 67.89,
    })
  ).AutoID;
  ids.customer = (await create('relations', { ID: 'KLANT', Descr: 'Klant' })).AutoID;
  ids.order = (
    await create('orders', { Descr: 'Order', OrderDate: '2026-11-27', DeliverRelation: ids.customer })
  ).AutoID;
  // An order (status 2), which the order staff may see.
  expect((await admin('/mvc/orders/ChangeStatus', { autoids: [ids.order], Transition: 'submitOrder' })).status).toBe(
    200,
  );
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('a row limit across groups', () => {
  let cookie: string;
  beforeAll(async () => {
    const u = await userWith('accountman', [
      '2.1:read',
      '2.1:create',
      '2.1:update',
      '10.85:read',
      '10.85:create',
      '12.3:read',
      '12.23:read',
      '12.23:create',
    ]);
    await create('rowlimits', {
      SecurityGroup: u.group,
      TableName: 'relations',
      FieldName: 'AccountManager',
      Kind: 'own',
    });
    await create('rowlimits', {
      SecurityGroup: u.group,
      TableName: 'costcodes',
      FieldName: 'ID',
      Kind: 'userfield',
      UserField: 'Username',
    });
    ids.accountman = u.id;
    await create('relations', { ID: 'EIGEN', Descr: 'Eigen relatie', AccountManager: u.id });
    // A second group whose one grant is a deny: it must not lift the limit.
    await create('usergroups', { User: u.id, SecurityGroup: await groupWith('DENYONLY', ['10.85:update:deny']) });
    cookie = await signIn(server.app, 'accountman', PASSWORD);
  });

  it('a group that only denies widens nothing', async () => {
    const grid = await as(cookie, '/mvc/relations/GetFlexData', { pageSize: 100 });
    expect(grid.status).toBe(200);
    expect(grid.body.Data.map((r: Row) => r.ID)).toEqual(['EIGEN']);
    expect(grid.body.Meta.Count).toBe(1);
    expect((await as(cookie, '/mvc/relations/GetItem', { autoid: ids.customer })).status).toBe(404);
  });

  it('a save cannot create a row outside the limit, nor move one out of it; nothing is written', async () => {
    const before = await count('relations');
    const outside = await as(cookie, '/mvc/relations/save', { ID: 'BUITEN', Descr: 'Buiten de grens' });
    expect(outside.status).toBe(403);
    expect(outside.body.Error).toMatch(/buiten de rijen/);
    expect(await count('relations')).toBe(before);
    const inside = await as(cookie, '/mvc/relations/save', {
      ID: 'BINNEN',
      Descr: 'Binnen',
      AccountManager: ids.accountman,
    });
    expect(inside.status, JSON.stringify(inside.body)).toBe(200);
    const moved = await as(cookie, '/mvc/relations/save', {
      AutoID: inside.body.AutoID,
      TimeStamp: inside.body.TimeStamp,
      AccountManager: null,
    });
    expect(moved.status).toBe(403);
    expect(
      Number(
        (await server.engine.pool.query('SELECT accountmanager FROM relations WHERE autoid = $1', [inside.body.AutoID]))
          .rows[0].accountmanager,
      ),
    ).toBe(ids.accountman);
  });

  it('an import cannot either: rows outside the limit fail, rows inside go in', async () => {
    const before = await count('relations');
    const file = await sheetFile([
      ['Relatiecode', 'Naam', 'Accountmanager'],
      ['IMP-IN', 'Binnen', 'accountman'],
      ['IMP-OUT', 'Buiten', null],
      ['IMP-ADM', 'Van admin', 'admin'],
    ]);
    const started = await startImport(base, cookie, { Destination: 'relations', file });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const task = await finished(base, cookie, started.body.AutoID);
    expect(task).toMatchObject({ ProcessedRecords: 1 });
    expect(await count('relations')).toBe(before + 1);
    const out = await outputRows(base, cookie, task.AutoID);
    const result = out[0].indexOf('Resultaat');
    expect(out.slice(1).map((r) => r[result])).toEqual(['CreateSuccess', 'CreateFailed', 'CreateFailed']);
    expect(String(out[2][result + 1])).toMatch(/buiten de rijen/);
  });

  it('an import into a plain table (rows written together) fails the rows outside the limit only', async () => {
    const file = await sheetFile([
      ['Code', 'Omschrijving'],
      ['accountman', 'Eigen'],
      ['ANDER', 'Ander'],
      ['DERDE', 'Derde'],
    ]);
    const started = await startImport(base, cookie, { Destination: 'costcodes', file });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const task = await finished(base, cookie, started.body.AutoID);
    const out = await outputRows(base, cookie, task.AutoID);
    const result = out[0].indexOf('Resultaat');
    expect(out.slice(1).map((r) => r[result])).toEqual(['CreateSuccess', 'CreateFailed', 'CreateFailed']);
    expect((await server.engine.pool.query('SELECT id FROM costcodes ORDER BY id')).rows.map((r) => r.id)).toEqual([
      'accountman',
    ]);
  });
});

describe('a row limit written by an import', () => {
  it("is judged as a saved one: a user field that is no field of the user's fails its row, nothing of it is stored", async () => {
    const adminCookie = await signIn(server.app);
    const group = await groupWith('IMPORTED', ['2.1:read']);
    const limits = async () =>
      (await server.engine.pool.query('SELECT userfield FROM rowlimits WHERE securitygroup = $1', [group])).rows;
    const file = await sheetFile([
      ['Beveiligingsgroep', 'Tabel', 'Veld', 'Beperking', 'Veld van de gebruiker'],
      ['IMPORTED', 'relations', 'ID', 'userfield', 'Password'],
      ['IMPORTED', 'relations', 'ID', 'userfield', '__proto__'],
      ['IMPORTED', 'relations', 'ID', 'userfield', 'Username'],
    ]);
    const started = await startImport(base, adminCookie, { Destination: 'rowlimits', file });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const task = await finished(base, adminCookie, started.body.AutoID);
    const out = await outputRows(base, adminCookie, task.AutoID);
    const result = out[0].indexOf('Resultaat');
    expect(out.slice(1).map((r) => r[result])).toEqual(['CreateFailed', 'CreateFailed', 'CreateSuccess']);
    expect(String(out[1][result + 1])).toContain("'Password' is geen veld van de gebruikers");
    expect(await limits()).toEqual([{ userfield: 'Username' }]);
  });
});

describe('a value derived from a hidden field', () => {
  let noPrice: string;
  let noName: string;
  beforeAll(async () => {
    const grants = [
      '8.1:read',
      '8.1:update',
      '8.13:read',
      '9.10:read',
      '8.2:read',
      '8.2:create',
      '8.2:update',
      '5.1:read',
      '9.1:read',
      '9.1:create',
      '9.2:read',
      '9.2:create',
      '2.1:read',
    ];
    const a = await userWith('noprice', grants);
    await create('fieldlimits', { SecurityGroup: a.group, TableName: 'products', FieldName: 'Price', Visibility: '0' });
    await create('fieldlimits', {
      SecurityGroup: a.group,
      TableName: 'products',
      FieldName: 'PurchasePrice',
      Visibility: '0',
    });
    const b = await userWith('noname', grants);
    await create('fieldlimits', { SecurityGroup: b.group, TableName: 'products', FieldName: 'Descr', Visibility: '0' });
    noPrice = await signIn(server.app, 'noprice', PASSWORD);
    noName = await signIn(server.app, 'noname', PASSWORD);
  });

  it('is hidden with it ("hide"): a line saved without a price answers no price, in the save, the item, the grid and the form', async () => {
    const saved = await as(noPrice, '/mvc/orderlines/save', {
      Order: ids.order,
      Product: ids.product,
      OrderQuantity: 1,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain('123.45');
    expect(saved.body).not.toHaveProperty('Price');
    // Nor what is computed from it: the line's subtotals, the order's totals.
    expect(saved.body).not.toHaveProperty('SubtotalExclVat');
    const order = await as(noPrice, '/mvc/orders/GetItem', { autoid: ids.order });
    expect(order.status).toBe(200);
    expect(order.body).not.toHaveProperty('TotalExclVat');
    expect(JSON.stringify(order.body)).not.toContain('123.45');
    // The line has its price all the same: the product's, taken on the server.
    expect(
      (await server.engine.pool.query('SELECT price FROM orderlines WHERE autoid = $1', [saved.body.AutoID])).rows[0]
        .price,
    ).toBe('123.45');
    const item = await as(noPrice, '/mvc/orderlines/GetItem', { autoid: saved.body.AutoID });
    expect(JSON.stringify(item.body)).not.toContain('123.45');
    const grid = await as(noPrice, '/mvc/orderlines/GetFlexData', { pageSize: 100 });
    expect(grid.status).toBe(200);
    expect(JSON.stringify(grid.body)).not.toContain('123.45');
    const form = await as(noPrice, '/mvc/orderlines/GetForm');
    expect(JSON.stringify(form.body)).not.toMatch(/"Price"/);
    // It cannot be written either: it does not exist for them.
    const probe = await as(noPrice, '/mvc/orderlines/save', {
      Order: ids.order,
      Product: ids.product,
      OrderQuantity: 1,
      Price: 1,
    });
    expect(probe.status).toBe(400);
    expect(probe.body.ModelState).toHaveProperty('Price');
  });

  it('holds for a purchase price copied into a purchase order line', async () => {
    const supplier = (await create('relations', { ID: 'LEV', Descr: 'Leverancier' })).AutoID;
    const warehouse = (await create('warehouses', { ID: 'MAG', Descr: 'Magazijn' })).AutoID;
    const po = await create('purchaseorders', {
      Descr: 'Inkoop',
      Supplier: supplier,
      OrderDate: '2026-11-20',
      Warehouse: warehouse,
    });
    const line = await as(noPrice, '/mvc/purchaseorderlines/save', {
      PurchaseOrder: po.AutoID,
      Product: ids.product,
      OrderQuantity: 2,
    });
    expect(line.status, JSON.stringify(line.body)).toBe(200);
    expect(JSON.stringify(line.body)).not.toContain('67.89');
    expect(
      (await server.engine.pool.query('SELECT price FROM purchaseorderlines WHERE autoid = $1', [line.body.AutoID]))
        .rows[0].price,
    ).toBe('67.89');
  });

  it('is not derived for them ("skip"): a line\'s description is theirs to give', async () => {
    const saved = await as(noName, '/mvc/orderlines/save', {
      Order: ids.order,
      Product: ids.product,
      OrderQuantity: 1,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.Descr ?? null).toBeNull();
    expect(JSON.stringify(saved.body)).not.toContain('Bouwhek');
    const given = await as(noName, '/mvc/orderlines/save', {
      Order: ids.order,
      Product: ids.product,
      OrderQuantity: 1,
      Descr: 'Eigen tekst',
    });
    expect(given.body.Descr).toBe('Eigen tekst');
    // A user who sees the description still gets it.
    expect(
      (await as(noPrice, '/mvc/orderlines/save', { Order: ids.order, Product: ids.product, OrderQuantity: 1 })).body
        .Descr,
    ).toBe('Bouwhek');
  });
});

describe("a new record starts in its workflow's first state", () => {
  it('a relation cannot be created blocked, nor a basket processed; nothing is written', async () => {
    const before = await count('relations');
    const blocked = await admin('/mvc/relations/save', { ID: 'GEBLOKT', Descr: 'Geblokkeerd', Blocked: true });
    expect(blocked.status).toBe(400);
    expect(blocked.body.ModelState.Blocked[0]).toMatch(/statusovergang/);
    expect(await count('relations')).toBe(before);
    expect((await admin('/mvc/relations/save', { ID: 'OPEN', Descr: 'Open', Blocked: false })).status).toBe(200);
    const type = (await create('locationtypes', { ID: 'TYPE', Descr: 'Type' })).AutoID;
    const location = (await create('locations', { ID: 'LOC', Descr: 'Locatie', LocationType: type })).AutoID;
    const basket = await admin('/mvc/movebaskets/save', {
      ID: 'MB',
      Descr: 'Mand',
      ToLocation: location,
      Status: 'processed',
    });
    expect(basket.status).toBe(400);
    expect(basket.body.ModelState).toHaveProperty('Status');
    expect(await count('movebaskets')).toBe(0);
  });

  it('an import with a status column fails those rows', async () => {
    const cookie = await signIn(server.app);
    const before = await count('relations');
    const file = await sheetFile([
      ['Relatiecode', 'Naam', 'Geblokkeerd'],
      ['IMP-B', 'Geblokkeerd', 'YES'],
      ['IMP-N', 'Niet geblokkeerd', 'NO'],
    ]);
    const started = await startImport(base, cookie, { Destination: 'relations', file });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const task = await finished(base, cookie, started.body.AutoID);
    const out = await outputRows(base, cookie, task.AutoID);
    const result = out[0].indexOf('Resultaat');
    expect(out.slice(1).map((r) => r[result])).toEqual(['CreateFailed', 'CreateSuccess']);
    expect(String(out[1][result + 1])).toMatch(/statusovergang/);
    expect(await count('relations')).toBe(before + 1);
  });
});
