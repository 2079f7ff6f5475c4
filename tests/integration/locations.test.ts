// Locations, warehouses and pick zones of the shipped packs (base + demo), as an API client sees
// them: codes unique per database or per owner as the number generator says, numbering through
// the location type, no location under itself, every status change in the location status log,
// automatic status changes, rental locations, one default warehouse, pick zones looked up per
// warehouse, and users who see only the locations they are linked to (and every location below
// those).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
import { type Row } from '../support/answers.ts';
import { present } from '../support/present.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base', 'demo'] } });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const admin = (url: string, body: unknown = {}) => post(server.app, url, body);
async function as(cookie: string, url: string, body: object = {}) {
  const res = await server.app.inject({ method: 'POST', url, payload: body, headers: { cookie } });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}
/** Saves a row and expects it to be taken; answers the saved record. */
async function saved(table: string, record: Record<string, unknown>): Promise<Row> {
  const res = await admin(`/mvc/${table}/save`, record);
  expect(res.status, `${table}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}
const item = async (table: string, id: number) => (await admin(`/mvc/${table}/GetItem`, { autoid: id })).body;
const withID = async (ID: string): Promise<Row[]> =>
  (
    await admin('/mvc/locations/GetFlexData', {
      dataSource: 2,
      operatorFilter: [{ FieldName: 'ID', Operator: '=', Value: ID }],
      pageSize: 100,
    })
  ).body.Data;

/** A number generator and a location type that uses it. */
async function typeWith(code: string, generator: Record<string, unknown>) {
  const gen = await saved('locationidgenerators', { ID: code, Descr: `Generator ${code}`, ...generator });
  return (await saved('locationtypes', { ID: code, Descr: `Type ${code}`, IDGenerator: gen.AutoID })).AutoID;
}
const relation = async (ID: string) => (await saved('relations', { ID, Descr: `Eigenaar ${ID}` })).AutoID;

describe('location codes', () => {
  it("draws the next code from the location type's generator, with prefix, zero padding and suffix, only when it numbers automatically", async () => {
    const numbered = await typeWith('TNUM', {
      Prefix: 'TST-',
      Suffix: '-A',
      NextNumber: 7,
      MinimalLength: 4,
      AutoNumbering: true,
    });
    const manual = await typeWith('TMAN', { Prefix: 'MAN-', NextNumber: 1, MinimalLength: 4, AutoNumbering: false });
    expect((await saved('locations', { Descr: 'Genummerd', LocationType: numbered })).ID).toBe('TST-0007-A');
    expect((await saved('locations', { Descr: 'Genummerd 2', LocationType: numbered })).ID).toBe('TST-0008-A');
    const parallel = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admin('/mvc/locations/save', { Descr: `Parallel ${i}`, LocationType: numbered }),
      ),
    );
    expect(parallel.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(parallel.map((r) => r.body.ID)).size).toBe(20);
    // A generator that does not number automatically leaves the code to the user.
    const empty = await admin('/mvc/locations/save', { Descr: 'Zonder code', LocationType: manual });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.ModelState)).toEqual(['ID']);
    expect(
      (await admin('/mvc/locations/GetFlexData', { searchExpressions: 'Zonder code', dataSource: 2 })).body.Meta.Count,
    ).toBe(0);
    expect((await saved('locations', { ID: 'EIGEN-1', Descr: 'Eigen code', LocationType: manual })).ID).toBe('EIGEN-1');
  });

  it('is unique in the database when the generator says so, and refuses a second one under ID with nothing written', async () => {
    const type = await typeWith('TDB', {
      NextNumber: 1,
      MinimalLength: 0,
      AutoNumbering: false,
      UniqueScope: 'database',
    });
    const [a, b] = [await relation('EIG-DB-A'), await relation('EIG-DB-B')];
    const first = await saved('locations', { ID: 'DUBBEL-1', Descr: 'Eerste', LocationType: type, Owner: a });
    const again = await admin('/mvc/locations/save', { ID: 'DUBBEL-1', Descr: 'Tweede', LocationType: type, Owner: b });
    expect(again.status).toBe(400);
    expect(again.body.ModelState).toEqual({ ID: ['Deze locatiecode bestaat al.'] });
    expect((await withID('DUBBEL-1')).map((l) => l.Descr)).toEqual(['Eerste']);
    // Saving the row itself again is no duplicate of itself.
    expect((await admin('/mvc/locations/save', { ...first, Descr: 'Eerste, gewijzigd' })).status).toBe(200);
  });

  it('is unique per owner when the generator says so: the same code for another owner is taken, for the same owner refused', async () => {
    const type = await typeWith('TOWN', {
      NextNumber: 1,
      MinimalLength: 0,
      AutoNumbering: false,
      UniqueScope: 'owner',
    });
    const [a, b] = [await relation('EIG-OWN-A'), await relation('EIG-OWN-B')];
    await saved('locations', { ID: 'WERF-1', Descr: 'Werf van A', LocationType: type, Owner: a });
    await saved('locations', { ID: 'WERF-1', Descr: 'Werf van B', LocationType: type, Owner: b });
    const again = await admin('/mvc/locations/save', {
      ID: 'WERF-1',
      Descr: 'Nog een werf van A',
      LocationType: type,
      Owner: a,
    });
    expect(again.status).toBe(400);
    expect(again.body.ModelState).toEqual({ ID: ['Deze locatiecode bestaat al bij deze eigenaar.'] });
    expect((await withID('WERF-1')).map((l) => l.Descr).sort()).toEqual(['Werf van A', 'Werf van B']);
  });
});

describe('the location tree', () => {
  it('refuses a location under itself, directly or through a location below it, on ParentLocation; nothing is written', async () => {
    const type = await typeWith('TTREE', { NextNumber: 1, MinimalLength: 0, AutoNumbering: false });
    const top = await saved('locations', { ID: 'BOOM-1', Descr: 'Bouwplaats', LocationType: type });
    const middle = await saved('locations', {
      ID: 'BOOM-2',
      Descr: 'Fase 1',
      LocationType: type,
      ParentLocation: top.AutoID,
    });
    const bottom = await saved('locations', {
      ID: 'BOOM-3',
      Descr: 'Bouwkeet',
      LocationType: type,
      ParentLocation: middle.AutoID,
    });
    for (const parent of [top.AutoID, bottom.AutoID, middle.AutoID]) {
      const res = await admin('/mvc/locations/save', { ...top, ParentLocation: parent });
      expect(res.status).toBe(400);
      expect(res.body.ModelState).toEqual({ ParentLocation: ['Een locatie kan niet onder zichzelf vallen.'] });
    }
    expect(await item('locations', top.AutoID)).toEqual(top);
    // Under a location outside its own branch it may go.
    const other = await saved('locations', { ID: 'BOOM-4', Descr: 'Depot', LocationType: type });
    expect((await admin('/mvc/locations/save', { ...top, ParentLocation: other.AutoID })).status).toBe(200);
  });
});

describe('location statuses', () => {
  let type: number;
  const status = async (ID: string, extra: Record<string, unknown> = {}) =>
    (await saved('locationstatuses', { ID, Descr: `Status ${ID}`, ...extra })).AutoID;
  const logOf = async (location: number): Promise<Row[]> =>
    (
      await admin('/mvc/locationstatuslogs/GetFlexData', {
        dataFilter: [{ FieldName: 'Location', Value: location }],
        order: 'AutoID asc',
      })
    ).body.Data;
  beforeAll(async () => {
    type = await typeWith('TSTAT', { NextNumber: 1, MinimalLength: 0, AutoNumbering: false });
  });

  it("writes every change of a location's status, by an action or a save, into the location status log", async () => {
    const [open, closed] = [await status('T-OPEN'), await status('T-DICHT')];
    const location = await saved('locations', {
      ID: 'STATUS-1',
      Descr: 'Statuswissel',
      LocationType: type,
      Status: open,
    });
    expect(await logOf(location.AutoID)).toMatchObject([
      { FromStatus: null, ToStatus: open, ToStatus_Descr: 'Status T-OPEN', CreatedBy: 'admin' },
    ]);

    const res = await admin('/mvc/locations/RunAction', {
      Action: 'changeStatus',
      autoids: [location.AutoID],
      Values: { Status: closed },
    });
    expect(res.body).toMatchObject({ Succeeded: 1, Failed: 0 });
    const current = await item('locations', location.AutoID);
    expect(current.Status).toBe(closed);
    await saved('locations', { ...current, Status: open });
    expect((await logOf(location.AutoID)).map((r) => [r.FromStatus_Descr, r.ToStatus_Descr])).toEqual([
      [null, 'Status T-OPEN'],
      ['Status T-OPEN', 'Status T-DICHT'],
      ['Status T-DICHT', 'Status T-OPEN'],
    ]);
    // A change of another field writes nothing.
    await saved('locations', { ...(await item('locations', location.AutoID)), Descr: 'Andere omschrijving' });
    expect(await logOf(location.AutoID)).toHaveLength(3);
  });

  it('says a missing status in its own words, and keeps the log read-only', async () => {
    const location = await saved('locations', { ID: 'STATUS-2', Descr: 'Zonder status', LocationType: type });
    const missing = await admin('/mvc/locations/RunAction', {
      Action: 'changeStatus',
      autoids: [location.AutoID],
      Values: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.ModelState).toEqual({ Status: ['De locatiestatus is verplicht.'] });
    expect(await logOf(location.AutoID)).toEqual([]);
    const forged = await admin('/mvc/locationstatuslogs/save', {
      Location: location.AutoID,
      ToStatus: await status('T-VALS'),
    });
    expect(forged.status).toBe(403);
    expect(await logOf(location.AutoID)).toEqual([]);
  });

  it("moves a location on after its status's delay and archives it where the status says so (the auto-status task)", async () => {
    const gone = await status('T-WEG', { AutoArchive: true, AutoChangeDelay: 0 });
    const done = await status('T-KLAAR', { AutoChangeStatus: true, AutoChangeStatusTo: gone, AutoChangeDelay: 0 });
    const staying = await status('T-BLIJFT', { AutoArchive: true, AutoChangeDelay: 30 });
    const finishing = await saved('locations', { ID: 'AUTO-1', Descr: 'Opgeleverd', LocationType: type, Status: done });
    const waiting = await saved('locations', { ID: 'AUTO-2', Descr: 'Nog even', LocationType: type, Status: staying });
    const { autoStatus } = await import('../../server/jobs/auto-status.ts');
    const run = () =>
      autoStatus.run(
        {
          pool: server.engine.pool,
          snapshot: () => server.engine.registry.snapshot,
          files: server.engine.files,
          log: () => {},
        },
        {},
        { last: true },
      );
    await run();
    expect(await item('locations', finishing.AutoID)).toMatchObject({ Status: gone, Archive: false });
    expect((await logOf(finishing.AutoID)).map((r) => r.ToStatus)).toEqual([done, gone]);
    await run();
    expect((await item('locations', finishing.AutoID)).Archive).toBe(true);
    expect(await item('locations', waiting.AutoID)).toMatchObject({ Status: staying, Archive: false });
  });
});

describe('rental locations', () => {
  it('need the day renting started, and that day is not in the future', async () => {
    const type = await typeWith('TRENT', { NextNumber: 1, MinimalLength: 0, AutoNumbering: false });
    const location = await saved('locations', { ID: 'HUUR-1', Descr: 'Bouwplaats voor verhuur', LocationType: type });
    const missing = await admin('/mvc/locations/save', { ...location, IsRental: true });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.ModelState)).toEqual(['RentalFrom']);
    const future = await admin('/mvc/locations/save', { ...location, IsRental: true, RentalFrom: '2999-01-01' });
    expect(future.status).toBe(400);
    expect(future.body.ModelState).toEqual({ RentalFrom: ['De verhuurdatum mag niet na vandaag liggen.'] });
    expect(await item('locations', location.AutoID)).toEqual(location);
    await saved('locations', { ...location, IsRental: true, RentalFrom: '2025-03-03' });
    expect(await item('locations', location.AutoID)).toMatchObject({ IsRental: true, RentalFrom: '2025-03-03' });
  });
});

describe('warehouses and pick zones', () => {
  it('looks pick zones up per warehouse, and keeps a zone code unique within its warehouse', async () => {
    const north = await saved('warehouses', { ID: 'W-NOORD', Descr: 'Testmagazijn Noord' });
    const south = await saved('warehouses', { ID: 'W-ZUID', Descr: 'Testmagazijn Zuid' });
    await saved('pickzones', { Warehouse: north.AutoID, ID: 'TZ-A', Descr: 'Steigers noord', SortOrder: 1 });
    await saved('pickzones', { Warehouse: north.AutoID, ID: 'TZ-B', Descr: 'Hekwerk noord', SortOrder: 2 });
    await saved('pickzones', { Warehouse: south.AutoID, ID: 'TZ-A', Descr: 'Steigers zuid', SortOrder: 1 });
    const duplicate = await admin('/mvc/pickzones/save', { Warehouse: north.AutoID, ID: 'TZ-A', Descr: 'Nog eens' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.ModelState).toEqual({ ID: ['Deze pickzonecode bestaat al in dit magazijn.'] });

    const zones = async (WarehouseID: number) =>
      (await admin('/mvc/_lists/pickzones', { WarehouseID, searchKey: 'TZ-' })).body.Data.map(
        (z: { ID: string; Descr: string }) => `${z.ID} ${z.Descr}`,
      );
    expect(await zones(north.AutoID)).toEqual(['TZ-A Steigers noord', 'TZ-B Hekwerk noord']);
    expect(await zones(south.AutoID)).toEqual(['TZ-A Steigers zuid']);
  });

  it('has one default warehouse at most', async () => {
    // The demo pack's Magazijn Utrecht is the default.
    const refused = await admin('/mvc/warehouses/save', { ID: 'W-TWEEDE', Descr: 'Tweede standaard', IsDefault: true });
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState).toEqual({ IsDefault: ['Er is al een standaardmagazijn.'] });
    expect((await admin('/mvc/warehouses/GetFlexData', { dataFilter: { ID: 'W-TWEEDE' } })).body.Data).toEqual([]);
  });
});

describe('users linked to locations', () => {
  /** A user in a group of their own that may read locations, limited to their linked locations and all below them. */
  async function linkedUser(name: string) {
    const user = (await saved('users', { Username: name, Password: 'Loc-pass-12', PasswordRetype: 'Loc-pass-12' }))
      .AutoID;
    const group = (await saved('securitygroups', { ID: name, Descr: `Groep ${name}` })).AutoID;
    await saved('securitygrants', { SecurityGroup: group, RightCode: '7.1', Action: 'read' });
    await saved('usergroups', { User: user, SecurityGroup: group });
    await saved('rowlimits', {
      SecurityGroup: group,
      TableName: 'locations',
      FieldName: 'AutoID',
      Kind: 'tree',
      Path: 'userlocations.User:Location',
      Tree: 'locations.ParentLocation',
    });
    return { user, cookie: await signIn(server.app, name, 'Loc-pass-12') };
  }

  it('a limited user sees only their locations and those below them, in the grid, as an item and in the lookup', async () => {
    const type = await typeWith('TSEE', { NextNumber: 1, MinimalLength: 0, AutoNumbering: false });
    const location = async (ID: string, ParentLocation?: number) =>
      (await saved('locations', { ID, Descr: `Zicht ${ID}`, LocationType: type, ParentLocation })).AutoID;
    const depot = await location('ZICHT-DEPOT');
    const hall = await location('ZICHT-HAL', depot);
    const bay = await location('ZICHT-VAK', hall);
    const site = await location('ZICHT-BOUW');
    const elsewhere = await location('ZICHT-ANDERS');
    const { user, cookie } = await linkedUser('zicht');
    // Before any link the user sees no location at all.
    expect((await as(cookie, '/mvc/locations/GetFlexData', { searchExpressions: 'Zicht' })).body.Data).toEqual([]);
    await saved('userlocations', { User: user, Location: depot, IncludeSubLocations: true });
    await saved('userlocations', { User: user, Location: site });
    const duplicate = await admin('/mvc/userlocations/save', { User: user, Location: site });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.ModelState).toEqual({ Location: ['Deze gebruiker is al aan deze locatie gekoppeld.'] });

    const grid = await as(cookie, '/mvc/locations/GetFlexData', {
      searchExpressions: 'Zicht',
      dataSource: 2,
      pageSize: 100,
    });
    expect(grid.body.Data.map((l: { ID: string }) => l.ID).sort()).toEqual([
      'ZICHT-BOUW',
      'ZICHT-DEPOT',
      'ZICHT-HAL',
      'ZICHT-VAK',
    ]);
    expect(grid.body.Meta.Count).toBe(4);
    expect((await as(cookie, '/mvc/locations/GetItem', { autoid: bay })).body.ID).toBe('ZICHT-VAK');
    const other = await as(cookie, '/mvc/locations/GetItem', { autoid: elsewhere });
    expect(other.status).toBe(404);
    expect(other.body.Code).toBe('ITEM_NOT_FOUND');
    const lookup = await as(cookie, '/mvc/_lists/locations', { searchKey: 'Zicht', pageSize: 30 });
    expect(lookup.body.Data.map((l: { ID: string }) => l.ID).sort()).toEqual([
      'ZICHT-BOUW',
      'ZICHT-DEPOT',
      'ZICHT-HAL',
      'ZICHT-VAK',
    ]);
    expect((await as(cookie, '/mvc/_lists/locations/single', { AutoID: elsewhere })).status).toBe(404);
    // Reading is not changing a status: that needs right 7.2.
    expect(
      (
        await as(cookie, '/mvc/locations/RunAction', {
          Action: 'changeStatus',
          autoids: [hall],
          Values: { Status: null },
        })
      ).status,
    ).toBe(403);
  });

  it('ships the demo group "Magazijn Noord": a member linked to the Groningen depot and a building site sees those and everything below them', async () => {
    const seeded: { ID: string; Descr: string; ParentLocation?: string }[] = JSON.parse(
      readFileSync(path.join(PACKS_DIR, 'demo', 'seed', 'locations.json'), 'utf8'),
    ).rows;
    const depot = present(
      seeded.find((l) => l.Descr === 'Depot Groningen'),
      'the Groningen depot',
    ).ID;
    const site = present(
      seeded.find((l) => l.Descr === 'Steigerwerk Zernike Campus'),
      'the Zernike site',
    ).ID;
    const expected = new Set([depot, site]);
    for (let grew = true; grew;) {
      grew = false;
      for (const l of seeded)
        if (l.ParentLocation && expected.has(l.ParentLocation) && !expected.has(l.ID)) {
          expected.add(l.ID);
          grew = true;
        }
    }
    expect(expected.size).toBeGreaterThan(2);
    const group = (await admin('/mvc/securitygroups/GetFlexData', { dataFilter: { ID: 'MAGNOORD' } })).body.Data[0];
    expect(group.Descr).toBe('Magazijn Noord');
    const user = (
      await saved('users', { Username: 'noord', Password: 'Noord-pass-12', PasswordRetype: 'Noord-pass-12' })
    ).AutoID;
    await saved('usergroups', { User: user, SecurityGroup: group.AutoID });
    for (const ID of [depot, site])
      await saved('userlocations', { User: user, Location: (await withID(ID))[0].AutoID, IncludeSubLocations: true });
    const cookie = await signIn(server.app, 'noord', 'Noord-pass-12');
    const grid = await as(cookie, '/mvc/locations/GetFlexData', { dataSource: 2, pageSize: 1000 });
    expect(grid.status).toBe(200);
    expect(grid.body.Data.map((l: { ID: string }) => l.ID).sort()).toEqual([...expected].sort());
    // Their objects are those at these locations, of all the demo pack's objects.
    const allowed = new Set(grid.body.Data.map((l: { AutoID: number }) => l.AutoID));
    const objects = await as(cookie, '/mvc/objects/GetFlexData', { dataSource: 2, pageSize: 1000 });
    expect(objects.status).toBe(200);
    expect(objects.body.Data.filter((o: { Location: number | null }) => !allowed.has(o.Location))).toEqual([]);
    expect((await admin('/mvc/objects/GetFlexData', { dataSource: 2 })).body.Meta.Count).toBeGreaterThan(
      objects.body.Meta.Count,
    );
  });
});
