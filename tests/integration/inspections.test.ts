// Inspections on the base pack: an object's inspection schedule makes its due inspections once per
// run date (a rerun makes none twice), an inspection is finished, waits for its measuring device,
// is finalised when its measurements come in through an import, and is read-only once finished on
// every path until it is reopened; the object's inspection state is stored and follows.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
import { type Row } from '../support/answers.ts';
import { finished, sheetFile, startImport } from '../support/import-files.ts';
import { runScheduledActions } from '../support/scheduled.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');

let server: TestServer;
let base: string;
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
const change = (autoid: number, Transition: string, Values: Record<string, unknown> = {}) =>
  admin('/mvc/inspections/ChangeStatus', { autoids: [autoid], Transition, Values });
const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const inspectionsOf = async (Schedule: number): Promise<Row[]> =>
  (await admin('/mvc/inspections/GetFlexData', { dataSet: 'all', dataFilter: { Schedule }, pageSize: 100 })).body.Data;

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  ids.type = (await create('objecttypes', { ID: 'OT-LIFT', Descr: 'Hoogwerker' })).AutoID;
  const type = ids.type;
  ids.plan = (await create('miplans', { ID: 'NEN3140', Descr: 'NEN 3140' })).AutoID;
  ids.typeSchedule = (
    await create('objecttypeoischedules', {
      ObjectType: type,
      Descr: 'Jaarlijkse keuring',
      MiPlan: ids.plan,
      RepeatCycle: 12,
      ValidityPeriod: 12,
    })
  ).AutoID;
  ids.object = (await create('objects', { ID: 'OBJ-1', Descr: 'Hoogwerker 1', ObjectType: type })).AutoID;
  ids.device = (await create('objects', { ID: 'MEET-1', Descr: 'Installatietester', ObjectType: type })).AutoID;
});

afterAll(async () => {
  await server?.close();
});

describe('an object inspection schedule', () => {
  it('takes its defaults from the object type, and makes each due inspection once, also when run again', async () => {
    const schedule = await create('objectmischedules', {
      Object: ids.object,
      ObjectTypeSchedule: ids.typeSchedule,
      StartDate: '2024-01-15',
    });
    expect(schedule).toMatchObject({
      Descr: 'Jaarlijkse keuring',
      MiPlan: ids.plan,
      RepeatCycle: 12,
      NextRun: '2024-01-15',
    });
    ids.schedule = schedule.AutoID;
    await Promise.all([runScheduledActions(server.engine), runScheduledActions(server.engine)]);
    await runScheduledActions(server.engine);
    const made = await inspectionsOf(schedule.AutoID);
    const expected: string[] = [];
    for (
      let d = new Date('2024-01-15T00:00:00Z');
      d.toISOString().slice(0, 10) <= today();
      d.setUTCFullYear(d.getUTCFullYear() + 1)
    )
      expected.push(d.toISOString().slice(0, 10));
    expect(made.map((r) => r.PlannedDate).sort()).toEqual(expected);
    expect(made.every((r) => r.Status === 0 && r.Result === '0' && r.Object === ids.object)).toBe(true);
    expect(String((await item('objectmischedules', schedule.AutoID)).NextRun) > today()).toBe(true);
    // Made by hand for a run date that has one already: refused.
    const twice = await admin('/mvc/inspections/save', {
      Object: ids.object,
      Schedule: schedule.AutoID,
      PlannedDate: expected[0],
    });
    expect(twice.status).toBe(400);
  });

  it('skips runs as its skip count says, and makes nothing after its end date', async () => {
    const schedule = await create('objectmischedules', {
      Object: ids.device,
      Descr: 'Om het jaar',
      MiPlan: ids.plan,
      StartDate: '2023-03-01',
      EndDate: '2024-12-31',
      RepeatCycle: 6,
      SkipCount: 1,
    });
    await runScheduledActions(server.engine);
    expect((await inspectionsOf(schedule.AutoID)).map((r) => r.PlannedDate).sort()).toEqual([
      '2023-03-01',
      '2024-03-01',
    ]);
  });
});

