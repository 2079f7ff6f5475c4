// Journal entries on the base and demo packs: a journal's book year is picked by its
// administration and book date, its period computed in that year; a closed year or a date in no
// year refuses it, naming the date; an entry is posted only when debit equals credit, and a posted
// entry and its lines are read-only; a user without the journal right sees none. Depreciations
// book each period's journal once, by the nightly scheduled actions, the last period taking the
// rest, and stop when sold or retired; a sale or retirement posts the asset out of the books.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, signIn, startTestServer, type TestServer } from './harness.ts';
import { today } from '../../definitions/language/clock.ts';
import { runScheduledActions } from '../support/scheduled.ts';

const PACKS_DIR = path.resolve(import.meta.dirname, '..', '..', 'definitions', 'packs');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { packsDir: PACKS_DIR, packs: ['base', 'demo'] } });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

interface Journal {
  AutoID: number;
  BookYear: number | null;
  BookYear_Descr?: string;
  Period: number | null;
  Status: string;
  TimeStamp: number;
  TotalDebit: number;
  TotalCredit: number;
}
const call = (url: string, body: unknown = {}) => post(server.app, url, body);
const codeOf = async (table: string, ID: string): Promise<number> =>
  (await call(`/mvc/${table}/GetFlexData`, { operatorFilter: [{ FieldName: 'ID', Operator: '=', Value: ID }] })).body
    .Data[0].AutoID;
const journal = async (fields: Record<string, unknown>) =>
  call('/mvc/journals/save', { Descr: 'Correctie', ...fields });
const read = async (id: number): Promise<Journal> => (await call('/mvc/journals/GetItem', { autoid: id })).body;
const line = async (Journal: number, ledger: string, Side: 'debit' | 'credit', Amount: number) =>
  call('/mvc/journallines/save', { Journal, GeneralLedger: await codeOf('generalledgers', ledger), Side, Amount });
const count = async () => Number((await server.engine.pool.query('SELECT count(*) FROM journals')).rows[0].count);

describe('the book year and period of a journal entry', () => {
  it('picks the year of its administration that holds the book date, and its period in that year', async () => {
    const made = await journal({ BookDate: '2026-03-15' });
    expect(made.status).toBe(200);
    expect(await read(made.body.AutoID)).toMatchObject({ BookYear: await codeOf('bookyears', '2026'), Period: 3 });
    // The Belgian branch's year has four periods: August is in the third.
    const belgian = await journal({
      BookDate: '2026-08-10',
      Administration: await codeOf('administrations', 'BELGIE'),
    });
    expect(await read(belgian.body.AutoID)).toMatchObject({
      BookYear: await codeOf('bookyears', 'BE-2026'),
      Period: 3,
    });
  });

  it('picks again when the book date moves to another year', async () => {
    const made = (await journal({ BookDate: '2026-12-30' })).body;
    const moved = await call('/mvc/journals/save', {
      AutoID: made.AutoID,
      BookDate: '2027-01-04',
      TimeStamp: made.TimeStamp,
    });
    expect(moved.status).toBe(200);
    expect(await read(made.AutoID)).toMatchObject({ BookYear: await codeOf('bookyears', '2027'), Period: 1 });
  });

  it('refuses a date in a closed year and a date in no year, naming the book date, and writes nothing', async () => {
    const before = await count();
    const closed = await journal({ BookDate: '2025-06-01' });
    expect(closed.status).toBe(400);
    expect(closed.body.ModelState.BookDate).toEqual([
      'Boekjaar 2025 is afgesloten: er kan niet meer in worden geboekt.',
    ]);
    const none = await journal({ BookDate: '2024-06-01' });
    expect(none.body.ModelState.BookDate[0]).toMatch(
      /^Er is geen boekjaar van deze administratie waarin de boekdatum .*2024 valt\.$/,
    );
    expect(await count()).toBe(before);
  });
});

