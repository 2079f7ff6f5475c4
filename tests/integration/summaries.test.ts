// Summaries (GetSummaryData): a table's rows grouped, with sums and counts and the totals over all
// groups, through the one access layer. The base pack's hours per week (hour registrations per
// person per ISO week): an administrator sums every registration, a user limited to their own hours
// sums only those, a field hidden from them cannot be summed or grouped by, and paging, sorting and
// filters hold.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
import { type Row } from '../support/answers.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');

let server: TestServer;
const ids: Record<string, number> = {};
let limited = '';
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
const summary = (body: object = {}) => admin('/mvc/hourregistrations/GetSummaryData', { summary: 'perweek', ...body });
/** The groups of an answer as "person week: hours". */
const groups = (data: Row[]) => data.map((r) => `${r.Person_Descr} ${r.Date_week}: ${r.Duration}`);

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  await create('administrations', { ID: 'HQ', Descr: 'Hoofdkantoor', IsDefault: true });
  const active = Number((await server.engine.pool.query('SELECT min(autoid) AS id FROM personstatuses')).rows[0].id);
  ids.anna = (await create('persons', { LastName: 'Anna', Status: active })).AutoID;
  ids.bert = (await create('persons', { LastName: 'Bert', Status: active })).AutoID;
  const kind = (await create('hourkinds', { ID: 'NORMAAL', Descr: 'Normale uren', Rate: 60 })).AutoID;
  const hours = (Person: number, Date: string, EnteredDuration: number) =>
    create('hourregistrations', { Person, Date, EnteredDuration, HourKind: kind });
  await hours(ids.anna, '2026-11-23', 2);
  await hours(ids.anna, '2026-11-26', 1.5);
  await hours(ids.anna, '2026-11-30', 1);
  await hours(ids.bert, '2026-11-29', 3);

  const user = (
    await create('users', { Username: 'monteur', Password: 'Service-pass-1', PasswordRetype: 'Service-pass-1' })
  ).AutoID;
  const anna = (await admin('/mvc/persons/GetItem', { autoid: ids.anna })).body;
  const relation = (await create('relations', { ID: 'KLANT', Descr: 'Klant' })).AutoID;
  await create('persons', { ...anna, Relation: relation, User: user });
  const group = (await create('securitygroups', { ID: 'MONTEURS', Descr: 'Monteurs' })).AutoID;
  await create('usergroups', { User: user, SecurityGroup: group });
  await create('securitygrants', { SecurityGroup: group, RightCode: '20.6', Action: 'read' });
  await create('rowlimits', {
    SecurityGroup: group,
    TableName: 'hourregistrations',
    FieldName: 'Person',
    Kind: 'linked',
    Path: 'persons.User:AutoID',
  });
  await create('fieldlimits', {
    SecurityGroup: group,
    TableName: 'hourregistrations',
    FieldName: 'Amount',
    Visibility: '0',
  });
  limited = await signIn(server.app, 'monteur', 'Service-pass-1');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('hours per week', () => {
  it('sums every registration per person and ISO week for an administrator, with totals over all groups', async () => {
    const res = await summary();
    expect(res.status).toBe(200);
    expect(res.body.Meta.Count).toBe(3);
    // The definition's sort: the latest week first, then by the person's name.
    expect(groups(res.body.Data)).toEqual(['Anna 2026-11-30: 1', 'Anna 2026-11-23: 3.5', 'Bert 2026-11-23: 3']);
    expect(res.body.Data[1]).toMatchObject({ Person: ids.anna, Count: 2, Amount: 210 });
    expect(res.body.Meta.Totals).toEqual({ Duration: 7.5, Amount: 450, Count: 4 });
    expect(res.body.Meta.Columns.map((c: Row) => c.FieldName)).toEqual([
      'Person',
      'Date_week',
      'Duration',
      'Amount',
      'Count',
    ]);
    expect(res.body.Meta.Columns[1]).toMatchObject({ Title: 'Week', FieldType: 'date', Group: { Bucket: 'week' } });
    expect(res.body.Meta.Columns[2]).toMatchObject({ Title: 'Uren', Aggregate: 'sum' });
  });

  it('pages, sorts by a measure and filters the rows before grouping', async () => {
    const page = await summary({ pageSize: 1, pageIndex: 1, order: 'Duration desc' });
    expect(groups(page.body.Data)).toEqual(['Bert 2026-11-23: 3']);
    expect(page.body.Meta).toMatchObject({ Count: 3, PageIndex: 1, PageSize: 1 });
    const week = await summary({ dataFilter: [{ FieldName: 'WeekEnd', Value: '2026-11-29' }] });
    expect(groups(week.body.Data)).toEqual(['Anna 2026-11-23: 3.5', 'Bert 2026-11-23: 3']);
    expect(week.body.Meta.Totals.Duration).toBe(6.5);
    const beyond = await summary({ pageSize: 10, pageIndex: 5 });
    expect(beyond.body.Data).toEqual([]);
    expect(beyond.body.Meta.Count).toBe(3);
  });

  it('groups and sums what a request names, by month, and refuses what cannot be grouped or summed', async () => {
    const month = await admin('/mvc/hourregistrations/GetSummaryData', {
      groupBy: [{ FieldName: 'Date', Bucket: 'month' }],
      measures: [{ Aggregate: 'sum', FieldName: 'Duration' }],
    });
    expect(month.body.Data).toEqual([{ Date_month: '2026-11-01', Duration: 7.5 }]);
    const refusals = [
      { summary: 'nothere' },
      { groupBy: [{ FieldName: 'Notes' }], measures: [{ Aggregate: 'count' }] },
      { groupBy: [{ FieldName: 'Person', Bucket: 'week' }], measures: [{ Aggregate: 'count' }] },
      { groupBy: [{ FieldName: 'Person' }], measures: [{ Aggregate: 'sum', FieldName: 'Date' }] },
      { groupBy: [{ FieldName: 'Nope' }], measures: [{ Aggregate: 'count' }] },
      { summary: 'perweek', order: 'Notes asc' },
    ];
    for (const body of refusals)
      expect((await admin('/mvc/hourregistrations/GetSummaryData', body)).status, JSON.stringify(body)).toBe(400);
  });

  it('sums only the rows a limited user sees, and never a field hidden from them', async () => {
    const res = await as(limited, '/mvc/hourregistrations/GetSummaryData', { summary: 'perweek' });
    expect(res.status).toBe(200);
    // Persons are not theirs to read: the groups name the person without its text, as a grid does.
    expect(res.body.Data.map((r: Row) => `${r.Person} ${r.Date_week}: ${r.Duration}`)).toEqual([
      `${ids.anna} 2026-11-30: 1`,
      `${ids.anna} 2026-11-23: 3.5`,
    ]);
    expect(res.body.Meta.Totals).toEqual({ Duration: 4.5, Count: 3 });
    // The hidden Amount is left out of the definition's summary, and refused when asked for.
    expect(res.body.Meta.Columns.map((c: Row) => c.FieldName)).not.toContain('Amount');
    expect(JSON.stringify(res.body.Data)).not.toContain('Amount');
    const sum = await as(limited, '/mvc/hourregistrations/GetSummaryData', {
      groupBy: [{ FieldName: 'Person' }],
      measures: [{ Aggregate: 'sum', FieldName: 'Amount' }],
    });
    expect(sum.status).toBe(400);
    expect(sum.body.Error).toContain('Amount');
    const byHidden = await as(limited, '/mvc/hourregistrations/GetSummaryData', {
      groupBy: [{ FieldName: 'Amount' }],
      measures: [{ Aggregate: 'count' }],
    });
    expect(byHidden.status).toBe(400);
    const other = await as(limited, '/mvc/workingtickets/GetSummaryData', {
      groupBy: [{ FieldName: 'Status' }],
      measures: [{ Aggregate: 'count' }],
    });
    expect(other.status).toBe(403);
  });
});