describe('an inspection', () => {
  it('is finished only with a result, then refuses every change until it is reopened', async () => {
    const insp = await create('inspections', { ID: 'K-1', Object: ids.object, PlannedDate: '2026-01-10' });
    const question = await create('inspectionquestions', {
      Inspection: insp.AutoID,
      Question: 'Noodstop werkt',
      Mandatory: true,
    });
    expect((await item('inspections', insp.AutoID)).OpenMandatoryQuestions).toBe(1);
    const noResult = await change(insp.AutoID, 'finish');
    expect(noResult.body.Failed).toBe(1);
    await create('inspectionquestions', { ...(await item('inspectionquestions', question.AutoID)), Answer: '1' });
    await create('inspections', {
      ...(await item('inspections', insp.AutoID)),
      Result: '1',
      InspectionDate: '2026-01-10',
    });
    expect((await change(insp.AutoID, 'finish')).body.Succeeded).toBe(1);
    const done = await item('inspections', insp.AutoID);
    expect(done).toMatchObject({ Status: 1, ValidUntil: '2027-01-10', OpenMandatoryQuestions: 0 });

    const saved = await admin('/mvc/inspections/save', { ...done, ResultNote: 'Later gewijzigd' });
    expect(saved.status).toBe(409);
    const child = await admin('/mvc/inspectionquestions/save', {
      ...(await item('inspectionquestions', question.AutoID)),
      Answer: '2',
    });
    expect(child.status).toBe(409);
    const added = await admin('/mvc/inspectionquestions/save', { Inspection: insp.AutoID, Question: 'Nieuwe vraag' });
    expect(added.status).toBe(409);
    const cookie = await signIn(server.app);
    const imported = await finished(
      base,
      cookie,
      (
        await startImport(base, cookie, {
          Destination: 'inspections',
          Overwrite: true,
          file: await sheetFile([
            ['AutoID', 'Toelichting resultaat'],
            [insp.AutoID, 'Via een import'],
          ]),
        })
      ).body.AutoID,
    );
    expect(imported).toMatchObject({ FailedRecords: 1 });
    expect((await item('inspections', insp.AutoID)).ResultNote).toBeNull();

    const reopen = await change(insp.AutoID, 'reopen', { Reason: 'Foto vergeten' });
    expect(reopen.body.Succeeded).toBe(1);
    const reopened = await item('inspections', insp.AutoID);
    expect(reopened.Status).toBe(3);
    expect((await admin('/mvc/inspections/save', { ...reopened, ResultNote: 'Nu wel' })).status).toBe(200);
    expect((await change(insp.AutoID, 'finish')).body.Succeeded).toBe(1);
    const log: Row[] = (await admin('/mvc/inspections/GetStatusLog', { autoid: insp.AutoID })).body.Data;
    expect(log.map((r) => r.To)).toEqual(expect.arrayContaining([1, 3]));
  });

  it('waits for its measuring device, and is finalised when its measurement file is imported', async () => {
    const object = (await create('objects', { ID: 'OBJ-2', Descr: 'Aggregaat', ObjectType: ids.type })).AutoID;
    const insp = await create('inspections', { ID: 'K-2', Object: object, PlannedDate: '2026-02-01' });
    expect((await change(insp.AutoID, 'awaitDevice')).body.Failed).toBe(1);
    await create('inspections', {
      ...(await item('inspections', insp.AutoID)),
      MeasuringDevice: ids.device,
      InspectionDate: '2026-02-01',
    });
    expect((await change(insp.AutoID, 'awaitDevice')).body.Succeeded).toBe(1);
    expect((await item('inspections', insp.AutoID)).Status).toBe(2);
    const cookie = await signIn(server.app);
    const task = await finished(
      base,
      cookie,
      (
        await startImport(base, cookie, {
          Destination: 'measurements',
          file: await sheetFile([
            ['Meetapparaat', 'Object', 'Meetcode', 'Meetwaarde', 'Resultaat'],
            ['MEET-1', 'OBJ-2', 'RISO', '2,5', 'Goed / ja'],
            ['MEET-1', 'OBJ-2', 'RPE', '0,1', 'Goed / ja'],
            ['ONBEKEND', 'OBJ-2', 'RPE', '0,1', 'Goed / ja'],
            ['MEET-1', 'OBJ-1', 'RPE', '0,3', 'Goed / ja'],
          ]),
        })
      ).body.AutoID,
    );
    expect(task, JSON.stringify(task)).toMatchObject({ ProcessedRecords: 3, FailedRecords: 1 });
    expect(await item('inspections', insp.AutoID)).toMatchObject({ Status: 1, FinalResult: '1', MeasurementCount: 2 });
    expect((await item('objects', object)).InspectionState).toBe('approved');
    const open = await admin('/mvc/measurements/GetFlexData', { dataSet: 'requiresaction', pageSize: 100 });
    expect(open.body.Data).toHaveLength(1);
    expect(open.body.Data[0]).toMatchObject({ Object: ids.object, ImportError: '10' });
    const processable = await admin('/mvc/measurements/GetFlexData', { dataSet: 'processable', pageSize: 100 });
    expect(processable.body.Data.every((r: Row) => r.Inspection === insp.AutoID)).toBe(true);
  });
});

