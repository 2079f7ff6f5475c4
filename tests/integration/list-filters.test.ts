// List and choice columns filtered by what users see, over HTTP: a list column (products.Country)
// by its referenced row's text or by picked AutoIDs, a choice column (products.Status) by its
// codes with the labels answered in the user's language; row and field limits hold on the
// referenced table too, and hostile input is refused naming the field.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
const country: Record<string, number> = {};

async function as(cookie: string, url: string, body: object = {}) {
  const app: FastifyInstance = server.app;
  const res = await app.inject({ method: 'POST', url, payload: body, headers: { cookie } });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}
const flex = (body: Record<string, unknown>) =>
  post(server.app, '/mvc/products/GetFlexData', { dataSource: 2, pageSize: 100, order: 'ID asc', ...body });
const ids = (res: { body: { Data: { ID: string }[] } }) => res.body.Data.map((r) => r.ID);
const products = async () => Number((await server.engine.pool.query('SELECT count(*) AS n FROM products')).rows[0].n);

/** A user in a group of their own with these grants, signed in. */
async function limitedUser(name: string, grants: string[]): Promise<{ id: number; group: number; cookie: string }> {
  const password = `${name}-Pass-1`;
  const id = (
    await post(server.app, '/mvc/users/save', { Username: name, Password: password, PasswordRetype: password })
  ).body.AutoID;
  const group = (await post(server.app, '/mvc/securitygroups/save', { ID: name, Descr: name })).body.AutoID;
  for (const RightCode of grants)
    expect(
      (
        await post(server.app, '/mvc/securitygrants/save', {
          SecurityGroup: group,
          RightCode,
          Action: 'read',
          Grant: true,
        })
      ).status,
    ).toBe(200);
  await post(server.app, '/mvc/usergroups/save', { User: id, SecurityGroup: group });
  return { id, group, cookie: await signIn(server.app, name, password) };
}

