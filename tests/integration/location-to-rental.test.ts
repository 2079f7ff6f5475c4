// The location-to-rental admin task (spec 3 §2, §5) as an API client sees it: the location list
// is semicolon-separated codes of known locations, both fields are required, the delivery date is
// at most today; processing makes the listed locations rental locations from that date. Also what
// the form leaves to the server: checks that need the database are not in GetForm's checks.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, get, post, signIn, startTestServer, type TestServer } from './harness.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base', 'demo'] } });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const location = async (ID: string) =>
  (
    await post(server.app, '/mvc/locations/GetFlexData', {
      dataSource: 2,
      operatorFilter: [{ FieldName: 'ID', Operator: '=', Value: ID }],
    })
  ).body.Data[0];
const count = async () => (await post(server.app, '/mvc/locationtorentals/GetFlexData', {})).body.Meta.Count;
const today = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

describe('location to rental', () => {
  it('refuses a list that is not codes of known locations, a missing field, and a delivery date after today, writing nothing', async () => {
    const before = await count();
    const unknown = await post(server.app, '/mvc/locationtorentals/save', {
      Locations: 'LOC-001;LOC-999;NOPE',
      DeliveryDate: '2026-01-05',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.ModelState.Locations).toEqual([
      'Geef de locaties op met hun code, gescheiden door een puntkomma (;), bijvoorbeeld LOC-001;LOC-002.',
      'Onbekende codes: LOC-999, NOPE.',
    ]);
    const commas = await post(server.app, '/mvc/locationtorentals/save', {
      Locations: 'LOC-001,LOC-002',
      DeliveryDate: '2026-01-05',
    });
    expect(commas.body.ModelState.Locations[1]).toBe('Onbekende codes: LOC-001,LOC-002.');
    const missing = await post(server.app, '/mvc/locationtorentals/save', { Locations: '' });
    expect(Object.keys(missing.body.ModelState).sort()).toEqual(['DeliveryDate', 'Locations']);
    const future = await post(server.app, '/mvc/locationtorentals/save', {
      Locations: 'LOC-001',
      DeliveryDate: '2999-01-01',
    });
    expect(future.body.ModelState).toEqual({ DeliveryDate: ['De leverdatum mag niet na vandaag liggen.'] });
    // In the user's language: the check's message is a definition text, translated like a label.
    const english = await server.app.inject({
      method: 'POST',
      url: '/mvc/locationtorentals/save',
      headers: { ...authHeaders(server.app), cookie: `${authHeaders(server.app).cookie}; Culture=en` },
      payload: { Locations: 'LOC-001', DeliveryDate: '2999-01-01' },
    });
    expect(english.json().ModelState.DeliveryDate[0]).not.toBe('De leverdatum mag niet na vandaag liggen.');
    expect(await count()).toBe(before);
  });

  it('makes the listed locations rental locations from the delivery date when processed, once', async () => {
    const saved = await post(server.app, '/mvc/locationtorentals/save', {
      Locations: ' LOC-003 ; LOC-004;',
      DeliveryDate: today(),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.Status).toBe('new');
    const done = await post(server.app, '/mvc/locationtorentals/ChangeStatus', {
      autoids: [saved.body.AutoID],
      Transition: 'process',
    });
    expect(done.body.Succeeded, JSON.stringify(done.body)).toBe(1);
    for (const id of ['LOC-003', 'LOC-004'])
      expect(await location(id)).toMatchObject({ IsRental: true, RentalFrom: today() });
    expect((await location('LOC-005')).IsRental).not.toBe(true);
    const again = await post(server.app, '/mvc/locationtorentals/ChangeStatus', {
      autoids: [saved.body.AutoID],
      Transition: 'process',
    });
    expect(again.body.Ignored).toBe(1);
  });

  it("knows, for a user limited to some locations, only those: another location's code is unknown to them and stays as it was", async () => {
    const saved = async (table: string, record: Record<string, unknown>) => {
      const res = await post(server.app, `/mvc/${table}/save`, record);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.AutoID as number;
    };
    const user = await saved('users', {
      Username: 'verhuur',
      Password: 'Rent-pass-12',
      PasswordRetype: 'Rent-pass-12',
    });
    const group = await saved('securitygroups', { ID: 'VERHUUR', Descr: 'Verhuur noord' });
    for (const [RightCode, Action] of [
      ['7.5', 'read'],
      ['7.5', 'create'],
      ['7.5', 'update'],
      ['7.5', 'execute'],
      ['7.1', 'read'],
      ['7.1', 'update'],
    ]) {
      await saved('securitygrants', { SecurityGroup: group, RightCode, Action });
    }
    await saved('usergroups', { User: user, SecurityGroup: group });
    await saved('rowlimits', {
      SecurityGroup: group,
      TableName: 'locations',
      FieldName: 'AutoID',
      Kind: 'linked',
      Path: 'userlocations.User:Location',
    });
    await saved('userlocations', { User: user, Location: (await location('LOC-010')).AutoID });
    const cookie = await signIn(server.app, 'verhuur', 'Rent-pass-12');
    const as = async (url: string, body: object) => {
      const res = await server.app.inject({ method: 'POST', url, payload: body, headers: { cookie } });
      return { status: res.statusCode, body: res.json() };
    };
    const outside = await as('/mvc/locationtorentals/save', { Locations: 'LOC-010;LOC-011', DeliveryDate: today() });
    expect(outside.status).toBe(400);
    expect(outside.body.ModelState.Locations[1]).toBe('Onbekende codes: LOC-011.');
    const own = await as('/mvc/locationtorentals/save', { Locations: 'LOC-010', DeliveryDate: today() });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(
      (await as('/mvc/locationtorentals/ChangeStatus', { autoids: [own.body.AutoID], Transition: 'process' })).body
        .Succeeded,
    ).toBe(1);
    expect(await location('LOC-010')).toMatchObject({ IsRental: true });
    expect((await location('LOC-011')).IsRental).not.toBe(true);
  });

  it('leaves the checks that need the database out of the form: the server judges them on save', async () => {
    const form = (await get(server.app, '/mvc/locationtorentals/GetForm')).body;
    expect(form.Checks.map((c: { Name: string }) => c.Name)).toEqual(['DeliveryDateNotFuture']);
  });
});
