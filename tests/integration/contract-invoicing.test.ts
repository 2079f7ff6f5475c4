// Periodic invoicing of contracts (base pack): Factureren makes per contract one invoice for every
// invoice period due up to the date asked, its lines by the contract's pricing type, and the
// invoice's lines move the contract's invoiced-till and next invoice date on. A period is never
// invoiced twice: not by a rerun, not by parallel runs, not after a run that died before its
// commit; a voided invoice gives its period back. The nightly scheduled actions invoice what is due.
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
import { type Row } from '../support/answers.ts';
import { runScheduledActions } from '../support/scheduled.ts';
import { today } from '../../definitions/language/clock.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');

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

interface Batch {
  Succeeded: number;
  Failed: number;
  Results: { Result: string; Error: string | null }[];
}
interface Line {
  Descr: string;
  ObjectContract: number | null;
  Quantity: number;
  Price: number;
  SubtotalExclVat: number;
  RentalFrom: string;
  RentalTill: string;
}
let serial = 0;
/** A contract of the customer with these values (monthly price, monthly invoice, contract price 100 by default). */
async function contract(fields: Record<string, unknown>, objects: Record<string, unknown>[] = []): Promise<number> {
  serial++;
  const made = await create('contracts', {
    Descr: `Contract ${serial}`,
    Relation: ids.customer,
    CustomerReference: `REF-${serial}`,
    Status: ids.active,
    PricingType: 'contractprice',
    PricePeriodUnit: 'monthly',
    InvoicePeriodUnit: 'monthly',
    InvoiceProduct: ids.product,
    ContractPrice: 100,
    ...fields,
  });
  for (const o of objects) await create('objectcontracts', { Contract: made.AutoID, Object: ids.object1, ...o });
  return made.AutoID;
}
const invoiceTill = async (contract: number, InvoiceTill?: string): Promise<Batch> =>
  (
    await admin('/mvc/contracts/RunAction', {
      Action: 'invoice',
      autoids: [contract],
      Values: InvoiceTill ? { InvoiceTill } : {},
    })
  ).body;
const invoicesOf = async (contract: number): Promise<Row[]> =>
  (
    await admin('/mvc/invoices/GetFlexData', {
      dataSet: 'all',
      operatorFilter: [{ FieldName: 'Contract', Operator: '=', Value: contract }],
      pageSize: 100,
    })
  ).body.Data;
const linesOf = async (invoice: number): Promise<Line[]> =>
  (
    await admin('/mvc/invoicelines/GetFlexData', {
      operatorFilter: [{ FieldName: 'Invoice', Operator: '=', Value: invoice }],
      pageSize: 100,
    })
  ).body.Data;
const periodsOf = async (contract: number) => {
  const lines = await Promise.all((await invoicesOf(contract)).map((i) => linesOf(i.AutoID)));
  return lines
    .flat()
    .map((l) => `${l.RentalFrom}..${l.RentalTill} ${l.Quantity} x ${l.Price}`)
    .sort();
};
const read = async (table: string, id: number): Promise<Row> =>
  (await admin(`/mvc/${table}/GetItem`, { autoid: id })).body;

beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base'] } });
  await create('administrations', { ID: 'HQ', Descr: 'Hoofdkantoor', IsDefault: true });
  const vat = (await create('vatcodes', { ID: 'H21', Descr: 'Hoog', Percentage: 21 })).AutoID;
  const status = (await create('productstatuses', { ID: 'ACTIEF', Descr: 'Actief' })).AutoID;
  ids.product = (
    await create('products', { ProductType: 'sale', ID: 'ONDERHOUD', Descr: 'Onderhoud', Status: status, Vat: vat })
  ).AutoID;
  ids.customer = (await create('relations', { ID: 'KLANT', Descr: 'Klant' })).AutoID;
  ids.other = (await create('relations', { ID: 'ANDER', Descr: 'Andere klant' })).AutoID;
  ids.active = (await create('contractstatuses', { ID: 'T-ACTIEF', Descr: 'Actief', IsActive: true })).AutoID;
  ids.ended = (await create('contractstatuses', { ID: 'T-BEEINDIGD', Descr: 'Beëindigd', IsActive: false })).AutoID;
  const type = (await create('objecttypes', { ID: 'OT-LIFT', Descr: 'Hoogwerker' })).AutoID;
  ids.object1 = (await create('objects', { ID: 'OBJ-1', Descr: 'Hoogwerker 1', ObjectType: type })).AutoID;
  ids.object2 = (await create('objects', { ID: 'OBJ-2', Descr: 'Hoogwerker 2', ObjectType: type })).AutoID;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('Factureren by pricing type', () => {
  it('bills the contract price per price period for the invoice period: a monthly price invoiced quarterly is 3 months', async () => {
    const c = await contract({ StartDate: '2027-01-01', InvoicePeriodUnit: 'quarterly' });
    expect(await read('contracts', c)).toMatchObject({ InvoicedTill: null, NextInvoiceDate: '2027-01-01' });
    const done = await invoiceTill(c, '2027-01-01');
    expect(done.Succeeded).toBe(1);
    const [invoice] = await invoicesOf(c);
    expect(invoice).toMatchObject({
      InvoiceRelation: ids.customer,
      Reference: 'REF-' + String(serial),
      ContractPeriodFrom: '2027-01-01',
      ContractPeriodTill: '2027-03-31',
      TotalExclVat: 300,
      TotalInclVat: 363,
    });
    expect(await periodsOf(c)).toEqual(['2027-01-01..2027-03-31 3 x 100']);
    expect(await read('contracts', c)).toMatchObject({ InvoicedTill: '2027-03-31', NextInvoiceDate: '2027-04-01' });
    // The same date again makes nothing; a later date bills every period begun by then, in one invoice.
    expect((await invoiceTill(c, '2027-03-31')).Results[0]).toMatchObject({
      Result: 'FAILED',
      Error: `Contract ${String((await read('contracts', c)).ID)} heeft geen periode die gefactureerd moet worden.`,
    });
    expect(await invoicesOf(c)).toHaveLength(1);
    expect((await invoiceTill(c, '2027-07-01')).Succeeded).toBe(1);
    expect(await periodsOf(c)).toEqual(['2027-01-01..2027-03-31 3 x 100', '2027-04-01..2027-09-30 6 x 100']);
  });

  it('bills one line per object contract at its price, and with compression one line of their sum', async () => {
    const objects = [
      { Object: ids.object1, Price: 40 },
      { Object: ids.object2, Price: 60, StartDate: '2027-01-16' },
    ];
    const c = await contract({ StartDate: '2027-01-01', PricingType: 'objectprices' }, objects);
    expect((await invoiceTill(c, '2027-01-01')).Succeeded).toBe(1);
    const [invoice] = await invoicesOf(c);
    const lines = await linesOf(invoice.AutoID);
    expect(lines.map((l) => [l.ObjectContract !== null, l.RentalFrom, l.RentalTill, l.Quantity, l.Price])).toEqual([
      [true, '2027-01-01', '2027-01-31', 1, 40],
      // An object that joined on the 16th is billed from then: 16 of January's 31 days.
      [true, '2027-01-16', '2027-01-31', 0.52, 60],
    ]);
    const packed = await contract({ StartDate: '2027-01-01', PricingType: 'objectprices', Compression: true }, objects);
    expect((await invoiceTill(packed, '2027-01-01')).Succeeded).toBe(1);
    expect(await periodsOf(packed)).toEqual(['2027-01-01..2027-01-31 1 x 100']);
  });

  it('bills a percentage of the configuration values per year pro rata the period, at least the minimum', async () => {
    const objects = [
      { Object: ids.object1, ConfigurationValue: 10000 },
      { Object: ids.object2, ConfigurationValue: 20000 },
    ];
    const yearly = await contract(
      {
        StartDate: '2027-01-01',
        PricingType: 'configurationvalue',
        InvoicePeriodUnit: 'yearly',
        ConfigurationValuePct: 2,
      },
      objects,
    );
    expect((await invoiceTill(yearly, '2027-01-01')).Succeeded).toBe(1);
    expect(await periodsOf(yearly)).toEqual(['2027-01-01..2027-12-31 1 x 600']);
    // A quarter of 90 days of 365 is 147.95; the minimum price lifts it.
    const quarterly = await contract(
      {
        StartDate: '2027-01-01',
        PricingType: 'configurationvalue',
        InvoicePeriodUnit: 'quarterly',
        ConfigurationValuePct: 2,
      },
      objects,
    );
    expect((await invoiceTill(quarterly, '2027-01-01')).Succeeded).toBe(1);
    expect(await periodsOf(quarterly)).toEqual(['2027-01-01..2027-03-31 1 x 147.95']);
    const minimum = await contract(
      {
        StartDate: '2027-01-01',
        PricingType: 'configurationvalue',
        InvoicePeriodUnit: 'quarterly',
        ConfigurationValuePct: 2,
        MinimumPrice: 200,
      },
      objects,
    );
    expect((await invoiceTill(minimum, '2027-01-01')).Succeeded).toBe(1);
    expect(await periodsOf(minimum)).toEqual(['2027-01-01..2027-03-31 1 x 200']);
  });

  it('bills nothing periodically for time and materials, and a contract invoiced completely once', async () => {
    const work = await contract({ StartDate: '2027-01-01', PricingType: 'timeandmaterials' });
    expect((await invoiceTill(work, '2027-12-31')).Failed).toBe(1);
    expect(await invoicesOf(work)).toEqual([]);
    const whole = await contract({
      StartDate: '2027-01-01',
      EndDate: '2027-06-30',
      InvoicePeriodUnit: 'completely',
      PricePeriodUnit: 'completely',
      ContractPrice: 500,
    });
    expect((await invoiceTill(whole, '2027-01-01')).Succeeded).toBe(1);
    expect((await invoiceTill(whole, '2028-12-31')).Failed).toBe(1);
    expect(await periodsOf(whole)).toEqual(['2027-01-01..2027-06-30 1 x 500']);
  });

  it('stops at the end date and bills nothing for a contract whose status is not active', async () => {
    const ending = await contract({ StartDate: '2027-01-01', EndDate: '2027-02-14' });
    expect((await invoiceTill(ending, '2027-12-31')).Succeeded).toBe(1);
    expect(await periodsOf(ending)).toEqual(['2027-01-01..2027-02-14 1.5 x 100']);
    const inactive = await contract({ StartDate: '2027-01-01', Status: ids.ended });
    expect((await invoiceTill(inactive, '2027-12-31')).Failed).toBe(1);
    expect(await invoicesOf(inactive)).toEqual([]);
  });
});

