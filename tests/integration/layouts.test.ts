// Saved views over HTTP, as users of different roles see them: the three levels (user, role,
// system), the default each user gets, the two named permissions, and bad input refused without
// writing anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { writeSiteDefinition } from '../../server/metadata/site-layer.ts';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
const cookies: Record<string, string> = {};
let plannersId: number;
let userViewsId: number;

async function as(user: string, url: string, body: object = {}) {
  const app: FastifyInstance = server.app;
  const res = await app.inject({ method: 'POST', url, payload: body, headers: { cookie: cookies[user] } });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}
const views = async () =>
  Number((await server.engine.pool.query('SELECT count(*) AS n FROM core_flexgridlayout')).rows[0].n);
const defaultOf = async (user: string, control = 'products') =>
  (await as(user, `/mvc/${control}/GetUserFlexGridLayout`, { controlName: control })).body;
const names = async (user: string) =>
  (
    await as(user, '/mvc/products/getflexgridlayouts', {
      ControlName: 'products',
      Filter: { PageSize: 1000, PageIndex: 0 },
    })
  ).body.Data.map((l: { Name: string }) => l.Name);
const content = (fields: string[], extra: Record<string, unknown> = {}) => ({
  Columns: fields.map((FieldName) => ({
    FieldName,
    ColumnWidth: 150,
    ColumnAlignment: 0,
    Visible: true,
    Search: '',
    AdvancedFilters: [],
  })),
  PageSize: 35,
  Sort: '',
  ...extra,
});
const create = (user: string, Name: string, LayoutType: 0 | 1, more: Record<string, unknown> = {}) =>
  as(user, '/mvc/products/createnewflexgridlayout', {
    Name,
    ControlName: 'products',
    LayoutType,
    SetAsDefaultLayout: false,
    FlexGridLayout: content(['ID', 'Descr']),
    ...more,
  });

async function group(ID: string, grants: [string, string][]): Promise<number> {
  const id = (await post(server.app, '/mvc/securitygroups/save', { ID, Descr: ID })).body.AutoID;
  for (const [RightCode, Action] of grants) {
    expect(
      (await post(server.app, '/mvc/securitygrants/save', { SecurityGroup: id, RightCode, Action, Grant: true }))
        .status,
    ).toBe(200);
  }
  return id;
}
async function user(Username: string, groups: number[]) {
  const password = `${Username}-Pass-1`;
  const id = (
    await post(server.app, '/mvc/users/save', {
      Username,
      PersonName: Username,
      Password: password,
      PasswordRetype: password,
    })
  ).body.AutoID;
  for (const g of groups) await post(server.app, '/mvc/usergroups/save', { User: id, SecurityGroup: g });
  cookies[Username] = await signIn(server.app, Username, password);
}

beforeAll(async () => {
  server = await startTestServer();
  cookies.admin = await signIn(server.app);
  const readers: [string, string][] = [
    ['9.2', 'read'],
    ['9.1', 'read'],
  ];
  plannersId = await group('planners', readers);
  const userViews = await group('userviews', [['12.5', 'execute']]);
  userViewsId = userViews;
  const managers = await group('viewmanagers', [...readers, ['12.6', 'execute']]);
  const others = await group('others', readers);
  // Planners do not see prices; view managers do not see stock.
  await post(server.app, '/mvc/fieldlimits/save', {
    SecurityGroup: plannersId,
    TableName: 'products',
    FieldName: 'Price',
    Visibility: '0',
  });
  await post(server.app, '/mvc/fieldlimits/save', {
    SecurityGroup: managers,
    TableName: 'products',
    FieldName: 'Stock',
    Visibility: '0',
  });
  await user('ulla', [plannersId, userViews]); // a planner who may keep her own views
  await user('piet', [plannersId]); // a planner without view rights
  await user('sam', [managers]); // manages system and role views, in no planner role
  await user('otto', [others]); // reads products, no view rights, another role
});
afterAll(async () => {
  await server?.close();
});

