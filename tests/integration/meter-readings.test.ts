// Meter readings on the base pack: an object's meter schedules with their readings (a date and a
// value, one a day), the schedule's last reading and next reading date kept as totals; a rental
// order whose line is charged by a meter cannot be invoiced in a batch until the meter has a
// reading, and the invoice line carries the meter from where the last invoice left off (or the
// line's start position) to the last reading, charging the units beyond those the product's rental
// rate includes at its rate per unit.
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

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  await create('administrations', { ID: 'HQ', Descr: 'Hoofdkantoor', IsDefault: true });
  ids.customer = (await create('relations', { ID: 'KLANT', Descr: 'Klant' })).AutoID;
  ids.vat = (await create('vatcodes', { ID: 'H21', Descr: 'Hoog', Percentage: 21 })).AutoID;
  const status = (await create('productstatuses', { ID: 'ACTIEF', Descr: 'Actief' })).AutoID;
  ids.product = (
    await create('products', {
      ProductType: 'sale',
      ID: 'AGG',
      Descr: 'Aggregaat',
      Status: status,
      Price: 50,
      Vat: ids.vat,
    })
  ).AutoID;
  const type = (await create('objecttypes', { ID: 'AGGREGAAT', Descr: 'Aggregaat' })).AutoID;
  ids.object = (await create('objects', { ID: 'AGG-1', Descr: 'Aggregaat 1', ObjectType: type })).AutoID;
  ids.hours = (
    await create('meterreadings', { ID: 'UREN', Descr: 'Draaiuren', ReadingDate: '2026-01-01', Value: 0 })
  ).AutoID;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('meter schedules and readings', () => {
  it('keeps readings with a date and a value under a schedule of the object, its last reading and next date as totals', async () => {
    const schedule = await create('objectmeterschedules', {
      Object: ids.object,
      Meter: ids.hours,
      StartDate: '2026-03-01',
      IntervalDays: 30,
    });
    expect(schedule).toMatchObject({ Descr: 'Draaiuren', NextReadingDate: '2026-03-01', LastValue: null });
    ids.schedule = schedule.AutoID;
    const bare = await api('/mvc/objectmeterreadings/save', { Schedule: ids.schedule, ReadingDate: null });
    expect(bare.status).toBe(400);
    expect(bare.body.ModelState).toMatchObject({
      ReadingDate: ['Het veld Datum meterstand is verplicht.'],
      Value: ['Het veld Stand is verplicht.'],
    });
    const reading = await create('objectmeterreadings', {
      Schedule: ids.schedule,
      ReadingDate: '2026-03-02',
      Value: 120.5,
    });
    expect(reading.Object).toBe(ids.object);
    const sameDay = await api('/mvc/objectmeterreadings/save', {
      Schedule: ids.schedule,
      ReadingDate: '2026-03-02',
      Value: 121,
    });
    expect(sameDay.status).toBe(400);
    expect(await item('objectmeterschedules', ids.schedule)).toMatchObject({
      LastReadingDate: '2026-03-02',
      LastValue: 120.5,
      NextReadingDate: '2026-04-01',
    });
    const twice = await api('/mvc/objectmeterschedules/save', { Object: ids.object, Meter: ids.hours });
    expect(twice.status).toBe(400);
    expect((await api('/mvc/objectmeterreadings/delete', { autoid: reading.AutoID })).status).toBe(200);
    expect(await item('objectmeterschedules', ids.schedule)).toMatchObject({ LastReadingDate: null, LastValue: null });
  });
});

describe('rental lines charged by a meter', () => {
  it('cannot be invoiced in a batch without a reading, and the invoice line carries the meter readings', async () => {
    const monthly = (await create('rentalratecodes', { ID: 'MAAND', Descr: 'Per maand', PeriodUnit: 'months' })).AutoID;
    const rate = await create('productrentalrates', {
      Product: ids.product,
      RateCode: monthly,
      Descr: 'Maandhuur met draaiuren',
      EffectiveDate: '2026-01-01',
      Month: 50,
      MeterReadingUnitRate: 0.5,
      MeterIncludedUnits: 50,
    });
    const order = await create('orders', { Descr: 'Huur aggregaat', DeliverRelation: ids.customer });
    const line = await create('orderlines', {
      Order: order.AutoID,
      LineType: 'rental',
      Product: ids.product,
      OrderQuantity: 1,
      Price: 50,
      RentalRateCode: monthly,
      RentedFrom: '2026-03-01',
      MeterSchedule: ids.schedule,
      MeterPosition: 100,
    });
    for (const Transition of ['submitOrder', 'supply', 'rentOut'])
      expect((await api('/mvc/orders/ChangeStatus', { autoids: [order.AutoID], Transition })).body).toMatchObject({
        Succeeded: 1,
      });
    const invoice = () =>
      api('/mvc/orders/RunAction', {
        Action: 'invoice',
        autoids: [order.AutoID],
        Values: { InvoiceTill: '2026-03-31' },
      });
    const number = (await item('orders', order.AutoID)).ID ?? order.AutoID;
    expect((await item('orders', order.AutoID)).LinesWithoutMeterReading).toBe(1);
    const refused = await invoice();
    expect(refused.status).toBe(400);
    expect(refused.body.Error).toBe(
      `Order ${number} heeft regels die een meterstand nodig hebben zonder meterstand; die kunnen niet in een batch worden verwerkt.`,
    );

    await create('objectmeterreadings', { Schedule: ids.schedule, ReadingDate: '2026-03-31', Value: 180 });
    expect((await item('orders', order.AutoID)).LinesWithoutMeterReading).toBe(0);
    const made = await invoice();
    expect(made.body).toMatchObject({ Succeeded: 1 });
    const lines = (
      await api('/mvc/invoicelines/GetFlexData', {
        operatorFilter: [{ FieldName: 'Invoice', Operator: '=', Value: made.body.Results[0].Open.AutoID }],
      })
    ).body.Data;
    // 80 units used, 50 included: 30 × 0.50 charged on the line, and so in the invoice's total.
    expect(lines).toEqual([
      expect.objectContaining({
        OrderLine: line.AutoID,
        MeterReadingStart: 100,
        MeterReadingEnd: 180,
        RentalRate: rate.AutoID,
        MeterUnits: 80,
        MeterIncludedUnits: 50,
        MeterCharge: 15,
      }),
    ]);
    const [charged] = lines;
    const rent =
      Math.round(
        Number(charged.Quantity) * Number(charged.Price) * (1 - Number(charged.DiscountPct ?? 0) / 100) * 100,
      ) / 100;
    expect(charged.SubtotalExclVat).toBe(rent + 15);
    expect((await item('invoices', made.body.Results[0].Open.AutoID)).TotalExclVat).toBe(rent + 15);
    expect((await item('orderlines', line.AutoID)).InvoicedMeterReading).toBe(180);

    // The next period starts where the last invoice left off.
    await create('objectmeterreadings', { Schedule: ids.schedule, ReadingDate: '2026-04-30', Value: 260 });
    const next = await api('/mvc/orders/RunAction', {
      Action: 'invoice',
      autoids: [order.AutoID],
      Values: { InvoiceTill: '2026-04-30' },
    });
    const nextLines = (
      await api('/mvc/invoicelines/GetFlexData', {
        operatorFilter: [{ FieldName: 'Invoice', Operator: '=', Value: next.body.Results[0].Open.AutoID }],
      })
    ).body.Data;
    expect(nextLines).toEqual([expect.objectContaining({ MeterReadingStart: 180, MeterReadingEnd: 260 })]);
  });
});
