// Yearly indexation of contracts on the base pack: once a contract's start anniversary has come,
// Indexeren (run each night, or on selected contracts) multiplies its contract and minimum price
// and its object contracts' prices by its index's percentage, rounded to cents, logs the old and
// new prices and notes the anniversary, so a rerun in the same year changes nothing and the next
// year's run indexes again. The contracts dashboard counts every contract a user may see.
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
async function as(cookie: string, url: string, body?: object) {
  const res = await server.app.inject({ method: body ? 'POST' : 'GET', url, payload: body, headers: { cookie } });
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
async function contract(values: Record<string, unknown>, prices: (number | null)[] = []): Promise<Row> {
  const c = await create('contracts', {
    Descr: 'Indexatie',
    Relation: ids.customer,
    CustomerReference: 'IDX',
    EndDate: day(1000),
    ContractPrice: 100,
    Indexation: true,
    LastUsedIndex: ids.index,
    ...values,
  });
  for (const [i, Price] of prices.entries())
    await create('objectcontracts', { Contract: c.AutoID, Object: objectIds[i], Price });
  return c;
}
const objectPrices = async (contractId: number) =>
  (
    await admin('/mvc/objectcontracts/GetFlexData', {
      pageSize: 10,
      operatorFilter: [{ FieldName: 'Contract', Operator: '=', Value: contractId }],
    })
  ).body.Data.map((r: Row) => r.Price);
const runIndex = (autoids: number[]) => admin('/mvc/contracts/RunAction', { Action: 'index', autoids });

const objectIds: number[] = [];
beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  await create('administrations', { ID: 'HQ', Descr: 'Hoofdkantoor', IsDefault: true });
  ids.customer = (await create('relations', { ID: 'KLANT', Descr: 'Klant' })).AutoID;
  ids.other = (await create('relations', { ID: 'ANDER', Descr: 'Andere klant' })).AutoID;
  ids.running = (
    await create('contractstatuses', { ID: 'LOPEND', Descr: 'Lopend', IsActive: true, IsDefault: true })
  ).AutoID;
  ids.hold = (await create('contractstatuses', { ID: 'OPGESCHORT', Descr: 'Opgeschort', IsActive: false })).AutoID;
  await create('contracttypes', {
    ID: 'HUUR',
    Descr: 'Huur',
    Pricing: 'contractprice',
    InvoicePeriodUnit: 'monthly',
    IsDefault: true,
  });
  ids.index = (await create('contractindexes', { ID: 'CPI', Descr: 'CPI', Year: 2026, Percentage: 3.15 })).AutoID;
  ids.empty = (await create('contractindexes', { ID: 'LEEG', Descr: 'Zonder percentage' })).AutoID;
  const type = (await create('objecttypes', { ID: 'OT-LIFT', Descr: 'Hoogwerker' })).AutoID;
  for (const n of [1, 2, 3])
    objectIds.push((await create('objects', { ID: `OBJ-${n}`, Descr: `Hoogwerker ${n}`, ObjectType: type })).AutoID);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('yearly indexation', () => {
  const start = day(-400);
  it('indexes the prices once the start anniversary has come, rounded to cents, and logs the old and new price', async () => {
    const due = await contract({ StartDate: start, MinimumPrice: 50 }, [33.33, 10, null]);
    const young = await contract({ StartDate: day(-100) });
    const off = await contract({ StartDate: start, Indexation: false, LastUsedIndex: null });
    const held = await contract({ StartDate: start, Status: ids.hold });
    const noPercentage = await contract({ StartDate: start, LastUsedIndex: ids.empty });
    Object.assign(ids, { due: due.AutoID, young: young.AutoID, off: off.AutoID, noPercentage: noPercentage.AutoID });

    expect(await runScheduledActions(server.engine)).toContain('contracts.index: 1 done, 0 failed');
    expect(await item('contracts', due.AutoID)).toMatchObject({
      ContractPrice: 103.15,
      MinimumPrice: 51.58,
      LastIndexedOn: monthsLater(start, 12),
    });
    // 33.33 × 1.0315 = 34.379895 and 10 × 1.0315 = 10.315: cents, half away from zero; no price stays none.
    expect(await objectPrices(due.AutoID)).toEqual([34.38, 10.32, null]);
    for (const c of [young, off, held, noPercentage])
      expect(await item('contracts', c.AutoID)).toMatchObject({ ContractPrice: 100, LastIndexedOn: null });

    const log: Row[] = (await admin('/mvc/contracts/GetStatusLog', { autoid: due.AutoID })).body.Data;
    const priceLog = log.filter((r) => r.From !== null && Number(r.From) === 100);
    expect(priceLog.map((r) => [Number(r.From), Number(r.To)])).toEqual([[100, 103.15]]);
    const objects: Row[] = (
      await admin('/mvc/objectcontracts/GetFlexData', {
        pageSize: 10,
        operatorFilter: [{ FieldName: 'Contract', Operator: '=', Value: due.AutoID }],
      })
    ).body.Data;
    const logged = await server.engine.pool.query<{ from_value: string; to_value: string }>(
      `SELECT from_value, to_value FROM core_status_log
       WHERE table_name = 'objectcontracts' AND record_id = $1 AND field_name = 'Price' AND from_value::text <> 'null'`,
      [objects[0].AutoID],
    );
    expect(logged.rows.map((r) => [Number(r.from_value), Number(r.to_value)])).toEqual([[33.33, 34.38]]);
  });

  it('changes nothing when run again in the same year, by the task or by hand', async () => {
    expect(await runScheduledActions(server.engine)).not.toMatch(/contracts\.index/);
    const byHand = await runIndex([ids.due, ids.young, ids.off, ids.noPercentage]);
    expect(byHand.status).toBe(200);
    expect(byHand.body).toMatchObject({ Succeeded: 0, Failed: 0, Ignored: 4 });
    expect((await item('contracts', ids.due)).ContractPrice).toBe(103.15);
    expect(await objectPrices(ids.due)).toEqual([34.38, 10.32, null]);
  });

  it('indexes again a year later, from the indexed prices', async () => {
    // A year on: the contract was last indexed a year before its last anniversary.
    const c = await item('contracts', ids.due);
    const back = await admin('/mvc/contracts/save', { ...c, LastIndexedOn: start });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const again = await runIndex([ids.due]);
    expect(again.body).toMatchObject({ Succeeded: 1 });
    // 103.15 × 1.0315 = 106.399225; 34.38 × 1.0315 = 35.46297; 10.32 × 1.0315 = 10.64508.
    expect(await item('contracts', ids.due)).toMatchObject({
      ContractPrice: 106.4,
      LastIndexedOn: monthsLater(start, 12),
    });
    expect(await objectPrices(ids.due)).toEqual([35.46, 10.65, null]);
    expect((await runIndex([ids.due])).body).toMatchObject({ Succeeded: 0, Ignored: 1 });
  });

  it('refuses an indexed contract without an index, naming the field', async () => {
    const res = await admin('/mvc/contracts/save', {
      Descr: 'Zonder index',
      Relation: ids.customer,
      CustomerReference: 'IDX',
      StartDate: start,
      Indexation: true,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['LastUsedIndex']);
  });
});

describe('a user limited to one relation’s contracts', () => {
  let cookie = '';
  beforeAll(async () => {
    const user = (
      await create('users', { Username: 'klant', Password: 'Contract-pass-1', PasswordRetype: 'Contract-pass-1' })
    ).AutoID;
    const group = (await create('securitygroups', { ID: 'KLANTEN', Descr: 'Klantbeheer' })).AutoID;
    await create('usergroups', { User: user, SecurityGroup: group });
    for (const grant of ['18.1:read', '18.1:update', '18.3:read', '10.28:read', '2.1:read'])
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
    cookie = await signIn(server.app, 'klant', 'Contract-pass-1');
  });

  it('indexes only the contracts they see', async () => {
    const mine = await contract({ StartDate: day(-400) }, [20]);
    const theirs = await contract({ StartDate: day(-400), Relation: ids.other }, [20]);
    const res = await as(cookie, '/mvc/contracts/RunAction', {
      Action: 'index',
      autoids: [mine.AutoID, theirs.AutoID],
    });
    expect(res.status).toBe(200);
    expect(res.body.Results.map((r: Row) => r.Result)).toEqual(['SUCCESS', 'FAILED']);
    expect((await item('contracts', mine.AutoID)).ContractPrice).toBe(103.15);
    expect(await objectPrices(mine.AutoID)).toEqual([20.63]);
    expect((await item('contracts', theirs.AutoID)).ContractPrice).toBe(100);
    expect(await objectPrices(theirs.AutoID)).toEqual([20]);
  });

  it('counts on the contracts dashboard only the contracts they see; an admin counts all', async () => {
    await contract({ StartDate: day(-10), EndDate: day(20), Indexation: false, LastUsedIndex: null });
    await contract({ StartDate: day(-10), EndDate: day(50), Status: ids.hold, Indexation: false, LastUsedIndex: null });
    await contract({
      StartDate: day(-10),
      EndDate: day(40),
      Relation: ids.other,
      Indexation: false,
      LastUsedIndex: null,
    });
    const total = async (url: string, cookieOf?: string) => {
      const res = cookieOf ? await as(cookieOf, url, { Tab: 'contracts' }) : await admin(url, { Tab: 'contracts' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const seen = async (cookieOf?: string) => {
      const body = { dataSet: 'all', pageSize: 1 };
      const res = cookieOf
        ? await as(cookieOf, '/mvc/contracts/GetFlexData', body)
        : await admin('/mvc/contracts/GetFlexData', body);
      return Number(res.body.Meta.Count);
    };
    const all = await total('/mvc/contracts/GetDashboard');
    const sum = (groups: Row[]) => groups.reduce((s, g) => s + Number(g.Count), 0);
    expect(sum(all.ByGroup)).toBe(await seen());
    expect(all.ByGroup.find((g: Row) => g.Label === 'Opgeschort')?.Count).toBe(2);
    expect(all.Within).toEqual([
      { Days: 30, Count: 1 },
      { Days: 60, Count: 3 },
      { Days: 90, Count: 3 },
    ]);
    const own = await total('/mvc/contracts/GetDashboard', cookie);
    expect(sum(own.ByGroup)).toBe(await seen(cookie));
    expect(sum(own.ByGroup)).toBeLessThan(sum(all.ByGroup));
    expect(own.Within).toEqual([
      { Days: 30, Count: 1 },
      { Days: 60, Count: 2 },
      { Days: 90, Count: 2 },
    ]);
    // Every contract counted by month of its next invoice: not invoiced yet, each from its start.
    expect(sum(own.ByMonth)).toBeLessThanOrEqual(sum(own.ByGroup));
    const screens: { name: string }[] = (await as(cookie, '/mvc/definitions/screens')).body.Screens;
    expect(screens.map((s) => s.name)).toContain('contractdashboard');
  });

  it('is refused the dashboard without its right, and a tab that does not exist', async () => {
    const user = (
      await create('users', { Username: 'lezer', Password: 'Contract-pass-1', PasswordRetype: 'Contract-pass-1' })
    ).AutoID;
    const group = (await create('securitygroups', { ID: 'LEZERS', Descr: 'Lezers' })).AutoID;
    await create('usergroups', { User: user, SecurityGroup: group });
    await create('securitygrants', { SecurityGroup: group, RightCode: '18.1', Action: 'read' });
    const reader = await signIn(server.app, 'lezer', 'Contract-pass-1');
    expect((await as(reader, '/mvc/contracts/GetDashboard', { Tab: 'contracts' })).status).toBe(403);
    const screens: { name: string }[] = (await as(reader, '/mvc/definitions/screens')).body.Screens;
    expect(screens.map((s) => s.name)).not.toContain('contractdashboard');
    expect((await admin('/mvc/contracts/GetDashboard', { Tab: 'elders' })).status).toBe(400);
    // A record's dashboard tab is not counted over all rows.
    expect((await admin('/mvc/relations/GetDashboard', { Tab: 'contractdashboard' })).status).toBe(400);
  });
});
