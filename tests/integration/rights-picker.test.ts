// Rights are picked by their names, never typed as codes: a field whose value is a code of the
// rights catalogue (`catalogue: "rights"`) refuses any other code on every write path (save,
// import), its action field (`actionsOf`) refuses an action the right lacks, its lookup answers
// the rights the user may choose searched by name in their language, records answer the right's
// name beside the code, and a table made in the table dictionary has a right like any other.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICKER_PAGE_SIZE } from '../../definitions/language/index.ts';
import { authHeaders, post, signIn, startTestServer, type TestServer } from './harness.ts';
import { finished, outputRows, sheetFile, startImport } from '../support/import-files.ts';
import { type Property, type Row } from '../support/answers.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');
const PASSWORD = 'Rights-pass-1';

let server: TestServer;
let base: string;
/** The administrators' group, which grants are added to in these tests. */
let admins: number;

/** A call as another user (a session cookie), in a language (the Culture cookie). */
async function as(cookie: string | null, url: string, body: object = {}, culture?: string) {
  const cookies = [cookie ?? authHeaders(server.app).cookie, culture ? `Culture=${culture}` : '']
    .filter(Boolean)
    .join('; ');
  const res = await server.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { 'content-type': 'application/json', cookie: cookies },
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}
const lookup = (body: Record<string, unknown>, cookie: string | null = null, culture?: string) =>
  as(cookie, '/mvc/_catalogues/rights', body, culture);
const codes = (answer: { body: { Data: { ID: string }[] } }) => answer.body.Data.map((e) => e.ID);
const grantRows = async (code: string) =>
  Number(
    (await server.engine.pool.query('SELECT count(*) FROM securitygrants WHERE rightcode = $1', [code])).rows[0].count,
  );