describe('an MI plan', () => {
  it('gives a new inspection its generic, object-type and object questions, and a workflow item when its schedule says so', async () => {
    const otherType = (await create('objecttypes', { ID: 'OT-KRAAN', Descr: 'Kraan' })).AutoID;
    const plan = (await create('miplans', { ID: 'NEN-Q', Descr: 'Vragenplan', Calculation: 'questions' })).AutoID;
    const other = (await create('miplans', { ID: 'NEN-X', Descr: 'Ander plan' })).AutoID;
    const sequence = (await create('miplansequences', { MiPlan: plan, ID: 'S1', Descr: 'Visuele controle' })).AutoID;
    const foreign = (await create('miplansequences', { MiPlan: other, ID: 'S1', Descr: 'Elders' })).AutoID;
    expect(
      (await admin('/mvc/miplansteps/save', { MiPlan: plan, Sequence: foreign, ID: 'X', Descr: 'Stap' })).status,
    ).toBe(400);
    const step = (
      await create('miplansteps', { MiPlan: plan, Sequence: sequence, ID: 'S1-1', Descr: 'Kabels', Mode: 'visual' })
    ).AutoID;
    const question = (record: Record<string, unknown>) => create('miplanquestions', { MiPlan: plan, ...record });
    await question({ Question: 'Noodstop werkt', Step: step, Mandatory: true, SortOrder: 1 });
    await question({ Question: 'Giek zonder scheuren', Scope: 'objecttype', ObjectType: ids.type, SortOrder: 2 });
    await question({ Question: 'Kraanhaak geborgd', Scope: 'objecttype', ObjectType: otherType, SortOrder: 3 });
    await question({ Question: 'Bordje leesbaar', Scope: 'object', Object: ids.object, Kind: '3', SortOrder: 4 });
    await question({ Question: 'Ander object', Scope: 'object', Object: ids.device, SortOrder: 5 });
    expect(await item('miplans', plan)).toMatchObject({ SequenceCount: 1, StepCount: 1, QuestionCount: 5 });
    expect(
      (await admin('/mvc/miplanquestions/save', { MiPlan: plan, Question: 'Zonder', Scope: 'object' })).status,
    ).toBe(400);

    const schedule = await create('objectmischedules', {
      Object: ids.object,
      Descr: 'Vragenronde',
      MiPlan: plan,
      RepeatCycle: 12,
      StartDate: today(),
      AutoCreateWorkflowItem: true,
      WorkflowItemOffset: 2,
      WorkflowItemOffsetUnit: 'weeks',
    });
    await runScheduledActions(server.engine);
    const [insp] = await inspectionsOf(schedule.AutoID);
    const questions: Row[] = (
      await admin('/mvc/inspectionquestions/GetFlexData', { dataFilter: { Inspection: insp.AutoID }, pageSize: 100 })
    ).body.Data;
    expect(questions.map((q) => q.Question)).toEqual(['Noodstop werkt', 'Giek zonder scheuren', 'Bordje leesbaar']);
    expect(questions[0]).toMatchObject({ Mandatory: true, Step: step, Answer: '0' });
    expect(questions[2]).toMatchObject({ Kind: '3' });
    const items: Row[] = (
      await admin('/mvc/workflows/GetFlexData', {
        dataSet: 'all',
        dataFilter: { Inspection: insp.AutoID },
        pageSize: 10,
      })
    ).body.Data;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      Object: ids.object,
      ReportedOn: daysFromToday(-14),
      DueDate: today(),
      ShortDescr: 'Vragenronde',
    });
    ids.questionInspection = insp.AutoID;
    ids.mandatoryQuestion = questions[0].AutoID;
    ids.failedQuestion = questions[1].AutoID;
  });

  it('is finished by one Afronden whose answer chooses: waiting for the device, or finished with the result from the answers', async () => {
    const autoid = ids.questionInspection;
    const transitions: Row[] = (await admin('/mvc/inspections/GetTransitions', { autoid })).body.Transitions;
    expect(transitions.map((t) => t.Name)).not.toContain('finish');
    expect(transitions.map((t) => t.Name)).not.toContain('awaitDevice');
    const afronden = (HasMeasurements: unknown, ids: number[] = [autoid]) =>
      admin('/mvc/inspections/RunAction', {
        Action: 'finish',
        autoids: ids,
        Values: HasMeasurements === undefined ? {} : { HasMeasurements },
      });
    expect((await afronden(undefined)).status).toBe(400);
    await create('inspections', { ...(await item('inspections', autoid)), InspectionDate: today() });
    // An unanswered mandatory question leaves the result to be given.
    expect((await afronden('no')).body.Failed).toBe(1);
    await create('inspectionquestions', { ...(await item('inspectionquestions', ids.mandatoryQuestion)), Answer: '1' });
    await create('inspectionquestions', {
      ...(await item('inspectionquestions', ids.failedQuestion)),
      Answer: '2',
      Deviation: 'Haarscheur bij de voet',
    });
    const objectRow = await create('inspectionobjects', { Inspection: autoid, Object: ids.device, Result: '1' });
    expect(await item('inspections', autoid)).toMatchObject({
      Deviations: 1,
      OpenMandatoryQuestions: 0,
      FinalResult: '2',
    });
    expect((await afronden('no')).body.Succeeded).toBe(1);
    expect(await item('inspections', autoid)).toMatchObject({ Status: 1, FinalResult: '2' });
    const changed = await admin('/mvc/inspectionobjects/save', {
      ...(await item('inspectionobjects', objectRow.AutoID)),
      Result: '2',
    });
    expect(changed.status).toBe(409);

    const waiting = await create('inspections', {
      Object: ids.object,
      PlannedDate: '2026-06-01',
      InspectionDate: '2026-06-01',
      MeasuringDevice: ids.device,
    });
    expect((await afronden('maybe', [waiting.AutoID])).status).toBe(400);
    expect((await afronden('yes', [waiting.AutoID])).body.Succeeded).toBe(1);
    expect((await item('inspections', waiting.AutoID)).Status).toBe(2);
  });
});

