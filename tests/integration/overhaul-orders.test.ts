// Overhaul orders on the base pack: numbered from the settings, a workshop required (also in the
// workshop-choice dialog of an object), one open order per object, an intake added, completed,
// approved by a second person when the template says so, reopened and undone, the overhaul phase
// not editable before the intake is approved or undone, fields required at completion as the
// settings say, a test completed and reopened, an approved order read-only until reopened, each
// step under its own right and written to the event log; templates with tasks, object types and
// security groups, and checklists with questions; a new order takes its template's tasks, and a
// second open order is refused offering the open one.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
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
const item = async (autoid: number): Promise<Row> => (await admin('/mvc/overhaulorders/GetItem', { autoid })).body;
async function as(cookie: string, url: string, body: object = {}) {
  const res = await server.app.inject({ method: 'POST', url, payload: body, headers: { cookie } });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}
/** A transition as a user makes it from the record's Status menu. */
const move = (cookie: string, autoid: number, Transition: string, Values: object = {}) =>
  as(cookie, '/mvc/overhaulorders/ChangeStatus', { autoids: [autoid], Transition, Values });
const edit = async (cookie: string, autoid: number, change: Record<string, unknown>) =>
  as(cookie, '/mvc/overhaulorders/save', { ...(await item(autoid)), ...change });
let anna: string;
let bert: string;

/** A workshop user with every overhaul right. */
async function workshopUser(Username: string, group: number): Promise<string> {
  const user = (await create('users', { Username, Password: 'Workshop-pass-1', PasswordRetype: 'Workshop-pass-1' }))
    .AutoID;
  await create('usergroups', { User: user, SecurityGroup: group });
  return signIn(server.app, Username, 'Workshop-pass-1');
}

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  await create('administrations', { ID: 'HQ', Descr: 'Hoofdkantoor', IsDefault: true });
  ids.client = (await create('relations', { ID: 'KLANT', Descr: 'Klant' })).AutoID;
  ids.workshop = (await create('workshops', { ID: 'WP1', Descr: 'Werkplaats Noord' })).AutoID;
  const type = (await create('objecttypes', { ID: 'POMP', Descr: 'Pomp' })).AutoID;
  ids.type = type;
  const object = async (ID: string) => (await create('objects', { ID, Descr: `Pomp ${ID}`, ObjectType: type })).AutoID;
  ids.pump1 = await object('P-1');
  ids.pump2 = await object('P-2');
  ids.pump3 = await object('P-3');
  ids.strict = (
    await create('overhaulordertemplates', {
      ID: 'STRENG',
      Descr: 'Revisie met vier ogen',
      Workshop: ids.workshop,
      AllowIntake: true,
      RequireIntakeApprovalBySecondPerson: true,
      RequireOverhaulApprovalBySecondPerson: true,
    })
  ).AutoID;
  ids.plain = (await create('overhaulordertemplates', { ID: 'EENVOUDIG', Descr: 'Eenvoudige revisie' })).AutoID;
  const group = (await create('securitygroups', { ID: 'WERKPLAATS', Descr: 'Werkplaats' })).AutoID;
  ids.group = group;
  const grants = ['28.1:read', '28.1:update', '28.1:create', '6.1:read', '2.1:read', '10.43:read', '10.84:read'];
  for (const code of ['28.2', '28.3', '28.4', '28.5', '28.6', '28.7', '28.8']) grants.push(`${code}:execute`);
  grants.push('28.9:read');
  for (const grant of grants) {
    const [RightCode, Action] = grant.split(':');
    await create('securitygrants', { SecurityGroup: group, RightCode, Action });
  }
  anna = await workshopUser('anna', group);
  bert = await workshopUser('bert', group);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('making an overhaul order', () => {
  it('numbers it from the settings, needs a workshop, takes the template workshop, and keeps one open order per object', async () => {
    const bare = await admin('/mvc/overhaulorders/save', { Object: ids.pump1 });
    expect(bare.status).toBe(400);
    expect(bare.body.ModelState.Workshop).toEqual(['Een werkplaats is verplicht.']);
    const order = await create('overhaulorders', { Object: ids.pump1, Template: ids.strict, Descr: 'Lagers' });
    expect(order).toMatchObject({ ID: 'RO-00001', Workshop: ids.workshop, Status: 'overhaul' });
    const second = await admin('/mvc/overhaulorders/save', { Object: ids.pump1, Workshop: ids.workshop });
    expect(second.status).toBe(400);
    expect(second.body.ModelState.Object).toEqual([
      'Er bestaat al een openstaande revisieorder voor dit object; open die order.',
    ]);
    // The refusal offers the open order, as the user may see it.
    expect(second.body.Open).toEqual({ Table: 'overhaulorders', AutoID: order.AutoID });
    ids.order = order.AutoID;
  });

  it('asks the workshop in the dialog on an object and refuses a second open order there too', async () => {
    const none = await admin('/mvc/objects/RunAction', { Action: 'newOverhaulOrder', autoids: [ids.pump2] });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('Een werkplaats is verplicht.');
    const made = await admin('/mvc/objects/RunAction', {
      Action: 'newOverhaulOrder',
      autoids: [ids.pump2],
      Values: { Workshop: ids.workshop, Template: ids.plain },
    });
    expect(made.body).toMatchObject({ Succeeded: 1 });
    const open = made.body.Results[0].Open;
    expect(open.Table).toBe('overhaulorders');
    expect(await item(open.AutoID)).toMatchObject({ Object: ids.pump2, Workshop: ids.workshop, Template: ids.plain });
    ids.plainOrder = open.AutoID;
    const again = await admin('/mvc/objects/RunAction', {
      Action: 'newOverhaulOrder',
      autoids: [ids.pump2],
      Values: { Workshop: ids.workshop },
    });
    expect(again.body).toMatchObject({ Failed: 1 });
    expect(again.body.Results[0].Error).toContain('Er bestaat al een openstaande revisieorder voor dit object');
    expect(again.body.Results[0].Open).toEqual({ Table: 'overhaulorders', AutoID: ids.plainOrder });
  });
});

