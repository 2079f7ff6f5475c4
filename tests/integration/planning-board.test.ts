// The planning board's read call over the base pack's working tickets: rows are a team's members in
// their order, bars the planned tickets of the period with their colour and the working-hours
// flag, unplanned tickets found by search; a limited user sees only their rows' bars and no hidden
// field; a drop is the ticket's normal save, refused by a right, a check or a stale TimeStamp; and
// the call's body is bounded. Capacity planning sets planned hours per team and week against the
// members' available hours.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
import { type Row } from '../support/answers.ts';
import { monitorOf, monitorRecord } from '../../runtime/screens/planning/monitors.ts';
import { BUILT_IN, type BoardPrefs } from '../../runtime/screens/planning/prefs.ts';

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
const item = async (table: string, autoid: number): Promise<Row> =>
  (await admin(`/mvc/${table}/GetItem`, { autoid })).body;
async function as(cookie: string, url: string, body: object = {}) {
  const res = await server.app.inject({ method: 'POST', url, payload: body, headers: { cookie } });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}
async function limitedUser(Username: string, grants: string[], setUp: (group: number) => Promise<void>) {
  const user = (await create('users', { Username, Password: 'Plan-pass-1', PasswordRetype: 'Plan-pass-1' })).AutoID;
  const group = (await create('securitygroups', { ID: Username.toUpperCase(), Descr: Username })).AutoID;
  await create('usergroups', { User: user, SecurityGroup: group });
  for (const grant of grants)
    await create('securitygrants', {
      SecurityGroup: group,
      RightCode: grant.split(':')[0],
      Action: grant.split(':')[1],
    });
  await setUp(group);
  return { user, cookie: await signIn(server.app, Username, 'Plan-pass-1') };
}

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  await create('administrations', { ID: 'HQ', Descr: 'Hoofdkantoor', IsDefault: true });
  ids.company = (await create('relations', { ID: 'EIGEN', Descr: 'Eigen bedrijf' })).AutoID;
  const active = Number((await server.engine.pool.query('SELECT min(autoid) AS id FROM personstatuses')).rows[0].id);
  const person = async (LastName: string) => (await create('persons', { LastName, Status: active })).AutoID;
  ids.anna = await person('Anna');
  ids.bert = await person('Bert');
  ids.cees = await person('Cees');
  const week = (
    await create('workabledays', {
      ID: 'MA-VR',
      Descr: 'Maandag tot vrijdag',
      Monday: true,
      Tuesday: true,
      Wednesday: true,
      Thursday: true,
      Friday: true,
    })
  ).AutoID;
  const plan = (
    await create('workhourplans', {
      ID: 'KANTOOR',
      Descr: 'Kantoortijden',
      StartTime: '08:00',
      EndTime: '17:00',
      MondayHours: 8,
      TuesdayHours: 8,
      WednesdayHours: 8,
      ThursdayHours: 8,
      FridayHours: 8,
    })
  ).AutoID;
  ids.team = (
    await create('teams', { ID: 'SERVICE', Descr: 'Serviceteam', Workdays: week, WorkHourPlan: plan })
  ).AutoID;
  await create('teammembers', { Team: ids.team, Person: ids.cees, Position: 1 });
  await create('teammembers', { Team: ids.team, Person: ids.anna, Position: 2 });
  const red = (await create('workingticketstatuses', { ID: 'ROOD', Descr: 'Rood', Color: '#cc0000' })).AutoID;
  const ticket = async (record: Record<string, unknown>) =>
    (await create('workingtickets', { AssignedTeam: ids.team, ...record })).AutoID;
  ids.planned = await ticket({
    ShortDescr: 'Koelcel',
    AssignedPerson: ids.anna,
    StartDate: '2026-12-08T09:00',
    EndDate: '2026-12-08T11:00',
    Status: red,
  });
  ids.evening = await ticket({
    ShortDescr: 'Avondwerk',
    AssignedPerson: ids.cees,
    StartDate: '2026-12-09T18:00',
    EndDate: '2026-12-09T20:00',
  });
  ids.nextWeek = await ticket({
    ShortDescr: 'Later',
    AssignedPerson: ids.anna,
    StartDate: '2026-12-15T09:00',
    EndDate: '2026-12-15T10:00',
  });
  ids.open = await ticket({ ShortDescr: 'Lekkage dak', CustomerReference: 'REF-77' });
  ids.other = await ticket({ ShortDescr: 'Deurbel' });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('the planning board', () => {
  it('answers the team members in order, the bars of the week with colour and flag, and the unplanned tickets', async () => {
    const res = await admin('/mvc/planning/Board', { ...WEEK, Team: ids.team });
    expect(res.status).toBe(200);
    expect(res.body.Tables.map((t: Row) => t.Table)).toEqual(['workflows', 'workingtickets']);
    expect(res.body.Tables).toContainEqual(
      expect.objectContaining({
        Table: 'workingtickets',
        Start: 'StartDate',
        End: 'EndDate',
        Resource: 'AssignedPerson',
        ResourceTable: 'persons',
        Update: true,
        Flags: [{ Field: 'OutsideWorkingHours', Label: 'Buiten werktijden' }],
      }),
    );
    // The team's persons in their order, then the team itself (a ticket of no person is on it).
    expect(res.body.Rows.map((r: Row) => r.Descr)).toEqual(['Cees', 'Anna', 'Serviceteam']);
    const bars = Object.fromEntries(res.body.Bars.map((b: Row) => [b.AutoID, b]));
    expect(Object.keys(bars).map(Number).sort()).toEqual([ids.planned, ids.evening].sort());
    expect(bars[ids.planned]).toMatchObject({
      Start: '2026-12-08T09:00',
      End: '2026-12-08T11:00',
      Resource: ids.anna,
      Label: 'Koelcel',
      Color: '#cc0000',
      Flags: [],
    });
    expect(bars[ids.evening].Flags).toEqual(['OutsideWorkingHours']);
    expect(res.body.Unplanned.map((u: Row) => u.Label).sort()).toEqual(['Deurbel', 'Lekkage dak']);
    const found = await admin('/mvc/planning/Board', { ...WEEK, Search: 'REF-77' });
    expect(found.body.Unplanned.map((u: Row) => u.AutoID)).toEqual([ids.open]);
    expect(found.body.Truncated).toBe(false);
  });

  it('shows a limited user only the bars within their row limits, and no field hidden from them', async () => {
    const grants = ['21.1:read', '21.2:read', '20.1:read', '3.1:read', '10.1:read'];
    const { user, cookie } = await limitedUser('planner', grants, async (group) => {
      await create('rowlimits', {
        SecurityGroup: group,
        TableName: 'workingtickets',
        FieldName: 'AssignedPerson',
        Kind: 'linked',
        Path: 'persons.User:AutoID',
      });
      await create('fieldlimits', {
        SecurityGroup: group,
        TableName: 'workingtickets',
        FieldName: 'ShortDescr',
        Visibility: '0',
      });
    });
    await create('persons', { ...(await item('persons', ids.anna)), Relation: ids.company, User: user });
    const res = await as(cookie, '/mvc/planning/Board', WEEK);
    expect(res.status).toBe(200);
    expect(res.body.Bars.map((b: Row) => b.AutoID)).toEqual([ids.planned]);
    expect(res.body.Bars[0].Label).toBe('');
    expect(JSON.stringify(res.body)).not.toContain('Koelcel');
    expect(JSON.stringify(res.body)).not.toContain('Avondwerk');
    expect(res.body.Tables[0].Update).toBe(false);
    const hidden = await limitedUser('blind', ['21.1:read', '20.1:read'], async (group) => {
      await create('fieldlimits', {
        SecurityGroup: group,
        TableName: 'workingtickets',
        FieldName: 'StartDate',
        Visibility: '0',
      });
    });
    const blind = await as(hidden.cookie, '/mvc/planning/Board', WEEK);
    expect(blind.body).toMatchObject({ Tables: [], Bars: [], Unplanned: [] });
    const none = await limitedUser('nobody', ['21.1:read', '3.1:read'], async () => {});
    expect((await as(none.cookie, '/mvc/planning/Board', WEEK)).body.Bars).toEqual([]);
    expect((await as(none.cookie, '/mvc/planning/Board', { ...WEEK, Tables: ['workingtickets'] })).status).toBe(400);
  });

  it("answers the board only to who may open the Planbord (21.1) and capacity only with 21.2, whatever their tables' rights", async () => {
    const outsider = await limitedUser('outsider', ['20.1:read', '3.1:read', '10.1:read'], async () => {});
    const board = await as(outsider.cookie, '/mvc/planning/Board', WEEK);
    expect(board.status).toBe(403);
    expect(board.body.Authenticated).toBe(true);
    expect((await as(outsider.cookie, '/mvc/planning/Capacity', { From: '2026-12-07', Weeks: 1 })).status).toBe(403);
    const boardOnly = await limitedUser('boardonly', ['21.1:read', '20.1:read'], async () => {});
    expect((await as(boardOnly.cookie, '/mvc/planning/Board', WEEK)).status).toBe(200);
    expect((await as(boardOnly.cookie, '/mvc/planning/Capacity', { From: '2026-12-07', Weeks: 1 })).status).toBe(403);
  });

  it('takes a drop as the normal save: moved, then refused by a check, a stale TimeStamp and a missing right', async () => {
    const ticket = await item('workingtickets', ids.open);
    const moved = await admin('/mvc/workingtickets/save', {
      ...ticket,
      AssignedPerson: ids.anna,
      StartDate: '2026-12-10T08:00',
      EndDate: '2026-12-10T10:00',
    });
    expect(moved.status).toBe(200);
    const board = await admin('/mvc/planning/Board', WEEK);
    expect(board.body.Bars.map((b: Row) => b.AutoID)).toContain(ids.open);
    expect(board.body.Unplanned.map((u: Row) => u.AutoID)).not.toContain(ids.open);

    const outsider = await admin('/mvc/workingtickets/save', { ...moved.body, AssignedPerson: ids.bert });
    expect(outsider.status).toBe(400);
    expect(outsider.body.ModelState).toEqual({ AssignedPerson: ['Bert is geen lid van team Serviceteam.'] });
    const backwards = await admin('/mvc/workingtickets/save', { ...moved.body, EndDate: '2026-12-10T07:00' });
    expect(backwards.status).toBe(400);
    const stale = await admin('/mvc/workingtickets/save', { ...ticket, StartDate: '2026-12-11T08:00' });
    expect(stale.status).toBe(409);
    const reader = await limitedUser('reader', ['20.1:read'], async () => {});
    const refused = await as(reader.cookie, '/mvc/workingtickets/save', {
      ...moved.body,
      StartDate: '2026-12-11T08:00',
    });
    expect(refused.status).toBe(403);
    expect((await item('workingtickets', ids.open)).StartDate).toBe('2026-12-10T08:00');
  });

  it("sets planned hours per team and week against the members' hours, less their absences", async () => {
    const sick = (await create('absencekinds', { ID: 'ZIEK', Descr: 'Ziek' })).AutoID;
    await create('personabsences', { Person: ids.anna, AbsenceKind: sick, From: '2026-12-09', To: '2026-12-09' });
    const res = await admin('/mvc/planning/Capacity', { From: '2026-12-09', Weeks: 2, Team: ids.team });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      Weeks: ['2026-12-07', '2026-12-14'],
      Teams: [
        {
          AutoID: ids.team,
          Descr: 'Serviceteam',
          Weeks: [
            { Week: '2026-12-07', Planned: 6, Available: 72 },
            { Week: '2026-12-14', Planned: 1, Available: 80 },
          ],
        },
      ],
    });
    const limited = await signIn(server.app, 'planner', 'Plan-pass-1');
    const theirs = await as(limited, '/mvc/planning/Capacity', { From: '2026-12-07', Weeks: 1 });
    expect(theirs.body.Teams[0].Weeks[0]).toEqual({ Week: '2026-12-07', Planned: 4, Available: 0 });
    expect((await admin('/mvc/planning/Capacity', { From: '2026-12-07', Weeks: 13 })).status).toBe(400);
    expect((await admin('/mvc/planning/Capacity', { From: '7-12-2026', Weeks: 1 })).status).toBe(400);
  });

  it('keeps a scheduler monitor as a saved board configuration, saved only with the monitors right (10.65)', async () => {
    const prefs: BoardPrefs = { view: '2weeks', step: 120, width: 'wide', mode: 'monsat' };
    const saved = await create('schedulermonitors', monitorRecord('Service twee weken', prefs, ids.team));
    const rows: Row[] = (await admin('/mvc/schedulermonitors/GetFlexData', { pageSize: 50 })).body.Data;
    const row = rows.find((r) => r.AutoID === saved.AutoID);
    expect(row && monitorOf(row, BUILT_IN)).toEqual({
      AutoID: saved.AutoID,
      name: 'Service twee weken',
      prefs,
      team: ids.team,
    });
    const boardOnly = await limitedUser('monitorless', ['21.1:read', '20.1:read'], async () => {});
    const refused = await as(boardOnly.cookie, '/mvc/schedulermonitors/save', monitorRecord('Eigen', BUILT_IN, null));
    expect(refused.status).toBe(403);
    expect((await as(boardOnly.cookie, '/mvc/schedulermonitors/delete', { autoid: saved.AutoID })).status).toBe(403);
    const manager = await limitedUser('monitors', ['21.1:read', '10.65:read', '10.65:create'], async () => {});
    const own = await as(manager.cookie, '/mvc/schedulermonitors/save', monitorRecord('Eigen', BUILT_IN, null));
    expect(own.status).toBe(200);
    expect((await item('schedulermonitors', own.body.AutoID)).View).toBe('week');
  });

  it('bounds its body: a period of at most six weeks, a wall time, a bounded list, no unknown key', async () => {
    const bad = async (body: object) => (await admin('/mvc/planning/Board', body)).status;
    expect(await bad({ From: '2026-12-07T00:00', Till: '2027-02-07T00:00' })).toBe(400);
    expect(await bad({ From: '2026-12-07T00:00', Till: '2026-12-07T00:00' })).toBe(400);
    expect(await bad({ From: '2026-12-07', Till: '2026-12-14T00:00' })).toBe(400);
    expect(await bad({ ...WEEK, Resources: Array.from({ length: 2001 }, (_, i) => i + 1) })).toBe(400);
    expect(await bad({ ...WEEK, Extra: 1 })).toBe(400);
    expect(await bad({ ...WEEK, Search: 'x'.repeat(201) })).toBe(400);
    const anonymous = await server.app.inject({ method: 'POST', url: '/mvc/planning/Board', payload: WEEK });
    expect(anonymous.statusCode).toBe(403);
  });
});