describe('a measurement file', () => {
  it('stores each row with the inspection import code of what does not fit, and refuses a row it cannot read whole', async () => {
    const owner = (await create('relations', { ID: 'REL-KEUR', Descr: 'Verhuurder' })).AutoID;
    await create('objecttypes', { ID: 'OT-KEUR2', Descr: 'Kraan' });
    const status = (await admin('/mvc/objectstatuses/GetFlexData', { pageSize: 1 })).body.Data[0]?.AutoID;
    const object = async (ID: string, record: Record<string, unknown>) =>
      create('objects', { ID, Descr: ID, ObjectType: ids.type, Status: status, ...record });
    await object('OBJ-C1', {});
    await object('OBJ-C2', { Owner: owner });
    const unknownStatus = (await object('OBJ-C3', { Status: null })).AutoID;
    // Waiting for its device, so its row is matched and only its missing status is said.
    const waiting = await create('inspections', {
      Object: unknownStatus,
      MiPlan: ids.plan,
      PlannedDate: '2026-07-01',
      InspectionDate: '2026-07-01',
      MeasuringDevice: ids.device,
    });
    expect((await change(waiting.AutoID, 'awaitDevice')).body.Succeeded).toBe(1);
    const twice = (await object('OBJ-C4', {})).AutoID;
    for (const Descr of ['Eerste', 'Tweede'])
      await create('objectmischedules', {
        Object: twice,
        Descr,
        MiPlan: ids.plan,
        RepeatCycle: 12,
        StartDate: '2099-01-01',
      });
    const cookie = await signIn(server.app);
    const task = await finished(
      base,
      cookie,
      (
        await startImport(base, cookie, {
          Destination: 'measurements',
          file: await sheetFile([
            ['Meetapparaat', 'Object', 'Meetcode', 'Resultaat', 'Objecttype in het bestand', 'Eigenaar in het bestand'],
            ['MEET-1', 'OBJ-C1', 'A', 'Goed / ja', 'OT-KEUR2', null],
            ['MEET-1', 'OBJ-C1', 'B', 'Goed / ja', null, 'REL-KEUR'],
            ['MEET-1', 'OBJ-C2', 'C', 'Goed / ja', null, 'REL-KEUR'],
            ['MEET-1', 'OBJ-C3', 'D', 'Goed / ja', null, null],
            ['MEET-1', 'OBJ-C4', 'E', 'Goed / ja', null, null],
            ['MEET-1', 'OBJ-ONBEKEND', 'F', 'Goed / ja', null, null],
            ['MEET-1', 'OBJ-C1', 'G'.repeat(5000), 'Goed / ja', null, null],
          ]),
        })
      ).body.AutoID,
    );
    expect(task, JSON.stringify(task)).toMatchObject({ ProcessedRecords: 5, FailedRecords: 2 });
    const stored: Row[] = (await admin('/mvc/measurements/GetFlexData', { dataSet: 'all', pageSize: 100 })).body.Data;
    const codes = stored.filter((r) => ['A', 'B', 'C', 'D', 'E'].includes(String(r.Code)));
    expect(Object.fromEntries(codes.map((r) => [r.Code, r.ImportError]))).toEqual({
      A: '101',
      B: '103',
      C: '10',
      D: '107',
      E: '102',
    });
  });
});