/** A signed-in user in a new group with these grants; answers the session cookie and the group. */
async function user(name: string, grants: [string, string][]): Promise<{ cookie: string; group: number }> {
  const group = (await post(server.app, '/mvc/securitygroups/save', { ID: name, Descr: name })).body.AutoID;
  for (const [RightCode, Action] of grants) {
    const granted = await post(server.app, '/mvc/securitygrants/save', { SecurityGroup: group, RightCode, Action });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
  }
  const id = (
    await post(server.app, '/mvc/users/save', {
      Username: name,
      PersonName: name,
      Password: PASSWORD,
      PasswordRetype: PASSWORD,
    })
  ).body.AutoID;
  await post(server.app, '/mvc/usergroups/save', { User: id, SecurityGroup: group });
  return { cookie: await signIn(server.app, name, PASSWORD), group };
}

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  admins = (await post(server.app, '/mvc/_lists/securitygroups', { searchKey: 'admin' })).body.Data[0].AutoID;
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('a grant names a right of the catalogue', () => {
  it('refuses a code that is not a right, on its field by label, and writes nothing', async () => {
    const refused = await post(server.app, '/mvc/securitygrants/save', {
      SecurityGroup: admins,
      RightCode: 'Valuta',
      Action: 'read',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState.RightCode).toEqual(["Recht: 'Valuta' is geen bekend recht."]);
    expect(refused.body.TranslationModelState.ModelState.RightCode).toEqual([
      { Key: 'validation.unknown_right', Value: ['RightCode', 'Valuta'] },
    ]);
    expect(await grantRows('Valuta')).toBe(0);
    // A code in the form of a right that no pack defines is no better.
    expect(
      (await post(server.app, '/mvc/securitygrants/save', { SecurityGroup: admins, RightCode: '3.99', Action: 'read' }))
        .status,
    ).toBe(400);
    // In the user's language.
    const english = await as(
      null,
      '/mvc/securitygrants/save',
      { SecurityGroup: admins, RightCode: 'Valuta', Action: 'read' },
      'en',
    );
    expect(english.body.ModelState.RightCode).toEqual(["Right: 'Valuta' is not a known right."]);
  });

  it('refuses changing a stored grant to an unknown code, and keeps it as it was', async () => {
    const saved = await post(server.app, '/mvc/securitygrants/save', {
      SecurityGroup: admins,
      RightCode: '10.70',
      Action: 'read',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const changed = await post(server.app, '/mvc/securitygrants/save', { ...saved.body, RightCode: '10.70x' });
    expect(changed.status).toBe(400);
    expect(changed.body.ModelState.RightCode).toEqual(["Recht: '10.70x' is geen bekend recht."]);
    expect(await grantRows('10.70')).toBe(1);
  });

  it('refuses an action the right does not have, on the action field, and takes those it has', async () => {
    // 12.5 (changing one's own views) is only executed.
    const refused = await post(server.app, '/mvc/securitygrants/save', {
      SecurityGroup: admins,
      RightCode: '12.5',
      Action: 'read',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState).toEqual({
      Action: ["Actie: 'read' kan voor het recht 12.5 niet worden gekozen; wel: execute."],
    });
    expect(await grantRows('12.5')).toBe(0);
    expect(
      (
        await post(server.app, '/mvc/securitygrants/save', {
          SecurityGroup: admins,
          RightCode: '12.5',
          Action: 'execute',
        })
      ).status,
    ).toBe(200);
    // Create-or-update only where the right has both; 12.22 (download requests) has create, not update.
    const both = await post(server.app, '/mvc/securitygrants/save', {
      SecurityGroup: admins,
      RightCode: '12.22',
      Action: 'createorupdate',
    });
    expect(both.status).toBe(400);
    expect(both.body.ModelState.Action[0]).toContain('read, create, delete');
    expect(
      (
        await post(server.app, '/mvc/securitygrants/save', {
          SecurityGroup: admins,
          RightCode: '12.3',
          Action: 'createorupdate',
        })
      ).status,
    ).toBe(200);
    // Changing only the action of a stored grant is checked too.
    const stored = (
      await post(server.app, '/mvc/securitygrants/save', {
        SecurityGroup: admins,
        RightCode: '12.21',
        Action: 'execute',
      })
    ).body;
    expect((await post(server.app, '/mvc/securitygrants/save', { ...stored, Action: 'delete' })).status).toBe(400);
  });

  it('refuses an unknown code and a missing action in an import too, row by row', async () => {
    const file = await sheetFile([
      ['Beveiligingsgroep', 'Recht', 'Actie'],
      ['admin', 'Valuta', 'read'],
      ['admin', '11.26', 'delete'],
      ['admin', '11.26', 'read'],
    ]);
    const cookie = authHeaders(server.app).cookie;
    const started = await startImport(base, cookie, { Destination: 'securitygrants', file });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const task = await finished(base, cookie, started.body.AutoID);
    expect(task).toMatchObject({ TotalRecords: 3, ProcessedRecords: 1, FailedRecords: 2 });
    const out = await outputRows(base, cookie, task.AutoID);
    expect(out[1].slice(-2)).toEqual(['CreateFailed', expect.stringContaining("'Valuta' is geen bekend recht")]);
    expect(out[2].slice(-2)).toEqual([
      'CreateFailed',
      expect.stringContaining("'delete' kan voor het recht 11.26 niet worden gekozen"),
    ]);
    expect(out[3]).toContain('CreateSuccess');
    expect(await grantRows('Valuta')).toBe(0);
    expect(await grantRows('11.26')).toBe(1);
  });
});

describe('the form picks a right by its name', () => {
  it("offers the right as a picker of the catalogue and the action as the right's actions", async () => {
    const form = (
      await server.app.inject({ method: 'GET', url: '/mvc/securitygrants/GetForm', headers: authHeaders(server.app) })
    ).json();
    const byName = Object.fromEntries(form.Properties.map((p: Property) => [p.FieldName, p]));
    expect(byName.RightCode).toMatchObject({
      Component: 2,
      FieldType: 'text',
      Settings: {
        ListConfig: {
          ListMethod: 'mvc/_catalogues/rights',
          SingleMethod: 'mvc/_catalogues/rights/single',
          ValueField: 'ID',
        },
      },
    });
    expect(byName.Action.Settings.ActionsOf).toEqual({
      Field: 'RightCode',
      SingleMethod: 'mvc/_catalogues/rights/single',
    });
    expect(byName.SecurityGroup.Settings.ListConfig.ValueField).toBe('AutoID');
  });

  it('searches the catalogue by name in Dutch, by what a right guards, and by code', async () => {
    const users = await lookup({ searchKey: 'gebruikers beh' });
    expect(users.status).toBe(200);
    expect(users.body.Data).toContainEqual({
      ID: '12.3',
      Descr: 'Gebruikers beheren (12.3)',
      Name: 'Gebruikers beheren',
      Actions: ['read', 'update', 'create', 'delete', 'createorupdate'],
      Detail: null,
    });
    // A right is named in the words of the screen it guards.
    const currencies = await lookup({ searchKey: 'Valuta' });
    expect(currencies.body.Data).toContainEqual(expect.objectContaining({ ID: '10.70', Name: 'Valuta beheren' }));
    expect(codes(await lookup({ searchKey: '12.2' }))).toEqual(
      expect.arrayContaining(['12.2', '12.20', '12.21', '12.22', '12.23', '12.24', '12.25']),
    );
    expect((await lookup({ searchKey: 'geen recht heet zo' })).body.Data).toEqual([]);
    const single = await as(null, '/mvc/_catalogues/rights/single', { ID: '12.5' });
    expect(single.body).toEqual({
      ID: '12.5',
      Descr: 'Eigen weergaven wijzigen (AllowChangeUserViews) (12.5)',
      Name: 'Eigen weergaven wijzigen (AllowChangeUserViews)',
      Actions: ['execute'],
      Detail: null,
    });
    expect((await as(null, '/mvc/_catalogues/rights/single', { ID: 'Valuta' })).status).toBe(404);
    expect((await as(null, '/mvc/_catalogues/nothing', {})).status).toBe(404);
  });

  it("finds grants in their grid by the right's name, in the user's language, as well as by code", async () => {
    const group = (await post(server.app, '/mvc/securitygroups/save', { ID: 'zoekers', Descr: 'Zoekers' })).body.AutoID;
    expect(
      (await post(server.app, '/mvc/securitygrants/save', { SecurityGroup: group, RightCode: '10.70', Action: 'read' }))
        .status,
    ).toBe(200);
    const found = async (search: string, culture?: string) => {
      const grants: { RightCode: string }[] = (
        await as(
          null,
          '/mvc/securitygrants/GetFlexData',
          { searchExpressions: search, dataFilter: [{ FieldName: 'SecurityGroup', Value: group }] },
          culture,
        )
      ).body.Data;
      return grants.map((r) => r.RightCode);
    };
    expect(await found('valuta beheren')).toEqual(['10.70']);
    expect(await found('manage currencies', 'en')).toEqual(['10.70']);
    expect(await found('10.70')).toEqual(['10.70']);
    expect(await found('gebruikers')).toEqual([]);
  });

  it('searches in English with the Culture cookie, and falls back to Dutch names', async () => {
    const users = await lookup({ searchKey: 'manage users' }, null, 'en');
    expect(users.body.Data).toContainEqual(
      expect.objectContaining({ ID: '12.3', Descr: 'Manage users (12.3)', Name: 'Manage users' }),
    );
    const currency = await lookup({ searchKey: 'currency' }, null, 'en');
    expect(currency.body.Data).toContainEqual(expect.objectContaining({ ID: '10.70', Detail: 'Currency' }));
    // A Dutch name still finds its right for an English user.
    expect(codes(await lookup({ searchKey: 'Gebruikers beheren' }, null, 'en'))).toContain('12.3');
  });

  it('pages like every lookup', async () => {
    const first = await lookup({});
    expect(first.body.Data).toHaveLength(PICKER_PAGE_SIZE);
    expect(first.body.Meta).toMatchObject({ Page: 0, PageSize: PICKER_PAGE_SIZE, HasMore: true });
    const pages: string[] = [];
    for (let page = 0; ; page++) {
      const answer = await lookup({ page, pageSize: 50 });
      pages.push(...codes(answer));
      if (!answer.body.Meta.HasMore) break;
    }
    expect(new Set(pages).size).toBe(pages.length);
    expect(pages.length).toBe(server.engine.registry.snapshot.effective.rights.size);
    expect((await lookup({ pageSize: 1001 })).status).toBe(400);
  });

  it("answers the right's name beside the code in items and grids, in the user's language", async () => {
    const saved = await post(server.app, '/mvc/securitygrants/save', {
      SecurityGroup: admins,
      RightCode: '12.3',
      Action: 'read',
    });
    expect(saved.body).toMatchObject({ RightCode: '12.3', RightCode_Descr: 'Gebruikers beheren (12.3)' });
    const english = await as(null, '/mvc/securitygrants/GetItem', { autoid: saved.body.AutoID }, 'en');
    expect(english.body.RightCode_Descr).toBe('Manage users (12.3)');
    const grid = await post(server.app, '/mvc/securitygrants/GetFlexData', {
      operatorFilter: [{ FieldName: 'RightCode', Operator: '=', Value: '12.3' }],
    });
    expect(grid.body.Data.map((r: Row) => r.RightCode_Descr)).toContain('Gebruikers beheren (12.3)');
  });
});

describe('a user who may manage grants but not everything', () => {
  let limited: { cookie: string; group: number };
  beforeAll(async () => {
    limited = await user('delegate', [
      ['12.4', 'read'],
      ['12.4', 'create'],
      ['10.85', 'read'],
    ]);
  });

  it('sees only the rights they hold, with only the actions they hold', async () => {
    const all = await lookup({ pageSize: 1000 }, limited.cookie);
    expect(all.status).toBe(200);
    expect(all.body.Data.map((e: { ID: string; Actions: string[] }) => [e.ID, e.Actions])).toEqual(
      expect.arrayContaining([
        ['12.4', ['read', 'create']],
        ['10.85', ['read']],
      ]),
    );
    expect(all.body.Data).toHaveLength(2);
    expect(codes(await lookup({ searchKey: 'kostenplaatsen' }, limited.cookie))).toEqual(['10.85']);
    expect((await as(limited.cookie, '/mvc/_catalogues/rights/single', { ID: '12.3' })).status).toBe(404);
  });

  it('gives only what they hold: another right or action is refused', async () => {
    const helpers = (await post(server.app, '/mvc/securitygroups/save', { ID: 'helpers', Descr: 'Helpers' })).body
      .AutoID;
    const grant = (RightCode: string, Action: string) =>
      as(limited.cookie, '/mvc/securitygrants/save', { SecurityGroup: helpers, RightCode, Action });
    const other = await grant('12.3', 'read');
    expect(other.status).toBe(400);
    expect(other.body.ModelState.RightCode).toEqual(["Recht: '12.3' is geen bekend recht."]);
    const more = await grant('10.85', 'delete');
    expect(more.status).toBe(400);
    expect(more.body.ModelState.Action).toEqual([
      "Actie: 'delete' kan voor het recht 10.85 niet worden gekozen; wel: read.",
    ]);
    expect((await grant('10.85', 'read')).status).toBe(200);
  });
});

describe('a table made in the table dictionary', () => {
  it('has a right named after its label, which a non-administrator can be granted to read its rows', async () => {
    const made = await post(server.app, '/mvc/tabledictionary/save', { TableName: 'vehicles', Label: 'Voertuigen' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const code = `99.${made.body.AutoID}`;
    expect(server.engine.registry.snapshot.effective.tables.get('vehicles')?.right).toBe(code);
    const found = await lookup({ searchKey: 'voertuigen' });
    expect(found.body.Data).toEqual([
      {
        ID: code,
        Descr: `Voertuigen beheren (${code})`,
        Name: 'Voertuigen beheren',
        Actions: ['read', 'update', 'create', 'delete', 'createorupdate'],
        Detail: null,
      },
    ]);
    expect((await post(server.app, '/mvc/vehicles/save', { ID: 'V1', Descr: 'Bestelbus' })).status).toBe(200);

    const driver = await user('driver', []);
    expect((await as(driver.cookie, '/mvc/vehicles/GetFlexData', {})).status).toBe(403);
    expect(
      (
        await post(server.app, '/mvc/securitygrants/save', {
          SecurityGroup: driver.group,
          RightCode: code,
          Action: 'read',
        })
      ).status,
    ).toBe(200);
    const rows = await as(driver.cookie, '/mvc/vehicles/GetFlexData', {});
    expect(rows.status).toBe(200);
    expect(rows.body.Data.map((r: Row) => r.ID)).toEqual(['V1']);
    const screens = (
      await server.app.inject({ method: 'GET', url: '/mvc/definitions/screens', headers: { cookie: driver.cookie } })
    ).json().Screens;
    expect(screens.map((s: { table: string }) => s.table)).toEqual(['vehicles']);
    // Reading is all: the right's other actions were not granted.
    expect((await as(driver.cookie, '/mvc/vehicles/save', { ID: 'V2', Descr: 'Vrachtwagen' })).status).toBe(403);

    // A new label renames the right; the code stays, and so do the grants.
    expect((await post(server.app, '/mvc/tabledictionary/save', { ...made.body, Label: 'Wagenpark' })).status).toBe(
      200,
    );
    expect(codes(await lookup({ searchKey: 'wagenpark' }))).toEqual([code]);
    const after = await as(driver.cookie, '/mvc/vehicles/GetFlexData', {});
    expect(after.status).toBe(200);
    expect(after.body.Data.map((r: Row) => r.ID)).toEqual(['V1']);
  });

  it('loses its right when the table is removed', async () => {
    const made = await post(server.app, '/mvc/tabledictionary/save', { TableName: 'trailers', Label: 'Aanhangers' });
    const code = `99.${made.body.AutoID}`;
    expect(codes(await lookup({ searchKey: 'aanhangers' }))).toEqual([code]);
    expect((await post(server.app, '/mvc/tabledictionary/delete', { autoid: made.body.AutoID })).status).toBe(200);
    expect(server.engine.registry.snapshot.effective.rights.has(code)).toBe(false);
    expect((await lookup({ searchKey: 'aanhangers' })).body.Data).toEqual([]);
    expect((await as(null, '/mvc/_catalogues/rights/single', { ID: code })).status).toBe(404);
    const refused = await post(server.app, '/mvc/securitygrants/save', {
      SecurityGroup: admins,
      RightCode: code,
      Action: 'read',
    });
    expect(refused.status).toBe(400);
    // The other dictionary table keeps its right.
    expect(codes(await lookup({ searchKey: 'wagenpark' }))).toHaveLength(1);
  });
});
