// Objects, object types, number generators and move baskets of the base pack, as an API client
// sees them: locking with a reason (and a system reason that stays), unique objects of one,
// a locked object that does not move, construction years and IDs that fit their masks, the
// number generator's own rules, and a move basket that moves its objects — or none of them.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post, signIn, startTestServer, type TestServer } from './harness.ts';
import { type Row } from '../support/answers.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');

let server: TestServer;
let adminId: number;
const ids: Record<string, number> = {};

const api = (url: string, body: unknown = {}) => post(server.app, url, body);
const save = (table: string, record: Record<string, unknown>) => api(`/mvc/${table}/save`, record);
async function create(table: string, record: Record<string, unknown>): Promise<Row> {
  const res = await save(table, record);
  if (res.status !== 200) throw new Error(`${table}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const item = async (table: string, autoid: number) => (await api(`/mvc/${table}/GetItem`, { autoid })).body;
const rows = async (table: string, filter: { FieldName: string; Operator: string; Value: unknown }[]): Promise<Row[]> =>
  (await api(`/mvc/${table}/GetFlexData`, { operatorFilter: filter, pageSize: 100 })).body.Data;
const count = async (table: string): Promise<number> =>
  (await api(`/mvc/${table}/GetFlexData`, { dataSource: 2, pageSize: 1 })).body.Meta.Count;
const transition = (table: string, autoids: number[], Transition: string, Values: Record<string, unknown> = {}) =>
  api(`/mvc/${table}/ChangeStatus`, { autoids, Transition, Values });
const action = (autoids: number[], Action: string, Values: Record<string, unknown> = {}) =>
  api('/mvc/objects/RunAction', { Action, autoids, Values });

/** The object location log of an object, oldest first. */
const logOf = async (o: number) =>
  (await rows('objectlocationlog', [{ FieldName: 'Object', Operator: '=', Value: o }])).sort(
    (a, b) => a.AutoID - b.AutoID,
  );

let serial = 0;
/** A new object of the plain type at location L1. */
const object = (fields: Record<string, unknown> = {}) =>
  create('objects', {
    ID: `T-${++serial}`,
    Descr: `Trilplaat ${serial}`,
    ObjectType: ids.plainType,
    Location: ids.L1,
    ...fields,
  });

beforeAll(async () => {
  // The shipped base pack alone: the tests make their own rows, so no demo data is needed.
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  adminId = (await get(server.app, '/mvc/user/getcurrentuser')).body.AutoID;
  const type = await create('locationtypes', { ID: 'DEPOT', Descr: 'Depot' });
  for (const code of ['L1', 'L2'])
    ids[code] = (await create('locations', { ID: code, Descr: `Locatie ${code}`, LocationType: type.AutoID })).AutoID;
  ids.auto = (
    await create('objectidgenerators', {
      ID: 'AUTO',
      Descr: 'Automatisch',
      Prefix: 'OB-',
      Suffix: '-NL',
      NextNumber: 7,
      MinimalLength: 4,
      AutoNumbering: true,
    })
  ).AutoID;
  ids.manual = (
    await create('objectidgenerators', { ID: 'HAND', Descr: 'Handmatig', IDRequired: true, IdMask: 'AA-999' })
  ).AutoID;
  ids.plainType = (await create('objecttypes', { ID: 'OT-PLAIN', Descr: 'Trilplaat' })).AutoID;
  ids.yearType = (
    await create('objecttypes', { ID: 'OT-YEAR', Descr: 'Graafmachine', ConstructionYearMask: '9999' })
  ).AutoID;
  ids.autoType = (await create('objecttypes', { ID: 'OT-AUTO', Descr: 'Aggregaat', IdGenerator: ids.auto })).AutoID;
  ids.manualType = (
    await create('objecttypes', { ID: 'OT-HAND', Descr: 'Meetinstrument', IdGenerator: ids.manual })
  ).AutoID;
  ids.damage = (await create('lockreasons', { ID: 'SCHADE', Descr: 'Schade gemeld', Kind: 'object' })).AutoID;
  ids.expired = (
    await create('lockreasons', { ID: 'KEURING', Descr: 'Keuring verlopen', Kind: 'object', IsSystem: true })
  ).AutoID;
  ids.available = (await create('objectstatuses', { ID: 'BESCHIKBAAR', Descr: 'Beschikbaar' })).AutoID;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('locking', () => {
  it("needs a lock reason, said in the prompt's own words, and writes nothing without one", async () => {
    const o = await object();
    const refused = await transition('objects', [o.AutoID], 'lock', { Comment: 'Hydrauliek lekt' });
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState.LockReason).toEqual(['De vergrendelreden is verplicht.']);
    expect(await item('objects', o.AutoID)).toMatchObject({ Locked: false, LockReason: null, LockedBy: null });
    expect((await api('/mvc/objects/GetStatusLog', { autoid: o.AutoID })).body.Data).toEqual([]);

    const locked = await transition('objects', [o.AutoID], 'lock', {
      LockReason: ids.damage,
      Comment: 'Hydrauliek lekt',
    });
    expect(locked.body).toMatchObject({ Succeeded: 1, Failed: 0 });
    const after = await item('objects', o.AutoID);
    expect(after).toMatchObject({
      Locked: true,
      LockReason: ids.damage,
      LockReason_Descr: 'Schade gemeld',
      LockedBy: adminId,
    });
    expect(after.LockedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d/);
    expect((await api('/mvc/objects/GetStatusLog', { autoid: o.AutoID })).body.Data[0]).toMatchObject({
      Transition: 'lock',
      Comment: 'Hydrauliek lekt',
      By: 'admin',
    });
  });

  it('a lock with a system reason cannot be released; another lock can, and its reason is cleared', async () => {
    const [system, plain] = [await object(), await object()];
    await transition('objects', [system.AutoID], 'lock', { LockReason: ids.expired });
    await transition('objects', [plain.AutoID], 'lock', { LockReason: ids.damage });
    const res = await transition('objects', [system.AutoID, plain.AutoID], 'unlock', { Reason: 'Gerepareerd' });
    expect(res.body).toMatchObject({ Succeeded: 1, Failed: 1 });
    expect(res.body.Results.find((r: Row) => r.AutoID === system.AutoID)).toMatchObject({
      Result: 'FAILED',
      Error: 'Een vergrendeling met een systeemreden kan niet worden opgeheven.',
    });
    expect(await item('objects', system.AutoID)).toMatchObject({ Locked: true, LockReason: ids.expired });
    expect(await item('objects', plain.AutoID)).toMatchObject({
      Locked: false,
      LockReason: null,
      LockedBy: null,
      LockedAt: null,
    });
  });

  it('a save cannot lock or unlock', async () => {
    const o = await object();
    const res = await save('objects', { ...o, Locked: true });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['Locked']);
    expect((await item('objects', o.AutoID)).Locked).toBe(false);
  });
});

describe('batch actions', () => {
  it('the status change needs a status: "De objectstatus is verplicht."', async () => {
    const o = await object();
    const refused = await action([o.AutoID], 'changeStatus');
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState.Status).toEqual(['De objectstatus is verplicht.']);
    expect((await action([o.AutoID], 'changeStatus', { Status: ids.available })).body.Succeeded).toBe(1);
    expect(await item('objects', o.AutoID)).toMatchObject({ Status: ids.available, Status_Descr: 'Beschikbaar' });
    expect((await api('/mvc/objects/GetStatusLog', { autoid: o.AutoID })).body.Data).toHaveLength(1);
  });

  it('adding to a move basket needs a basket: "De verplaatsmand is verplicht."', async () => {
    const o = await object();
    const refused = await action([o.AutoID], 'addToMoveBasket');
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState.MoveBasket).toEqual(['De verplaatsmand is verplicht.']);
  });
});

describe('unique and bulk objects', () => {
  it('a unique object has quantity 1: quantity 2 is refused on Quantity and nothing is written', async () => {
    const before = await count('objects');
    const refused = await save('objects', { ID: 'UNIEK-2', Descr: 'Bouwhek', ObjectType: ids.plainType, Quantity: 2 });
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState).toEqual({ Quantity: ['Een uniek object heeft altijd aantal 1.'] });
    expect(await count('objects')).toBe(before);
    const bulk = await object({ UniqueItem: false, Quantity: 40 });
    expect(bulk).toMatchObject({ UniqueItem: false, Quantity: 40 });
  });

  it('switches between unique and bulk only through its actions, and a lot of 40 cannot become unique', async () => {
    const o = await object();
    // The flag is set on create; a later save leaves it alone.
    const saved = await save('objects', { ...o, UniqueItem: false });
    expect(saved.status).toBe(200);
    expect(saved.body.UniqueItem).toBe(true);
    expect((await action([o.AutoID], 'makeBulk')).body.Succeeded).toBe(1);
    const bulk = await item('objects', o.AutoID);
    expect(bulk.UniqueItem).toBe(false);
    expect((await save('objects', { ...bulk, Quantity: 40 })).status).toBe(200);
    const back = await action([o.AutoID], 'makeUnique');
    expect(back.body.Results[0]).toMatchObject({ Result: 'FAILED', Error: 'Een uniek object heeft altijd aantal 1.' });
    expect((await item('objects', o.AutoID)).UniqueItem).toBe(false);
  });
});

describe('moving objects', () => {
  it('a move writes the object location log; a locked object is refused on Location and nothing is written', async () => {
    const o = await object();
    const moved = await save('objects', { ...o, Location: ids.L2 });
    expect(moved.status).toBe(200);
    // Its first location (given on create) and the move, each with who made it.
    expect(await logOf(o.AutoID)).toEqual([
      expect.objectContaining({ FromLocation: null, ToLocation: ids.L1, CreatedBy: 'admin' }),
      expect.objectContaining({ FromLocation: ids.L1, ToLocation: ids.L2, CreatedBy: 'admin' }),
    ]);

    await transition('objects', [o.AutoID], 'lock', { LockReason: ids.damage });
    const locked = await item('objects', o.AutoID);
    const refused = await save('objects', { ...locked, Location: ids.L1 });
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState).toEqual({ Location: ['Een vergrendeld object kan niet worden verplaatst.'] });
    expect((await item('objects', o.AutoID)).Location).toBe(ids.L2);
    expect(await logOf(o.AutoID)).toHaveLength(2);
    // Other changes of a locked object that leave it where it is are saved.
    expect((await save('objects', { ...locked, Note: 'Wacht op onderdelen' })).status).toBe(200);
  });

  it('nobody writes the object location log by hand', async () => {
    const o = await object();
    expect(
      (await save('objectlocationlog', { Object: o.AutoID, FromLocation: ids.L1, ToLocation: ids.L2 })).status,
    ).toBe(403);
  });
});

describe('construction year and ID', () => {
  it("a construction year must fit the object type's mask", async () => {
    const refused = await save('objects', {
      ID: 'BJ-1',
      Descr: 'Graafmachine',
      ObjectType: ids.yearType,
      ConstructionYear: '19x5',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState).toEqual({
      ConstructionYear: ['Het bouwjaar past niet in het formaat dat het objecttype verwacht.'],
    });
    expect(await rows('objects', [{ FieldName: 'ID', Operator: '=', Value: 'BJ-1' }])).toEqual([]);
    expect((await object({ ObjectType: ids.yearType, ConstructionYear: '2019' })).ConstructionYear).toBe('2019');
    // A type without a mask takes any text.
    expect((await object({ ConstructionYear: 'ca. 1990' })).ConstructionYear).toBe('ca. 1990');
  });

  it('an automatic generator numbers an empty ID with prefix, padded number and suffix', async () => {
    const first = await create('objects', { Descr: 'Aggregaat 20 kVA', ObjectType: ids.autoType });
    const second = await create('objects', { Descr: 'Aggregaat 45 kVA', ObjectType: ids.autoType });
    expect([first.ID, second.ID]).toEqual(['OB-0007-NL', 'OB-0008-NL']);
    expect((await item('objectidgenerators', ids.auto)).NextNumber).toBe(9);
  });

  it('a generator that does not number needs the ID, in its mask', async () => {
    const missing = await save('objects', { Descr: 'Rotatielaser', ObjectType: ids.manualType });
    expect(missing.status).toBe(400);
    expect(missing.body.ModelState.ID).toEqual([
      'Het objectnummer is verplicht: de objectnummergenerator van dit objecttype nummert niet automatisch.',
    ]);
    const wrong = await save('objects', { ID: 'RL-12', Descr: 'Rotatielaser', ObjectType: ids.manualType });
    expect(wrong.status).toBe(400);
    expect(wrong.body.ModelState.ID).toEqual([
      'Het objectnummer past niet in het masker van de objectnummergenerator van dit objecttype.',
    ]);
    expect((await create('objects', { ID: 'RL-123', Descr: 'Rotatielaser', ObjectType: ids.manualType })).ID).toBe(
      'RL-123',
    );
    // A type without a generator takes an object without an ID.
    expect((await create('objects', { Descr: 'Trilplaat zonder nummer', ObjectType: ids.plainType })).ID ?? '').toBe(
      '',
    );
  });

  it('an archived object type cannot be chosen', async () => {
    const type = await create('objecttypes', { ID: 'OT-OUD', Descr: 'Oud type' });
    await create('objecttypes', { ...type, Archive: true });
    const refused = await save('objects', { ID: 'OUD-1', Descr: 'Oud', ObjectType: type.AutoID });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.ModelState)).toEqual(['ObjectType']);
  });
});

describe('object number generators', () => {
  const rule = async (fields: Record<string, unknown>, field: string, message: string) => {
    const before = await count('objectidgenerators');
    const res = await save('objectidgenerators', { ID: `G${++serial}`, Descr: 'Generator', ...fields });
    expect(res.status).toBe(400);
    expect(res.body.ModelState).toEqual({ [field]: [message] });
    expect(await count('objectidgenerators')).toBe(before);
  };

  it('refuses a hidden product field on a product-based generator', () =>
    rule(
      { IsProductBased: true, HideProductField: true },
      'HideProductField',
      'Een generator op basis van product kan het productveld niet verbergen.',
    ));
  it('needs the ID required when object number lists are used', () =>
    rule(
      { UseObjectNumberLists: true, IDRequired: false },
      'IDRequired',
      'Bij objectnummerlijsten moet de code verplicht zijn.',
    ));
  it('refuses automatic numbering with object number lists', () =>
    rule(
      { UseObjectNumberLists: true, IDRequired: true, AutoNumbering: true },
      'AutoNumbering',
      'Automatisch nummeren kan niet samen met objectnummerlijsten.',
    ));
  it('takes a generator that keeps the rules', async () => {
    expect(
      (
        await save('objectidgenerators', {
          ID: 'LIJST',
          Descr: 'Nummerlijsten',
          UseObjectNumberLists: true,
          IDRequired: true,
          IsProductBased: true,
        })
      ).status,
    ).toBe(200);
  });
});

describe('move baskets', () => {
  const basket = (ID: string) => create('movebaskets', { ID, Descr: `Mand ${ID}`, ToLocation: ids.L2 });
  const items = async (b: number) => rows('movebasketitems', [{ FieldName: 'Basket', Operator: '=', Value: b }]);
  const moves = async (o: number) => (await logOf(o)).filter((l) => l.ToLocation === ids.L2);

  it('objects go into a basket once; processing moves them, stamps the items and writes the location log', async () => {
    const b = await basket('VM-1');
    expect(b.Status).toBe('open');
    const [a, c] = [await object(), await object()];
    const added = await action([a.AutoID, c.AutoID], 'addToMoveBasket', { MoveBasket: b.AutoID });
    expect(added.body.Succeeded).toBe(2);
    // The basket items made are not offered to open: the dialog closes at once.
    expect(added.body.Results.filter((r: { Open?: unknown }) => r.Open)).toEqual([]);
    const twice = await action([a.AutoID], 'addToMoveBasket', { MoveBasket: b.AutoID });
    expect(twice.body.Results[0]).toMatchObject({
      Result: 'FAILED',
      Error: 'Dit object staat al in deze verplaatsmand.',
    });
    expect(await items(b.AutoID)).toHaveLength(2);

    const res = await transition('movebaskets', [b.AutoID], 'process');
    expect(res.body).toMatchObject({ Succeeded: 1, Failed: 0 });
    expect(await item('movebaskets', b.AutoID)).toMatchObject({ Status: 'processed', ProcessedBy: adminId });
    for (const o of [a, c]) {
      expect((await item('objects', o.AutoID)).Location).toBe(ids.L2);
      expect(await moves(o.AutoID)).toEqual([expect.objectContaining({ FromLocation: ids.L1, ToLocation: ids.L2 })]);
    }
    for (const i of await items(b.AutoID)) {
      expect(i).toMatchObject({ FromLocation: ids.L1, ToLocation: ids.L2 });
      expect(i.MovedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d/);
    }
    // A processed basket takes no more objects.
    const late = await action([(await object()).AutoID], 'addToMoveBasket', { MoveBasket: b.AutoID });
    expect(late.body.Results[0]).toMatchObject({
      Result: 'FAILED',
      Error: 'Aan een verwerkte verplaatsmand kunnen geen objecten meer worden toegevoegd.',
    });
  });

  it('the reason given when a basket is processed goes into the object location log', async () => {
    const b = await basket('VM-3');
    const o = await object();
    await action([o.AutoID], 'addToMoveBasket', { MoveBasket: b.AutoID });
    expect(
      (await transition('movebaskets', [b.AutoID], 'process', { Reason: 'Retour na oplevering' })).body.Succeeded,
    ).toBe(1);
    expect(await moves(o.AutoID)).toEqual([expect.objectContaining({ Reason: 'Retour na oplevering' })]);
  });

  it('a basket with a locked object fails as a whole: nothing moves, nothing is stamped or logged', async () => {
    const b = await basket('VM-2');
    const [free, locked] = [await object(), await object()];
    await action([free.AutoID, locked.AutoID], 'addToMoveBasket', { MoveBasket: b.AutoID });
    await transition('objects', [locked.AutoID], 'lock', { LockReason: ids.damage });

    const res = await transition('movebaskets', [b.AutoID], 'process');
    expect(res.body).toMatchObject({ Succeeded: 0, Failed: 1 });
    expect(res.body.Results[0]).toMatchObject({
      Result: 'FAILED',
      Error: 'Een vergrendeld object kan niet worden verplaatst.',
    });
    expect(await item('movebaskets', b.AutoID)).toMatchObject({ Status: 'open', ProcessedAt: null, ProcessedBy: null });
    for (const o of [free, locked]) {
      expect((await item('objects', o.AutoID)).Location).toBe(ids.L1);
      expect(await moves(o.AutoID)).toEqual([]);
    }
    for (const i of await items(b.AutoID))
      expect(i).toMatchObject({ FromLocation: null, ToLocation: null, MovedAt: null });
  });
});

describe('rights', () => {
  /** A user in a group of their own with the given grants, signed in. */
  async function userWith(name: string, grants: [string, string][]): Promise<string> {
    const user = await create('users', { Username: name, Password: 'Walk-pass-1', PasswordRetype: 'Walk-pass-1' });
    const group = await create('securitygroups', { ID: name, Descr: name });
    for (const [RightCode, Action] of grants)
      await create('securitygrants', { SecurityGroup: group.AutoID, RightCode, Action });
    await create('usergroups', { User: user.AutoID, SecurityGroup: group.AutoID });
    return signIn(server.app, name, 'Walk-pass-1');
  }
  const as = async (cookie: string, url: string, body: object) => {
    const res = await server.app.inject({ method: 'POST', url, payload: body, headers: { cookie } });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };
  const objectRights: [string, string][] = ['read', 'update', 'create', 'delete'].map((a) => ['6.1', a]);

  it('adding to a move basket takes the right to manage move baskets (6.8); locking takes its own (6.2)', async () => {
    const b = await create('movebaskets', { ID: 'VM-R', Descr: 'Rechten', ToLocation: ids.L2 });
    const o = await object();
    const objectsOnly = await userWith('objecten', objectRights);
    const baskets = await userWith('manden', [...objectRights, ['6.8', 'read'], ['6.8', 'create']]);
    const add = (cookie: string) =>
      as(cookie, '/mvc/objects/RunAction', {
        Action: 'addToMoveBasket',
        autoids: [o.AutoID],
        Values: { MoveBasket: b.AutoID },
      });
    expect((await add(objectsOnly)).status).toBe(403);
    expect((await add(baskets)).body.Succeeded).toBe(1);
    expect(
      (
        await as(baskets, '/mvc/objects/ChangeStatus', {
          autoids: [o.AutoID],
          Transition: 'lock',
          Values: { LockReason: ids.damage },
        })
      ).status,
    ).toBe(403);
    expect((await item('objects', o.AutoID)).Locked).toBe(false);
  });
});

describe('screens', () => {
  it('the object screen opens a record from its deep link; the other screens sit under it in the menu', async () => {
    const screens: { name: string; parent?: string; deepLink?: string }[] = (
      await get(server.app, '/mvc/definitions/screens')
    ).body.Screens;
    const byName = new Map(screens.map((s) => [s.name, s]));
    expect(byName.get('objects')).toMatchObject({ parent: 'backoffice', deepLink: '/frontoffice/object/{id}' });
    for (const name of [
      'objectlocations',
      'objectlocationlog',
      'objectmovelog',
      'objecttypes',
      'movebaskets',
      'processedmovebaskets',
    ]) {
      expect(byName.get(name)?.parent, name).toBe('objects');
    }
  });

  it('the data sets show open and processed baskets, processed moves, and locked objects apart', async () => {
    const set = async (table: string, dataSet: string): Promise<Row[]> =>
      (await api(`/mvc/${table}/GetFlexData`, { dataSet, pageSize: 1000 })).body.Data;
    const baskets = (await set('movebaskets', 'open')).map((b) => b.ID);
    expect(baskets).toContain('VM-2');
    expect(baskets).not.toContain('VM-1');
    expect((await set('movebaskets', 'processed')).map((b) => b.ID)).toContain('VM-1');
    const moved = await set('movebasketitems', 'moved');
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.every((i) => i.MovedAt !== null)).toBe(true);
    const locked = await set('objects', 'locked');
    expect(locked.length).toBeGreaterThan(0);
    expect(locked.every((o) => o.Locked === true)).toBe(true);
    expect((await set('objects', 'active')).every((o) => o.Locked === false)).toBe(true);
  });

  it('the objects lookup is filtered by product, object type and warehouse', async () => {
    await object({ ID: 'LOOK-1', ObjectType: ids.yearType, ConstructionYear: '2020' });
    const found = await api('/mvc/_lists/objects', { objectTypeID: ids.yearType, searchKey: 'LOOK' });
    expect(found.body.Data.map((d: { ID: string }) => d.ID)).toEqual(['LOOK-1']);
    expect((await api('/mvc/_lists/objects', { objectTypeID: ids.plainType, searchKey: 'LOOK' })).body.Data).toEqual(
      [],
    );
  });
});
