// The planning board's kinds of rows and what a board reads after a drop: workflow items are bars
// beside working tickets; a team's persons, objects and the team itself are rows (the definition's
// `members` and `rows`), each with its team's time zone; a record is on the row of the first of its
// kinds' fields that is filled; a read of Items answers only those records and their rows; and the
// board's monitors are read under the board's right (21.1) alone, which widens nothing else.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
import { type Row } from '../support/answers.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');
const WEEK = { From: '2026-12-07T00:00', Till: '2026-12-14T00:00' };

let server: TestServer;
const ids: Record<string, number> = {};
const admin = (url: string, body: unknown = {}) => post(server.app, url, body);
async function create(table: string, record: Record<string, unknown>): Promise<Row> {
  const res = await admin(`/mvc/${table}/save`, record);
  if (res.status !== 200) throw new Error(`${table}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
async function as(cookie: string, url: string, body: object = {}) {
  const res = await server.app.inject({ method: 'POST', url, payload: body, headers: { cookie } });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}
async function userWith(Username: string, grants: string[], hidden: string[] = []): Promise<string> {
  const user = (await create('users', { Username, Password: 'Plan-pass-1', PasswordRetype: 'Plan-pass-1' })).AutoID;
  const group = (await create('securitygroups', { ID: Username.toUpperCase(), Descr: Username })).AutoID;
  await create('usergroups', { User: user, SecurityGroup: group });
  for (const grant of grants) {
    const [RightCode, Action] = grant.split(':');
    await create('securitygrants', { SecurityGroup: group, RightCode, Action });
  }
  for (const field of hidden) {
    const [TableName, FieldName] = field.split('.');
    await create('fieldlimits', { SecurityGroup: group, TableName, FieldName, Visibility: '0' });
  }
  return signIn(server.app, Username, 'Plan-pass-1');
}
const rowKeys = (rows: Row[]) => rows.map((r) => `${r.Table}:${r.Descr}`);

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  await create('administrations', { ID: 'HQ', Descr: 'Hoofdkantoor', IsDefault: true });
  const active = Number((await server.engine.pool.query('SELECT min(autoid) AS id FROM personstatuses')).rows[0].id);
  ids.anna = (await create('persons', { LastName: 'Anna', Status: active })).AutoID;
  ids.team = (await create('teams', { ID: 'TOKIO', Descr: 'Team Tokio', TimeZone: 'Asia/Tokyo' })).AutoID;
  ids.home = (await create('teams', { ID: 'THUIS', Descr: 'Team Thuis' })).AutoID;
  await create('teammembers', { Team: ids.team, Person: ids.anna, Position: 1 });
  const type = (await create('objecttypes', { ID: 'OT-LIFT', Descr: 'Hoogwerker' })).AutoID;
  ids.lift2 = (await create('objects', { ID: 'LIFT-2', Descr: 'Hoogwerker 2', ObjectType: type })).AutoID;
  ids.lift1 = (await create('objects', { ID: 'LIFT-1', Descr: 'Hoogwerker 1', ObjectType: type })).AutoID;
  await create('teamobjects', { Team: ids.team, Object: ids.lift1, Position: 1 });
  await create('teamobjects', { Team: ids.team, Object: ids.lift2, Position: 2 });
  ids.ticket = (
    await create('workingtickets', {
      ShortDescr: 'Koelcel',
      AssignedTeam: ids.team,
      AssignedPerson: ids.anna,
      StartDate: '2026-12-08T09:00',
      EndDate: '2026-12-08T11:00',
    })
  ).AutoID;
  ids.teamTicket = (
    await create('workingtickets', {
      ShortDescr: 'Voor het team',
      AssignedTeam: ids.team,
      StartDate: '2026-12-09T09:00',
      EndDate: '2026-12-09T10:00',
    })
  ).AutoID;
  ids.onPerson = (
    await create('workflows', {
      ShortDescr: 'Storing melden',
      AssignedTeam: ids.team,
      AssignedPerson: ids.anna,
      Object: ids.lift1,
      PlannedStart: '2026-12-10T13:00',
      PlannedEnd: '2026-12-10T15:00',
    })
  ).AutoID;
  ids.onObject = (
    await create('workflows', {
      ShortDescr: 'Keuring hoogwerker',
      AssignedTeam: ids.team,
      Object: ids.lift2,
      PlannedStart: '2026-12-11T08:00',
      PlannedEnd: '2026-12-11T12:00',
    })
  ).AutoID;
  ids.open = (await create('workflows', { ShortDescr: 'Nog te plannen', AssignedTeam: ids.team })).AutoID;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('the planning board with workflow items, objects and teams as rows', () => {
  it('has a team its persons, objects and itself as rows, each in the team time zone, and workflow items as bars', async () => {
    const res = await admin('/mvc/planning/Board', { ...WEEK, Team: ids.team });
    expect(res.status).toBe(200);
    const tables = Object.fromEntries(res.body.Tables.map((t: Row) => [t.Table, t]));
    expect(tables.workflows.Rows).toEqual([
      { Field: 'AssignedPerson', Table: 'persons' },
      { Field: 'Object', Table: 'objects' },
      { Field: 'AssignedTeam', Table: 'teams' },
    ]);
    expect(tables.workingtickets.Rows).toEqual([
      { Field: 'AssignedPerson', Table: 'persons' },
      { Field: 'AssignedTeam', Table: 'teams' },
    ]);
    // Persons, then objects in their position order, then the team itself; all in Tokyo time.
    expect(rowKeys(res.body.Rows)).toEqual([
      'persons:Anna',
      'objects:Hoogwerker 1',
      'objects:Hoogwerker 2',
      'teams:Team Tokio',
    ]);
    expect(res.body.Rows.map((r: Row) => r.TimeZone)).toEqual(['Asia/Tokyo', 'Asia/Tokyo', 'Asia/Tokyo', 'Asia/Tokyo']);
    const bars = Object.fromEntries(res.body.Bars.map((b: Row) => [`${b.Table}:${b.AutoID}`, b]));
    // A record is on the row of the first of its kinds' fields that is filled.
    expect(bars[`workflows:${ids.onPerson}`]).toMatchObject({
      RowTable: 'persons',
      Resource: ids.anna,
      Label: 'Storing melden',
    });
    expect(bars[`workflows:${ids.onObject}`]).toMatchObject({
      RowTable: 'objects',
      Resource: ids.lift2,
      Start: '2026-12-11T08:00',
    });
    expect(bars[`workingtickets:${ids.teamTicket}`]).toMatchObject({ RowTable: 'teams', Resource: ids.team });
    expect(bars[`workingtickets:${ids.ticket}`]).toMatchObject({ RowTable: 'persons', Resource: ids.anna });
    expect(res.body.Unplanned.map((u: Row) => `${u.Table}:${u.Label}`)).toEqual(['workflows:Nog te plannen']);
    // Without a team: every team's rows; a team without a zone has none.
    const all = await admin('/mvc/planning/Board', WEEK);
    const home = all.body.Rows.find((r: Row) => r.Table === 'teams' && r.AutoID === ids.home);
    expect(home).toMatchObject({ Descr: 'Team Thuis', TimeZone: null });
  });

  it('moves a workflow item to an object row by its save (the person emptied), and reads only it again with Items', async () => {
    const moved = await admin('/mvc/workflows/save', {
      AutoID: ids.onPerson,
      TimeStamp: (await admin('/mvc/workflows/GetItem', { autoid: ids.onPerson })).body.TimeStamp,
      AssignedPerson: null,
      Object: ids.lift2,
      PlannedStart: '2026-12-10T14:00',
      PlannedEnd: '2026-12-10T16:00',
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ ShortDescr: 'Storing melden', PlannedStart: '2026-12-10T14:00' });
    const part = await admin('/mvc/planning/Board', {
      ...WEEK,
      Team: ids.team,
      Items: [
        { Table: 'workflows', AutoID: ids.onPerson },
        { Table: 'workflows', AutoID: ids.open },
      ],
    });
    expect(part.status).toBe(200);
    expect(part.body.Bars).toEqual([
      expect.objectContaining({ Table: 'workflows', AutoID: ids.onPerson, RowTable: 'objects', Resource: ids.lift2 }),
    ]);
    expect(part.body.Unplanned.map((u: Row) => u.AutoID)).toEqual([ids.open]);
    expect(rowKeys(part.body.Rows)).toEqual(['objects:Hoogwerker 2']);
    // An end before the start is refused and writes nothing.
    const backwards = await admin('/mvc/workflows/save', {
      AutoID: ids.onPerson,
      TimeStamp: moved.body.TimeStamp,
      PlannedEnd: '2026-12-10T13:00',
    });
    expect(backwards.status).toBe(400);
    expect(Object.keys(backwards.body.ModelState)).toEqual(['PlannedEnd']);
    const bad = async (body: object) => (await admin('/mvc/planning/Board', { ...WEEK, ...body })).status;
    expect(await bad({ Items: Array.from({ length: 101 }, (_, i) => ({ Table: 'workflows', AutoID: i + 1 })) })).toBe(
      400,
    );
    expect(await bad({ Items: [{ Table: 'workflows' }] })).toBe(400);
  });

  it('answers the monitors under the board right alone (21.1), and widens nothing else', async () => {
    const monitor = await create('schedulermonitors', {
      ID: 'TOKIO',
      Descr: 'Tokio week',
      View: 'week',
      Team: ids.team,
    });
    const boardOnly = await userWith('boardonly', ['21.1:read']);
    const read = await as(boardOnly, '/mvc/planning/Monitors');
    expect(read.status).toBe(200);
    expect(read.body.Data.map((r: Row) => [r.AutoID, r.Descr, r.View])).toEqual([
      [monitor.AutoID, 'Tokio week', 'week'],
    ]);
    // A field hidden from them stays hidden.
    const blind = await userWith('blindmonitor', ['21.1:read'], ['schedulermonitors.Descr']);
    const unseen = await as(blind, '/mvc/planning/Monitors');
    expect(unseen.body.Data.map((r: Row) => r.AutoID)).toEqual([monitor.AutoID]);
    expect(JSON.stringify(unseen.body)).not.toContain('Tokio week');
    // The monitors' own calls still take their table's right (10.65).
    expect((await as(boardOnly, '/mvc/schedulermonitors/GetFlexData', { pageSize: 10 })).status).toBe(403);
    expect((await as(boardOnly, '/mvc/schedulermonitors/GetItem', { autoid: monitor.AutoID })).status).toBe(403);
    expect((await as(boardOnly, '/mvc/schedulermonitors/save', { ID: 'EIGEN', Descr: 'Eigen' })).status).toBe(403);
    expect((await as(boardOnly, '/mvc/schedulermonitors/delete', { autoid: monitor.AutoID })).status).toBe(403);
    // Without the board's right the table's own right does not open this call.
    const tableOnly = await userWith('tableonly', ['10.65:read']);
    expect((await as(tableOnly, '/mvc/planning/Monitors')).status).toBe(403);
    expect((await as(tableOnly, '/mvc/schedulermonitors/GetFlexData', { pageSize: 10 })).status).toBe(200);
    expect((await admin('/mvc/planning/Monitors', { Extra: 1 })).status).toBe(400);
  });
});
