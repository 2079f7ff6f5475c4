// Products over HTTP, on the shipped packs (base + demo), as an API client sees them: a product
// needs a status, rental rates are unique per code and effective date (and one default per
// code), a composition never contains itself, a cancelled alternative needs a reason, a crosslink
// needs a type, an archived brand type cannot be chosen, the brand type and revision lookups
// follow the brand and type chosen, and the demo assortment is there at first start.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post, startTestServer, type TestServer } from './harness.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base', 'demo'] } });
});
afterAll(async () => {
  await server?.close();
});

const save = (table: string, record: Record<string, unknown>) => post(server.app, `/mvc/${table}/save`, record);
const count = async (
  table: string,
  filter: { FieldName: string; Operator: string; Value: unknown }[] = [],
  body: Record<string, unknown> = {},
) =>
  (await post(server.app, `/mvc/${table}/GetFlexData`, { dataSource: 2, operatorFilter: filter, ...body })).body.Meta
    .Count as number;
/** The AutoID of a lookup entry by its code. */
async function entry(list: string, code: string, body: Record<string, unknown> = {}): Promise<number> {
  const found = (await post(server.app, `/mvc/_lists/${list}`, { searchKey: code, ...body })).body.Data.find(
    (e: { ID: string }) => e.ID === code,
  );
  if (!found) throw new Error(`no ${code} in ${list}`);
  return found.AutoID;
}