describe('the intake and overhaul phases', () => {
  it('adds an intake, which locks the overhaul phase until it is approved', async () => {
    expect((await move(anna, ids.order, 'addIntake')).body).toMatchObject({ Succeeded: 1 });
    expect((await item(ids.order)).Status).toBe('intake');
    const early = await edit(anna, ids.order, { OverhaulRemark: 'Lager vervangen' });
    expect(early.status).toBe(400);
    expect(early.body.ModelState.OverhaulRemark).toEqual([
      'De intake is nog niet goedgekeurd; de revisie kan niet worden bewerkt.',
    ]);
    expect((await edit(anna, ids.order, { IntakeRemark: 'Lager maakt geluid' })).status).toBe(200);
  });

  it('completes the intake, after which it is read-only, and refuses approval by the same person', async () => {
    const done = await move(anna, ids.order, 'completeIntake');
    expect(done.body).toMatchObject({ Succeeded: 1 });
    const stamped = await item(ids.order);
    expect(stamped.Status).toBe('intakecompleted');
    expect(stamped.IntakeCompletedBy).toBeTruthy();
    expect(stamped.IntakeCompletedAt).toBeTruthy();
    const locked = await edit(anna, ids.order, { IntakeRemark: 'Toch iets anders' });
    expect(locked.status).toBe(400);
    expect(locked.body.ModelState.IntakeRemark[0]).toContain('heropen de intake');
    const self = await move(anna, ids.order, 'approveIntake');
    expect(self.body).toMatchObject({ Failed: 1 });
    expect(self.body.Results[0].Error).toContain('tweede persoon');
    expect((await item(ids.order)).Status).toBe('intakecompleted');
    const other = await move(bert, ids.order, 'approveIntake');
    expect(other.body).toMatchObject({ Succeeded: 1 });
    expect(await item(ids.order)).toMatchObject({ Status: 'overhaul', IntakeApprovedBy: expect.anything() });
  });

  it('reopens an approved intake and undoes an intake, which frees the overhaul phase', async () => {
    expect((await move(bert, ids.order, 'reopenIntake')).body).toMatchObject({ Succeeded: 1 });
    expect(await item(ids.order)).toMatchObject({ Status: 'intake', IntakeApprovedBy: null, IntakeApprovedAt: null });
    expect((await move(anna, ids.order, 'undoIntake')).body).toMatchObject({ Succeeded: 1 });
    expect((await item(ids.order)).Status).toBe('overhaul');
    expect((await edit(anna, ids.order, { OverhaulRemark: 'Lager vervangen' })).status).toBe(200);
  });

  it('completes and reopens a test, whose fields are read-only while it is completed', async () => {
    const test = await as(anna, '/mvc/overhaulorders/RunAction', { Action: 'completeTest', autoids: [ids.order] });
    expect(test.body).toMatchObject({ Succeeded: 1 });
    expect((await item(ids.order)).TestCompletedAt).toBeTruthy();
    const locked = await edit(anna, ids.order, { TestRemark: 'Later gemeten' });
    expect(locked.status).toBe(400);
    const twice = await as(anna, '/mvc/overhaulorders/RunAction', { Action: 'completeTest', autoids: [ids.order] });
    expect(twice.status).toBe(400);
    const reopened = await as(anna, '/mvc/overhaulorders/RunAction', { Action: 'reopenTest', autoids: [ids.order] });
    expect(reopened.body).toMatchObject({ Succeeded: 1 });
    expect((await edit(anna, ids.order, { TestRemark: 'Druk 6 bar, dicht' })).status).toBe(200);
    expect(
      (await as(anna, '/mvc/overhaulorders/RunAction', { Action: 'completeTest', autoids: [ids.order] })).body,
    ).toMatchObject({ Succeeded: 1 });
  });

  it('needs the fields the settings require at completion', async () => {
    const settings = (await admin('/mvc/overhaulordersettings/GetFlexData', { pageSize: 1 })).body.Data[0];
    const row = (await admin('/mvc/overhaulordersettings/GetItem', { autoid: settings.AutoID })).body;
    expect((await admin('/mvc/overhaulordersettings/save', { ...row, RequireClientAtCompletion: true })).status).toBe(
      200,
    );
    const missing = await move(anna, ids.order, 'completeOverhaul');
    expect(missing.body).toMatchObject({ Failed: 1 });
    expect((await item(ids.order)).Status).toBe('overhaul');
    expect((await edit(anna, ids.order, { Client: ids.client })).status).toBe(200);
    expect((await move(anna, ids.order, 'completeOverhaul')).body).toMatchObject({ Succeeded: 1 });
    const locked = await edit(anna, ids.order, { OverhaulRemark: 'Nog iets' });
    expect(locked.status).toBe(400);
    expect(locked.body.ModelState.OverhaulRemark[0]).toContain('heropen de revisie');
  });

  it('approves the overhaul by a second person only, keeps the approved order read-only until reopened', async () => {
    const self = await move(anna, ids.order, 'approveOverhaul');
    expect(self.body).toMatchObject({ Failed: 1 });
    expect(self.body.Results[0].Error).toContain('tweede persoon');
    expect((await move(bert, ids.order, 'approveOverhaul')).body).toMatchObject({ Succeeded: 1 });
    const approved = await item(ids.order);
    expect(approved).toMatchObject({ Status: 'approved', OpenObject: null });
    expect((await edit(anna, ids.order, { Descr: 'Anders' })).status).toBe(409);
    // The approved order is no longer open: the object may have a new one.
    const next = await create('overhaulorders', { Object: ids.pump1, Workshop: ids.workshop });
    expect(next.ID).toBe('RO-00003');
    const reopen = await move(bert, ids.order, 'reopenOverhaul');
    expect(reopen.body).toMatchObject({ Failed: 1 });
    expect(reopen.body.Results[0].Error).toContain('openstaande revisieorder');
    expect((await admin('/mvc/overhaulorders/delete', { autoid: next.AutoID })).status).toBe(200);
    expect((await move(bert, ids.order, 'reopenOverhaul')).body).toMatchObject({ Succeeded: 1 });
    expect(await item(ids.order)).toMatchObject({ Status: 'overhaul', ApprovedBy: null, CompletedBy: null });
  });

  it('approves a template without the four-eyes rule by the same person, and logs every step', async () => {
    const client = await edit(anna, ids.plainOrder, { Client: ids.client });
    expect(client.body).toMatchObject({ Client: ids.client });
    expect((await move(anna, ids.plainOrder, 'completeOverhaul')).body).toMatchObject({ Succeeded: 1 });
    expect((await move(anna, ids.plainOrder, 'approveOverhaul')).body).toMatchObject({ Succeeded: 1 });
    const log = await as(anna, '/mvc/overhaulorders/GetStatusLog', { autoid: ids.order });
    expect(log.status).toBe(200);
    expect(log.body.Data.map((r: Row) => r.Transition)).toEqual(
      expect.arrayContaining(['addIntake', 'completeIntake', 'approveIntake', 'reopenIntake', 'undoIntake']),
    );
  });

  it('asks each step its own right', async () => {
    const group = (await create('securitygroups', { ID: 'LEZERS', Descr: 'Alleen lezen' })).AutoID;
    for (const [RightCode, Action] of [
      ['28.1', 'read'],
      ['28.1', 'update'],
    ])
      await create('securitygrants', { SecurityGroup: group, RightCode, Action });
    const reader = await workshopUser('carla', group);
    const order = await create('overhaulorders', { Object: ids.pump3, Workshop: ids.workshop });
    const offered = await as(reader, '/mvc/overhaulorders/GetTransitions', { autoid: order.AutoID });
    expect(offered.body.Transitions).toEqual([]);
    expect((await move(reader, order.AutoID, 'completeOverhaul')).status).toBe(403);
    expect((await as(reader, '/mvc/overhaulorders/GetStatusLog', { autoid: order.AutoID })).status).toBe(403);
  });
});