describe("an object's inspection state", () => {
  it('is stored: no state, approved, expiring, expired and failed follow its finished inspections and the nightly run', async () => {
    const object = (await create('objects', { ID: 'OBJ-S', Descr: 'Steiger', ObjectType: ids.type })).AutoID;
    expect((await item('objects', object)).InspectionState).toBe('nostate');
    const finish = async (InspectionDate: string, Result: string, ValidityPeriod = 12) => {
      const insp = await create('inspections', { Object: object, InspectionDate, Result, ValidityPeriod });
      expect((await change(insp.AutoID, 'finish')).body.Succeeded).toBe(1);
      return insp.AutoID;
    };
    await finish(daysFromToday(-1), '1');
    expect(await item('objects', object)).toMatchObject({ InspectionState: 'approved' });
    const filtered = await admin('/mvc/objects/GetFlexData', {
      dataSet: 'all',
      operatorFilter: [{ FieldName: 'InspectionState', Operator: '=', Value: 'approved' }],
      pageSize: 100,
    });
    expect(filtered.body.Data.map((r: Row) => r.AutoID)).toContain(object);
    expect(filtered.body.Data.every((r: Row) => r.InspectionState === 'approved')).toBe(true);
    // The state moves on by time alone: the nightly run takes it where the stored date says.
    await server.engine.pool.query(
      `UPDATE objects SET inspectionvaliduntil = $2::date, inspectionstatedue = $3::date WHERE autoid = $1`,
      [object, daysFromToday(10), today()],
    );
    await runScheduledActions(server.engine);
    expect(await item('objects', object)).toMatchObject({
      InspectionState: 'expiring',
      InspectionStateDue: daysFromToday(11),
    });
    await server.engine.pool.query(
      `UPDATE objects SET inspectionvaliduntil = $2::date, inspectionstatedue = $3::date WHERE autoid = $1`,
      [object, daysFromToday(-1), today()],
    );
    await runScheduledActions(server.engine);
    expect(await item('objects', object)).toMatchObject({ InspectionState: 'expired' });
    await finish(today(), '2');
    expect(await item('objects', object)).toMatchObject({ InspectionState: 'failed' });
  });
});

