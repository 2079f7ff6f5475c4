// Stock as an API client sees it: a stock row per product and warehouse with its mutation log, a
// revaluation booking a new value per unit as a mutation with its value difference, the default
// mutation type the system settings must name, R2M receivers (a blocked one is issued nothing but
// can still hand items in) and their movements changing the warehouse's stock.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, startTestServer, type TestServer } from './harness.ts';
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
const NO_DEFAULT = 'Er is geen standaard mutatiesoort ingesteld in de voorraadmutatie-instellingen.';

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  await create('administrations', { ID: 'HQ', Descr: 'Hoofdkantoor', IsDefault: true });
  const LocationType = (await create('locationtypes', { ID: 'DEPOT', Descr: 'Depot' })).AutoID;
  const Location = (await create('locations', { ID: 'TERREIN', Descr: 'Terrein', LocationType })).AutoID;
  ids.warehouse = (await create('warehouses', { ID: 'MAG', Descr: 'Magazijn', Location })).AutoID;
  const Status = (await create('productstatuses', { ID: 'ACTIEF', Descr: 'Actief' })).AutoID;
  ids.product = (
    await create('products', { ProductType: 'sale', ID: 'P-HEK', Descr: 'Bouwhek', Status, StockType: 'bulk' })
  ).AutoID;
  ids.stock = (await create('productwarehouses', { Product: ids.product, Warehouse: ids.warehouse })).AutoID;
  ids.type = (
    await create('stockmutationtypes', { ID: 'HERW', Descr: 'Herwaardering', Direction: 'correction' })
  ).AutoID;
  ids.receiver = (await create('r2mreceivers', { ID: 'ONT-1', Descr: 'Ploeg Noord' })).AutoID;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('the default mutation type', () => {
  it('must be set in the system settings before stock is revalued or moved', async () => {
    for (const [table, record] of [
      ['stockrevaluations', { Descr: 'Zonder soort', Warehouse: ids.warehouse }],
      ['r2mmovements', { Receiver: ids.receiver, Warehouse: ids.warehouse, Direction: 'issue' }],
    ] as const) {
      const refused = await api(`/mvc/${table}/save`, record);
      expect(refused.status, table).toBe(400);
      expect(JSON.stringify(refused.body.ModelState)).toContain(NO_DEFAULT);
      expect((await api(`/mvc/${table}/GetFlexData`, { pageSize: 5, dataSet: 'all' })).body.Data).toHaveLength(0);
    }
    const [settings] = (await api('/mvc/stockmutationsettings/GetFlexData', { pageSize: 5 })).body.Data;
    await create('stockmutationsettings', { ...settings, DefaultStockMutationType: ids.type });
    const made = await create('stockrevaluations', { Descr: 'Met soort', Warehouse: ids.warehouse });
    expect(made.MutationType).toBe(ids.type);
    await api('/mvc/stockrevaluations/delete', { autoid: made.AutoID });
    // Stock to work with: 10 taken in from the receiver.
    const takeIn = await create('r2mmovements', {
      Receiver: ids.receiver,
      Warehouse: ids.warehouse,
      Direction: 'takein',
    });
    await create('r2mmovementlines', { Movement: takeIn.AutoID, Product: ids.product, Quantity: 10 });
    expect((await transition('r2mmovements', [takeIn.AutoID], 'process')).body.Succeeded).toBe(1);
    expect((await item('productwarehouses', ids.stock)).Stock).toBe(10);
  });
});