describe('templates and checklists', () => {
  it('keeps tasks with their execution modes, object types, security groups and checklist questions', async () => {
    const checklist = (await create('checklists', { ID: 'CL-POMP', Descr: 'Pompcontrole' })).AutoID;
    await create('checklistquestions', { Checklist: checklist, Question: 'Lekt de pakking?', Mandatory: true });
    const noList = await admin('/mvc/overhaulordertemplatetasks/save', {
      Template: ids.strict,
      Descr: 'Controle',
      Kind: 'checklist',
    });
    expect(noList.status).toBe(400);
    const repeat = await create('overhaulordertemplatetasks', {
      Template: ids.strict,
      Descr: 'Controle',
      Kind: 'checklist',
      Checklist: checklist,
      ExecutionMode: 'repeat',
    });
    expect(repeat).toMatchObject({ InIntake: true, InOverhaul: true });
    const intakeOnly = await create('overhaulordertemplatetasks', {
      Template: ids.strict,
      Descr: 'Foto',
      Kind: 'documents',
      ExecutionMode: 'intakeonly',
    });
    expect(intakeOnly).toMatchObject({ InIntake: true, InOverhaul: false });
    await create('overhaulordertemplateobjecttypes', { Template: ids.strict, ObjectType: ids.type });
    const twice = await admin('/mvc/overhaulordertemplateobjecttypes/save', {
      Template: ids.strict,
      ObjectType: ids.type,
    });
    expect(twice.status).toBe(400);
    await create('overhaulordertemplatesecuritygroups', { Template: ids.strict, SecurityGroup: ids.group });
    expect((await admin('/mvc/overhaulordertemplatetasks/delete', { autoid: repeat.AutoID })).status).toBe(200);
    const left = await admin('/mvc/overhaulordertemplatetasks/GetFlexData', {
      pageSize: 10,
      operatorFilter: [{ FieldName: 'Template', Operator: '=', Value: ids.strict }],
    });
    expect(left.body.Data.map((r: Row) => r.Descr)).toEqual(['Foto']);
  });
});