describe('views from the definitions', () => {
  it('a grid with a grid definition starts with the pack layout as the system default', async () => {
    const layout = await defaultOf('admin');
    expect(layout).toMatchObject({
      Name: 'Artikelen',
      LayoutType: 0,
      ControlName: 'products',
      Sort: 'ID asc',
      PageSize: 35,
      DefaultLayout: true,
      FromDefinitions: true,
      SecurityGroupID: null,
      Owner: null,
      CanChange: true,
      Permissions: { AllowChangeUserViews: true, AllowChangeSystemViews: true },
    });
    expect(layout.Columns.map((c: { FieldName: string }) => c.FieldName)).toEqual([
      'ID',
      'Descr',
      'Price',
      'Stock',
      'Country',
      'Owner',
    ]);
    expect(layout.Columns[0]).toEqual({
      FieldName: 'ID',
      ColumnWidth: 120,
      ColumnAlignment: 0,
      Visible: true,
      Search: '',
      AdvancedFilters: [],
    });
    expect(layout.Columns[2]).toMatchObject({ FieldName: 'Price', ColumnWidth: 150, ColumnAlignment: 2 });
    // Described as GetFlexData describes them, so the grid can draw it before the rows arrive.
    expect(layout.Meta.Columns[0]).toMatchObject({
      FieldName: 'ID',
      Title: expect.any(String),
      ColumnWidth: 120,
      AdvancedFilterType: 'text',
      IsSortable: true,
    });
    expect(layout.Meta.Columns.map((c: { FieldName: string }) => c.FieldName)).toEqual(
      layout.Columns.map((c: { FieldName: string }) => c.FieldName),
    );
  });

  it('a grid without one gets a standard view derived from its table', async () => {
    const layout = await defaultOf('admin', 'countries');
    expect(layout).toMatchObject({ Name: 'default', LayoutType: 0, FromDefinitions: true, DefaultLayout: true });
    expect(layout.Columns.map((c: { FieldName: string }) => c.FieldName)).toEqual(['ID', 'Descr']);
  });

  it('columns a user may not see are absent from the view, the available columns and the filters', async () => {
    const layout = await defaultOf('piet');
    expect(layout.Columns.map((c: { FieldName: string }) => c.FieldName)).toEqual([
      'ID',
      'Descr',
      'Stock',
      'Country',
      'Owner',
    ]);
    expect(layout.Meta.Columns.map((c: { FieldName: string }) => c.FieldName)).not.toContain('Price');
    expect(layout.Permissions).toEqual({ AllowChangeUserViews: false, AllowChangeSystemViews: false });
    expect(layout.CanChange).toBe(false);
    const available = (await as('piet', '/mvc/products/GetAvailableColumnsForPage', { AutoID: layout.AutoID })).body;
    expect(available.map((c: { FieldName: string }) => c.FieldName)).not.toContain('Price');
    expect(available.find((c: { FieldName: string }) => c.FieldName === 'Descr')).toMatchObject({
      ColumnTitle: expect.any(String),
      selected: true,
      AutoID: expect.any(Number),
    });
    expect(available.find((c: { FieldName: string }) => c.FieldName === 'Notes')).toMatchObject({ selected: false });
    const filters = (await as('piet', '/mvc/products/GetAvailableQueryFiltersForPage')).body;
    expect(filters.map((f: { FieldName: string }) => f.FieldName)).not.toContain('Price');
    expect(filters.find((f: { FieldName: string }) => f.FieldName === 'Stock')).toEqual({
      FieldName: 'Stock',
      Title: expect.any(String),
      FilterType: 'number',
      Operators: ['>', '>=', '<', '<=', '=', '!=', 'empty'],
    });
  });

  it('cannot be updated or deleted, only saved under a new name', async () => {
    const layout = await defaultOf('admin');
    const update = await as('admin', '/mvc/flexgridlayout/updateflexgridlayout', {
      AutoID: layout.AutoID,
      FlexGridLayout: content(['ID']),
    });
    expect(update.status).toBe(400);
    expect(update.body.Error).toMatch(/definities/);
    expect((await as('admin', '/mvc/flexgridlayout/deleteflexgridlayout', { AutoID: layout.AutoID })).status).toBe(400);
    expect((await defaultOf('admin')).Columns).toHaveLength(6);
  });
});

