// GetFlexData and the lookup lists: search, data source, filters per type, sort, paging,
// count, and every bad input answered 400 without running SQL built from it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, startTestServer, type TestServer } from './harness.ts';
import { type Property, type Row } from '../support/answers.ts';

let server: TestServer;
const flex = (body: Record<string, unknown>) => post(server.app, '/mvc/products/GetFlexData', body);
const ids = (res: { body: { Data: Row[] } }) => res.body.Data.map((r) => r.ID);

beforeAll(async () => {
  server = await startTestServer();
  const countries = (await post(server.app, '/mvc/_lists/countries', {})).body.Data;
  const nl = countries.find((c: Row) => c.ID === 'NL').AutoID;
  const be = countries.find((c: Row) => c.ID === 'BE').AutoID;
  // 60 products: P-00..P-59; every 5th archived; prices 0..59; dates in March; every 3rd in NL.
  await server.engine.pool.query(
    `
    INSERT INTO products (id, descr, price, stock, active, introduced, country, archive, status)
    SELECT 'P-' || lpad(n::text, 2, '0'), CASE WHEN n % 10 = 0 THEN 'Hamer ' || n ELSE 'Zaag ' || n END,
           n, n * 2, n % 2 = 0, date '2026-03-01' + n, CASE WHEN n % 3 = 0 THEN $1::bigint ELSE $2::bigint END,
           n % 5 = 4, CASE WHEN n < 10 THEN 'new' END
      FROM generate_series(0, 59) n`,
    [nl, be],
  );
});
afterAll(async () => {
  await server?.close();
});

