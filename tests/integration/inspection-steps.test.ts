// The rest of inspections on the base pack: a plan's step calculations applied to each
// inspection's measured values (the step's value from its questions, judged against its limits,
// rejecting the inspection), and the warning of Afronden naming the unanswered mandatory questions.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, post, startTestServer, type TestServer } from './harness.ts';
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
const childrenOf = async (table: string, Inspection: number): Promise<Row[]> =>
  (await admin(`/mvc/${table}/GetFlexData`, { dataFilter: { Inspection }, pageSize: 100 })).body.Data;
const measure = async (question: Row, MeasuredValue: number | null) =>
  create('inspectionquestions', { ...(await item('inspectionquestions', Number(question.AutoID))), MeasuredValue });

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  ids.type = (await create('objecttypes', { ID: 'OT-KABEL', Descr: 'Kabelhaspel' })).AutoID;
  ids.object = (await create('objects', { ID: 'HASPEL-1', Descr: 'Haspel 1', ObjectType: ids.type })).AutoID;
  ids.plan = (await create('miplans', { ID: 'NEN-STAP', Descr: 'Stappenplan' })).AutoID;
  const step = (extra: Record<string, unknown>) => create('miplansteps', { MiPlan: ids.plan, ...extra });
  ids.average = (
    await step({
      ID: 'RISO',
      Descr: 'Isolatie',
      SortOrder: 1,
      Mode: 'measurement',
      Calculation: 'average',
      Unit: 'MOhm',
      LowerLimit: 1,
    })
  ).AutoID;
  ids.max = (
    await step({
      ID: 'IL',
      Descr: 'Lekstroom',
      SortOrder: 2,
      Mode: 'measurement',
      Calculation: 'max',
      Unit: 'mA',
      UpperLimit: 3.5,
    })
  ).AutoID;
  ids.visual = (await step({ ID: 'VIS', Descr: 'Visueel', SortOrder: 3 })).AutoID;
  const question = (Step: number, Question: string, extra: Record<string, unknown> = {}) =>
    create('miplanquestions', { MiPlan: ids.plan, Step, Question, Kind: '2', ...extra });
  await question(ids.average, 'Riso L-PE');
  await question(ids.average, 'Riso N-PE');
  await question(ids.max, 'Lekstroom');
  await question(ids.visual, 'Kabel onbeschadigd', { Kind: '1', Mandatory: true });
  await question(ids.visual, 'Stekker heel', { Kind: '1', Mandatory: true });
});

afterAll(async () => {
  await server?.close();
});

describe('step calculations', () => {
  it('give each step of a new inspection its value from the measured values, judged against its limits', async () => {
    const insp = await create('inspections', { Object: ids.object, MiPlan: ids.plan, PlannedDate: '2026-03-01' });
    const steps = await childrenOf('inspectionsteps', insp.AutoID);
    expect(steps.map((s) => [s.ID, s.Calculation, s.Result])).toEqual([
      ['RISO', 'average', '0'],
      ['IL', 'max', '0'],
      ['VIS', 'none', '0'],
    ]);
    const questions = await childrenOf('inspectionquestions', insp.AutoID);
    const stepOf = new Map(steps.map((s) => [s.PlanStep, s.AutoID]));
    expect(questions.every((q) => q.InspectionStep === stepOf.get(q.Step))).toBe(true);
    const [lpe, npe, leak] = questions;

    await measure(lpe, 2.5);
    await measure(npe, 0.4);
    const riso = await item('inspectionsteps', Number(stepOf.get(ids.average)));
    // (2.5 + 0.4) / 2 = 1.45, above the lower limit 1.
    expect(riso).toMatchObject({ MeasuredCount: 2, CalculatedValue: 1.45, Result: '1' });
    await measure(leak, 3.6);
    const il = await item('inspectionsteps', Number(stepOf.get(ids.max)));
    expect(il).toMatchObject({ CalculatedValue: 3.6, Result: '2' });
    expect(await item('inspections', insp.AutoID)).toMatchObject({ FailedSteps: 1, FinalResult: '2' });

    // Measured again within the limit: the step passes and nothing rejects the inspection.
    await measure(leak, 3.5);
    expect(await item('inspections', insp.AutoID)).toMatchObject({ FailedSteps: 0, FinalResult: '0' });
    await measure(npe, null);
    await measure(lpe, 0.9);
    expect(await item('inspectionsteps', Number(stepOf.get(ids.average)))).toMatchObject({
      MeasuredCount: 1,
      CalculatedValue: 0.9,
      Result: '2',
    });
    expect((await item('inspections', insp.AutoID)).FinalResult).toBe('2');
  });

  it('keep a step read-only: its limits come from the plan', async () => {
    const insp = await create('inspections', { Object: ids.object, MiPlan: ids.plan, PlannedDate: '2026-03-02' });
    const [first] = await childrenOf('inspectionsteps', insp.AutoID);
    await admin('/mvc/inspectionsteps/save', { ...first, LowerLimit: -100 });
    expect((await item('inspectionsteps', Number(first.AutoID))).LowerLimit).toBe(1);
  });
});

describe('Afronden', () => {
  it('names the mandatory questions left unanswered, in the user language, and finishes all the same', async () => {
    const insp = await create('inspections', {
      ID: 'K-STAP',
      Object: ids.object,
      MiPlan: ids.plan,
      PlannedDate: '2026-03-03',
      InspectionDate: '2026-03-03',
      Result: '1',
    });
    expect((await item('inspections', insp.AutoID)).OpenMandatoryQuestionList).toBe('Kabel onbeschadigd, Stekker heel');
    const run = (language: string) =>
      server.app.inject({
        method: 'POST',
        url: '/mvc/inspections/RunAction',
        payload: { Action: 'finish', autoids: [insp.AutoID], Values: { HasMeasurements: 'no' } },
        headers: { ...authHeaders(server.app), 'accept-language': language },
      });
    const answer = (await run('en')).json();
    expect(answer.Succeeded).toBe(1);
    expect(answer.Results[0].Warning).toBe('Mandatory questions without an answer: Kabel onbeschadigd, Stekker heel.');
    const reopened = await admin('/mvc/inspections/ChangeStatus', {
      autoids: [insp.AutoID],
      Transition: 'reopen',
      Values: { Reason: 'Vragen beantwoorden' },
    });
    expect(reopened.body.Succeeded).toBe(1);
    for (const q of await childrenOf('inspectionquestions', insp.AutoID))
      if (q.Mandatory) await create('inspectionquestions', { ...q, Answer: '1' });
    const again = (await run('nl')).json();
    expect(again.Succeeded).toBe(1);
    expect(again.Results[0].Warning).toBeUndefined();
  });
});