describe('an order made from a template', () => {
  it('takes the template tasks, each done on the order, read-only once the order is approved', async () => {
    const template = (await create('overhaulordertemplates', { ID: 'TAKEN', Descr: 'Met taken' })).AutoID;
    await create('overhaulordertemplatetasks', {
      Template: template,
      Sequence: 20,
      Descr: 'Afpersen',
      Kind: 'test',
      ExecutionMode: 'overhaulonly',
      OverhaulDescription: 'Zes bar, tien minuten',
    });
    await create('overhaulordertemplatetasks', {
      Template: template,
      Sequence: 10,
      Descr: 'Foto van de staat',
      Kind: 'documents',
      ExecutionMode: 'intakeoroverhaul',
    });
    const pump = (await create('objects', { ID: 'P-4', Descr: 'Pomp P-4', ObjectType: ids.type })).AutoID;
    // A client, as the settings an earlier test saved require one at completion.
    const order = await create('overhaulorders', {
      Object: pump,
      Template: template,
      Workshop: ids.workshop,
      Client: ids.client,
    });
    const tasks = async (): Promise<Row[]> =>
      (
        await admin('/mvc/overhaulordertasks/GetFlexData', {
          pageSize: 10,
          operatorFilter: [{ FieldName: 'Order', Operator: '=', Value: order.AutoID }],
        })
      ).body.Data;
    const copied = await tasks();
    expect(copied.map((t) => [t.Sequence, t.Descr, t.Kind, t.InIntake, t.InOverhaul, t.Done])).toEqual([
      [10, 'Foto van de staat', 'documents', true, true, false],
      [20, 'Afpersen', 'test', false, true, false],
    ]);
    expect(copied[1].OverhaulDescription).toBe('Zes bar, tien minuten');
    // Copies of the template: only what is done on the order changes.
    const done = await admin('/mvc/overhaulordertasks/save', { ...copied[1], Done: true, Descr: 'Anders' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ Done: true, Descr: 'Afpersen' });
    for (const Transition of ['completeOverhaul', 'approveOverhaul'])
      expect(
        (await admin('/mvc/overhaulorders/ChangeStatus', { autoids: [order.AutoID], Transition })).body,
      ).toMatchObject({
        Succeeded: 1,
      });
    const locked = await admin('/mvc/overhaulordertasks/save', { ...(await tasks())[0], Done: true });
    expect(locked.status).toBe(409);
  });
});