describe("names of views in the user's language", () => {
  const inEnglish = async (user: string, url: string, body: object = {}) =>
    (
      await server.app.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { cookie: `${cookies[user]}; Culture=en` },
      })
    ).json();

  it('a view from the definitions is named in the Culture of the request; a user-made name never', async () => {
    expect((await inEnglish('admin', '/mvc/products/GetUserFlexGridLayout', { controlName: 'products' })).Name).toBe(
      'Products',
    );
    expect((await defaultOf('admin')).Name).toBe('Artikelen');
    // A user's view named like a translated text keeps its name.
    expect((await create('admin', 'Artikelen 2', 1)).status).toBe(200);
    const listed = await inEnglish('admin', '/mvc/products/getflexgridlayouts', {
      ControlName: 'products',
      Filter: { PageSize: 1000, PageIndex: 0 },
    });
    const names = listed.Data.map((l: { Name: string; FromDefinitions: boolean }) => [l.Name, l.FromDefinitions]);
    expect(names).toContainEqual(['Products', true]);
    expect(names).toContainEqual(['Artikelen 2', false]);
    const id = listed.Data.find((l: { Name: string }) => l.Name === 'Products').AutoID;
    expect((await inEnglish('admin', '/mvc/flexgridlayout/getflexgridlayout', { AutoID: id })).Name).toBe('Products');
  });

  it("a new view may not take the name a view from the definitions is listed under in the user's language", async () => {
    const before = await views();
    const refused = await inEnglish('admin', '/mvc/products/createnewflexgridlayout', {
      Name: 'products',
      ControlName: 'products',
      LayoutType: 1,
      FlexGridLayout: content(['ID']),
    });
    expect(refused.ModelState.Name[0]).toMatch(/products/i);
    expect(await views()).toBe(before);
  });
});

describe('definition views follow the definitions', () => {
  const grid = (fields: string[]) => ({
    name: 'countries',
    table: 'countries',
    layouts: [{ Name: 'Landen', Columns: fields.map((FieldName) => ({ FieldName })) }],
  });

  it('a grid definition replaces the derived standard view, and a change to it updates the same view', async () => {
    const { engine } = server;
    await writeSiteDefinition(engine.pool, 'grid', 'countries', grid(['Descr']), 'test');
    await engine.registry.refresh();
    const first = await defaultOf('admin', 'countries');
    expect(first).toMatchObject({ Name: 'Landen', FromDefinitions: true, DefaultLayout: true });
    expect(first.Columns.map((c: { FieldName: string }) => c.FieldName)).toEqual(['Descr']);
    const list = (await as('admin', '/mvc/countries/getflexgridlayouts', { ControlName: 'countries' })).body.Data.map(
      (l: { Name: string }) => l.Name,
    );
    expect(list).not.toContain('default');

    await writeSiteDefinition(engine.pool, 'grid', 'countries', grid(['ID', 'Descr']), 'test');
    await engine.registry.refresh();
    const second = await defaultOf('admin', 'countries');
    expect(second.AutoID).toBe(first.AutoID);
    expect(second.Columns.map((c: { FieldName: string }) => c.FieldName)).toEqual(['ID', 'Descr']);

    await writeSiteDefinition(engine.pool, 'grid', 'countries', null, 'test');
    await engine.registry.refresh();
    expect((await defaultOf('admin', 'countries')).Name).toBe('default');
  });
});

describe('the named permissions', () => {
  it.each([
    ['piet', 1, 403],
    ['piet', 0, 403],
    ['ulla', 1, 200],
    ['ulla', 0, 403],
    ['sam', 0, 200],
    ['sam', 1, 403],
    ['admin', 0, 200],
    ['admin', 1, 200],
  ] as const)('%s creating a view of type %i answers %i', async (who, type, status) => {
    const before = await views();
    const res = await create(who, `Matrix${who}${type}`, type);
    expect(res.status).toBe(status);
    expect(await views()).toBe(before + (status === 200 ? 1 : 0));
    if (status === 200) {
      expect(res.body).toMatchObject({
        Name: `Matrix${who}${type}`,
        LayoutType: type,
        CanChange: true,
        FromDefinitions: false,
      });
      expect((await as(who, '/mvc/flexgridlayout/deleteflexgridlayout', { AutoID: res.body.AutoID })).status).toBe(200);
    }
  });

  it('let a manager of system views list the roles to share with, without security-group rights', async () => {
    const res = await as('sam', '/mvc/flexgridlayout/getsecuritygroups');
    expect(res.status).toBe(200);
    expect(res.body.map((g: { ID: string }) => g.ID)).toEqual(expect.arrayContaining(['planners', 'others', 'admin']));
    expect((await as('sam', '/mvc/_lists/securitygroups')).status).toBe(403);
    expect((await as('ulla', '/mvc/flexgridlayout/getsecuritygroups')).status).toBe(403);
  });

  it('are answered by getauthorization by name as well as by code', async () => {
    const res = await as('ulla', '/mvc/security/getauthorization', [
      { ID: 'AllowChangeUserViews', Action: 'execute' },
      { ID: 'AllowChangeSystemViews', Action: 'execute' },
      { ID: '12.5', Action: 'execute' },
    ]);
    expect(res.body.map((e: { Grant: boolean }) => e.Grant)).toEqual([true, false, true]);
  });
});