describe('GetFlexData', () => {
  it('answers a page with Meta.Count and column metadata, active rows by default', async () => {
    const res = await flex({});
    expect(res.status).toBe(200);
    expect(res.body.Meta).toMatchObject({ Count: 48, CountEstimated: false, PageIndex: 0, PageSize: 35 });
    expect(res.body.Data).toHaveLength(35);
    expect(ids(res)[0]).toBe('P-00'); // defaultSort ID asc
    const price = res.body.Meta.Columns.find((c: Property) => c.FieldName === 'Price');
    expect(price).toMatchObject({ Title: 'Prijs', ColumnAlignment: 2, IsSortable: true, AdvancedFilterType: 'number' });
    expect(res.body.Meta.Columns.find((c: Property) => c.FieldName === 'Introduced').Format).toBe(5);
    expect(res.body.Data[0].Country_Descr).toBe('Nederland');
  });

  it('maps dataSource 0, 1 and 2 to active, archive and all', async () => {
    expect((await flex({ dataSource: 1 })).body.Meta.Count).toBe(12);
    expect((await flex({ dataSource: 2 })).body.Meta.Count).toBe(60);
    expect((await flex({ dataSource: 3 })).status).toBe(400);
  });

  it('searches the search fields, every word, case-insensitively and literally', async () => {
    expect((await flex({ searchExpressions: 'hamer', dataSource: 2 })).body.Meta.Count).toBe(6);
    expect(ids(await flex({ searchExpressions: 'hamer 20' }))).toEqual(['P-20']);
    expect((await flex({ searchExpressions: "'; DROP TABLE products; --" })).body.Meta.Count).toBe(0);
    expect((await flex({ searchExpressions: '%' })).body.Meta.Count).toBe(0);
    expect((await flex({ dataSource: 2 })).body.Meta.Count).toBe(60);
  });

  it('sorts by column direction, list columns by their text', async () => {
    expect(ids(await flex({ order: 'Price desc', pageSize: 3 }))).toEqual(['P-58', 'P-57', 'P-56']);
    expect(ids(await flex({ order: 'price ASC', pageSize: 2 }))).toEqual(['P-00', 'P-01']);
    const byCountry = (await flex({ order: 'Country asc', pageSize: 48 })).body.Data.map((r: Row) => r.Country_Descr);
    expect(byCountry[0]).toBe('België');
    expect(byCountry[47]).toBe('Nederland');
  });

  it('applies operator filters per column type', async () => {
    const count = async (operatorFilter: unknown[]) => (await flex({ operatorFilter, dataSource: 2 })).body.Meta.Count;
    expect(await count([{ FieldName: 'Price', Operator: '>=', Value: 50 }])).toBe(10);
    expect(await count([{ FieldName: 'Price', Operator: '<', Value: '5' }])).toBe(5);
    expect(await count([{ FieldName: 'Introduced', Operator: '>', Value: '2026-04-25' }])).toBe(4);
    expect(await count([{ FieldName: 'Descr', Operator: 'contains', Value: 'HAMER' }])).toBe(6);
    expect(await count([{ FieldName: 'Descr', Operator: 'notcontains', Value: 'hamer' }])).toBe(54);
    expect(await count([{ FieldName: 'ID', Operator: '=', Value: 'P-07' }])).toBe(1);
    expect(await count([{ FieldName: 'Status', Operator: 'empty' }])).toBe(50);
    expect(await count([{ FieldName: 'Status', Operator: '!=', Value: 'new' }])).toBe(50);
    expect(await count([{ FieldName: 'Active', Operator: '=', Value: true }])).toBe(30);
    expect(
      await count([
        { FieldName: 'Price', Operator: '>', Value: 10 },
        { FieldName: 'Price', Operator: '<=', Value: 12 },
      ]),
    ).toBe(2);
  });

  it('applies quick column filters and data filters', async () => {
    expect((await flex({ columnFilter: { Descr: 'zaag 1' }, dataSource: 2 })).body.Meta.Count).toBe(10);
    expect((await flex({ columnFilter: [{ FieldName: 'Stock', Value: 6 }] })).body.Meta.Count).toBe(1);
    expect((await flex({ dataFilter: { Active: false }, dataSource: 2 })).body.Meta.Count).toBe(30);
  });

  it('pages: deeper pages continue exactly where the previous ended', async () => {
    const all = ids(await flex({ dataSource: 2, pageSize: 60, order: 'Descr desc' }));
    const pages: unknown[] = [];
    for (let p = 0; p < 6; p++)
      pages.push(...ids(await flex({ dataSource: 2, pageSize: 10, pageIndex: p, order: 'Descr desc' })));
    expect(pages).toEqual(all);
    // A page asked for directly, and again, gives the same rows.
    const direct = ids(await flex({ dataSource: 2, pageSize: 7, pageIndex: 5, order: 'Price asc' }));
    expect(direct[0]).toBe('P-35');
    expect(ids(await flex({ dataSource: 2, pageSize: 7, pageIndex: 5, order: 'Price asc' }))).toEqual(direct);
    expect(ids(await flex({ pageIndex: 1 }))).toHaveLength(13);
    expect(ids(await flex({ pageIndex: 2 }))).toHaveLength(0);
  });

  it('remembered page starts depend on the page size and keep full timestamp precision', async () => {
    const all = ids(await flex({ dataSource: 2, pageSize: 60, order: 'CreateDate asc' }));
    expect(ids(await flex({ dataSource: 2, pageSize: 10, pageIndex: 1, order: 'CreateDate asc' }))).toEqual(
      all.slice(10, 20),
    );
    expect(ids(await flex({ dataSource: 2, pageSize: 10, pageIndex: 2, order: 'CreateDate asc' }))).toEqual(
      all.slice(20, 30),
    );
    expect(ids(await flex({ dataSource: 2, pageSize: 25, pageIndex: 2, order: 'CreateDate asc' }))).toEqual(
      all.slice(50, 60),
    );
  });

  it('returns only the asked layout columns', async () => {
    const res = await flex({ flexGridLayoutColumns: [{ FieldName: 'ID' }, { FieldName: 'Country' }], pageSize: 1 });
    expect(Object.keys(res.body.Data[0]).sort()).toEqual(
      [
        'Archive',
        'AutoID',
        'Country',
        'Country_Descr',
        'CreateDate',
        'CreatedBy',
        'ID',
        'ModifiedBy',
        'TimeStamp',
      ].sort(),
    );
    expect(res.body.Meta.Columns.map((c: Property) => c.FieldName)).toEqual(['ID', 'Country']);
  });

  it('refuses bad input with a 400 that names the problem', async () => {
    const bad = async (body: Record<string, unknown>, text: RegExp) => {
      const res = await flex(body);
      expect(res.status).toBe(400);
      expect(res.body.Error).toMatch(text);
    };
    await bad({ operatorFilter: [{ FieldName: 'Nope', Operator: '=', Value: 1 }] }, /onbekend veld Nope/);
    await bad(
      { operatorFilter: [{ FieldName: 'Descr', Operator: '>', Value: 'a' }] },
      /operator ">" is niet toegestaan voor Descr/,
    );
    await bad(
      { operatorFilter: [{ FieldName: 'Active', Operator: 'contains', Value: 'a' }] },
      /niet toegestaan voor Active/,
    );
    await bad({ operatorFilter: [{ FieldName: 'Price', Operator: '>', Value: 'veel' }] }, /moet een getal zijn/);
    await bad(
      { operatorFilter: [{ FieldName: 'Introduced', Operator: '=', Value: '1 OR 1=1' }] },
      /moet een bestaande datum zijn/,
    );
    await bad({ operatorFilter: [{ FieldName: 'Price', Operator: '>' }] }, /vraagt een waarde/);
    await bad(
      { operatorFilter: [{ FieldName: 'Price; DROP TABLE products', Operator: '=', Value: 1 }] },
      /onbekend veld/,
    );
    await bad({ order: 'Notes asc' }, /kan niet worden gesorteerd/);
    await bad({ order: 'Price sideways' }, /kolom richting/);
    await bad({ order: 'Unknown asc' }, /onbekend veld Unknown/);
    await bad({ order: '(SELECT 1) asc' }, /kolom richting/);
    await bad({ pageSize: 5000 }, /pageSize moet een geheel getal van 1 tot en met 1000 zijn/);
    await bad({ pageIndex: -1 }, /pageIndex/);
    await bad({ searchExpressions: { $ne: 1 } }, /searchExpressions/);
    await bad({ operatorFilter: 'Price > 1' }, /^operatorFilter heeft niet het verwachte type \(array, null\)\.$/);
    expect((await flex({ dataSource: 2 })).body.Meta.Count).toBe(60);
  });

  it('a table without search fields refuses a search', async () => {
    const res = await post(server.app, '/mvc/machines/GetFlexData', { searchExpressions: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.Error).toMatch(/heeft geen zoekvelden/);
  });
});

describe('lookup lists', () => {
  it('pages generic list entries with a search key and load-more flag', async () => {
    const res = await post(server.app, '/mvc/_lists/countries', { searchKey: 'land', pageSize: 1 });
    expect(res.status).toBe(200);
    expect(res.body.Data).toEqual([{ AutoID: expect.any(Number), ID: 'DE', Descr: 'Duitsland', Archive: false }]);
    expect(res.body.Meta.HasMore).toBe(true);
    const next = await post(server.app, '/mvc/_lists/countries', { searchKey: 'land', pageSize: 1, page: 1 });
    expect(next.body.Data[0].ID).toBe('NL');
    expect(next.body.Meta.HasMore).toBe(false);
  });

  it('answers one entry by AutoID, 404 when missing', async () => {
    const de = (await post(server.app, '/mvc/_lists/countries', { searchKey: 'DE' })).body.Data[0];
    expect((await post(server.app, '/mvc/_lists/countries/single', { AutoID: de.AutoID })).body).toEqual(de);
    expect((await post(server.app, '/mvc/_lists/countries/single', { AutoID: 987654 })).status).toBe(404);
  });

  it('shows archived entries only to archive-aware lists asked for them', async () => {
    const be = (await post(server.app, '/mvc/_lists/countries', { searchKey: 'BE' })).body.Data[0];
    const full = (await post(server.app, '/mvc/countries/GetItem', { autoid: be.AutoID })).body;
    expect((await post(server.app, '/mvc/countries/save', { ...full, Archive: true })).status).toBe(200);
    expect((await post(server.app, '/mvc/_lists/countries', {})).body.Data.map((c: Row) => c.ID)).toEqual(['DE', 'NL']);
    expect(
      (await post(server.app, '/mvc/_lists/countries', { Archive: true })).body.Data.map((c: Row) => c.ID),
    ).toEqual(['BE']);
    const again = (await post(server.app, '/mvc/countries/GetItem', { autoid: be.AutoID })).body;
    await post(server.app, '/mvc/countries/save', { ...again, Archive: false });
  });

  it('filters by the list parameters and refuses unknown ones', async () => {
    const nl = (await post(server.app, '/mvc/_lists/countries', { searchKey: 'NL' })).body.Data[0];
    await post(server.app, '/mvc/productgroups/save', { ID: 'G1', Descr: 'Gereedschap', Country: nl.AutoID });
    await post(server.app, '/mvc/productgroups/save', { ID: 'G2', Descr: 'Tuin' });
    expect(
      (await post(server.app, '/mvc/_lists/productgroups', { CountryID: nl.AutoID })).body.Data.map((g: Row) => g.ID),
    ).toEqual(['G1']);
    expect((await post(server.app, '/mvc/_lists/productgroups', {})).body.Data).toHaveLength(2);
    const bad = await post(server.app, '/mvc/_lists/productgroups', { RelationID: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.Error).toMatch(/geen filterparameter RelationID; wel: CountryID/);
    expect((await post(server.app, '/mvc/_lists/productgroups', { CountryID: 'x' })).status).toBe(400);
    expect((await post(server.app, '/mvc/_lists/nolist', {})).status).toBe(404);
  });
});
