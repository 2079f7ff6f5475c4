// The shipped packs (base + demo): every system table of spec 3 section 2 has a screen, answers
// GetForm and a save round trip through the generic calls; every settings page is one record.
import { pickerParameters } from '../../runtime/form/rules/picker.ts';
import type { FormProperty } from '../../runtime/form/types.ts';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyDefinitions } from '../../server/data/apply.ts';
import { authHeaders, get, post, startTestServer, type TestServer } from './harness.ts';
import { type Property, type Row } from '../support/answers.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');
/** Spec 3 section 2, "Admin system tables". */
const SPEC_TABLES = `
teams budgetcodes ordertemplates locationtypes reportdefinitions miplans workabledays pricelists
administrations contracttypes fixedassetgroups bookyears ordercosts transportcosts emailtemplates
meterreadings workflowgroups countries lists formconfigurations brands quantities inspectionnorms
vatcodes reasons workflowservicelevels workflowpriorities contractindexes locationstatuses
productstatuses relationstatuses transportmethods personstatuses projectstatuses objectstatuses
contractstatuses documentkinds managemovepos productrealizations measuringdevicebrands hourkinds
propertygroups workshops rentalratecodes productproductlines productcategories contentlanguages
crosslinktypes objectidgenerators objectgroups conditions lockreasons timeschedules locationgroups
locationidgenerators competences competencetypes addressgroups blockreasons languages relationgroups
workflowstatuses workingticketstatuses workflowescalationlevels schedulermonitors workflowcategories
planblocks regions projecttypes currencies generalledgers titles questiongroups stockmutationtypes
mipriorities questioncategories fieldclientmessagecodes teamroles workhourplans
workflowsubgroupformaldescriptions mediatypes absencekinds checklists overhaulordertemplates
costcodes costcategories productgroups hscodes objectcodes
`
  .trim()
  .split(/\s+/);

/** Texts read by a behaviour's grammar: an API client's scopes, a provider's addresses (docs/identity.md). */
const GRAMMAR: Record<string, Record<string, unknown>> = {
  apiclients: { Scopes: 'relations:read' },
  identityproviders: {
    AuthorizationServerUrl: 'https://login.example.com/tenant/v2.0',
    ErrorPage: '/aanmelden-mislukt',
  },
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base', 'demo'] } });
});
afterAll(async () => {
  await server?.close();
});

const screens = () => [...server.engine.registry.snapshot.effective.screens.values()].map((s) => s.value);

/** A valid value for a form property, as a user would fill it in (the record so far for fields that follow another). */
async function sample(
  p: FormProperty,
  n: number,
  record: Record<string, unknown>,
  properties: readonly FormProperty[],
): Promise<unknown> {
  const s = p.Settings;
  // A catalogue code (a right, a table, a field of the table chosen) is picked from its lookup, with
  // the parameters the form sends; its action is one the picked right has.
  if (s.ListConfig?.ValueField === 'ID') {
    const parameters = pickerParameters(p, properties, record);
    return (await post(server.app, `/${s.ListConfig.ListMethod}`, parameters)).body.Data[0]?.ID ?? null;
  }
  if (s.ActionsOf)
    return (await post(server.app, `/${s.ActionsOf.SingleMethod}`, { ID: record[s.ActionsOf.Field] })).body.Actions[0];
  switch (p.FieldType) {
    case 'password':
      return 'Walk-pass-1';
    case 'text':
    case 'textarea':
    case 'html':
      return `T${n}-${p.FieldName}`.slice(0, s.FieldLength ?? 50);
    case 'select':
      return s.Options?.[0].value;
    case 'color':
      return '#112233';
    case 'smallint':
    case 'integer':
    case 'bigint':
    case 'decimal':
      return Math.min(Math.max(1, Number(s.min)), Number(s.max));
    case 'bool':
      return true;
    case 'date':
      return '2026-01-02';
    // An end, as a user types it, comes after its start (a working ticket or an hour registration refuses less).
    case 'time':
      return /End/.test(p.FieldName) ? '17:00' : '08:00';
    case 'datetime':
    case 'datetime-seconds':
      return /End/.test(p.FieldName) ? '2026-01-02T17:00' : '2026-01-02T08:00';
    case 'list': {
      if (!p.Required || !s.ListConfig) return null;
      const first = (await post(server.app, `/${s.ListConfig.ListMethod}`, {})).body.Data[0];
      return first?.AutoID ?? null;
    }
    default:
      return null;
  }
}