beforeAll(async () => {
  server = await startTestServer();
  for (const entry of (await post(server.app, '/mvc/_lists/countries', {})).body.Data) country[entry.ID] = entry.AutoID;
  const rows: Record<string, unknown>[] = [
    { ID: 'A-NL1', Country: country.NL, Status: 'new' },
    { ID: 'A-NL2', Country: country.NL, Status: 'sold', Discount: 1 },
    { ID: 'A-BE1', Country: country.BE, Status: 'sold', Discount: 1 },
    { ID: 'A-DE1', Country: country.DE },
    { ID: 'A-NONE' },
  ];
  for (const row of rows) expect((await post(server.app, '/mvc/products/save', row)).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

describe('a list column', () => {
  it('answers its kind and lookup, and no ordering operators', async () => {
    const column = (await flex({})).body.Meta.Columns.find((c: { FieldName: string }) => c.FieldName === 'Country');
    expect(column).toMatchObject({
      FieldType: 'list',
      AdvancedFilterType: 'list',
      ListMethod: 'mvc/_lists/countries',
      ColumnAlignment: 0,
    });
    const filters = (await post(server.app, '/mvc/products/GetAvailableQueryFiltersForPage', {})).body;
    expect(filters.find((f: { FieldName: string }) => f.FieldName === 'Country')).toMatchObject({
      FilterType: 'list',
      Operators: ['contains', 'notcontains', 'in', '=', '!=', 'empty'],
    });
  });

  it('the quick filter matches the text it shows, case-insensitively and literally', async () => {
    expect(ids(await flex({ columnFilter: { Country: 'NEDER' } }))).toEqual(['A-NL1', 'A-NL2']);
    expect(ids(await flex({ columnFilter: [{ FieldName: 'Country', Value: 'gië' }] }))).toEqual(['A-BE1']);
    expect((await flex({ columnFilter: { Country: '%' } })).body.Meta.Count).toBe(0);
  });

  it('contains and notcontains on the text; a row without a value does not contain anything', async () => {
    expect(
      ids(await flex({ operatorFilter: [{ FieldName: 'Country', Operator: 'contains', Value: 'land' }] })),
    ).toEqual(['A-DE1', 'A-NL1', 'A-NL2']);
    expect(
      ids(await flex({ operatorFilter: [{ FieldName: 'Country', Operator: 'notcontains', Value: 'land' }] })),
    ).toEqual(['A-BE1', 'A-NONE']);
    expect(ids(await flex({ operatorFilter: [{ FieldName: 'Country', Operator: 'empty' }] }))).toEqual(['A-NONE']);
  });

  it('is one of the picked rows, by AutoID; = keeps comparing the AutoID (parent rows, data sets)', async () => {
    expect(
      ids(
        await flex({
          operatorFilter: [{ FieldName: 'Country', Operator: 'in', Value: [country.BE, String(country.DE)] }],
        }),
      ),
    ).toEqual(['A-BE1', 'A-DE1']);
    expect(
      ids(await flex({ operatorFilter: [{ FieldName: 'Country', Operator: 'in', Value: [country.NL, country.NL] }] })),
    ).toEqual(['A-NL1', 'A-NL2']);
    expect(ids(await flex({ dataFilter: { Country: country.BE } }))).toEqual(['A-BE1']);
    expect(ids(await flex({ operatorFilter: [{ FieldName: 'Country', Operator: '!=', Value: country.NL }] }))).toEqual([
      'A-BE1',
      'A-DE1',
      'A-NONE',
    ]);
  });

  it('refuses ordering an AutoID and an in without a list, naming the field', async () => {
    const greater = await flex({ operatorFilter: [{ FieldName: 'Country', Operator: '>', Value: 1 }] });
    expect(greater.status).toBe(400);
    expect(greater.body.Key).toBe('request.operator');
    expect(greater.body.Error).toBe(
      'operatorFilter[0]: operator ">" is niet toegestaan voor Country; toegestaan: contains notcontains in = != empty.',
    );
    const single = await flex({ operatorFilter: [{ FieldName: 'Country', Operator: 'in', Value: country.NL }] });
    expect(single.status).toBe(400);
    expect(single.body.Error).toBe(
      'operatorFilter[0]: de waarde voor Country moet een lijst van 1 tot en met 100 waarden zijn.',
    );
    expect((await flex({ operatorFilter: [{ FieldName: 'Country', Operator: 'in', Value: [] }] })).body.Key).toBe(
      'request.value_list',
    );
  });
});

describe('a choice column', () => {
  it("answers its options with their labels in the user's language; the rows keep their codes", async () => {
    const en = await as(`${await signIn(server.app)}; Culture=en`, '/mvc/products/GetFlexData', {
      dataSource: 2,
      columnFilter: { ID: 'A-NL1' },
    });
    const status = en.body.Meta.Columns.find((c: { FieldName: string }) => c.FieldName === 'Status');
    // "Nieuw" has an English translation in the test pack, "Verkocht" has none and stays Dutch.
    expect(status).toMatchObject({
      AdvancedFilterType: 'choice',
      Options: [
        { Value: 'new', Label: 'New' },
        { Value: 'sold', Label: 'Verkocht' },
      ],
    });
    expect(en.body.Data[0].Status).toBe('new');
    const nl = (await flex({})).body.Meta.Columns.find((c: { FieldName: string }) => c.FieldName === 'Status');
    expect(nl.Options[0]).toEqual({ Value: 'new', Label: 'Nieuw' });
  });

  it('filters by code: the quick filter by equality, is, is not and is one of', async () => {
    expect(ids(await flex({ columnFilter: { Status: 'sold' } }))).toEqual(['A-BE1', 'A-NL2']);
    expect(
      ids(await flex({ operatorFilter: [{ FieldName: 'Status', Operator: 'in', Value: ['new', 'sold'] }] })),
    ).toEqual(['A-BE1', 'A-NL1', 'A-NL2']);
    expect(ids(await flex({ operatorFilter: [{ FieldName: 'Status', Operator: '!=', Value: 'sold' }] }))).toEqual([
      'A-DE1',
      'A-NL1',
      'A-NONE',
    ]);
    expect(ids(await flex({ operatorFilter: [{ FieldName: 'Status', Operator: 'empty' }] }))).toEqual([
      'A-DE1',
      'A-NONE',
    ]);
  });

  it('refuses a code that is no option and text operators, naming the field', async () => {
    const unknown = await flex({ columnFilter: { Status: 'Nieuw' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.Error).toBe('columnFilter[0]: de waarde voor Status moet een van deze keuzes zijn: new, sold.');
    expect(
      (await flex({ operatorFilter: [{ FieldName: 'Status', Operator: 'in', Value: ['new', 'gone'] }] })).body.Key,
    ).toBe('request.value_option');
    const contains = await flex({ operatorFilter: [{ FieldName: 'Status', Operator: 'contains', Value: 'ne' }] });
    expect(contains.status).toBe(400);
    expect(contains.body.Error).toMatch(/niet toegestaan voor Status; toegestaan: = != in empty\.$/);
  });
});

describe('limits on the referenced table', () => {
  it('a user whose row limit hides a referenced row cannot find rows by its text', async () => {
    // Lisa sees the countries of the products she owns: the Netherlands, not Belgium.
    const lisa = await limitedUser('lisa', ['9.2', '9.1']);
    const { AutoID, TimeStamp } = (await flex({ columnFilter: { ID: 'A-NL1' } })).body.Data[0];
    expect((await post(server.app, '/mvc/products/save', { AutoID, TimeStamp, Owner: lisa.id })).status).toBe(200);
    expect(
      (
        await post(server.app, '/mvc/rowlimits/save', {
          SecurityGroup: lisa.group,
          TableName: 'countries',
          FieldName: 'AutoID',
          Kind: 'linked',
          Path: 'products.Owner:Country',
        })
      ).status,
    ).toBe(200);
    const grid = (body: Record<string, unknown>) =>
      as(lisa.cookie, '/mvc/products/GetFlexData', { dataSource: 2, order: 'ID asc', ...body });

    expect((await grid({ columnFilter: { ID: 'A-BE1' } })).body.Data[0].Country_Descr).toBeNull();
    expect(ids(await grid({ columnFilter: { Country: 'neder' } }))).toEqual(['A-NL1', 'A-NL2']);
    expect((await grid({ columnFilter: { Country: 'belg' } })).body.Meta.Count).toBe(0);
    expect(
      (await grid({ operatorFilter: [{ FieldName: 'Country', Operator: 'contains', Value: 'land' }] })).body.Data.map(
        (r: { ID: string }) => r.ID,
      ),
    ).toEqual(['A-NL1', 'A-NL2']);
    // Not containing a text it cannot see: as its empty text shows.
    expect(
      ids(await grid({ operatorFilter: [{ FieldName: 'Country', Operator: 'notcontains', Value: 'belg' }] })),
    ).toContain('A-BE1');
    // The administrator finds Belgium's rows.
    expect(ids(await flex({ columnFilter: { Country: 'belg' } }))).toEqual(['A-BE1']);
  });

  it("a user without the referenced table's right, or with its text field hidden, finds nothing by text", async () => {
    const noRight = await limitedUser('nora', ['9.2']);
    expect(
      (await as(noRight.cookie, '/mvc/products/GetFlexData', { dataSource: 2, columnFilter: { Country: 'neder' } }))
        .body.Meta.Count,
    ).toBe(0);
    const hiddenText = await limitedUser('hein', ['9.2', '9.1']);
    await post(server.app, '/mvc/fieldlimits/save', {
      SecurityGroup: hiddenText.group,
      TableName: 'countries',
      FieldName: 'Descr',
      Visibility: '0',
    });
    const res = await as(hiddenText.cookie, '/mvc/products/GetFlexData', {
      dataSource: 2,
      columnFilter: { Country: 'neder' },
    });
    expect(res.status).toBe(200);
    expect(res.body.Meta.Count).toBe(0);
  });

  it('a hidden list or choice field cannot be filtered on at all', async () => {
    const user = await limitedUser('frida', ['9.2', '9.1']);
    await post(server.app, '/mvc/fieldlimits/save', {
      SecurityGroup: user.group,
      TableName: 'products',
      FieldName: 'Country',
      Visibility: '0',
    });
    await post(server.app, '/mvc/fieldlimits/save', {
      SecurityGroup: user.group,
      TableName: 'products',
      FieldName: 'Status',
      Visibility: '0',
    });
    for (const body of [
      { columnFilter: { Country: 'neder' } },
      { operatorFilter: [{ FieldName: 'Country', Operator: 'in', Value: [country.NL] }] },
      { operatorFilter: [{ FieldName: 'status', Operator: '=', Value: 'new' }] },
    ]) {
      const res = await as(user.cookie, '/mvc/products/GetFlexData', body);
      expect(res.status).toBe(400);
      expect(res.body.Key).toBe('request.unknown_field');
    }
  });
});

describe('hostile input', () => {
  it.each([
    [
      {
        operatorFilter: [{ FieldName: 'Country', Operator: 'in', Value: Array.from({ length: 101 }, (_, i) => i + 1) }],
      },
      'request.too_many_items',
    ],
    [
      { operatorFilter: [{ FieldName: 'Country', Operator: 'in', Value: ['1; DROP TABLE products'] }] },
      'request.value_number',
    ],
    [{ operatorFilter: [{ FieldName: 'Country', Operator: 'in', Value: [[1]] }] }, 'request.value_number'],
    [{ operatorFilter: [{ FieldName: 'Country', Operator: 'in', Value: [1.5] }] }, 'request.value_whole'],
    [
      { operatorFilter: [{ FieldName: 'Country', Operator: 'contains', Value: { toString: 'x' } }] },
      'request.value_text',
    ],
    [
      { operatorFilter: [{ FieldName: 'Country', Operator: 'contains', Value: 'x'.repeat(1001) }] },
      'request.value_text',
    ],
    [{ operatorFilter: [{ FieldName: 'Country', Operator: 'IN (1) OR 1=1 --', Value: 'x' }] }, 'request.operator'],
    [{ operatorFilter: [{ FieldName: 'Status', Operator: 'in', Value: [{ a: 1 }] }] }, 'request.value_option'],
  ])('%j is refused with 400 (%s) and nothing is run', async (body, key) => {
    const res = await flex(body);
    expect(res.status).toBe(400);
    expect(res.body.Key).toBe(key);
  });

  it('text that looks like SQL is only text', async () => {
    const before = await products();
    expect((await flex({ columnFilter: { Country: "'); DROP TABLE products; --" } })).body.Meta.Count).toBe(0);
    expect(
      (await flex({ operatorFilter: [{ FieldName: 'Country', Operator: 'notcontains', Value: "x' OR '1'='1" }] })).body
        .Meta.Count,
    ).toBe(before);
    expect(await products()).toBe(before);
  });
});

describe('saved views', () => {
  it('keep list and choice filters and give them back as saved', async () => {
    const FlexGridLayout = {
      Columns: [
        { FieldName: 'ID', ColumnWidth: 120, ColumnAlignment: 0, Visible: true, Search: '', AdvancedFilters: [] },
        {
          FieldName: 'Country',
          ColumnWidth: 150,
          ColumnAlignment: 0,
          Visible: true,
          Search: 'neder',
          AdvancedFilters: [
            { Operator: 'in', Value: [country.NL, country.BE] },
            { Operator: 'notcontains', Value: 'belg' },
          ],
        },
        {
          FieldName: 'Status',
          ColumnWidth: 100,
          ColumnAlignment: 0,
          Visible: true,
          Search: 'sold',
          AdvancedFilters: [{ Operator: 'in', Value: ['new', 'sold'] }],
        },
      ],
      PageSize: 35,
      Sort: 'Country asc',
    };
    const created = await post(server.app, '/mvc/products/createnewflexgridlayout', {
      Name: 'Landen',
      ControlName: 'products',
      LayoutType: 1,
      SetAsDefaultLayout: false,
      FlexGridLayout,
    });
    expect(created.status).toBe(200);
    const stored = (await post(server.app, '/mvc/flexgridlayout/getflexgridlayout', { AutoID: created.body.AutoID }))
      .body;
    expect(
      stored.Columns.map((c: { Search: string; AdvancedFilters: unknown[] }) => [c.Search, c.AdvancedFilters]),
    ).toEqual(FlexGridLayout.Columns.map((c) => [c.Search, c.AdvancedFilters]));
    expect(stored.Meta.Columns.find((c: { FieldName: string }) => c.FieldName === 'Status').Options).toHaveLength(2);
  });

  it('refuses what GetFlexData would refuse, naming the place', async () => {
    const bad = await post(server.app, '/mvc/products/createnewflexgridlayout', {
      Name: 'Fout',
      ControlName: 'products',
      LayoutType: 1,
      SetAsDefaultLayout: false,
      FlexGridLayout: {
        Columns: [
          { FieldName: 'Country', AdvancedFilters: [{ Operator: '<', Value: 3 }] },
          { FieldName: 'Status', Search: 'gone' },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.TranslationModelState.ModelState['FlexGridLayout.Columns[0].AdvancedFilters[0]'][0].Key).toBe(
      'request.operator',
    );
    expect(bad.body.TranslationModelState.ModelState['FlexGridLayout.Columns[1].Search'][0].Key).toBe(
      'request.value_option',
    );
  });
});
