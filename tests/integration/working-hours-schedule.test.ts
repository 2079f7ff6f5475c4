// A working ticket's Buiten werktijden flag reads the assignee's own time schedule (persons'
// Tijdschema, a row of timeschedules) before the team's work-hour plan: its weekdays narrow the
// team's workable days and its begin and end time replace the plan's; without one the team's
// calendar and plan decide as before. The schedule's recurrence fields play no part.
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
/** The flag of a new ticket for `person` of the team from `StartDate` to `EndDate`. */
const flag = async (person: number, StartDate: string, EndDate: string) =>
  (
    await create('workingtickets', {
      ShortDescr: 'Onderhoud',
      AssignedTeam: ids.team,
      AssignedPerson: person,
      StartDate,
      EndDate,
    })
  ).OutsideWorkingHours;

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  const active = Number((await server.engine.pool.query('SELECT min(autoid) AS id FROM personstatuses')).rows[0].id);
  const days = { Monday: true, Tuesday: true, Wednesday: true, Thursday: true };
  ids.early = (
    await create('timeschedules', {
      ID: 'VROEG',
      Descr: 'Maandag tot donderdag vroeg',
      ScheduleType: 'weekly',
      BeginTime: '07:00',
      EndTime: '15:30',
      ...days,
    })
  ).AutoID;
  ids.anna = (await create('persons', { LastName: 'Anna', Status: active, TimeSchedule: ids.early })).AutoID;
  ids.bert = (await create('persons', { LastName: 'Bert', Status: active })).AutoID;
  const week = (await create('workabledays', { ID: 'MA-VR', Descr: 'Maandag tot vrijdag', ...days, Friday: true }))
    .AutoID;
  const plan = (
    await create('workhourplans', { ID: 'KANTOOR', Descr: 'Kantoortijden', StartTime: '08:00', EndTime: '17:00' })
  ).AutoID;
  ids.team = (
    await create('teams', { ID: 'SERVICE', Descr: 'Serviceteam', Workdays: week, WorkHourPlan: plan })
  ).AutoID;
  for (const person of [ids.anna, ids.bert]) await create('teammembers', { Team: ids.team, Person: person });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('the working-hours flag and the assignee time schedule', () => {
  it("takes the assignee's begin and end time before the team's plan", async () => {
    // Monday 7 December 2026: Anna works 07:00-15:30, the team 08:00-17:00.
    expect(await flag(ids.anna, '2026-12-07T07:30', '2026-12-07T12:00')).toBe(false);
    expect(await flag(ids.anna, '2026-12-07T13:00', '2026-12-07T16:00')).toBe(true);
    expect(await flag(ids.bert, '2026-12-07T07:30', '2026-12-07T12:00')).toBe(true);
    expect(await flag(ids.bert, '2026-12-07T13:00', '2026-12-07T16:00')).toBe(false);
  });

  it("narrows the team's workable days to the schedule's weekdays", async () => {
    // Friday 11 December 2026: a team day, not one of Anna's; Saturday neither's.
    expect(await flag(ids.anna, '2026-12-11T09:00', '2026-12-11T12:00')).toBe(true);
    expect(await flag(ids.bert, '2026-12-11T09:00', '2026-12-11T12:00')).toBe(false);
    expect(await flag(ids.bert, '2026-12-12T09:00', '2026-12-12T12:00')).toBe(true);
  });
});