describe('posting a journal entry', () => {
  it('posts only a balanced entry, and keeps a posted entry and its lines as they are', async () => {
    const id = (await journal({ BookDate: '2026-05-02', Descr: 'Herclassificatie' })).body.AutoID;
    await line(id, '0200', 'debit', 250);
    await line(id, '1600', 'credit', 200);
    const refused = (await call('/mvc/journals/ChangeStatus', { autoids: [id], Transition: 'post', Values: {} })).body;
    expect(refused.Results[0].Error).toBe('Een journaalpost wordt pas geboekt als debet en credit gelijk zijn.');
    await line(id, '1600', 'credit', 50);
    const posted = (await call('/mvc/journals/ChangeStatus', { autoids: [id], Transition: 'post', Values: {} })).body;
    expect(posted.Succeeded).toBe(1);
    expect(await read(id)).toMatchObject({ Status: 'posted', TotalDebit: 250, TotalCredit: 250 });
    const more = await line(id, '1600', 'credit', 1);
    expect(more.status).toBe(409);
    const stamp = (await read(id)).TimeStamp;
    expect((await call('/mvc/journals/save', { AutoID: id, Descr: 'Anders', TimeStamp: stamp })).status).toBe(409);
  });

  it('shows a line in its debit or its credit column, and refuses a negative amount naming it', async () => {
    const id = (await journal({ BookDate: '2026-05-03' })).body.AutoID;
    const credit = (await line(id, '1300', 'credit', 12.5)).body;
    expect(credit).toMatchObject({ Debit: null, Credit: 12.5 });
    const negative = await line(id, '0200', 'debit', -5);
    expect(Object.keys(negative.body.ModelState)).toEqual(['Amount']);
  });
});

describe('a user without the journal right', () => {
  it('sees no journal entry and makes none', async () => {
    await call('/mvc/users/save', {
      Username: 'nojournal',
      Password: 'Geen-journaal-1',
      PasswordRetype: 'Geen-journaal-1',
    });
    const cookie = await signIn(server.app, 'nojournal', 'Geen-journaal-1');
    const as = async (url: string, body: unknown) =>
      (await server.app.inject({ method: 'POST', url, payload: body as object, headers: { cookie } })).statusCode;
    expect(await as('/mvc/journals/GetFlexData', {})).toBe(403);
    expect(await as('/mvc/journals/save', { BookDate: '2026-05-01' })).toBe(403);
    expect(await as('/mvc/journallines/GetFlexData', {})).toBe(403);
  });
});

