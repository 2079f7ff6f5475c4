// The field and table dictionaries: an administrator changes tables through the generic calls,
// the site layer keeps the history, the schema follows, every process sees it, and the site
// layer exported as a pack reproduces the same forms on another database.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSiteLayer } from '../../server/metadata/export.ts';
import { authHeaders, get, post, signIn, startTestServer, type TestServer } from './harness.ts';
import { type Group, type Named, type Property } from '../support/answers.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');
const shipped = { packsDir: PACKS_DIR, packs: ['base', 'demo'] };

let a: TestServer;
beforeAll(async () => {
  a = await startTestServer({ config: shipped });
});
afterAll(async () => {
  await a?.close();
});

const form = async (server: TestServer, table: string) => (await get(server.app, `/mvc/${table}/GetForm`)).body;
const property = async (server: TestServer, table: string, field: string) =>
  (await form(server, table)).Properties.find((p: Property) => p.FieldName === field);
const addField = (server: TestServer, entry: Record<string, unknown>) =>
  post(server.app, '/mvc/fielddictionary/save', entry);
const column = async (table: string, name: string) =>
  (
    await a.engine.pool.query(
      `SELECT format_type(atttypid, atttypmod) AS t FROM pg_attribute WHERE attrelid = $1::regclass AND attname = $2 AND NOT attisdropped`,
      [table, name],
    )
  ).rows[0]?.t;