describe('a working ticket', () => {
  it('takes at most as many inspections at once as the inspection settings say, refusing more with the message', async () => {
    const settings = (await admin('/mvc/objectmisettings/GetFlexData', { pageSize: 1 })).body.Data[0];
    await create('objectmisettings', {
      ...(await item('objectmisettings', settings.AutoID)),
      MaxInspectionsPerWorkingTicket: 2,
    });
    const ticket = (await create('workingtickets', { ShortDescr: 'Keuringsronde' })).AutoID;
    const made: number[] = [];
    for (const PlannedDate of ['2026-04-01', '2026-04-02', '2026-04-03'])
      made.push((await create('inspections', { Object: ids.object, PlannedDate })).AutoID);
    const added = await admin('/mvc/inspections/RunAction', {
      Action: 'addToTicket',
      autoids: made,
      Values: { WorkingTicket: ticket },
    });
    expect(added.body).toMatchObject({ Succeeded: 2, Failed: 1 });
    const refused = added.body.Results.find((r: Row) => r.Result === 'FAILED');
    expect(refused.Error).toContain('Er kunnen ten hoogste 2 keuringen tegelijk aan werkbon');
    expect((await item('workingtickets', ticket)).InspectionCount).toBe(2);
    const direct = await admin('/mvc/inspections/save', {
      Object: ids.object,
      PlannedDate: '2026-05-01',
      WorkingTicket: ticket,
    });
    expect(direct.status).toBe(400);
    await create('objectmisettings', {
      ...(await item('objectmisettings', settings.AutoID)),
      MaxInspectionsPerWorkingTicket: 500,
    });
  });
});

describe('a user who may only read inspections', () => {
  it('sees them, and is refused a change, a finish and the status log', async () => {
    const user = (
      await create('users', { Username: 'keurder', Password: 'Keuring-pass-1', PasswordRetype: 'Keuring-pass-1' })
    ).AutoID;
    const group = (await create('securitygroups', { ID: 'KEURLEZERS', Descr: 'Keuringen lezen' })).AutoID;
    await create('usergroups', { User: user, SecurityGroup: group });
    await create('securitygrants', { SecurityGroup: group, RightCode: '24.1', Action: 'read' });
    await create('securitygrants', { SecurityGroup: group, RightCode: '6.1', Action: 'read' });
    const cookie = await signIn(server.app, 'keurder', 'Keuring-pass-1');
    const insp = await create('inspections', { Object: ids.object, PlannedDate: '2026-03-01' });
    const seen = await as(cookie, '/mvc/inspections/GetItem', { autoid: insp.AutoID });
    expect(seen.status).toBe(200);
    expect((await as(cookie, '/mvc/inspections/save', { ...seen.body, ResultNote: 'Nee' })).status).toBe(403);
    const finish = await as(cookie, '/mvc/inspections/ChangeStatus', { autoids: [insp.AutoID], Transition: 'finish' });
    expect(finish.status === 403 || finish.body.Failed === 1).toBe(true);
    expect((await as(cookie, '/mvc/inspections/GetStatusLog', { autoid: insp.AutoID })).status).toBe(403);
    expect((await as(cookie, '/mvc/objectmischedules/GetFlexData', {})).status).toBe(403);
  });
});