describe('periods across month ends and leap years', () => {
  it('ends February on the 28th, and on the 29th in 2028', async () => {
    const c = await contract({ StartDate: '2027-02-01' });
    await invoiceTill(c, '2027-02-01');
    const leap = await contract({ StartDate: '2028-02-01' });
    await invoiceTill(leap, '2028-02-01');
    const quarter = await contract({ StartDate: '2027-12-01', InvoicePeriodUnit: 'quarterly' });
    await invoiceTill(quarter, '2027-12-01');
    expect(await periodsOf(c)).toEqual(['2027-02-01..2027-02-28 1 x 100']);
    expect(await periodsOf(leap)).toEqual(['2028-02-01..2028-02-29 1 x 100']);
    expect(await periodsOf(quarter)).toEqual(['2027-12-01..2028-02-29 3 x 100']);
  });

  it('counts periods from the start date, so a contract from 31 January does not drift', async () => {
    const c = await contract({ StartDate: '2028-01-31' });
    for (const till of ['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30']) await invoiceTill(c, till);
    expect(await periodsOf(c)).toEqual([
      '2028-01-31..2028-02-28 1 x 100',
      '2028-02-29..2028-03-30 1 x 100',
      '2028-03-31..2028-04-29 1 x 100',
      '2028-04-30..2028-05-30 1 x 100',
    ]);
  });
});

