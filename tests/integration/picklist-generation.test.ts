// Picklist generation as the base pack defines it: one picklist per warehouse and pick zone of an
// order's open lines (a grouped create: `create.groupBy`), a line without a warehouse of its own
// in the order's warehouse, and the offset prompt's default read from the planning settings
// (`$settings.planningsettings.PicklistGenerationOffset`), both offered to the user and used when
// the call gives no offset. And the base pack's auto-response on a return request's status change:
// an automation, queued in the change's own transaction. And "Source locations locked" (spec 3 §8):
// an object on a locked location is not put in a move basket, nor moved out by processing one.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../definitions/language/clock.ts';
import { get, post, startTestServer, type TestServer } from './harness.ts';
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
const rows = async (table: string, FieldName: string, Value: unknown): Promise<Row[]> =>
  (await api(`/mvc/${table}/GetFlexData`, { operatorFilter: [{ FieldName, Operator: '=', Value }], pageSize: 500 }))
    .body.Data;

let serial = 0;
async function placedOrder(lines: Record<string, unknown>[]) {
  const o = await create('orders', {
    Descr: `Zones ${++serial}`,
    DeliverRelation: ids.customer,
    DeliverLocation: ids.site,
    Warehouse: ids.north,
  });
  const made: number[] = [];
  for (const l of lines)
    made.push(
      (await create('orderlines', { Order: o.AutoID, Price: 10, LineType: 'sale', Product: ids.sale, ...l })).AutoID,
    );
  expect(
    (await api('/mvc/orders/ChangeStatus', { autoids: [o.AutoID], Transition: 'submitOrder' })).body.Succeeded,
  ).toBe(1);
  return { order: o.AutoID, lines: made };
}
const makePicklist = (orders: number[], Values: Record<string, unknown> = {}) =>
  api('/mvc/orders/RunAction', { Action: 'makePicklist', autoids: orders, Values });

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
  });
  ids.customer = (await create('relations', { ID: 'KLANT', Descr: 'Klant' })).AutoID;
  const LocationType = (await create('locationtypes', { ID: 'DEPOT', Descr: 'Depot' })).AutoID;
  ids.site = (await create('locations', { ID: 'BOUW', Descr: 'Bouwplaats', LocationType, Owner: ids.customer })).AutoID;
  ids.north = (await create('warehouses', { ID: 'NOORD', Descr: 'Magazijn Noord' })).AutoID;
  ids.south = (await create('warehouses', { ID: 'ZUID', Descr: 'Magazijn Zuid' })).AutoID;
  ids.zoneA = (await create('pickzones', { Warehouse: ids.north, ID: 'A', Descr: 'Zone A' })).AutoID;
  ids.zoneB = (await create('pickzones', { Warehouse: ids.north, ID: 'B', Descr: 'Zone B' })).AutoID;
  const status = (await create('productstatuses', { ID: 'ACTIEF', Descr: 'Actief' })).AutoID;
  ids.sale = (
    await create('products', { ProductType: 'sale', ID: 'P-HEK', Descr: 'Bouwhek', Status: status, StockType: 'bulk' })
  ).AutoID;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('picklist generation', () => {
  it('makes one picklist per warehouse and pick zone of the open lines', async () => {
    const { order, lines } = await placedOrder([
      { OrderQuantity: 1, PickZone: ids.zoneA },
      { OrderQuantity: 2, PickZone: ids.zoneB },
      { OrderQuantity: 3, PickZone: ids.zoneA },
      { OrderQuantity: 4 },
      { OrderQuantity: 5, Warehouse: ids.south },
    ]);
    // A line takes the order's warehouse unless it names its own.
    expect((await rows('orderlines', 'Order', order)).map((l) => l.Warehouse)).toEqual([
      ids.north,
      ids.north,
      ids.north,
      ids.north,
      ids.south,
    ]);
    const made = await makePicklist([order], { Offset: 'all' });
    expect(made.body.Succeeded, JSON.stringify(made.body)).toBe(1);
    const lists = await rows('picklists', 'Order', order);
    const summary = await Promise.all(
      lists.map(async (p) => [
        p.Warehouse,
        p.PickZone ?? null,
        (await rows('picklistlines', 'Picklist', p.AutoID)).map((l) => Number(l.OrderLine)).sort((a, b) => a - b),
      ]),
    );
    expect(summary.sort((a, b) => String(a).localeCompare(String(b)))).toEqual(
      [
        [ids.north, ids.zoneA, [lines[0], lines[2]]],
        [ids.north, ids.zoneB, [lines[1]]],
        [ids.north, null, [lines[3]]],
        [ids.south, null, [lines[4]]],
      ].sort((a, b) => String(a).localeCompare(String(b))),
    );
    // Each with a number of its own, all lines on a picklist now: nothing more to make.
    expect(new Set(lists.map((p) => p.ID)).size).toBe(4);
    const again = await makePicklist([order], { Offset: 'all' });
    expect(again.body.Results[0].Result).not.toBe('SUCCESS');
    expect(await rows('picklists', 'Order', order)).toHaveLength(4);
  });

  it('takes the offset from the planning settings when the call gives none, and offers it as the default', async () => {
    const [settings] = (await api('/mvc/planningsettings/GetFlexData', { pageSize: 5 })).body.Data;
    const saved = await api('/mvc/planningsettings/save', { ...settings, PicklistGenerationOffset: 'tomorrow' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const screens = (await get(server.app, '/mvc/definitions/screens')).body.Screens;
    const action = screens
      .find((s: { name: string }) => s.name === 'orders')
      .actions.find((a: { name: string }) => a.name === 'makePicklist');
    expect(action.prompts[0]).toMatchObject({ name: 'Offset', default: 'tomorrow' });

    const { order, lines } = await placedOrder([
      { OrderQuantity: 1, DeliverDate: today(1) },
      { OrderQuantity: 1, DeliverDate: today(3) },
    ]);
    expect((await makePicklist([order])).body.Succeeded).toBe(1);
    const [list] = await rows('picklists', 'Order', order);
    expect((await rows('picklistlines', 'Picklist', list.AutoID)).map((l) => l.OrderLine)).toEqual([lines[0]]);
    // A value given wins over the setting.
    expect((await makePicklist([order], { Offset: 'all' })).body.Succeeded).toBe(1);
    expect(await rows('picklists', 'Order', order)).toHaveLength(2);
  });
});

describe('return request auto-response', () => {
  it('queues the shipped automation on each status change of a return request', async () => {
    const [automation] = (
      await api('/mvc/automations/GetFlexData', {
        operatorFilter: [{ FieldName: 'ID', Operator: '=', Value: 'RETURNREQUEST-STATUS' }],
      })
    ).body.Data;
    expect(automation).toMatchObject({ Enabled: true });
    const runs = async (record: number) =>
      (await rows('automationruns', 'Automation', automation.AutoID)).filter((r) => r.RecordID === record);
    const request = await create('returnrequests', { Warehouse: ids.north, ReturnAt: today(2) });
    expect(await runs(request.AutoID)).toHaveLength(0);
    const submitted = await api('/mvc/returnrequests/ChangeStatus', {
      autoids: [request.AutoID],
      Transition: 'submit',
    });
    expect(submitted.body.Succeeded, JSON.stringify(submitted.body)).toBe(1);
    expect(await runs(request.AutoID)).toHaveLength(1);
  });
});

describe('source locations locked', () => {
  it('refuses an object on a locked location in a move basket, when added and when processed', async () => {
    const LocationType = (await create('locationtypes', { ID: 'STELLING', Descr: 'Stelling' })).AutoID;
    const shelf = (await create('locations', { ID: 'STELLING-1', Descr: 'Stelling 1', LocationType })).AutoID;
    const ObjectType = (await create('objecttypes', { ID: 'OT-HEK', Descr: 'Hek' })).AutoID;
    const object = async (ID: string) =>
      (await create('objects', { ID, Descr: 'Hek', ObjectType, Product: ids.sale, Location: shelf })).AutoID;
    const [first, second] = [await object('HEK-1'), await object('HEK-2')];
    const basket = (await create('movebaskets', { ID: 'VM-LOCK', Descr: 'Mand', ToLocation: ids.site })).AutoID;
    const add = (o: number) =>
      api('/mvc/objects/RunAction', { Action: 'addToMoveBasket', autoids: [o], Values: { MoveBasket: basket } });
    const lock = async (Locked: boolean) =>
      api('/mvc/locations/save', { ...(await api('/mvc/locations/GetItem', { autoid: shelf })).body, Locked });
    expect((await add(first)).body.Succeeded).toBe(1);
    expect((await lock(true)).status).toBe(200);
    const refused = await add(second);
    expect(refused.body.Results[0]).toMatchObject({ Result: 'FAILED' });
    expect(refused.body.Results[0].Error).toContain('Bronlocaties vergrendeld: object HEK-2');
    expect(await rows('movebasketitems', 'Basket', basket)).toHaveLength(1);
    // Locked after it went into the basket: processing refuses it, and nothing moves.
    const processed = await api('/mvc/movebaskets/ChangeStatus', { autoids: [basket], Transition: 'process' });
    expect(processed.body.Failed, JSON.stringify(processed.body)).toBe(1);
    expect(JSON.stringify(processed.body)).toContain('HEK-1');
    expect((await api('/mvc/objects/GetItem', { autoid: first })).body.Location).toBe(shelf);
    expect((await lock(false)).status).toBe(200);
    expect(
      (await api('/mvc/movebaskets/ChangeStatus', { autoids: [basket], Transition: 'process' })).body.Succeeded,
    ).toBe(1);
    expect((await api('/mvc/objects/GetItem', { autoid: first })).body.Location).toBe(ids.site);
  });
});