describe('field dictionary', () => {
  it('adds a field through the generic calls: column, form and grid at once, in every process, with history', async () => {
    const b = await startTestServer({ databaseUrl: a.databaseUrl, config: shipped });
    const versionB = b.engine.registry.snapshot.version;
    const res = await addField(a, {
      TableName: 'costcodes',
      FieldName: 'Region',
      Label: 'Regio',
      FieldType: 'list',
      List: 'regions',
      GroupName: 'Indeling',
    });
    expect(res.status).toBe(200);
    expect(await column('costcodes', 'region')).toBe('bigint');
    expect(await property(a, 'costcodes', 'Region')).toMatchObject({
      Label: 'Regio',
      Component: 2,
      GroupID: 'Indeling',
      Settings: { ListConfig: { ListMethod: 'mvc/_lists/regions' } },
    });
    const grid = await post(a.app, '/mvc/costcodes/GetFlexData', {});
    expect(grid.body.Meta.Columns.map((c: Property) => c.FieldName)).toContain('Region');

    for (let i = 0; i < 100 && b.engine.registry.snapshot.version === versionB; i++)
      await new Promise((r) => setTimeout(r, 20));
    // The other process must have heard of the change (NOTIFY), not merely waited long enough.
    expect(b.engine.registry.snapshot.version, 'the other process reloaded its definitions').toBeGreaterThan(versionB);
    expect(await property(b, 'costcodes', 'Region')).toMatchObject({ Label: 'Regio' });
    await b.close();

    const history = await a.engine.pool.query(
      `SELECT before, after, changed_by FROM core_site_definition_history WHERE kind = 'table' AND name = 'costcodes'`,
    );
    expect(history.rows).toEqual([
      expect.objectContaining({ before: null, changed_by: 'admin', after: expect.objectContaining({ extends: true }) }),
    ]);
    const provenance = a.engine.registry.snapshot.effective.tables
      .get('costcodes')!
      .fields.find((f) => f.name === 'Region')!.origin.label;
    expect(provenance).toMatchObject({ layer: 'site', by: 'admin' });
  });

  it('relabels a pack field without touching its other attributes', async () => {
    expect((await addField(a, { TableName: 'currencies', FieldName: 'Descr', Label: 'Valutanaam' })).status).toBe(200);
    expect(await property(a, 'currencies', 'Descr')).toMatchObject({
      Label: 'Valutanaam',
      Required: true,
      Settings: { FieldLength: 100 },
    });
  });

  it('applies the field-dictionary limits and writes nothing when they are broken', async () => {
    const rowsBefore = (await post(a.app, '/mvc/fielddictionary/GetFlexData', {})).body.Meta.Count;
    // Each problem under its field, in the administrator's language, with its message key.
    const refused = async (entry: Record<string, unknown>, field: string, text: string, key?: string) => {
      const res = await addField(a, { TableName: 'costcodes', FieldName: 'Amount', ...entry });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.ModelState[field], JSON.stringify(res.body.ModelState)).toContain(text);
      if (key)
        expect(res.body.TranslationModelState.ModelState[field].map((m: { Key: string }) => m.Key)).toContain(key);
    };
    await refused(
      { FieldType: 'decimal', Integers: 30, Decimals: 10 },
      'Decimals',
      'Cijfers voor en na de komma zijn samen hoogstens 38.',
      'definition.digits_total',
    );
    await refused(
      { FieldType: 'smallint', Integers: 6 },
      'Integers',
      'Het type smallint heeft hoogstens 5 cijfers voor de komma.',
      'definition.digits_max',
    );
    await refused(
      { FieldType: 'integer', Integers: 11 },
      'Integers',
      'Het type integer heeft hoogstens 10 cijfers voor de komma.',
    );
    await refused(
      { FieldType: 'decimal', Integers: 0 },
      'Integers',
      'De waarde van Cijfers voor de komma moet minimaal 1 zijn.',
    );
    await refused({ FieldType: 'decimal', Decimals: -1 }, 'Decimals', 'De waarde van Decimalen moet minimaal 0 zijn.');
    await refused(
      { FieldType: 'list', List: 'nolist' },
      'List',
      "Lijst: 'nolist' is geen bekende lijst.",
      'validation.unknown_list',
    );
    await refused(
      { FieldType: null, Label: 'Spook' },
      'FieldName',
      'Veld Amount van tabel costcodes bestaat in geen onderliggende laag (meer).',
      'definition.field_unknown',
    );
    await refused(
      { FieldName: 'Archive', FieldType: 'bool' },
      'FieldName',
      'Het veld Archive heeft de naam van een systeemveld; kies een andere naam.',
      'definition.system_field',
    );
    // No problem reaches an administrator in the words of the definitions command.
    const english = await addField(a, {
      TableName: 'costcodes',
      FieldName: 'Amount',
      FieldType: 'list',
      List: 'nolist',
    });
    expect(JSON.stringify(english.body)).not.toMatch(/which is not defined|names list/);
    expect((await post(a.app, '/mvc/fielddictionary/GetFlexData', {})).body.Meta.Count).toBe(rowsBefore);
    expect(await column('costcodes', 'amount')).toBeUndefined();
  });

  it('defines a new table with the table dictionary, then fields, lookups and records', async () => {
    expect(
      (await post(a.app, '/mvc/tabledictionary/save', { TableName: 'vehicles', Label: 'Voertuigen' })).status,
    ).toBe(200);
    expect(
      (
        await addField(a, {
          TableName: 'vehicles',
          FieldName: 'Plate',
          Label: 'Kenteken',
          FieldType: 'text',
          MaxLength: 12,
          Required: true,
        })
      ).status,
    ).toBe(200);
    const fields = (await form(a, 'vehicles')).Properties.map((p: Property) => p.FieldName);
    expect(fields).toEqual(['ID', 'Descr', 'Plate', 'Archive']);
    const saved = await post(a.app, '/mvc/vehicles/save', { ID: 'V1', Descr: 'Bestelbus', Plate: 'AB-123-C' });
    expect(saved.status).toBe(200);
    expect((await post(a.app, '/mvc/_lists/vehicles', { searchKey: 'bestel' })).body.Data[0]).toMatchObject({
      ID: 'V1',
      Descr: 'Bestelbus',
    });
    expect(a.engine.registry.snapshot.effective.screens.get('vehicles')?.value.kind).toBe('systemtable');
  });

  it("takes a label's translations with it: the form and the menu answer them in that language", async () => {
    expect(
      (
        await post(a.app, '/mvc/tabledictionary/save', {
          TableName: 'trailers',
          Label: 'Aanhangers',
          LabelEn: 'Trailers',
          LabelDe: 'Anhänger',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await addField(a, {
          TableName: 'trailers',
          FieldName: 'Axles',
          Label: 'Aantal assen',
          FieldType: 'smallint',
          LabelEn: ' Number of axles ',
        })
      ).status,
    ).toBe(200);
    const inLanguage = async (language: string, url: string) =>
      (
        await a.app.inject({
          method: 'GET',
          url,
          headers: { cookie: `${authHeaders(a.app).cookie}; Culture=${language}` },
        })
      ).json();
    const axles = async (language: string) =>
      (await inLanguage(language, '/mvc/trailers/GetForm')).Properties.find((p: Property) => p.FieldName === 'Axles')
        .Label;
    expect([await axles('en'), await axles('de'), await axles('nl')]).toEqual([
      'Number of axles',
      'Aantal assen',
      'Aantal assen',
    ]);
    const title = async (language: string) =>
      (await inLanguage(language, '/mvc/definitions/screens')).Screens.find((s: Named) => s.name === 'trailers').title;
    expect([await title('en'), await title('de')]).toEqual(['Trailers', 'Anhänger']);
    // The boxes say which language they take, so a form shows only those on offer.
    expect((await property(a, 'fielddictionary', 'LabelEn')).Settings.ContentLanguage).toBe('en');
    const site = await a.engine.pool.query<{ body: { messages: Record<string, string> } }>(
      "SELECT body FROM core_site_definition WHERE kind = 'locale' AND name = 'en'",
    );
    expect(site.rows[0].body.messages).toMatchObject({ Aanhangers: 'Trailers', 'Aantal assen': 'Number of axles' });
  });

  it('names tables and lists by their labels: picked from a lookup, an unknown name refused', async () => {
    const lookup = async (catalogue: string, searchKey: string, language = 'nl') =>
      (
        await a.app.inject({
          method: 'POST',
          url: `/mvc/_catalogues/${catalogue}`,
          payload: { searchKey },
          headers: { cookie: `${authHeaders(a.app).cookie}; Culture=${language}` },
        })
      )
        .json()
        .Data.map((e: { ID: string; Descr: string }) => [e.ID, e.Descr]);
    expect(await lookup('tables', 'kostenpl')).toContainEqual(['costcodes', 'Kostenplaatsen (costcodes)']);
    expect(await lookup('tables', 'cost centres', 'en')).toContainEqual(['costcodes', 'Cost centres (costcodes)']);
    expect(await lookup('lists', 'kostensoort')).toContainEqual(['costcategories', 'Kostensoorten (costcategories)']);
    const byLabel = await addField(a, { TableName: 'Kostenplaatsen', FieldName: 'Extra', FieldType: 'text' });
    expect(byLabel.status).toBe(400);
    expect(byLabel.body.ModelState.TableName).toEqual(["Tabel: 'Kostenplaatsen' is geen bekende tabel."]);
    // The grid and the form show the table's label beside its name.
    const rows = (await post(a.app, '/mvc/fielddictionary/GetFlexData', { searchExpressions: 'Region' })).body.Data;
    expect(rows[0]).toMatchObject({
      TableName: 'costcodes',
      TableName_Descr: 'Kostenplaatsen (costcodes)',
      List_Descr: expect.stringContaining('(regions)'),
    });
  });

  it('shows a field added to a table with a form layout: in the group it names, a new group on the tab it names, else under "Extra velden" on the first tab', async () => {
    const added = [
      { FieldName: 'Sector', Label: 'Branche', FieldType: 'text' },
      { FieldName: 'Instagram', Label: 'Instagram', FieldType: 'text', GroupName: 'contact' },
      {
        FieldName: 'CreditNote',
        Label: 'Kredietnotitie',
        FieldType: 'text',
        GroupName: 'Kredietbewaking',
        Tab: 'financial',
      },
    ];
    for (const entry of added) expect((await addField(a, { TableName: 'relations', ...entry })).status).toBe(200);
    const answer = await form(a, 'relations');
    const groupOf = (field: string) => answer.Properties.find((p: Property) => p.FieldName === field)?.GroupID;
    const group = (id: string) => answer.Groups.find((g: Group) => g.GroupID === id);
    expect(groupOf('Sector')).toBe('extra');
    expect(group('extra')).toEqual({ GroupID: 'extra', Label: 'Extra velden', Tab: 'detail', Column: 1 });
    expect(groupOf('Instagram')).toBe('Contact');
    expect(groupOf('CreditNote')).toBe('Kredietbewaking');
    expect(group('Kredietbewaking')).toMatchObject({ Label: 'Kredietbewaking', Tab: 'financial' });
    // Every group the form answers is on a tab the form has: no field is out of sight.
    const tabs = answer.Tabs.map((t: Named) => t.name);
    expect(answer.Groups.filter((g: Group) => !tabs.includes(g.Tab))).toEqual([]);
    const english = await a.app.inject({
      method: 'GET',
      url: '/mvc/relations/GetForm',
      headers: { cookie: `${authHeaders(a.app).cookie}; Culture=en` },
    });
    expect(english.json().Groups.find((g: Group) => g.GroupID === 'extra').Label).toBe('Extra fields');
    // The tab is picked from the form's own tabs by label; a name the form lacks is refused on Tab.
    const formTabs = (await post(a.app, '/mvc/_catalogues/tabs', { Table: 'relations', searchKey: 'financ' })).body
      .Data;
    expect(formTabs.map((e: { ID: string; Name: string }) => [e.ID, e.Name])).toEqual([
      ['financial', 'Financiële instellingen'],
    ]);
    const wrongTab = await addField(a, {
      TableName: 'relations',
      FieldName: 'Misplaced',
      FieldType: 'text',
      Tab: 'Financieel',
    });
    expect(wrongTab.status).toBe(400);
    expect(wrongTab.body.ModelState.Tab[0]).toContain("'Financieel' is geen tabblad van het formulier van relations");
  });

  it("lists a table's fields with the layer that defines each, for who may read the field dictionary", async () => {
    const fields = (await get(a.app, '/mvc/definitions/fields?table=costcodes')).body;
    expect(fields.Label).toBe('Kostenplaatsen');
    const byName = new Map(fields.Fields.map((f: { FieldName: string }) => [f.FieldName, f]));
    expect(byName.get('Descr')).toMatchObject({
      Label: 'Naam kostenplaats',
      Origin: 'base',
      LabelOrigin: 'demo',
      Required: true,
    });
    expect(byName.get('Region')).toMatchObject({
      Label: 'Regio',
      FieldType: 'list',
      TypeLabel: 'Lijst',
      Origin: 'site',
    });
    expect((await get(a.app, '/mvc/definitions/fields?table=nosuchtable')).status).toBe(404);
    await post(a.app, '/mvc/users/save', {
      Username: 'kijker',
      Password: 'Kijker-pass-1',
      PasswordRetype: 'Kijker-pass-1',
    });
    const cookie = await signIn(a.app, 'kijker', 'Kijker-pass-1');
    expect(
      (await a.app.inject({ method: 'GET', url: '/mvc/definitions/fields?table=costcodes', headers: { cookie } }))
        .statusCode,
    ).toBe(403);
    // Nor may such a user list the tables and lists by name through their catalogues.
    for (const catalogue of ['tables', 'lists', 'rights']) {
      expect(
        (
          await a.app.inject({
            method: 'POST',
            url: `/mvc/_catalogues/${catalogue}`,
            headers: { cookie },
            payload: { searchKey: 'kost' },
          })
        ).statusCode,
        catalogue,
      ).toBe(403);
    }
  });

  it('shows only the settings of the chosen type, and applies only those', async () => {
    const maxLength = await property(a, 'fielddictionary', 'MaxLength');
    expect(maxLength.Rules.visibleWhen).toEqual({
      or: [{ '!': { var: 'FieldType' } }, { in: [{ var: 'FieldType' }, ['text', 'textarea', 'html']] }],
    });
    // A length left over from when the field was text does not make a number invalid.
    const saved = await addField(a, {
      TableName: 'trailers',
      FieldName: 'Wheels',
      Label: 'Wielen',
      FieldType: 'smallint',
      MaxLength: 40,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await column('trailers', 'wheels')).toBe('smallint');
  });

  it('removing a field drops its column only when no row holds data', async () => {
    const entry = (await post(a.app, '/mvc/fielddictionary/GetFlexData', { searchExpressions: 'Plate' })).body.Data[0];
    const refused = await post(a.app, '/mvc/fielddictionary/delete', { autoid: entry.AutoID });
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState.FieldType).toEqual([
      'Deze wijziging zou de gegevens in Kenteken van Voertuigen wissen (rijen met een waarde: 1); pas eerst die gegevens aan.',
    ]);
    expect(await property(a, 'vehicles', 'Plate')).toBeTruthy();

    const extra = await addField(a, { TableName: 'vehicles', FieldName: 'Seats', FieldType: 'smallint' });
    expect(await column('vehicles', 'seats')).toBe('smallint');
    expect((await post(a.app, '/mvc/fielddictionary/delete', { autoid: extra.body.AutoID })).status).toBe(200);
    expect(await column('vehicles', 'seats')).toBeUndefined();
    expect(await property(a, 'vehicles', 'Seats')).toBeUndefined();
  });
});

describe('the field dictionary cannot break the definitions', () => {
  const field = (entry: Record<string, unknown>) => post(a.app, '/mvc/fielddictionary/save', entry);
  const fieldRows = async () => (await post(a.app, '/mvc/fielddictionary/GetFlexData', {})).body.Meta.Count;

  it('keeps a password a password, refuses reserved names and answers a bad retype with 400', async () => {
    const before = await fieldRows();
    const retype = await field({ TableName: 'users', FieldName: 'Password', FieldType: 'text' });
    expect(retype.status).toBe(400);
    expect(JSON.stringify(retype.body.ModelState)).toMatch(
      /Het type van veld Password kan niet van of naar wachtwoord veranderen/,
    );
    const grid = await post(a.app, '/mvc/users/GetFlexData', {});
    expect(JSON.stringify(grid.body)).not.toMatch(/\$argon2/);
    const reserved = await field({ TableName: 'costcodes', FieldName: 'constructor', FieldType: 'text' });
    expect(reserved.status).toBe(400);
    expect(JSON.stringify(reserved.body.ModelState)).toMatch(/De naam constructor is gereserveerd/);
    expect((await post(a.app, '/mvc/costcodes/save', { ID: 'AFTER', Descr: 'Na de weigering' })).status).toBe(200);
    const narrowed = await field({ TableName: 'costcodes', FieldName: 'Descr', FieldType: 'integer' });
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(400);
    expect(await fieldRows()).toBe(before);
  });
});

describe('site layer as a pack', () => {
  it('export, then apply on an empty database, gives the same forms', async () => {
    const packsDir = mkdtempSync(path.join(tmpdir(), 'export-'));
    try {
      cpSync(PACKS_DIR, packsDir, { recursive: true });
      const written = await exportSiteLayer(a.engine.pool, path.join(packsDir, 'acme'), ['base', 'demo']);
      expect(written).toBeGreaterThanOrEqual(4);
      const c = await startTestServer({ config: { packsDir, packs: ['base', 'demo', 'acme'] } });
      try {
        for (const table of ['costcodes', 'currencies', 'vehicles', 'trailers'])
          expect(await form(c, table), table).toEqual(await form(a, table));
        // The site's translations travel with it.
        const english = (server: TestServer) =>
          server.app
            .inject({
              method: 'GET',
              url: '/mvc/trailers/GetForm',
              headers: { cookie: `${authHeaders(server.app).cookie}; Culture=en` },
            })
            .then((r) => r.json());
        expect(await english(c)).toEqual(await english(a));
        expect((await english(c)).Properties.find((p: Property) => p.FieldName === 'Axles').Label).toBe(
          'Number of axles',
        );
        expect((await post(c.app, '/mvc/vehicles/save', { ID: 'V9', Descr: 'Kraan', Plate: 'X' })).status).toBe(200);
      } finally {
        await c.close();
      }
    } finally {
      rmSync(packsDir, { recursive: true, force: true });
    }
  });
});