describe('a stock revaluation', () => {
  it('books the new value per unit as a mutation with its value difference', async () => {
    const revalue = async (NewValue: number) => {
      const head = await create('stockrevaluations', { Descr: `Naar ${NewValue}`, Warehouse: ids.warehouse });
      const line = await create('stockrevaluationlines', {
        Revaluation: head.AutoID,
        ProductWarehouse: ids.stock,
        NewValue,
      });
      return { head, line };
    };
    const first = await revalue(2.5);
    expect(first.line).toMatchObject({ Product: ids.product, Stock: 10, OldValue: 0, ValueDifference: 25 });
    const booked = await transition('stockrevaluations', [first.head.AutoID], 'book');
    expect(booked.body.Succeeded, JSON.stringify(booked.body)).toBe(1);
    expect(await item('productwarehouses', ids.stock)).toMatchObject({ UnitValue: 2.5, StockValue: 25, Stock: 10 });
    expect(await item('stockrevaluations', first.head.AutoID)).toMatchObject({ Status: 'booked', TotalDifference: 25 });
    // A booked revaluation keeps its lines.
    expect((await api('/mvc/stockrevaluationlines/save', { ...first.line, NewValue: 9 })).status).toBeGreaterThan(399);

    const second = await revalue(2);
    expect(second.line).toMatchObject({ OldValue: 2.5, ValueDifference: -5 });
    expect((await transition('stockrevaluations', [second.head.AutoID], 'book')).body.Succeeded).toBe(1);
    const log = await rows('stockmutations', 'ProductWarehouse', ids.stock);
    const values = log.filter((m) => m.ToValue !== null).map((m) => [m.FromValue, m.ToValue, m.ValueDifference]);
    expect(values.sort()).toEqual([
      [0, 2.5, 25],
      [2.5, 2, -5],
    ]);
    expect(log.every((m) => m.ToValue === null || m.MutationType === ids.type)).toBe(true);
    // Nothing to book: refused, nothing changes.
    const empty = await create('stockrevaluations', { Descr: 'Leeg', Warehouse: ids.warehouse });
    expect((await transition('stockrevaluations', [empty.AutoID], 'book')).body.Failed).toBe(1);
    expect((await item('productwarehouses', ids.stock)).UnitValue).toBe(2);
  });
});

describe('R2M', () => {
  const movement = async (Direction: string, Quantity: number) => {
    const head = await api('/mvc/r2mmovements/save', { Receiver: ids.receiver, Warehouse: ids.warehouse, Direction });
    if (head.status !== 200) return head;
    await create('r2mmovementlines', { Movement: head.body.AutoID, Product: ids.product, Quantity });
    return head;
  };
  const stock = async () => (await item('productwarehouses', ids.stock)).Stock;

  it('issues to an active receiver and refuses more than is in stock', async () => {
    const before = Number(await stock());
    const issue = await movement('issue', 3);
    expect(issue.status).toBe(200);
    expect((await transition('r2mmovements', [issue.body.AutoID], 'process')).body.Succeeded).toBe(1);
    expect(await stock()).toBe(before - 3);
    const logged = await rows('stockmutations', 'ProductWarehouse', ids.stock);
    expect(logged.map((m) => [m.FromStock, m.ToStock])).toContainEqual([before, before - 3]);
    const tooMuch = await movement('issue', 1000);
    const refused = await transition('r2mmovements', [tooMuch.body.AutoID], 'process');
    expect(refused.body.Failed).toBe(1);
    expect(refused.body.Results[0].Error).toContain('Onvoldoende voorraad');
    expect(await stock()).toBe(before - 3);
    expect((await item('r2mmovements', tooMuch.body.AutoID)).Status).toBe('new');
  });

  it('issues nothing to a blocked receiver, but takes items in from it', async () => {
    const before = Number(await stock());
    const waiting = await movement('issue', 1);
    expect((await transition('r2mreceivers', [ids.receiver], 'block')).body.Succeeded).toBe(1);
    const issue = await movement('issue', 1);
    expect(issue.status).toBe(400);
    expect(JSON.stringify(issue.body.ModelState)).toContain('Ontvanger Ploeg Noord is geblokkeerd');
    // A movement made before the block is not processed either.
    expect((await transition('r2mmovements', [waiting.body.AutoID], 'process')).body.Failed).toBe(1);
    expect(await stock()).toBe(before);
    const takeIn = await movement('takein', 2);
    expect(takeIn.status, JSON.stringify(takeIn.body)).toBe(200);
    expect((await transition('r2mmovements', [takeIn.body.AutoID], 'process')).body.Succeeded).toBe(1);
    expect(await stock()).toBe(before + 2);
    expect((await transition('r2mreceivers', [ids.receiver], 'unblock')).body.Succeeded).toBe(1);
    expect((await transition('r2mmovements', [waiting.body.AutoID], 'process')).body.Succeeded).toBe(1);
    expect(await stock()).toBe(before + 1);
  });
});
