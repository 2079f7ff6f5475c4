// The service settings' Standaard… fields are the defaults of new records (`defaultSetting`): a
// workflow item takes the workflow settings' status, group, category, priority and service level,
// a working ticket the working ticket settings' status, transport type and travel time, an hour
// registration their hour kind; GetNew shows them; a value given is kept; without a setting a
// list field falls back to its IsDefault row; a group's own priority goes before the setting's.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, startTestServer, type TestServer } from './harness.ts';
import { type Row } from '../support/answers.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');

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
const byCode = async (table: string, code: string): Promise<number> => {
  const rows: Row[] = (await admin(`/mvc/${table}/GetFlexData`, { pageSize: 100 })).body.Data;
  return Number(rows.find((r) => r.ID === code)?.AutoID);
};
/** Changes fields of a settings table's one row. */
async function setSettings(table: string, values: Record<string, unknown>) {
  const row: Row = (await admin(`/mvc/${table}/GetFlexData`, { pageSize: 1 })).body.Data[0];
  const res = await admin(`/mvc/${table}/save`, { ...(await item(table, Number(row.AutoID))), ...values });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  await create('administrations', { ID: 'HQ', Descr: 'Hoofdkantoor', IsDefault: true });
  const active = Number((await server.engine.pool.query('SELECT min(autoid) AS id FROM personstatuses')).rows[0].id);
  ids.anna = (await create('persons', { LastName: 'Anna', Status: active })).AutoID;
  ids.work = (await create('hourkinds', { ID: 'WERK', Descr: 'Werk', IsDefault: true })).AutoID;
  ids.travel = (await create('hourkinds', { ID: 'REIS', Descr: 'Reistijd' })).AutoID;
  ids.low = (await create('workflowpriorities', { ID: 'LAAG', Descr: 'Laag' })).AutoID;
  ids.high = (await create('workflowpriorities', { ID: 'HOOG', Descr: 'Hoog' })).AutoID;
  ids.category = (await create('workflowcategories', { ID: 'STORING', Descr: 'Storing' })).AutoID;
  ids.group = (await create('workflowgroups', { ID: 'MACHINES', Descr: 'Machines' })).AutoID;
  ids.urgent = (await create('workflowgroups', { ID: 'SPOED', Descr: 'Spoed', Priority: ids.high })).AutoID;
  ids.waiting = await byCode('workflowstatuses', '2');
  ids.open = await byCode('workflowstatuses', '0');
  ids.approved = await byCode('workingticketstatuses', '2');
  ids.unapproved = await byCode('workingticketstatuses', '0');
});

afterAll(async () => {
  await server?.close();
});

describe('service settings as defaults of new records', () => {
  it('without settings, new records take the IsDefault rows as before', async () => {
    const wf = await create('workflows', { ShortDescr: 'Zonder instellingen' });
    expect(wf.Status).toBe(ids.open);
    expect(wf.Priority ?? null).toBeNull();
    const ticket = await create('workingtickets', { ShortDescr: 'Zonder instellingen' });
    expect(ticket.Status).toBe(ids.unapproved);
    expect(ticket.TransportType).toBe('none');
    const hours = await create('hourregistrations', { Person: ids.anna, EnteredDuration: 1 });
    expect(hours.HourKind).toBe(ids.work);
  });

  it('a workflow item takes the workflow settings, and shows them on GetNew', async () => {
    await setSettings('workflowsettings', {
      DefaultWorkflowStatus: ids.waiting,
      DefaultWorkflowGroup: ids.group,
      DefaultCategory: ids.category,
      DefaultWorkflowPriority: ids.low,
    });
    const blank: Row = (await admin('/mvc/workflows/GetNew')).body;
    expect(blank.Status).toBe(ids.waiting);
    expect(blank.Status_Descr).toBe('Wachtend');
    expect(blank.WorkflowGroup).toBe(ids.group);
    expect(blank.WorkflowGroup_Descr).toBe('Machines');
    const wf = await create('workflows', { ShortDescr: 'Met instellingen' });
    expect([wf.Status, wf.WorkflowGroup, wf.Category, wf.Priority]).toEqual([
      ids.waiting,
      ids.group,
      ids.category,
      ids.low,
    ]);
  });

  it('a value given is kept, and a chosen group gives its own priority before the setting', async () => {
    const given = await create('workflows', { ShortDescr: 'Gekozen', Status: ids.open, Priority: ids.high });
    expect([given.Status, given.Priority]).toEqual([ids.open, ids.high]);
    const urgent = await create('workflows', { ShortDescr: 'Spoedgroep', WorkflowGroup: ids.urgent });
    expect([urgent.WorkflowGroup, urgent.Priority]).toEqual([ids.urgent, ids.high]);
  });

  it('a working ticket and an hour registration take the working ticket settings', async () => {
    await setSettings('workingticketsettings', {
      DefaultWorkingTicketStatus: ids.approved,
      DefaultTransportType: 'carwithtrailer',
      DefaultTravelTimeMinutes: 25,
      DefaultHourKind: ids.travel,
    });
    const blank: Row = (await admin('/mvc/workingtickets/GetNew')).body;
    expect([blank.Status, blank.TransportType, blank.TravelTime]).toEqual([ids.approved, 'carwithtrailer', 25]);
    const ticket = await create('workingtickets', { ShortDescr: 'Met instellingen' });
    expect([ticket.Status, ticket.TransportType, ticket.TravelTime]).toEqual([ids.approved, 'carwithtrailer', 25]);
    const kept = await create('workingtickets', { ShortDescr: 'Eigen keuze', TransportType: 'truck', TravelTime: 5 });
    expect([kept.TransportType, kept.TravelTime]).toEqual(['truck', 5]);
    const hours = await create('hourregistrations', { Person: ids.anna, EnteredDuration: 2 });
    expect(hours.HourKind).toBe(ids.travel);
  });

  it('an emptied setting falls back to the IsDefault row', async () => {
    await setSettings('workingticketsettings', { DefaultHourKind: null, DefaultWorkingTicketStatus: null });
    const hours = await create('hourregistrations', { Person: ids.anna, EnteredDuration: 1 });
    expect(hours.HourKind).toBe(ids.work);
    const ticket = await create('workingtickets', { ShortDescr: 'Terug naar standaard' });
    expect(ticket.Status).toBe(ids.unapproved);
  });
});