describe('base pack', () => {
  it('has a system-table screen for every table spec 3 section 2 lists', () => {
    expect(SPEC_TABLES).toHaveLength(89);
    const systemTables = screens()
      .filter((s) => s.kind === 'systemtable')
      .map((s) => s.table);
    expect(SPEC_TABLES.filter((t) => !systemTables.includes(t))).toEqual([]);
    const switched = screens()
      .filter((s) => s.dataSourceSwitch)
      .map((s) => s.table)
      .sort();
    expect(switched).toEqual([
      'competencetypes',
      'costcategories',
      'costcodes',
      'currencies',
      'generalledgers',
      'locationgroups',
    ]);
    expect(screens().find((s) => s.table === 'productgroups')?.fetchDestination).toBe('productgroups');
  });

  it('walks every table of every pack through GetForm, GetNew, save, GetItem, an edit, GetFlexData and delete', async () => {
    let n = 0;
    // A second group listed first, so a new membership of the administrator is not a duplicate.
    expect((await post(server.app, '/mvc/securitygroups/save', { ID: 'walk', Descr: 'AAA wandeling' })).status).toBe(
      200,
    );
    // Rows that belong to a record of another table (documents) need that record and an upload:
    // tests/integration/files.test.ts walks them.
    const tables = [...server.engine.registry.snapshot.effective.tables.values()].filter(
      (t) => t.behaviour !== 'site-dictionary' && !t.belongsTo,
    );
    expect(tables.length).toBeGreaterThan(89 + 33);
    for (const table of tables) {
      const name = table.name;
      const form = await get(server.app, `/mvc/${name}/GetForm`);
      expect(form.status, name).toBe(200);
      expect(form.body.Properties.length, name).toBeGreaterThan(1);
      const record: Record<string, unknown> = (await post(server.app, `/mvc/${name}/GetNew`)).body;
      for (const p of form.body.Properties) {
        if (p.Enabled && (p.Required || p.Value === null))
          record[p.FieldName] = await sample(p, ++n, record, form.body.Properties);
      }
      // A text field that names rows by code (a `codes` check) takes a known code, and one a check
      // holds to a mask (a four-digit scheme) a value that fits it, as a user types one.
      for (const check of table.checks ?? []) {
        if (check.codes)
          record[check.codes.field] = (await post(server.app, `/mvc/_lists/${check.codes.list}`, {})).body.Data[0].ID;
        const rule: unknown = check.validWhen;
        const [value, mask]: unknown[] =
          typeof rule === 'object' && rule !== null && 'matches' in rule && Array.isArray(rule.matches)
            ? rule.matches
            : [];
        const field = typeof value === 'object' && value !== null && 'var' in value ? value.var : undefined;
        if (typeof field === 'string' && typeof mask === 'string' && record[field] !== null)
          record[field] = mask.replace(/9/g, '1').replace(/[AX]/g, 'a').replace(/\*/g, '-');
      }
      // A text a behaviour reads by its own grammar takes a value in it, as its administrator types one.
      Object.assign(record, GRAMMAR[name] ?? {});
      let saved = await post(server.app, `/mvc/${name}/save`, record);
      // A list value refused by a check of the table (a property of another object's type): as a
      // user would, pick the next rows of that list until one fits.
      const refusedList = () =>
        Object.keys(saved.body?.ModelState ?? {}).find((f) =>
          form.body.Properties.some((p: Property) => p.FieldName === f && p.FieldType === 'list'),
        );
      // A code refused by a check of the table (a return entry takes back only an object out on
      // rent): as a user would, try the next codes of that list until one fits.
      for (const check of table.checks ?? []) {
        const codes = check.codes;
        if (!codes) continue;
        for (let page = 0; saved.status === 400 && saved.body?.ModelState?.[codes.field] && page < 5; page++) {
          for (const row of (await post(server.app, `/mvc/_lists/${codes.list}`, { page, pageSize: 30 })).body.Data) {
            saved = await post(server.app, `/mvc/${name}/save`, { ...record, [codes.field]: row.ID });
            if (saved.status === 200) break;
          }
        }
      }
      for (let page = 0, field = refusedList(); saved.status === 400 && field && page < 5; page++) {
        const p = form.body.Properties.find((x: Property) => x.FieldName === field);
        for (const row of (await post(server.app, `/${p.Settings.ListConfig.ListMethod}`, { page, pageSize: 30 })).body
          .Data) {
          saved = await post(server.app, `/mvc/${name}/save`, { ...record, [field]: row.AutoID });
          if (saved.status === 200) break;
        }
      }
      // A row under a record whose state locks its rows (an approved overhaul order): as a user
      // would, choose another record of that list.
      const parentField = () =>
        form.body.Properties.find(
          (p: FormProperty) =>
            p.FieldType === 'list' && p.Required && p.Settings.ListConfig?.ListMethod?.includes(saved.body?.Args?.[0]),
        );
      for (let page = 0, p = parentField(); saved.body?.Code === 'RECORD_READ_ONLY' && p && page < 5; page++) {
        for (const row of (await post(server.app, `/${p.Settings.ListConfig.ListMethod}`, { page, pageSize: 30 })).body
          .Data) {
          saved = await post(server.app, `/mvc/${name}/save`, { ...record, [p.FieldName]: row.AutoID });
          if (saved.status === 200) break;
        }
      }
      // A table whose every field the server fills (import tasks, download requests, licences)
      // takes no record from a caller; its grid still answers.
      if (!table.fields.some((f) => f.enabled !== false)) {
        expect(saved.status, name).toBe(403);
        expect((await post(server.app, `/mvc/${name}/GetFlexData`, {})).status, name).toBe(200);
        continue;
      }
      expect(saved.status, `${name}: ${JSON.stringify(saved.body)}`).toBe(200);
      const id = saved.body.AutoID;
      expect((await post(server.app, `/mvc/${name}/GetItem`, { autoid: id })).body, name).toEqual(saved.body);
      // Edited: saved again as read, with its TimeStamp; the next stamp answers.
      const edited = await post(server.app, `/mvc/${name}/save`, saved.body);
      expect(edited.status, `${name} edit: ${JSON.stringify(edited.body)}`).toBe(200);
      expect(edited.body.TimeStamp, name).toBe(saved.body.TimeStamp + 1);

      // Found through the grid: by each data source, by search, and by a filter per column type.
      const mine = { FieldName: 'AutoID', Operator: '=', Value: id };
      const found = async (body: { operatorFilter?: unknown[]; [option: string]: unknown }) => {
        const res = await post(server.app, `/mvc/${name}/GetFlexData`, {
          ...body,
          operatorFilter: [mine, ...(body.operatorFilter ?? [])],
        });
        expect(res.status, `${name} ${JSON.stringify(body)}: ${JSON.stringify(res.body)}`).toBe(200);
        return res.body.Meta.Count;
      };
      expect(await found({}), name).toBe(1);
      if (table.archivable) {
        expect(await found({ dataSource: 1 }), name).toBe(0);
        expect(await found({ dataSource: 2 }), name).toBe(1);
      }
      // The first search field the row has a value in (a number drawn later, at completion, is empty yet).
      const search = table.searchFields?.find((f) => saved.body[f] !== null && saved.body[f] !== '');
      if (search) expect(await found({ searchExpressions: String(saved.body[search]) }), `${name} search`).toBe(1);
      const kinds = new Set<string>();
      for (const column of (await post(server.app, `/mvc/${name}/GetFlexData`, { pageSize: 1 })).body.Meta.Columns) {
        const value = saved.body[column.FieldName];
        if (kinds.has(column.AdvancedFilterType) || value === null || value === undefined) continue;
        kinds.add(column.AdvancedFilterType);
        expect(
          await found({ operatorFilter: [{ FieldName: column.FieldName, Operator: '=', Value: value }] }),
          `${name}.${column.FieldName}`,
        ).toBe(1);
      }

      expect((await post(server.app, `/mvc/${name}/delete`, { autoid: id })).status, name).toBe(200);
      expect((await post(server.app, `/mvc/${name}/GetItem`, { autoid: id })).status, name).toBe(404);
    }
  });

  it('opens every screen: its grid, each of its data sets, the form of each tab and the transitions of a row', async () => {
    for (const screen of screens().filter((s) => s.table && s.kind !== 'settings')) {
      const grid = await post(server.app, `/mvc/${screen.table}/GetFlexData`, {});
      expect(grid.status, `${screen.name}: ${JSON.stringify(grid.body)}`).toBe(200);
      for (const set of screen.dataSets ?? []) {
        const answer = await post(server.app, `/mvc/${screen.table}/GetFlexData`, { dataSet: set.name });
        expect(answer.status, `${screen.name} ${set.name}: ${JSON.stringify(answer.body)}`).toBe(200);
      }
      for (const tab of screen.tabs ?? []) {
        if (tab.kind === 'grid')
          expect((await get(server.app, `/mvc/${tab.table}/GetForm`)).status, `${screen.name} ${tab.name}`).toBe(200);
      }
      const first = grid.body.Data[0];
      if (first)
        expect(
          (await post(server.app, `/mvc/${screen.table}/GetTransitions`, { autoid: first.AutoID })).status,
          screen.name,
        ).toBe(200);
    }
  });

  it('seeds the demo relations and persons with their addresses, absences and links, by code', async () => {
    const count = async (table: string, body: unknown = {}) =>
      (await post(server.app, `/mvc/${table}/GetFlexData`, body)).body.Meta.Count;
    expect(await count('relations', { dataSource: 2 })).toBeGreaterThanOrEqual(25);
    expect(await count('relationaddresses')).toBeGreaterThan(40);
    expect(await count('personabsences')).toBeGreaterThan(0);
    // Relations and persons refer to each other: both directions are filled in.
    const persons: { Relation: number | null; Relation_Descr: string | null }[] = (
      await post(server.app, '/mvc/persons/GetFlexData', { pageSize: 100 })
    ).body.Data;
    expect(persons.filter((p) => p.Relation !== null && p.Relation_Descr).length).toBe(persons.length);
    const relations: { MainContact: number | null }[] = (
      await post(server.app, '/mvc/relations/GetFlexData', { pageSize: 100, dataSource: 2 })
    ).body.Data;
    expect(relations.some((r) => r.MainContact !== null)).toBe(true);
  });

  it('offers Active, Archive and All on the list screen of every archivable table, so an archived row stays findable', async () => {
    const answered: { name: string; kind: string; table?: string; dataSourceSwitch: boolean }[] = (
      await get(server.app, '/mvc/definitions/screens')
    ).body.Screens;
    const archivable = answered.filter(
      (s) =>
        s.table &&
        ['maintenance', 'systemtable', 'detail'].includes(s.kind) &&
        server.engine.registry.snapshot.table(s.table)?.table.archivable,
    );
    expect(archivable.map((s) => s.name)).toContain('countries');
    expect(archivable.filter((s) => !s.dataSourceSwitch).map((s) => s.name)).toEqual([]);
    // An archived country is found again under Archive.
    const saved = await post(server.app, '/mvc/countries/save', { ID: 'XA', Descr: 'Archieftest', Archive: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const search = (dataSource: number) =>
      post(server.app, '/mvc/countries/GetFlexData', { searchExpressions: 'Archieftest', dataSource });
    expect((await search(0)).body.Data).toHaveLength(0);
    expect((await search(1)).body.Data.map((r: { ID: string }) => r.ID)).toEqual(['XA']);
  });

  it("refuses to delete a row in use and names the table that uses it by its label, in the user's language", async () => {
    const category = await post(server.app, '/mvc/costcategories/save', { ID: 'INUSE', Descr: 'In gebruik' });
    expect(
      (
        await post(server.app, '/mvc/costcodes/save', {
          ID: 'INUSE',
          Descr: 'Gebruikt',
          CostCategory: category.body.AutoID,
        })
      ).status,
    ).toBe(200);
    const refused = await post(server.app, '/mvc/costcategories/delete', { autoid: category.body.AutoID });
    expect(refused.status).toBe(409);
    expect(refused.body.Error).toBe('Het item wordt nog gebruikt door Kostenplaatsen en kan niet worden verwijderd.');
    const english = await server.app.inject({
      method: 'POST',
      url: '/mvc/costcategories/delete',
      headers: { cookie: `${authHeaders(server.app).cookie}; Culture=en` },
      payload: { autoid: category.body.AutoID },
    });
    expect(english.json().Error).toContain('Cost centres');
  });

  it('has settings pages of one record each, editable through save', async () => {
    const settings = screens().filter((s) => s.kind === 'settings');
    expect(settings.length).toBeGreaterThanOrEqual(21);
    for (const screen of settings) {
      const page = await post(server.app, `/mvc/${screen.table}/GetFlexData`, {});
      expect(page.body.Meta.Count, screen.table).toBe(1);
      const saved = await post(server.app, `/mvc/${screen.table}/save`, page.body.Data[0]);
      expect(saved.status, `${screen.table}: ${JSON.stringify(saved.body)}`).toBe(200);
    }
    const security = (await post(server.app, '/mvc/securitysettings/GetFlexData', {})).body.Data[0];
    expect(security.SessionLifetimeMinutes).toBeGreaterThan(0);
  });
});

describe('demo pack', () => {
  it('adds a table, adds fields to a base table and relabels fields', async () => {
    expect((await get(server.app, '/mvc/servicevans/GetForm')).status).toBe(200);
    const costcodes = (await get(server.app, '/mvc/costcodes/GetForm')).body.Properties;
    const byName = Object.fromEntries(costcodes.map((p: Property) => [p.FieldName, p]));
    expect(byName.ServiceVan.Settings.ListConfig.ListMethod).toBe('mvc/_lists/servicevans');
    expect(byName.ProjectNumber.Label).toBe('Projectnummer');
    expect(byName.Descr.Label).toBe('Naam kostenplaats');
    const countries = (await get(server.app, '/mvc/countries/GetForm')).body.Properties;
    expect(countries.find((p: Property) => p.FieldName === 'Descr').Label).toBe('Landnaam');
  });

  it('shows on a purchase order what its demo receipts brought in', async () => {
    const receipt = (await post(server.app, '/mvc/purchasereceipt/GetFlexData', { order: 'ID asc', pageSize: 1 })).body
      .Data[0];
    const byReceipt = (
      await post(server.app, '/mvc/purchasereceiptitems/GetFlexData', {
        dataFilter: [{ FieldName: 'Receipt', Value: receipt.AutoID }],
      })
    ).body.Data;
    expect(byReceipt.length).toBeGreaterThan(0);
    const order = byReceipt[0].PurchaseOrder;
    expect(order).toBe(receipt.PurchaseOrder);
    const onOrder = (
      await post(server.app, '/mvc/purchasereceiptitems/GetFlexData', {
        dataFilter: [{ FieldName: 'PurchaseOrder', Value: order }],
      })
    ).body.Data;
    expect(onOrder.map((i: Row) => i.AutoID)).toEqual(expect.arrayContaining(byReceipt.map((i: Row) => i.AutoID)));
  });

  it('grants a demo group several actions on one right (a seed keyed by fields together), and seeds nothing twice', async () => {
    const group = (
      await post(server.app, '/mvc/securitygroups/GetFlexData', {
        operatorFilter: [{ FieldName: 'ID', Operator: '=', Value: 'FACTURATIE' }],
      })
    ).body.Data[0];
    const grants: Row[] = (
      await post(server.app, '/mvc/securitygrants/GetFlexData', {
        dataFilter: [{ FieldName: 'SecurityGroup', Value: group.AutoID }],
        pageSize: 100,
      })
    ).body.Data;
    const onInvoices = grants.filter((g) => g.RightCode === '13.1').map((g) => g.Action);
    expect(onInvoices.sort()).toEqual(['create', 'read', 'update']);
    const again = await applyDefinitions(server.engine.pool, server.engine.registry.snapshot, { by: 'test' });
    expect(again.seeded).toBe(0);
  });

  it('offers the active content languages: a language set inactive leaves the switch, Dutch stays', async () => {
    const languages = async () =>
      (await server.app.inject({ method: 'GET', url: '/mvc/definitions/languages' })).json();
    expect(await languages()).toEqual({
      Languages: ['nl', 'da', 'de', 'en', 'es', 'fr', 'pl', 'tr', 'zh'],
      Default: 'nl',
    });
    const tr = (
      await post(server.app, '/mvc/contentlanguages/GetFlexData', {
        operatorFilter: [{ FieldName: 'ID', Operator: '=', Value: 'TR' }],
      })
    ).body.Data[0];
    expect((await post(server.app, '/mvc/contentlanguages/save', { ...tr, Status: 'inactive' })).status).toBe(200);
    expect((await languages()).Languages).toEqual(['nl', 'da', 'de', 'en', 'es', 'fr', 'pl', 'zh']);
    expect(
      (
        await post(server.app, '/mvc/contentlanguages/save', {
          AutoID: tr.AutoID,
          TimeStamp: tr.TimeStamp + 1,
          Status: 'active',
        })
      ).status,
    ).toBe(200);
  });
});