describe('names and content are checked before anything is written', () => {
  it.each([
    ['', /naam/i],
    ['   ', /naam/i],
    ['Mijn!', /letters, cijfers, spaties en - _ \. \( \) & \//],
    ['Mijn <b>view</b>', /letters, cijfers, spaties/],
    ["Piet's view", /letters, cijfers, spaties/],
    ['x'.repeat(51), /hoogstens 50/],
    ['artikelen', /al een weergave/],
  ])('name %j is refused', async (name, message) => {
    const before = await views();
    const res = await create('ulla', name, 1);
    expect(res.status).toBe(400);
    expect(res.body.ModelState.Name[0]).toMatch(message);
    expect(await views()).toBe(before);
  });

  it('a name may have spaces and - _ . ( ) & /, and is kept trimmed with one space between words', async () => {
    const res = await create('ulla', '  Mijn   open orders (week 1/2) & co_A.B-C  ', 1);
    expect(res.status).toBe(200);
    expect(res.body.Name).toBe('Mijn open orders (week 1/2) & co_A.B-C');
    expect(res.body.LayoutType).toBe(1);
    // 50 characters after trimming and collapsing are enough.
    expect((await create('ulla', `  ${'a'.repeat(25)}     ${'b'.repeat(24)}  `, 1)).status).toBe(200);
  });

  it('a name with spaces is unique after trimming and collapsing, case-insensitively', async () => {
    expect((await create('ulla', 'Open orders', 1)).status).toBe(200);
    const before = await views();
    for (const twin of ['open orders', '  OPEN   ORDERS ', 'Open\torders']) {
      const res = await create('ulla', twin, 1);
      expect(res.status).toBe(400);
      expect(res.body.ModelState.Name[0]).toMatch(/al een weergave met de naam/);
    }
    expect(await views()).toBe(before);
  });

  it('a name is unique per grid, case-insensitively, but the same name may live in another grid', async () => {
    const first = await create('ulla', 'Dubbel', 1);
    expect(first.status).toBe(200);
    expect((await create('ulla', 'DUBBEL', 1)).body.ModelState.Name[0]).toMatch(/al een weergave met de naam DUBBEL/);
    const other = await as('ulla', '/mvc/countries/createnewflexgridlayout', {
      Name: 'Dubbel',
      ControlName: 'countries',
      LayoutType: 1,
      FlexGridLayout: content(['ID']),
    });
    expect(other.status).toBe(200);
    // Another user's own view of that name is no clash: it is not listed beside hers.
    expect((await create('admin', 'Dubbel', 1)).status).toBe(200);
  });

  it.each([
    [{ Columns: [{ FieldName: 'Nope' }] }, 'Columns[0].FieldName', /onbekend veld Nope/, 'request.unknown_field'],
    [
      { Columns: [{ FieldName: 'ID', ColumnWidth: -1 }] },
      'Columns[0].ColumnWidth',
      /^FlexGridLayout\.Columns\[0\]\.ColumnWidth moet een geheel getal van 0 tot en met 2000 zijn\.$/,
      'request.whole_number',
    ],
    [
      { Columns: [{ FieldName: 'ID', ColumnAlignment: 3 }] },
      'Columns[0].ColumnAlignment',
      /^FlexGridLayout\.Columns\[0\]\.ColumnAlignment moet een van deze waarden zijn: 0, 1, 2\.$/,
      'request.one_of',
    ],
    [
      { Columns: [{ FieldName: 'Price', AdvancedFilters: [{ Operator: 'contains', Value: '1' }] }] },
      'Columns[0].AdvancedFilters[0]',
      /niet toegestaan voor Price/,
      'request.operator',
    ],
    [
      { Columns: [{ FieldName: 'Stock', Search: 'many' }] },
      'Columns[0].Search',
      /moet een getal zijn/,
      'request.value_number',
    ],
    [
      { Columns: [{ FieldName: 'ID' }, { FieldName: 'id' }] },
      'Columns[1].FieldName',
      /^Kolom ID komt twee keer voor\.$/,
      'layouts.column_twice',
    ],
    [
      { Columns: [{ FieldName: 'ID' }], Sort: 'Notes asc' },
      'Sort',
      /^Op kolom Notes kan niet worden gesorteerd\.$/,
      'layouts.not_sortable',
    ],
    [
      { Columns: [{ FieldName: 'ID' }], PageSize: 5000 },
      'PageSize',
      /^FlexGridLayout\.PageSize moet een geheel getal van 1 tot en met 1000 zijn\.$/,
      'request.whole_number',
    ],
    [{ Columns: 'ID' }, 'Columns', /^FlexGridLayout\.Columns moet een lijst zijn\.$/, 'request.list'],
    [
      { Columns: [{ FieldName: 'ID', Visible: 'ja' }] },
      'Columns[0].Visible',
      /^FlexGridLayout\.Columns\[0\]\.Visible moet true of false zijn\.$/,
      'request.bool',
    ],
    [
      { Columns: [{ FieldName: 'ID', AdvancedFilters: [{ Operator: 'eq', Value: { a: 1 } }] }] },
      'Columns[0].AdvancedFilters[0].Value',
      /niet het verwachte type \(string, number, boolean, null, array\)/,
      'request.types',
    ],
    [
      { Columns: [{ FieldName: 'ID' }], Sort: 'ID' },
      'Sort',
      /^FlexGridLayout\.Sort moet tekst zijn van de vorm 'kolom richting'/,
      'layouts.sort_form',
    ],
    [
      { Columns: [{ FieldName: 'ID', Colour: 'red' }] },
      'Columns[0].Colour',
      /^Onbekende parameter FlexGridLayout\.Columns\[0\]\.Colour; deze aanroep kent FieldName, /,
      'request.unknown_parameter',
    ],
  ])('content %j is refused at FlexGridLayout.%s', async (layout, place, message, key) => {
    const before = await views();
    const res = await as('admin', '/mvc/products/createnewflexgridlayout', {
      Name: 'Fout',
      ControlName: 'products',
      LayoutType: 1,
      FlexGridLayout: layout,
    });
    expect(res.status).toBe(400);
    const path = `FlexGridLayout.${place}`;
    expect(res.body.ModelState[path][0]).toMatch(message);
    expect(res.body.TranslationModelState.ModelState[path][0].Key).toBe(key);
    expect(await views()).toBe(before);
  });

  it('a view that is not an object, an unknown type or a shared user view is refused with a keyed message', async () => {
    const shapeless = await as('admin', '/mvc/products/createnewflexgridlayout', {
      Name: 'Fout',
      ControlName: 'products',
      LayoutType: 1,
      FlexGridLayout: 'ID',
    });
    expect(shapeless.status).toBe(400);
    expect(shapeless.body.ModelState.FlexGridLayout).toEqual(['FlexGridLayout moet een object zijn.']);
    expect(shapeless.body.TranslationModelState.ModelState.FlexGridLayout).toEqual([
      { Key: 'request.object', Value: ['FlexGridLayout'] },
    ]);
    const typeless = await as('admin', '/mvc/products/createnewflexgridlayout', {
      Name: 'Fout',
      ControlName: 'products',
      LayoutType: 7,
      FlexGridLayout: content(['ID']),
    });
    expect(typeless.status).toBe(400);
    expect(typeless.body.ModelState.LayoutType).toEqual([
      'LayoutType moet 0 (systeemweergave) of 1 (gebruikersweergave) zijn.',
    ]);
    expect(typeless.body.TranslationModelState.ModelState.LayoutType).toEqual([
      { Key: 'layouts.layout_type', Value: [] },
    ]);
    const shared = await as('admin', '/mvc/products/createnewflexgridlayout', {
      Name: 'Fout',
      ControlName: 'products',
      LayoutType: 1,
      SecurityGroupID: 1,
      FlexGridLayout: content(['ID']),
    });
    expect(shared.status).toBe(400);
    expect(shared.body.ModelState.SecurityGroupID).toEqual([
      'Een gebruikersweergave wordt niet gedeeld met een beveiligingsgroep.',
    ]);
    expect(shared.body.TranslationModelState.ModelState.SecurityGroupID).toEqual([
      { Key: 'layouts.user_view_group', Value: [] },
    ]);
    const nameless = await as('admin', '/mvc/flexgridlayout/getflexgridlayout', { AutoID: -3 });
    expect(nameless.status).toBe(400);
    expect(nameless.body.Error).toBe('AutoID moet een geheel getal groter dan 0 zijn.');
    expect(nameless.body.ModelState.AutoID).toEqual(['AutoID moet een geheel getal groter dan 0 zijn.']);
    expect(nameless.body.TranslationModelState.ModelState.AutoID).toEqual([
      { Key: 'request.positive', Value: ['AutoID'] },
    ]);
  });

  it("answers the grid definition's card fields with a view, without those hidden from the user", async () => {
    expect((await as('admin', '/mvc/products/GetUserFlexGridLayout', {})).body.Card).toEqual(['ID', 'Descr', 'Price']);
    expect((await as('otto', '/mvc/products/GetUserFlexGridLayout', {})).body.Card).toEqual(['ID', 'Descr', 'Price']);
    // Planners do not see prices.
    expect((await as('piet', '/mvc/products/GetUserFlexGridLayout', {})).body.Card).toEqual(['ID', 'Descr']);
    const id = (await as('admin', '/mvc/products/GetUserFlexGridLayout', {})).body.AutoID;
    expect((await as('piet', '/mvc/flexgridlayout/getflexgridlayout', { AutoID: id })).body.Card).toEqual([
      'ID',
      'Descr',
    ]);
  });

  it('a hidden column cannot be put in a view by the user it is hidden from', async () => {
    const res = await as('ulla', '/mvc/products/createnewflexgridlayout', {
      Name: 'Prijzen',
      ControlName: 'products',
      LayoutType: 1,
      FlexGridLayout: content(['ID', 'Price']),
    });
    expect(res.status).toBe(400);
    expect(res.body.ModelState['FlexGridLayout.Columns[1].FieldName'][0]).toMatch(/Price/);
  });
});

describe('three levels', () => {
  let mine: number;
  let planning: number;
  let everyone: number;

  it('a user view set as default is that user’s start view, and nobody else’s', async () => {
    const res = await create('ulla', 'Mijn', 1, {
      SetAsDefaultLayout: true,
      FlexGridLayout: content(['Descr', 'ID', 'Stock'], { Sort: 'Stock desc', PageSize: 50 }),
    });
    expect(res.status).toBe(200);
    mine = res.body.AutoID;
    expect(await defaultOf('ulla')).toMatchObject({
      AutoID: mine,
      Name: 'Mijn',
      LayoutType: 1,
      Owner: 'ulla',
      DefaultLayout: true,
      Sort: 'Stock desc',
      PageSize: 50,
    });
    expect((await defaultOf('piet')).Name).toBe('Artikelen');
    expect(await names('piet')).not.toContain('Mijn');
    expect((await as('piet', '/mvc/flexgridlayout/getflexgridlayout', { AutoID: mine })).status).toBe(404);
    expect(
      (await as('admin', '/mvc/flexgridlayout/updateflexgridlayout', { AutoID: mine, FlexGridLayout: content(['ID']) }))
        .status,
    ).toBe(404);
  });

  it('a view pushed to a role is the default of its members who have no own default', async () => {
    const res = await as('admin', '/mvc/products/createnewflexgridlayout', {
      Name: 'Planning',
      ControlName: 'products',
      LayoutType: 0,
      SetAsDefaultLayout: true,
      SecurityGroupID: plannersId,
      FlexGridLayout: content(['ID', 'Descr', 'Stock', 'Country'], { Sort: 'Descr asc' }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ SecurityGroupID: plannersId, SecurityGroup: 'planners', LayoutType: 0 });
    planning = res.body.AutoID;
    expect((await defaultOf('piet')).Name).toBe('Planning');
    expect((await defaultOf('ulla')).Name).toBe('Mijn');
    expect((await defaultOf('otto')).Name).toBe('Artikelen');
    expect(await names('otto')).not.toContain('Planning');
    expect((await as('otto', '/mvc/flexgridlayout/getflexgridlayout', { AutoID: planning })).status).toBe(404);
    // A manager of system views looks after every role's views.
    expect(await names('sam')).toContain('Planning');
  });

  it('a system view set as default is everyone’s default below their own and their role’s', async () => {
    const res = await as('sam', '/mvc/products/createnewflexgridlayout', {
      Name: 'Iedereen',
      ControlName: 'products',
      LayoutType: 0,
      SetAsDefaultLayout: true,
      FlexGridLayout: content(['ID', 'Descr']),
    });
    expect(res.status).toBe(200);
    everyone = res.body.AutoID;
    expect((await defaultOf('otto')).Name).toBe('Iedereen');
    expect((await defaultOf('piet')).Name).toBe('Planning');
    expect((await defaultOf('ulla')).Name).toBe('Mijn');
    const list = (
      await as('otto', '/mvc/products/getflexgridlayouts', {
        ControlName: 'products',
        Filter: { PageSize: 1000, PageIndex: 0 },
      })
    ).body;
    const byName = Object.fromEntries(
      list.Data.map((l: { Name: string; DefaultLayout: boolean }) => [l.Name, l.DefaultLayout]),
    );
    expect(byName).toMatchObject({ Iedereen: true, Artikelen: false });
    expect(list.Meta.Columns.map((c: { FieldName: string }) => c.FieldName)).toEqual([
      'Name',
      'LayoutType',
      'DefaultLayout',
      'CreateDate',
    ]);
  });

  it('the manager lists user views first, each with its kind, and at most the page asked for', async () => {
    const list = (
      await as('ulla', '/mvc/products/getflexgridlayouts', {
        ControlName: 'products',
        Filter: { PageSize: 1000, PageIndex: 0 },
      })
    ).body;
    expect(list.Data[0]).toMatchObject({ LayoutType: 1 });
    expect(list.Count ?? list.Meta.Count).toBe(list.Data.length);
    const one = (
      await as('ulla', '/mvc/products/getflexgridlayouts', {
        ControlName: 'products',
        Filter: { PageSize: 1, PageIndex: 0 },
      })
    ).body;
    expect(one.Data).toHaveLength(1);
    expect(one.Meta.Count).toBe(list.Meta.Count);
  });

  it('updates follow the level: own user views with AllowChangeUserViews, system and role views with AllowChangeSystemViews', async () => {
    const update = (who: string, AutoID: number, fields: string[]) =>
      as(who, '/mvc/flexgridlayout/updateflexgridlayout', { AutoID, FlexGridLayout: content(fields) });
    expect((await update('ulla', mine, ['ID', 'Descr'])).status).toBe(200);
    expect((await defaultOf('ulla')).Columns.map((c: { FieldName: string }) => c.FieldName)).toEqual(['ID', 'Descr']);
    expect((await update('ulla', planning, ['ID'])).status).toBe(403);
    expect((await update('piet', planning, ['ID'])).status).toBe(403);
    expect((await update('otto', everyone, ['ID'])).status).toBe(403);
    expect((await defaultOf('piet')).Columns).toHaveLength(4);
  });

  it('a manager who cannot see a column keeps it in the view for those who can', async () => {
    const res = await as('sam', '/mvc/flexgridlayout/updateflexgridlayout', {
      AutoID: planning,
      FlexGridLayout: content(['Descr', 'ID']),
    });
    expect(res.status).toBe(200);
    expect(res.body.Columns.map((c: { FieldName: string }) => c.FieldName)).toEqual(['Descr', 'ID']);
    const forPiet = await defaultOf('piet');
    expect(forPiet.Columns.map((c: { FieldName: string }) => c.FieldName)).toEqual(['Descr', 'ID', 'Stock']);
  });

  it('set as default follows the same rule', async () => {
    const pack = (await as('ulla', '/mvc/products/getflexgridlayouts', { ControlName: 'products' })).body.Data.find(
      (l: { Name: string }) => l.Name === 'Artikelen',
    );
    expect(
      (await as('ulla', '/mvc/products/updatedefaultlayout', { AutoID: pack.AutoID, controlName: 'products' })).status,
    ).toBe(403);
    expect(
      (await as('piet', '/mvc/products/updatedefaultlayout', { AutoID: planning, controlName: 'products' })).status,
    ).toBe(403);
    expect(
      (await as('sam', '/mvc/products/updatedefaultlayout', { AutoID: pack.AutoID, controlName: 'products' })).status,
    ).toBe(200);
    expect((await defaultOf('otto')).Name).toBe('Artikelen');
    expect(
      (await as('sam', '/mvc/products/updatedefaultlayout', { AutoID: everyone, controlName: 'products' })).status,
    ).toBe(200);
    expect((await defaultOf('otto')).Name).toBe('Iedereen');
  });

  it('an administrator resets a user to the role or system view; a user without rights cannot', async () => {
    expect((await as('piet', '/mvc/products/getuserdefaults')).status).toBe(403);
    expect((await as('sam', '/mvc/products/getuserdefaults')).body).toEqual([
      { Username: 'ulla', PersonName: 'ulla', Layout: 'Mijn' },
    ]);
    expect(
      (await as('piet', '/mvc/flexgridlayout/resetuserlayout', { Username: 'ulla', ControlName: 'products' })).status,
    ).toBe(403);
    const res = await as('sam', '/mvc/flexgridlayout/resetuserlayout', { Username: 'ulla', ControlName: 'products' });
    expect(res.body).toEqual({ Reset: 1 });
    expect((await defaultOf('ulla')).Name).toBe('Planning');
    expect(await names('ulla')).toContain('Mijn');
    expect((await as('sam', '/mvc/products/getuserdefaults')).body).toEqual([]);
  });

  it('a user who may not reset others gets 403 whether the name exists or not, and nothing is reset', async () => {
    const defaults = (await as('sam', '/mvc/products/getuserdefaults')).body;
    for (const who of ['piet', 'ulla']) {
      for (const Username of ['sam', 'niemand-zo-genaamd']) {
        const res = await as(who, '/mvc/flexgridlayout/resetuserlayout', { Username, ControlName: 'products' });
        expect(res.status, `${who} resets ${Username}`).toBe(403);
        expect(res.body.Code).toBe('NO_RIGHTS');
      }
    }
    expect((await as('sam', '/mvc/products/getuserdefaults')).body).toEqual(defaults);
    // A manager of system views still learns that a name is unknown.
    expect((await as('sam', '/mvc/flexgridlayout/resetuserlayout', { Username: 'niemand-zo-genaamd' })).status).toBe(
      404,
    );
  });

  it('a user resets their own default', async () => {
    const second = await create('ulla', 'Tweede', 1, { SetAsDefaultLayout: true });
    expect((await defaultOf('ulla')).Name).toBe('Tweede');
    expect((await as('ulla', '/mvc/flexgridlayout/resetuserlayout', { ControlName: 'products' })).body).toEqual({
      Reset: 1,
    });
    expect((await defaultOf('ulla')).Name).toBe('Planning');
    expect((await as('ulla', '/mvc/flexgridlayout/deleteflexgridlayout', { AutoID: second.body.AutoID })).status).toBe(
      200,
    );
  });

  it('delete follows the same rule, and the default falls back a level', async () => {
    expect((await as('piet', '/mvc/flexgridlayout/deleteflexgridlayout', { AutoID: planning })).status).toBe(403);
    expect((await as('ulla', '/mvc/flexgridlayout/deleteflexgridlayout', { AutoID: planning })).status).toBe(403);
    expect((await as('sam', '/mvc/flexgridlayout/deleteflexgridlayout', { AutoID: planning })).status).toBe(200);
    expect((await defaultOf('piet')).Name).toBe('Iedereen');
    expect((await as('ulla', '/mvc/flexgridlayout/deleteflexgridlayout', { AutoID: mine })).status).toBe(200);
    expect(await names('ulla')).not.toContain('Mijn');
  });
});

describe('a removed user', () => {
  it('takes their own views along', async () => {
    await user('vera', [plannersId, userViewsId]);
    expect((await create('vera', 'Vera', 1)).status).toBe(200);
    const id = (await server.engine.pool.query("SELECT autoid FROM users WHERE username = 'vera'")).rows[0].autoid;
    const memberships = (await server.engine.pool.query('SELECT autoid FROM usergroups WHERE "user" = $1', [id])).rows;
    for (const m of memberships)
      expect((await post(server.app, '/mvc/usergroups/delete', { autoid: m.autoid })).status).toBe(200);
    expect((await post(server.app, '/mvc/users/delete', { autoid: id })).status).toBe(200);
    expect(
      (await server.engine.pool.query('SELECT count(*)::int AS n FROM core_flexgridlayout WHERE owner_id = $1', [id]))
        .rows[0].n,
    ).toBe(0);
  });
});

describe('GetFlexData with a view', () => {
  it('answers only the view’s columns, with the view’s widths and alignment', async () => {
    expect(
      (await post(server.app, '/mvc/products/save', { ID: 'P-1', Descr: 'Eerste', Price: 10, Stock: 3 })).status,
    ).toBe(200);
    const res = await as('admin', '/mvc/products/GetFlexData', {
      pageSize: 5,
      flexGridLayoutColumns: [
        { FieldName: 'Descr', ColumnWidth: 321 },
        { FieldName: 'Stock', ColumnAlignment: 1 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.Meta.Columns.map((c: { FieldName: string }) => c.FieldName)).toEqual(['Descr', 'Stock']);
    expect(res.body.Meta.Columns[0].ColumnWidth).toBe(321);
    expect(res.body.Meta.Columns[1].ColumnAlignment).toBe(1);
    expect(res.body.Data[0]).toMatchObject({ Descr: 'Eerste', Stock: 3 });
    expect(Object.keys(res.body.Data[0])).not.toContain('Price');
  });

  it('refuses a width out of range', async () => {
    const res = await as('admin', '/mvc/products/GetFlexData', {
      flexGridLayoutColumns: [{ FieldName: 'Descr', ColumnWidth: -5 }],
    });
    expect(res.status).toBe(400);
  });
});
