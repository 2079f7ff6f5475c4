// Relation contracts on the base pack: a new contract takes its type's pricing, periods and terms,
// objects and workflow groups are its child rows, dates are kept in order (an end date neither
// before the start nor inside the termination term), ending is an action with prompts, renewal a
// scheduled action that extends a contract once per renewal term, the lists (data sets) count as
// they say, and a user limited to one relation's contracts sees no other on any path.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
import { type Row } from '../support/answers.ts';
import { runScheduledActions } from '../support/scheduled.ts';

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
async function as(cookie: string, url: string, body: object = {}) {
  const res = await server.app.inject({ method: 'POST', url, payload: body, headers: { cookie } });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}
/** A day relative to today, as records hold dates. */
function day(offset: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}
/** The same day some months later (a month end stays in its month). */
function monthsLater(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}
const count = async (dataSet: string, cookie?: string): Promise<number> => {
  const body = {
    dataSet,
    pageSize: 100,
    operatorFilter: [{ FieldName: 'Descr', Operator: 'contains', Value: 'Lijst' }],
  };
  const res = cookie
    ? await as(cookie, '/mvc/contracts/GetFlexData', body)
    : await admin('/mvc/contracts/GetFlexData', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.Meta.Count;
};

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  await create('administrations', { ID: 'HQ', Descr: 'Hoofdkantoor', IsDefault: true });
  ids.customer = (await create('relations', { ID: 'KLANT', Descr: 'Klant' })).AutoID;
  ids.other = (await create('relations', { ID: 'ANDER', Descr: 'Andere klant' })).AutoID;
  ids.running = (
    await create('contractstatuses', { ID: 'LOPEND', Descr: 'Lopend', IsActive: true, IsDefault: true })
  ).AutoID;
  ids.hold = (await create('contractstatuses', { ID: 'OPGESCHORT', Descr: 'Opgeschort', IsActive: false })).AutoID;
  ids.type = (
    await create('contracttypes', {
      ID: 'ONDERHOUD',
      Descr: 'Onderhoud',
      Pricing: 'objectprices',
      InvoicePeriodUnit: 'quarterly',
      IsDefault: true,
      InitialTerm: 12,
      TerminationTerm: 3,
      RenewalTerm: 12,
    })
  ).AutoID;
  ids.index = (await create('contractindexes', { ID: 'CPI-2026', Descr: 'CPI 2026', Percentage: 2.8 })).AutoID;
  ids.group = (await create('workflowgroups', { ID: 'KEURING', Descr: 'Keuring' })).AutoID;
  const type = (await create('objecttypes', { ID: 'OT-LIFT', Descr: 'Hoogwerker' })).AutoID;
  ids.object = (await create('objects', { ID: 'OBJ-1', Descr: 'Hoogwerker 1', ObjectType: type })).AutoID;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('a contract', () => {
  it('is numbered and takes its status, type, pricing, periods, terms and end date from its type', async () => {
    const c = await create('contracts', {
      Descr: 'Onderhoud hoogwerkers',
      Relation: ids.customer,
      CustomerReference: 'PO-1',
      StartDate: '2026-01-01',
    });
    expect(c).toMatchObject({
      ID: 'CON-00001',
      Status: ids.running,
      StatusActive: true,
      ContractType: ids.type,
      PricingType: 'objectprices',
      InvoicePeriodUnit: 'quarterly',
      PricePeriodUnit: 'quarterly',
      InitialTerm: 12,
      TerminationTerm: 3,
      RenewalTerm: 12,
      EndDate: '2026-12-31',
      Administration: expect.any(Number),
    });
    ids.contract = c.AutoID;
  });

  it('keeps the customer reference required on every save, and an index while indexed', async () => {
    const c = await item('contracts', ids.contract);
    const noRef = await admin('/mvc/contracts/save', { ...c, CustomerReference: '' });
    expect(noRef.status).toBe(400);
    expect(Object.keys(noRef.body.ModelState)).toEqual(['CustomerReference']);
    const noIndex = await admin('/mvc/contracts/save', { ...c, Indexation: true });
    expect(noIndex.status).toBe(400);
    expect(Object.keys(noIndex.body.ModelState)).toEqual(['LastUsedIndex']);
    const indexed = await admin('/mvc/contracts/save', { ...c, Indexation: true, LastUsedIndex: ids.index });
    expect(indexed.status).toBe(200);
  });

  it('takes from the contract settings what its type does not say: pricing, periods and terms', async () => {
    const settings = (await admin('/mvc/contractsettings/GetFlexData', { pageSize: 1 })).body.Data[0];
    const saved = await admin('/mvc/contractsettings/save', {
      ...(await item('contractsettings', settings.AutoID)),
      DefaultRenewalTermMonths: 6,
    });
    expect(saved.status).toBe(200);
    const bare = (await create('contracttypes', { ID: 'KAAL', Descr: 'Zonder voorwaarden' })).AutoID;
    const c = await create('contracts', {
      ContractType: bare,
      Descr: 'Standaard uit de instellingen',
      Relation: ids.customer,
      CustomerReference: 'PO-S',
      StartDate: '2026-03-01',
    });
    expect(c).toMatchObject({
      PricingType: 'timeandmaterials',
      InvoicePeriodUnit: 'yearly',
      PricePeriodUnit: 'yearly',
      InitialTerm: 12,
      TerminationTerm: 3,
      RenewalTerm: 6,
      EndDate: '2027-02-28',
    });
    // Another type brings its own terms to what was still as suggested; a typed value stays.
    const moved = await admin('/mvc/contracts/save', { ...c, ContractType: ids.type, TerminationTerm: 1 });
    expect(moved.body).toMatchObject({ PricingType: 'objectprices', RenewalTerm: 12, TerminationTerm: 1 });
  });

  it('has its objects and workflow groups as child rows, the object named in the lookup text', async () => {
    const oc = await create('objectcontracts', { Contract: ids.contract, Object: ids.object, Price: 120 });
    expect(oc).toMatchObject({ Descr: 'Hoogwerker 1', Contract_Descr: 'Onderhoud hoogwerkers' });
    await create('contractworkflowgroups', { Contract: ids.contract, WorkflowGroup: ids.group });
    const twice = await admin('/mvc/contractworkflowgroups/save', { Contract: ids.contract, WorkflowGroup: ids.group });
    expect(twice.status).toBe(400);
    expect(Object.keys(twice.body.ModelState)).toEqual(['WorkflowGroup']);
    const objects = await admin('/mvc/objectcontracts/GetFlexData', { dataFilter: { Contract: ids.contract } });
    expect(objects.body.Data.map((r: Row) => Number(r.Price))).toEqual([120]);
    const backwards = await admin('/mvc/objectcontracts/save', {
      Contract: ids.contract,
      Object: ids.object,
      StartDate: '2026-05-01',
      EndDate: '2026-04-30',
    });
    expect(backwards.status).toBe(400);
    expect(Object.keys(backwards.body.ModelState)).toEqual(['EndDate']);
  });

  it('refuses an end date before its start, naming EndDate, and writes nothing', async () => {
    const bad = await admin('/mvc/contracts/save', {
      Descr: 'Achterstevoren',
      Relation: ids.customer,
      CustomerReference: 'PO-2',
      StartDate: '2026-06-01',
      EndDate: '2026-05-31',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.ModelState).toEqual({ EndDate: ['De einddatum ligt voor de startdatum.'] });
    const grid = await admin('/mvc/contracts/GetFlexData', { searchExpressions: 'Achterstevoren', pageSize: 10 });
    expect(grid.body.Meta.Count).toBe(0);
  });

  it('is ended with a termination date and an end date, never inside the termination term', async () => {
    const end = (values: Record<string, unknown>) =>
      admin('/mvc/contracts/RunAction', { Action: 'end', autoids: [ids.contract], Values: values });
    // Three months' notice from 1 October ends no earlier than 1 January.
    const inside = await end({ TerminationDate: '2026-10-01', EndDate: '2026-12-31' });
    expect(inside.body.Results[0]).toMatchObject({
      Result: 'FAILED',
      Key: 'validation.check',
      Error: 'De einddatum ligt binnen de opzegtermijn na de opzegdatum.',
    });
    const beforeStart = await end({ TerminationDate: '2025-10-01', EndDate: '2026-12-31' });
    expect(beforeStart.body.Results[0]).toMatchObject({
      Result: 'FAILED',
      Error: 'De opzegdatum ligt voor de startdatum.',
    });
    const noEnd = await end({ TerminationDate: '2026-10-01' });
    expect(noEnd.status).toBe(400);
    expect(Object.keys(noEnd.body.ModelState)).toEqual(['EndDate']);
    expect(await item('contracts', ids.contract)).toMatchObject({ TerminationDate: null, EndDate: '2026-12-31' });

    const ok = await end({ TerminationDate: '2026-10-01', EndDate: '2027-01-31' });
    expect(ok.body).toMatchObject({ Succeeded: 1 });
    expect(await item('contracts', ids.contract)).toMatchObject({
      TerminationDate: '2026-10-01',
      EndDate: '2027-01-31',
    });
    const log = await admin('/mvc/contracts/GetStatusLog', { autoid: ids.contract });
    expect(log.body.Data.map((r: Row) => r.To)).toContain('2027-01-31');
    // A user's save cannot set the termination date (only ending does), nor an end date inside the term.
    const c = await item('contracts', ids.contract);
    const typed = await admin('/mvc/contracts/save', { ...c, TerminationDate: '2026-11-01' });
    expect(typed.body.TerminationDate).toBe('2026-10-01');
    const earlier = await admin('/mvc/contracts/save', { ...typed.body, EndDate: '2026-12-31' });
    expect(earlier.status).toBe(400);
    expect(earlier.body.ModelState).toEqual({
      EndDate: ['De einddatum ligt binnen de opzegtermijn na de opzegdatum.'],
    });
    expect((await item('contracts', ids.contract)).EndDate).toBe('2027-01-31');
    const again = await end({ TerminationDate: '2026-11-01', EndDate: '2027-03-31' });
    expect(again.status).toBe(400);
    expect(again.body.Error).toBe('Contract CON-00001 is al beëindigd.');
  });

  it('is renewed by its renewal term once its end date has come, once per term however often the task runs', async () => {
    const ended = day(-10);
    const due = await create('contracts', {
      ContractType: ids.type,
      Descr: 'Verlengbaar',
      Relation: ids.customer,
      CustomerReference: 'PO-3',
      StartDate: '2024-01-01',
      EndDate: ended,
    });
    const terminated = await create('contracts', {
      ContractType: ids.type,
      Descr: 'Opgezegd',
      Relation: ids.customer,
      CustomerReference: 'PO-4',
      StartDate: '2024-01-01',
      EndDate: ended,
    });
    await admin('/mvc/contracts/RunAction', {
      Action: 'end',
      autoids: [terminated.AutoID],
      Values: { TerminationDate: '2024-01-01', EndDate: ended },
    });
    expect(await runScheduledActions(server.engine)).toContain('contracts.renew: 1 done, 0 failed');
    const renewed = monthsLater(ended, 12);
    expect((await item('contracts', due.AutoID)).EndDate).toBe(renewed);
    expect((await item('contracts', terminated.AutoID)).EndDate).toBe(ended);
    await runScheduledActions(server.engine);
    expect((await item('contracts', due.AutoID)).EndDate).toBe(renewed);
    const log = await admin('/mvc/contracts/GetStatusLog', { autoid: due.AutoID });
    expect(log.body.Data.filter((r: Row) => r.To === renewed)).toHaveLength(1);
  });
});

describe('the lists of contracts', () => {
  it('count operational, on hold and ending contracts as their data sets say', async () => {
    const make = (Descr: string, extra: Record<string, unknown>) =>
      create('contracts', { Descr, Relation: ids.other, CustomerReference: 'L', StartDate: day(-100), ...extra });
    await make('Lijst lopend 20', { EndDate: day(20) });
    await make('Lijst lopend 200', { EndDate: day(200) });
    await make('Lijst toekomst', { StartDate: day(5), EndDate: day(300) });
    const held = await make('Lijst opgeschort', { EndDate: day(60) });
    await admin('/mvc/contracts/save', { ...held, Status: ids.hold });
    await make('Lijst afgelopen', { StartDate: '2020-01-01', EndDate: '2020-12-31', RenewalTerm: 0 });
    expect(await count('all')).toBe(5);
    expect(await count('operational')).toBe(2);
    expect(await count('onhold')).toBe(1);
    expect(await count('ending')).toBe(1);
    // A status row made active later moves its contracts along (Actief contract follows it).
    const status = await item('contractstatuses', ids.hold);
    expect((await admin('/mvc/contractstatuses/save', { ...status, IsActive: true })).status).toBe(200);
    expect(await count('onhold')).toBe(0);
    expect(await count('operational')).toBe(3);
    const again = await item('contractstatuses', ids.hold);
    expect((await admin('/mvc/contractstatuses/save', { ...again, IsActive: false })).status).toBe(200);
    expect(await count('onhold')).toBe(1);
  });

  it('are counted on the relation’s contract dashboard: by status, by month of the next invoice, ending within 30/60/90 days', async () => {
    const board = await admin('/mvc/relations/GetDashboard', { autoid: ids.other, Tab: 'contractdashboard' });
    expect(board.status).toBe(200);
    expect(board.body.ByGroup.map((g: Row) => [g.Label, g.Count])).toEqual([
      ['Lopend', 4],
      ['Opgeschort', 1],
    ]);
    // Not invoiced yet, each is next invoiced from its start: three started 100 days ago, one starts in 5 days.
    expect(board.body.ByMonth.map((m: Row) => m.Count)).toEqual([3, 1]);
    expect(board.body.Within).toEqual([
      { Days: 30, Count: 1 },
      { Days: 60, Count: 2 },
      { Days: 90, Count: 2 },
    ]);
  });
});

describe('a user limited to one relation’s contracts', () => {
  it('sees no other contract: grid, item, lookup, an object contract’s contract, lists', async () => {
    const user = (
      await create('users', { Username: 'klant', Password: 'Contract-pass-1', PasswordRetype: 'Contract-pass-1' })
    ).AutoID;
    const group = (await create('securitygroups', { ID: 'KLANTEN', Descr: 'Klantbeheer' })).AutoID;
    await create('usergroups', { User: user, SecurityGroup: group });
    for (const grant of ['18.1:read', '18.1:update', '18.2:read', '18.3:read', '2.1:read'])
      await create('securitygrants', {
        SecurityGroup: group,
        RightCode: grant.split(':')[0],
        Action: grant.split(':')[1],
      });
    await create('rowlimits', {
      SecurityGroup: group,
      TableName: 'contracts',
      FieldName: 'Relation',
      Kind: 'value',
      Value: String(ids.customer),
    });
    const cookie = await signIn(server.app, 'klant', 'Contract-pass-1');
    const since = (await as(cookie, '/mvc/liveevents/poll', {})).body.LastReceived;
    const secret = await create('contracts', {
      Descr: 'Lijst geheim',
      Relation: ids.other,
      CustomerReference: 'GEHEIM',
      StartDate: day(-10),
      EndDate: day(100),
    });
    const secretObject = await create('objectcontracts', { Contract: secret.AutoID, Object: ids.object, Price: 1 });
    await admin('/mvc/contracts/save', { ...(await item('contracts', ids.contract)), Notes: 'Gezien' });
    const told = (await as(cookie, '/mvc/liveevents/poll', { LastReceived: since })).body.Events.map(
      (e: { EventData: Row }) => `${e.EventData.Table}:${e.EventData.AutoID}`,
    );
    expect(told).toContain(`contracts:${ids.contract}`);
    expect(told).not.toContain(`contracts:${secret.AutoID}`);
    expect(told).not.toContain(`objectcontracts:${secretObject.AutoID}`);

    const grid = await as(cookie, '/mvc/contracts/GetFlexData', { dataSet: 'all', pageSize: 100 });
    expect(grid.status).toBe(200);
    expect(grid.body.Data.length).toBeGreaterThan(0);
    expect(grid.body.Data.every((r: Row) => r.Relation === ids.customer)).toBe(true);
    expect((await as(cookie, '/mvc/contracts/GetItem', { autoid: secret.AutoID })).status).toBe(404);
    const lookup = await as(cookie, '/mvc/_lists/contracts', { searchKey: '', pageSize: 30 });
    expect(JSON.stringify(lookup.body)).toContain('Onderhoud hoogwerkers');
    expect(JSON.stringify(lookup.body)).not.toContain('geheim');
    for (const dataSet of ['all', 'operational', 'onhold', 'ending']) expect(await count(dataSet, cookie)).toBe(0);
    const objects = await as(cookie, '/mvc/objectcontracts/GetFlexData', { pageSize: 100 });
    expect(JSON.stringify(objects.body)).not.toContain('geheim');
    expect((await as(cookie, '/mvc/objectcontracts/GetItem', { autoid: secretObject.AutoID })).status).toBe(404);
    expect((await as(cookie, '/mvc/contracts/GetStatusLog', { autoid: secret.AutoID })).status).toBe(404);
    const board = await as(cookie, '/mvc/relations/GetDashboard', { autoid: ids.other, Tab: 'contractdashboard' });
    expect(board.status).toBe(200);
    expect(board.body).toEqual({
      ByGroup: [],
      ByMonth: [],
      Within: [
        { Days: 30, Count: 0 },
        { Days: 60, Count: 0 },
        { Days: 90, Count: 0 },
      ],
    });
    const own = await as(cookie, '/mvc/relations/GetDashboard', { autoid: ids.customer, Tab: 'contractdashboard' });
    expect(own.body.ByGroup.map((g: Row) => g.Count)).toEqual([4]);
    // Ending needs its own right (18.4) besides changing contracts.
    const end = await as(cookie, '/mvc/contracts/RunAction', {
      Action: 'end',
      autoids: [ids.contract],
      Values: { TerminationDate: '2026-12-01', EndDate: '2027-12-31' },
    });
    expect(end.status).toBe(403);
    const mine = (await as(cookie, '/mvc/contracts/GetItem', { autoid: ids.contract })).body;
    const moved = await as(cookie, '/mvc/contracts/save', { ...mine, Relation: ids.other });
    expect(moved.status).toBe(403);
    expect((await item('contracts', ids.contract)).Relation).toBe(ids.customer);
  });
});