describe('never a period twice', () => {
  it('makes one invoice of a period when four runs race for it', async () => {
    const c = await contract({ StartDate: '2027-01-01' });
    const runs = await Promise.all([1, 2, 3, 4].map(() => invoiceTill(c, '2027-01-01')));
    expect(runs.reduce((n, r) => n + r.Succeeded, 0)).toBe(1);
    expect(await periodsOf(c)).toEqual(['2027-01-01..2027-01-31 1 x 100']);
  });

  it('invoices the period once after a run that died before its commit', async () => {
    const c = await contract({ StartDate: '2027-01-01' });
    // A run that wrote the period's invoice and then died: its transaction holds the period's key.
    const dying = new pg.Client({ connectionString: server.databaseUrl });
    await dying.connect();
    dying.on('error', () => undefined);
    await dying.query('BEGIN');
    await dying.query(
      'INSERT INTO invoices (contract, contractperiodfrom, contractperiodkey, invoicedate, invoicerelation) VALUES ($1, $2, $2, $2, $3)',
      [c, '2027-01-01', ids.customer],
    );
    const pid = (await dying.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const run = invoiceTill(c, '2027-01-01');
    // The run waits on the dying one's key; then the process dies.
    for (let waiting = false; !waiting;) {
      const found = await server.engine.pool.query(
        'SELECT 1 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE NOT l.granted AND a.datname = current_database() AND $1 = ANY(pg_blocking_pids(a.pid))',
        [pid],
      );
      waiting = (found.rowCount ?? 0) > 0;
    }
    await server.engine.pool.query('SELECT pg_terminate_backend($1)', [pid]);
    await dying.end().catch(() => undefined);
    expect((await run).Succeeded).toBe(1);
    expect(await periodsOf(c)).toEqual(['2027-01-01..2027-01-31 1 x 100']);
  });

  it('gives a voided invoice’s period back, and invoices it once again', async () => {
    const c = await contract({ StartDate: '2027-01-01' });
    await invoiceTill(c, '2027-02-01');
    const [invoice] = await invoicesOf(c);
    expect(await read('contracts', c)).toMatchObject({ InvoicedTill: '2027-02-28' });
    const VoidReason = (await create('reasons', { ID: 'FOUT', Descr: 'Foutieve factuur', Kind: 'void' })).AutoID;
    const voided = await admin('/mvc/invoices/ChangeStatus', {
      autoids: [invoice.AutoID],
      Transition: 'void',
      Values: { VoidReason },
    });
    expect(voided.body.Succeeded).toBe(1);
    expect(await read('contracts', c)).toMatchObject({ InvoicedTill: null, NextInvoiceDate: '2027-01-01' });
    expect((await invoiceTill(c, '2027-02-01')).Succeeded).toBe(1);
    expect((await invoicesOf(c)).map((i) => [i.Status, i.ContractPeriodFrom])).toEqual([
      ['new', '2027-01-01'],
      ['voided', '2027-01-01'],
    ]);
  });
});

describe('the nightly scheduled invoicing', () => {
  it('invoices the active contracts whose next invoice date has come, and on a rerun nothing', async () => {
    const start = `${today().slice(0, 7)}-01`;
    const due = await contract({ StartDate: start });
    const later = await contract({ StartDate: '2099-01-01' });
    const said = await runScheduledActions(server.engine);
    expect(said).toMatch(/contracts\.invoice: \d+ done, 0 failed/);
    expect(await invoicesOf(due)).toHaveLength(1);
    expect(await invoicesOf(later)).toEqual([]);
    expect(await runScheduledActions(server.engine)).not.toMatch(/contracts\.invoice/);
    expect(await invoicesOf(due)).toHaveLength(1);
  });
});

describe('a user limited to some contracts', () => {
  it('cannot invoice a contract outside their row limits and does not see its invoices', async () => {
    const mine = await contract({ StartDate: '2027-01-01' });
    const theirs = await contract({ StartDate: '2027-01-01', Relation: ids.other });
    await invoiceTill(theirs, '2027-01-01');
    const user = (
      await create('users', { Username: 'contracten', Password: 'Contract-pass-1', PasswordRetype: 'Contract-pass-1' })
    ).AutoID;
    const group = (await create('securitygroups', { ID: 'CONTRACTEN', Descr: 'Contracten' })).AutoID;
    await create('usergroups', { User: user, SecurityGroup: group });
    for (const [RightCode, Action] of [
      ['18.1', 'read'],
      ['18.1', 'update'],
      ['13.1', 'read'],
      ['13.1', 'create'],
      ['13.2', 'read'],
      ['13.2', 'create'],
      ['13.10', 'read'],
      ['2.1', 'read'],
      ['5.1', 'read'],
      ['10.9', 'read'],
      ['10.24', 'read'],
    ])
      await create('securitygrants', { SecurityGroup: group, RightCode, Action });
    for (const [TableName, FieldName] of [
      ['contracts', 'Relation'],
      ['invoices', 'InvoiceRelation'],
    ])
      await create('rowlimits', {
        SecurityGroup: group,
        TableName,
        FieldName,
        Kind: 'value',
        Value: String(ids.customer),
      });
    const cookie = await signIn(server.app, 'contracten', 'Contract-pass-1');
    const run = await as(cookie, '/mvc/contracts/RunAction', {
      Action: 'invoice',
      autoids: [theirs, mine],
      Values: { InvoiceTill: '2027-01-01' },
    });
    expect(run.body.Results.map((r: { Result: string }) => r.Result)).toEqual(['FAILED', 'SUCCESS']);
    expect(run.body.Results[0].Key).toBe('errors.item_not_found');
    expect(await invoicesOf(theirs)).toHaveLength(1);
    const seen = await as(cookie, '/mvc/invoices/GetFlexData', { dataSet: 'all', pageSize: 100 });
    const contracts = seen.body.Data.map((i: Row) => i.Contract);
    expect(contracts).toContain(mine);
    expect(contracts).not.toContain(theirs);
  });
});