let n = 0;
/** A new product with a status, answered as saved. */
async function product(fields: Record<string, unknown> = {}) {
  n++;
  const saved = await save('products', {
    ID: `TEST-${n}`,
    Descr: `Testproduct ${n}`,
    Status: await entry('productstatuses', 'ACTIEF'),
    ...fields,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body as { AutoID: number; ID: string; TimeStamp: number; Status: number };
}
const byProduct = (id: number) => [{ FieldName: 'Product', Operator: '=', Value: id }];

describe('a product', () => {
  it('is a rental product unless said otherwise, and cannot be saved without a status', async () => {
    expect((await post(server.app, '/mvc/products/GetNew')).body.ProductType).toBe('rental');
    const refused = await save('products', { ID: 'ZONDER-STATUS', Descr: 'Zonder status' });
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState.Status).toEqual(['Het veld Status is verplicht.']);
    expect(await count('products', [{ FieldName: 'ID', Operator: '=', Value: 'ZONDER-STATUS' }])).toBe(0);
  });

  it('changes status through the batch action, which needs the new status, and logs the change', async () => {
    const p = await product();
    const missing = await post(server.app, '/mvc/products/RunAction', {
      Action: 'changeStatus',
      autoids: [p.AutoID],
      Values: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.ModelState.Status).toEqual(['De productstatus is verplicht.']);
    const phasedOut = await entry('productstatuses', 'UITLOOP');
    const done = await post(server.app, '/mvc/products/RunAction', {
      Action: 'changeStatus',
      autoids: [p.AutoID],
      Values: { Status: phasedOut },
    });
    expect(done.body).toMatchObject({ Succeeded: 1, Failed: 0 });
    expect((await post(server.app, '/mvc/products/GetItem', { autoid: p.AutoID })).body).toMatchObject({
      Status: phasedOut,
      Status_Descr: 'Uitlopend',
    });
    const log = (await post(server.app, '/mvc/products/GetStatusLog', { autoid: p.AutoID })).body.Data;
    expect(log[0]).toMatchObject({ FromLabel: 'Actief', ToLabel: 'Uitlopend', By: 'admin' });
  });
});

describe('rental rates', () => {
  it('refuse a second rate with the same code and effective date, on the effective date, and write nothing', async () => {
    const p = await product();
    const rate = {
      Product: p.AutoID,
      RateCode: await entry('rentalratecodes', 'STD'),
      EffectiveDate: '2026-07-01',
      Day1: 100,
    };
    expect((await save('productrentalrates', rate)).status).toBe(200);
    const twice = await save('productrentalrates', { ...rate, Day1: 90 });
    expect(twice.status).toBe(400);
    expect(twice.body.ModelState.EffectiveDate).toEqual(['Er is al een huurtarief met deze code en ingangsdatum.']);
    expect(await count('productrentalrates', byProduct(p.AutoID))).toBe(1);
    // Another date, or the same date under another code, is a rate of its own.
    expect((await save('productrentalrates', { ...rate, EffectiveDate: '2027-01-01' })).status).toBe(200);
    expect(
      (await save('productrentalrates', { ...rate, RateCode: await entry('rentalratecodes', 'WEEKEND') })).status,
    ).toBe(200);
    expect(await count('productrentalrates', byProduct(p.AutoID))).toBe(3);
  });

  it('allow one default rate per code of a product', async () => {
    const [a, b] = [await product(), await product()];
    const std = await entry('rentalratecodes', 'STD');
    expect(
      (
        await save('productrentalrates', {
          Product: a.AutoID,
          RateCode: std,
          EffectiveDate: '2025-01-01',
          IsDefault: true,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await save('productrentalrates', {
          Product: a.AutoID,
          RateCode: std,
          EffectiveDate: '2026-01-01',
          IsDefault: false,
        })
      ).status,
    ).toBe(200);
    const second = await save('productrentalrates', {
      Product: a.AutoID,
      RateCode: std,
      EffectiveDate: '2027-01-01',
      IsDefault: true,
    });
    expect(second.status).toBe(400);
    expect(second.body.ModelState.IsDefault).toEqual(['Er is al een standaardtarief voor deze code.']);
    expect(await count('productrentalrates', byProduct(a.AutoID))).toBe(2);
    // Another product has defaults of its own.
    expect(
      (
        await save('productrentalrates', {
          Product: b.AutoID,
          RateCode: std,
          EffectiveDate: '2025-01-01',
          IsDefault: true,
        })
      ).status,
    ).toBe(200);
  });

  it('are codes in the rate code table, each with the period its price is for', async () => {
    const form = (await get(server.app, '/mvc/rentalratecodes/GetForm')).body.Properties.map(
      (p: { FieldName: string }) => p.FieldName,
    );
    // The amounts stay with the product's rates; a code only says the period (invoicing per period).
    expect(form).toEqual(['ID', 'Descr', 'PeriodUnit', 'Archive']);
  });
});

describe('a composition', () => {
  it('cannot contain its own product, directly or through another part, and nothing is written', async () => {
    const [a, b, c] = [await product({ IsComposed: true }), await product({ IsComposed: true }), await product()];
    const self = await save('productparts', { Product: a.AutoID, PartProduct: a.AutoID, Quantity: 1 });
    expect(self.status).toBe(400);
    expect(self.body.ModelState.PartProduct).toEqual([
      'Een product kan zichzelf niet bevatten, ook niet via een ander onderdeel.',
    ]);
    expect((await save('productparts', { Product: a.AutoID, PartProduct: b.AutoID, Quantity: 2 })).status).toBe(200);
    expect((await save('productparts', { Product: b.AutoID, PartProduct: c.AutoID, Quantity: 4 })).status).toBe(200);
    const cycle = await save('productparts', { Product: c.AutoID, PartProduct: a.AutoID, Quantity: 1 });
    expect(cycle.status).toBe(400);
    expect(cycle.body.ModelState.PartProduct).toEqual([
      'Een product kan zichzelf niet bevatten, ook niet via een ander onderdeel.',
    ]);
    expect(await count('productparts', byProduct(c.AutoID))).toBe(0);
    // Changing a part into one that closes the circle is refused too.
    const line = (await post(server.app, '/mvc/productparts/GetFlexData', { operatorFilter: byProduct(b.AutoID) })).body
      .Data[0];
    const moved = await save('productparts', { AutoID: line.AutoID, TimeStamp: line.TimeStamp, PartProduct: a.AutoID });
    expect(moved.status).toBe(400);
    expect(moved.body.ModelState.PartProduct).toHaveLength(1);
    expect((await post(server.app, '/mvc/productparts/GetItem', { autoid: line.AutoID })).body.PartProduct).toBe(
      c.AutoID,
    );
  });

  it('needs a quantity of at least 1', async () => {
    const [a, b] = [await product(), await product()];
    const none = await save('productparts', { Product: a.AutoID, PartProduct: b.AutoID, Quantity: 0 });
    expect(none.status).toBe(400);
    expect(none.body.ModelState.Quantity).toHaveLength(1);
  });
});

describe('alternatives and crosslinks', () => {
  it('a cancelled alternative needs a reason', async () => {
    const [a, b] = [await product(), await product()];
    const withoutReason = await save('productalternatives', {
      Product: a.AutoID,
      AlternativeProduct: b.AutoID,
      Status: 'cancelled',
    });
    expect(withoutReason.status).toBe(400);
    expect(withoutReason.body.ModelState.CancelReason).toEqual(['Het veld Reden van vervallen is verplicht.']);
    expect(await count('productalternatives', byProduct(a.AutoID))).toBe(0);
    const reason = await entry('reasons', 'ALT-VERVANGEN');
    expect(
      (
        await save('productalternatives', {
          Product: a.AutoID,
          AlternativeProduct: b.AutoID,
          Status: 'cancelled',
          CancelReason: reason,
        })
      ).status,
    ).toBe(200);
    // An active alternative needs none.
    expect(
      (await save('productalternatives', { Product: b.AutoID, AlternativeProduct: a.AutoID, Status: 'active' })).status,
    ).toBe(200);
  });

  it('a product is not its own alternative or crosslink', async () => {
    const a = await product();
    const alternative = await save('productalternatives', { Product: a.AutoID, AlternativeProduct: a.AutoID });
    expect(alternative.body.ModelState.AlternativeProduct).toEqual([
      'Een product kan niet zijn eigen alternatief zijn.',
    ]);
    const link = await save('productcrosslinks', {
      Product: a.AutoID,
      LinkedProduct: a.AutoID,
      CrosslinkType: await entry('crosslinktypes', 'ACCESSOIRE'),
    });
    expect(link.body.ModelState.LinkedProduct).toEqual(['Een product kan niet aan zichzelf worden gekoppeld.']);
  });

  it('a crosslink needs a type', async () => {
    const [a, b] = [await product(), await product()];
    const untyped = await save('productcrosslinks', { Product: a.AutoID, LinkedProduct: b.AutoID });
    expect(untyped.status).toBe(400);
    expect(untyped.body.ModelState.CrosslinkType).toEqual(['Het veld Crosslinktype is verplicht.']);
    expect(await count('productcrosslinks', byProduct(a.AutoID))).toBe(0);
    expect(
      (
        await save('productcrosslinks', {
          Product: a.AutoID,
          LinkedProduct: b.AutoID,
          CrosslinkType: await entry('crosslinktypes', 'VERBRUIK'),
        })
      ).status,
    ).toBe(200);
  });
});

describe('brands, brand types and revisions', () => {
  let brandA: number;
  let brandB: number;
  const types: Record<string, number> = {};
  beforeAll(async () => {
    brandA = (await save('brands', { ID: 'TST-A', Descr: 'Testmerk A' })).body.AutoID;
    brandB = (await save('brands', { ID: 'TST-B', Descr: 'Testmerk B' })).body.AutoID;
    for (const [ID, Brand] of [
      ['TA-1', brandA],
      ['TA-2', brandA],
      ['TB-1', brandB],
    ] as const) {
      const saved = await save('brandtypes', { Brand, ID, Descr: `Type ${ID}` });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      types[ID] = saved.body.AutoID;
    }
    expect((await save('brandrevisions', { BrandType: types['TA-1'], ID: 'TA-1-R1', Descr: 'Revisie 1' })).status).toBe(
      200,
    );
    expect((await save('brandrevisions', { BrandType: types['TA-2'], ID: 'TA-2-R1', Descr: 'Revisie 1' })).status).toBe(
      200,
    );
  });

  it('the brand type lookup offers the types of the brand chosen, the revision lookup the revisions of the type chosen', async () => {
    const lookup = async (list: string, body: Record<string, unknown>) =>
      (await post(server.app, `/mvc/_lists/${list}`, { searchKey: 'T', pageSize: 100, ...body })).body.Data.map(
        (e: { ID: string }) => e.ID,
      )
        .filter((id: string) => /^T[AB]-/.test(id))
        .sort();
    expect(await lookup('brandtypes', { BrandID: brandA })).toEqual(['TA-1', 'TA-2']);
    expect(await lookup('brandtypes', { BrandID: brandB })).toEqual(['TB-1']);
    expect(await lookup('brandrevisions', { BrandTypeID: types['TA-2'] })).toEqual(['TA-2-R1']);
    // The product form binds them to the brand and type fields.
    const form = (await get(server.app, '/mvc/products/GetForm')).body.Properties;
    const config = (name: string) => form.find((p: { FieldName: string }) => p.FieldName === name).Settings.ListConfig;
    expect(config('BrandType')).toMatchObject({
      ListMethod: 'mvc/_lists/brandtypes',
      Parameters: ['BrandID'],
      ParentList: 'brands',
    });
    expect(config('BrandRevision')).toMatchObject({
      ListMethod: 'mvc/_lists/brandrevisions',
      Parameters: ['BrandTypeID'],
      ParentList: 'brandtypes',
    });
  });

  it('an archived brand type cannot be chosen for a product; an active one can', async () => {
    const archived = await save('brandtypes', { Brand: brandA, ID: 'TA-OUD', Descr: 'Oud type', Archive: true });
    expect(archived.status).toBe(200);
    const refused = await save('products', {
      ID: 'MET-OUD-TYPE',
      Descr: 'Met oud type',
      Status: await entry('productstatuses', 'ACTIEF'),
      Brand: brandA,
      BrandType: archived.body.AutoID,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState.BrandType).toEqual([
      'De gekozen waarde voor Merktype is gearchiveerd en kan niet meer worden gekozen.',
    ]);
    expect(await count('products', [{ FieldName: 'ID', Operator: '=', Value: 'MET-OUD-TYPE' }])).toBe(0);
    const p = await product({ Brand: brandA, BrandType: types['TA-1'] });
    expect((await post(server.app, '/mvc/products/GetItem', { autoid: p.AutoID })).body.BrandType_Descr).toBe(
      'Type TA-1',
    );
  });
});

describe('the products lookup', () => {
  it('filters by product type, product group and product', async () => {
    const lookup = async (body: Record<string, unknown>) =>
      (await post(server.app, '/mvc/_lists/products', { searchKey: 'ART-', pageSize: 1000, ...body })).body.Data as {
        AutoID: number;
        ID: string;
      }[];
    const sale = await lookup({ ProductType: 'sale' });
    // 150 goods and an hour of a technician's labour, which working tickets invoice.
    expect(sale).toHaveLength(151);
    expect(sale.every((e) => e.ID >= 'ART-0151')).toBe(true);
    const fencing = await lookup({ GroupID: await entry('productgroups', 'AFZETTING') });
    expect(fencing.map((e) => e.ID)).toContain('ART-0087');
    expect(fencing.every((e) => e.ID >= 'ART-0087' && e.ID <= 'ART-0099')).toBe(true);
    expect((await lookup({ ArticleID: sale[0].AutoID })).map((e) => e.ID)).toEqual([sale[0].ID]);
  });
});

describe('the demo assortment', () => {
  it('has 150 rental and 151 sale products (one an hour of labour), every rental product with a rate, and sets made of parts', async () => {
    const dataSet = async (name: string) =>
      (
        await post(server.app, '/mvc/products/GetFlexData', {
          dataSet: name,
          operatorFilter: [{ FieldName: 'ID', Operator: 'contains', Value: 'ART-' }],
        })
      ).body.Meta.Count;
    expect(await dataSet('rental')).toBe(150);
    expect(await dataSet('sale')).toBe(151);
    const rates = await server.engine.pool.query(
      `SELECT count(*) AS n FROM products p WHERE p.id LIKE 'ART-%' AND p.producttype = 'rental'
         AND NOT EXISTS (SELECT 1 FROM productrentalrates r WHERE r.product = p.autoid)`,
    );
    expect(Number(rates.rows[0].n)).toBe(0);
    const fence = (
      await post(server.app, '/mvc/products/GetFlexData', {
        operatorFilter: [{ FieldName: 'Descr', Operator: '=', Value: 'Bouwhekset 35 m' }],
      })
    ).body.Data[0];
    const parts = (
      await post(server.app, '/mvc/productparts/GetFlexData', {
        operatorFilter: byProduct(fence.AutoID),
        order: 'Position asc',
      })
    ).body.Data;
    expect(
      parts.map((p: { PartProduct_Descr: string; Quantity: number }) => [p.PartProduct_Descr, p.Quantity]),
    ).toEqual([
      ['Bouwhek 3,50 x 2,00 m', 10],
      ['Bouwhekvoet beton', 11],
      ['Bouwhekklem', 10],
      ['Bouwhekschoor', 4],
    ]);
    expect(await count('productsuppliers')).toBeGreaterThan(100);
  });
});