describe('depreciations', () => {
  const run = () => runScheduledActions(server.engine);
  interface Depreciation {
    AutoID: number;
    DepreciationPeriodCount: number;
    TotalDepreciation: number;
    BookValue: number;
    NextDepreciationPeriod: string;
    IsCompleted: boolean;
    Status: string;
  }
  const depreciation = async (ID: string): Promise<Depreciation> =>
    (await call('/mvc/depreciations/GetItem', { autoid: await codeOf('depreciations', ID) })).body;
  interface DepreciationJournal {
    AutoID: number;
    DepreciationPeriod: string | null;
    DepreciationAmount: number;
    TotalDebit: number;
    TotalCredit: number;
    Status: string;
  }
  const journalsOf = async (id: number): Promise<DepreciationJournal[]> => {
    const found = await call('/mvc/journals/GetFlexData', {
      operatorFilter: [{ FieldName: 'Depreciation', Operator: '=', Value: id }],
    });
    const rows: DepreciationJournal[] = found.body.Data;
    return rows.sort((a, b) => (a.DepreciationPeriod ?? '').localeCompare(b.DepreciationPeriod ?? ''));
  };
  /** Month ends from `first` up to today. */
  const monthEndsSince = (first: string) => {
    const ends: string[] = [];
    for (let m = new Date(`${first.slice(0, 7)}-01T00:00:00Z`); ; m.setUTCMonth(m.getUTCMonth() + 1)) {
      const end = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
      if (end > today()) return ends;
      ends.push(end);
    }
  };

  it('books each period that is due once, as a posted balanced journal, and a rerun books nothing twice', async () => {
    expect(await run()).toMatch(/depreciations\.book: \d+ done, 0 failed/);
    const lift = await depreciation('AFS-001');
    const due = monthEndsSince('2026-01-31');
    const booked = await journalsOf(lift.AutoID);
    expect(booked.map((j) => j.DepreciationPeriod)).toEqual(due);
    expect(new Set(booked.map((j) => [j.Status, j.DepreciationAmount, j.TotalDebit, j.TotalCredit].join()))).toEqual(
      new Set(['posted,700,700,700']),
    );
    expect(lift).toMatchObject({
      DepreciationPeriodCount: due.length,
      TotalDepreciation: 700 * due.length,
      BookValue: 48000 - 700 * due.length,
    });
    expect(await run()).toBe('niets te doen');
    expect(await journalsOf(lift.AutoID)).toHaveLength(due.length);
  });

  it('lets the last period take what rounding left, and then is fully depreciated', async () => {
    const first = new Date(`${today().slice(0, 7)}-01T00:00:00Z`);
    first.setUTCMonth(first.getUTCMonth() - 4);
    const made = await call('/mvc/depreciations/save', {
      ID: 'AFS-TEST',
      Descr: 'Laptop',
      PurchaseDate: first.toISOString().slice(0, 10),
      PurchasePrice: 100,
      NumberOfPeriods: 3,
      ResidualValue: 0,
      DepreciationCostGeneralLedger: await codeOf('generalledgers', '4800'),
      AccumulatedDepreciationGeneralLedger: await codeOf('generalledgers', '0210'),
    });
    expect(made.status).toBe(200);
    await run();
    expect((await journalsOf(made.body.AutoID)).map((j) => j.DepreciationAmount)).toEqual([33.33, 33.33, 33.34]);
    expect(await depreciation('AFS-TEST')).toMatchObject({ IsCompleted: true, BookValue: 0 });
  });

  /** Per general ledger, debit minus credit of the depreciation's journals that are not a period's. */
  const disposal = async (id: number) => {
    const [made, ...more] = (await journalsOf(id)).filter((j) => !j.DepreciationPeriod);
    expect(more).toEqual([]);
    const lines = (
      await call('/mvc/journallines/GetFlexData', {
        operatorFilter: [{ FieldName: 'Journal', Operator: '=', Value: made.AutoID }],
      })
    ).body.Data as { GeneralLedger_Descr: string; Debit: number | null; Credit: number | null }[];
    return {
      journal: made,
      net: Object.fromEntries(lines.map((l) => [l.GeneralLedger_Descr, (l.Debit ?? 0) - (l.Credit ?? 0)])),
    };
  };

  it('posts a sale: proceeds in, the asset out at its price, its depreciation out and the loss as result', async () => {
    const bus = await depreciation('AFS-002');
    const periods = (await journalsOf(bus.AutoID)).length;
    expect(bus.TotalDepreciation).toBeGreaterThan(0);
    const sold = await call('/mvc/depreciations/RunAction', {
      Action: 'sell',
      autoids: [bus.AutoID],
      Values: { SaleDate: today(), SalesPrice: 25000 },
    });
    expect(sold.body.Succeeded).toBe(1);
    const { journal, net } = await disposal(bus.AutoID);
    // Sold below its book value: the loss is debited, so both sides add up to the purchase price.
    expect(journal).toMatchObject({ Status: 'posted', TotalDebit: 32000, TotalCredit: 32000 });
    expect(net).toEqual({
      Bank: 25000,
      'Cumulatieve afschrijving materieel': bus.TotalDepreciation,
      'Inventaris en materieel': -32000,
      'Boekresultaat verkochte activa': bus.BookValue - 25000,
    });
    expect(await depreciation('AFS-002')).toMatchObject({ Status: 'sold', BookValue: bus.BookValue });
    const again = await call('/mvc/depreciations/RunAction', { Action: 'book', autoids: [bus.AutoID] });
    expect(again.body.Error).toBe('Afschrijving AFS-002 is afgeschreven, verkocht of buiten gebruik.');
    const sellAgain = await call('/mvc/depreciations/RunAction', {
      Action: 'sell',
      autoids: [bus.AutoID],
      Values: { SaleDate: today(), SalesPrice: 1 },
    });
    expect(sellAgain.body.Error).toBe('Afschrijving AFS-002 is al verkocht of buiten gebruik.');
    expect(await journalsOf(bus.AutoID)).toHaveLength(periods + 1);
  });

  it('posts a retirement: the asset and its depreciation out, the book value as a loss', async () => {
    const lift = await depreciation('AFS-001');
    const retired = await call('/mvc/depreciations/RunAction', {
      Action: 'retire',
      autoids: [lift.AutoID],
      Values: { RetirementDate: today() },
    });
    expect(retired.body.Succeeded).toBe(1);
    const { journal, net } = await disposal(lift.AutoID);
    expect(journal).toMatchObject({ Status: 'posted', TotalDebit: 48000, TotalCredit: 48000 });
    expect(net).toEqual({
      'Cumulatieve afschrijving materieel': lift.TotalDepreciation,
      'Inventaris en materieel': -48000,
      'Boekresultaat verkochte activa': lift.BookValue,
    });
  });

  it('refuses a negative sale price, naming it, and posts nothing', async () => {
    const made = await call('/mvc/depreciations/save', {
      ID: 'AFS-NEG',
      Descr: 'Aanhanger',
      PurchaseDate: '2026-02-01',
      PurchasePrice: 1000,
      NumberOfPeriods: 10,
      ResidualValue: 0,
    });
    expect(made.status).toBe(200);
    const refused = await call('/mvc/depreciations/RunAction', {
      Action: 'sell',
      autoids: [made.body.AutoID],
      Values: { SaleDate: today(), SalesPrice: -5 },
    });
    expect(refused.body.Results[0].Error).toBe('De verkoopprijs kan niet negatief zijn.');
    expect(await depreciation('AFS-NEG')).toMatchObject({ Status: 'active' });
  });
});
