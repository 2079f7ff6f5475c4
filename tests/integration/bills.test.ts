// Bills on a test pack (tests/packs/testbills): a record numbered when it is completed and
// read-only from then on — a workflow state's `readOnly`, its `readOnlyChildren`, a numbering
// drawn `at` a transition: every change but a transition is refused on every path, its lines
// likewise, its number comes from the counter at completion with no gaps, also in parallel —
// bills made from jobs by an action that copies the job's delivered parts as lines, a completed
// bill posted with its book period picked by date, and assets whose periods an action the
// engine runs on schedule books once each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post, startTestServer, type TestServer } from './harness.ts';
import { today } from '../../definitions/language/clock.ts';
import { runScheduledActions } from '../support/scheduled.ts';
import { rowsIn } from '../support/answers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ config: { packs: ['testbase', 'testbills'] } });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

interface Answer {
  status: number;
  body: { AutoID: number; ID: string | null; Status: string; Total: number | null; [field: string]: unknown };
}
const call = (url: string, body: unknown = {}): Promise<Answer> => post(server.app, url, body);
const bill = async (fields: Record<string, unknown> = {}) => {
  const made = await call('/mvc/bills/save', { Descr: 'Huur december', ...fields });
  expect(made.status).toBe(200);
  await call('/mvc/billlines/save', { Bill: made.body.AutoID, Descr: 'Steiger', Amount: 120.5 });
  return made.body.AutoID;
};
const item = async (id: number) => (await call('/mvc/bills/GetItem', { autoid: id })).body;
const change = (ids: number[], Transition: string, Values: Record<string, unknown> = {}) =>
  call('/mvc/bills/ChangeStatus', { autoids: ids, Transition, Values });
const nextNumber = async () =>
  Number((await server.engine.pool.query('SELECT nextnumber FROM billcounters')).rows[0].nextnumber);
const lineOf = async (id: number) =>
  rowsIn(
    (await call('/mvc/billlines/GetFlexData', { operatorFilter: [{ FieldName: 'Bill', Operator: '=', Value: id }] }))
      .body.Data,
  );

describe('a number drawn at completion', () => {
  it('leaves a new record unnumbered and numbers it when it is completed, from the default counter', async () => {
    const id = await bill();
    expect((await item(id)).ID).toBeNull();
    const before = await nextNumber();
    expect((await change([id], 'complete')).status).toBe(200);
    const done = await item(id);
    expect(done.Status).toBe('done');
    expect(done.ID).toBe(`R${String(before).padStart(5, '0')}`);
    expect(await nextNumber()).toBe(before + 1);
  });

  it('gives the number back when the completion fails, so completed numbers have no gaps', async () => {
    const before = await nextNumber();
    const blocked = await bill({ Blocked: true });
    const refused = (await change([blocked], 'complete')).body;
    expect(refused.Results).toEqual([
      expect.objectContaining({ Result: 'FAILED', Error: 'Een geblokkeerde rekening kan niet worden afgerond.' }),
    ]);
    expect(await item(blocked)).toMatchObject({ ID: null, Status: 'draft' });
    expect(await nextNumber()).toBe(before);
    const next = await bill();
    await change([next], 'complete');
    expect((await item(next)).ID).toBe(`R${String(before).padStart(5, '0')}`);
  });

  it('gives 50 parallel completions 50 consecutive numbers', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) ids.push((await call('/mvc/bills/save', { Descr: `Parallel ${i}` })).body.AutoID);
    const first = await nextNumber();
    const answers = await Promise.all(ids.map((id) => change([id], 'complete')));
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200));
    const numbers = (await Promise.all(ids.map(item))).map((b) => Number(String(b.ID).slice(1))).sort((a, b) => a - b);
    expect(numbers).toEqual(ids.map((_, i) => first + i));
    expect(await nextNumber()).toBe(first + 50);
  });

  it('keeps the number of a record completed earlier', async () => {
    const id = await bill();
    await change([id], 'complete');
    const numbered = (await item(id)).ID;
    expect((await change([id], 'void', { Reason: 'Dubbel' })).status).toBe(200);
    expect((await item(id)).ID).toBe(numbered);
  });
});

describe('a record in a read-only state', () => {
  let done: number;
  let stamp: unknown;
  beforeAll(async () => {
    done = await bill();
    await change([done], 'complete');
    stamp = (await item(done)).TimeStamp;
  });

  it('refuses a save with 409 naming the table and the state, and writes nothing', async () => {
    const refused = await call('/mvc/bills/save', { AutoID: done, Descr: 'Anders', TimeStamp: stamp });
    expect(refused.status).toBe(409);
    expect(refused.body.Error).toBe('Een record van Rekeningen met de status Afgerond kan niet meer worden gewijzigd.');
    expect(await item(done)).toMatchObject({ Descr: 'Huur december', TimeStamp: stamp });
  });

  it('refuses a delete', async () => {
    const refused = await call('/mvc/bills/delete', { autoid: done });
    expect(refused.status).toBe(409);
    expect((await item(done)).AutoID).toBe(done);
  });

  it('refuses a new line, a changed line and a deleted line under it', async () => {
    const [line] = await lineOf(done);
    const added = await call('/mvc/billlines/save', { Bill: done, Descr: 'Extra', Amount: 10 });
    expect(added.status).toBe(409);
    expect(added.body.Error).toBe(
      'Deze rij hoort bij een record van Rekeningen met de status Afgerond en kan niet meer worden gewijzigd.',
    );
    const changed = await call('/mvc/billlines/save', { AutoID: line.AutoID, Amount: 1, TimeStamp: line.TimeStamp });
    expect(changed.status).toBe(409);
    expect((await call('/mvc/billlines/delete', { autoid: line.AutoID })).status).toBe(409);
    expect(await lineOf(done)).toEqual([expect.objectContaining({ AutoID: line.AutoID, Amount: 120.5 })]);
    expect((await item(done)).Total).toBe(120.5);
  });

  it('still takes a transition, with what it sets, and stays read-only in the state it reaches', async () => {
    expect((await change([done], 'void', { Reason: 'Verkeerde klant' })).status).toBe(200);
    expect(await item(done)).toMatchObject({ Status: 'void', VoidReason: 'Verkeerde klant' });
    const refused = await call('/mvc/bills/save', {
      AutoID: done,
      Descr: 'Anders',
      TimeStamp: (await item(done)).TimeStamp,
    });
    expect(refused.body.Error).toMatch(/met de status Vervallen/);
  });

  it('leaves a draft and its lines free to change', async () => {
    const draft = await bill();
    const [line] = await lineOf(draft);
    const stamp = (await item(draft)).TimeStamp;
    expect((await call('/mvc/bills/save', { AutoID: draft, Descr: 'Anders', TimeStamp: stamp })).status).toBe(200);
    const changed = await call('/mvc/billlines/save', { AutoID: line.AutoID, Amount: 99, TimeStamp: line.TimeStamp });
    expect(changed.status).toBe(200);
    expect((await item(draft)).Total).toBe(99);
  });

  it('tells the form which states are read-only and which rows they lock', async () => {
    const form = (await get(server.app, '/mvc/bills/GetForm')).body;
    expect(form.ReadOnlyStates).toEqual({ Field: 'Status', Values: ['done', 'void'], Children: ['billlines'] });
  });
});

describe('a bill made from a job, its delivered parts copied as lines', () => {
  const job = async (Descr: string, parts: { Descr: string; Delivered: number; Price: number }[]) => {
    const id = (await call('/mvc/jobs/save', { ID: Descr.toUpperCase(), Descr })).body.AutoID;
    for (const part of parts) await call('/mvc/jobparts/save', { Job: id, ...part });
    return id;
  };
  const billsNamed = async (Descr: string) =>
    rowsIn(
      (await call('/mvc/bills/GetFlexData', { operatorFilter: [{ FieldName: 'Descr', Operator: '=', Value: Descr }] }))
        .body.Data,
    );

  it('makes one bill per job with a line per delivered part, offered to open, and fails a job with nothing delivered', async () => {
    const roof = await job('Dak', [
      { Descr: 'Pannen', Delivered: 10, Price: 2.5 },
      { Descr: 'Goot', Delivered: 0, Price: 40 },
      { Descr: 'Lood', Delivered: 2, Price: 12 },
    ]);
    const empty = await job('Schuur', [{ Descr: 'Deur', Delivered: 0, Price: 100 }]);
    const answer = (await call('/mvc/jobs/RunAction', { Action: 'bill', autoids: [roof, empty] })).body;
    expect(answer).toMatchObject({ Succeeded: 1, Failed: 1 });
    const [made] = await billsNamed('Dak');
    expect(answer.Results).toEqual([
      expect.objectContaining({ AutoID: roof, Result: 'SUCCESS', Open: { Table: 'bills', AutoID: made.AutoID } }),
      expect.objectContaining({
        AutoID: empty,
        Result: 'FAILED',
        Error: 'Klus SCHUUR heeft niets geleverd om te factureren.',
      }),
    ]);
    expect(made.Total).toBe(49);
    const lines = (await lineOf(made.AutoID)).map((l) => [l.Descr, l.Amount]);
    expect(lines).toEqual([
      ['Pannen', 25],
      ['Lood', 24],
    ]);
    // Nothing is left of the failed job's bill.
    expect(await billsNamed('Schuur')).toEqual([]);
  });

  it('bills many jobs together, each once with its own lines, also when one among them fails', async () => {
    // Items run in growing chunks of one transaction (1, 2, 4, …): the failing third job sits in the
    // second chunk, which is then done again item by item.
    const names = ['Gevel', 'Trap', 'Kelder', 'Zolder', 'Serre', 'Garage', 'Tuin'];
    const jobs = [];
    for (const [i, name] of names.entries())
      jobs.push(
        await job(
          name,
          [
            { Descr: `${name} A`, Delivered: name === 'Kelder' ? 0 : i + 1, Price: 10 },
            { Descr: `${name} B`, Delivered: 1, Price: 0.5 },
          ].filter((p) => name !== 'Kelder' || p.Descr.endsWith('A')),
        ),
      );
    const answer = (await call('/mvc/jobs/RunAction', { Action: 'bill', autoids: jobs })).body;
    expect(answer).toMatchObject({ Succeeded: 6, Failed: 1 });
    expect(answer.Results).toMatchObject(
      ['SUCCESS', 'SUCCESS', 'FAILED', 'SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS'].map((Result) => ({ Result })),
    );
    for (const [i, name] of names.entries()) {
      const made = await billsNamed(name);
      if (name === 'Kelder') {
        expect(made).toEqual([]);
        continue;
      }
      expect(made).toHaveLength(1);
      expect((await lineOf(made[0].AutoID)).map((l) => [l.Descr, l.Amount])).toEqual([
        [`${name} A`, (i + 1) * 10],
        [`${name} B`, 0.5],
      ]);
      expect(made[0].Total).toBe((i + 1) * 10 + 0.5);
    }
  });

  it('refuses two lines of one bill that a unique check says are the same, though they go in one insert', async () => {
    // The lines copied under a bill are written in one statement; a unique check counts the rows
    // before a row in that statement as stored, as it would one by one.
    const twice = await job('Dubbel', [
      { Descr: 'Plaat', Delivered: 1, Price: 5 },
      { Descr: 'Plaat', Delivered: 2, Price: 5 },
    ]);
    const answer = (await call('/mvc/jobs/RunAction', { Action: 'bill', autoids: [twice] })).body;
    expect(answer.Results).toEqual([
      expect.objectContaining({ AutoID: twice, Result: 'FAILED', Error: 'Deze omschrijving staat al op de factuur.' }),
    ]);
    expect(await billsNamed('Dubbel')).toEqual([]);
  });
});

describe('a completed bill is posted by its transition', () => {
  const periodOf = async (ID: string) =>
    rowsIn(
      (await call('/mvc/bookperiods/GetFlexData', { operatorFilter: [{ FieldName: 'ID', Operator: '=', Value: ID }] }))
        .body.Data,
    )[0];
  const closePeriod = async (ID: string, Closed: boolean) => {
    const period = await periodOf(ID);
    expect(
      (await call('/mvc/bookperiods/save', { AutoID: period.AutoID, Closed, TimeStamp: period.TimeStamp })).status,
    ).toBe(200);
  };

  it('makes one posting per bill with a line per line of the bill and one for the debtor, balanced', async () => {
    const id = (await call('/mvc/jobs/save', { ID: 'GEVEL', Descr: 'Gevel' })).body.AutoID;
    for (const part of [
      { Descr: 'Steen', Delivered: 100, Price: 0.75 },
      { Descr: 'Voeg', Delivered: 3, Price: 8.2 },
    ])
      await call('/mvc/jobparts/save', { Job: id, ...part });
    await call('/mvc/jobs/RunAction', { Action: 'bill', autoids: [id] });
    const made = rowsIn(
      (await call('/mvc/bills/GetFlexData', { operatorFilter: [{ FieldName: 'Job', Operator: '=', Value: id }] })).body
        .Data,
    );
    expect(made).toHaveLength(1);
    expect((await change([made[0].AutoID], 'complete')).body).toMatchObject({ Succeeded: 1 });
    const postings = rowsIn(
      (
        await call('/mvc/postings/GetFlexData', {
          operatorFilter: [{ FieldName: 'Bill', Operator: '=', Value: made[0].AutoID }],
        })
      ).body.Data,
    );
    // Its book period is the one whose dates hold its book date (today).
    const period = await periodOf('2026');
    expect(postings).toEqual([
      expect.objectContaining({ Descr: 'Gevel', Debit: 99.6, Credit: 99.6, BookPeriod: period.AutoID }),
    ]);
    const lines = rowsIn(
      (
        await call('/mvc/postinglines/GetFlexData', {
          operatorFilter: [{ FieldName: 'Posting', Operator: '=', Value: postings[0].AutoID }],
        })
      ).body.Data,
    );
    expect(lines.map((l) => [l.Account, l.Debit, l.Credit])).toEqual([
      ['omzet', null, 75],
      ['omzet', null, 24.6],
      ['debiteuren', 99.6, null],
    ]);
  });

  it('refuses to complete a bill whose book period is closed, and keeps its number for the next', async () => {
    const before = await nextNumber();
    const id = await bill();
    await closePeriod('2026', true);
    const refused = (await change([id], 'complete')).body;
    await closePeriod('2026', false);
    expect(refused.Results).toEqual([
      expect.objectContaining({ Result: 'FAILED', Error: 'De boekperiode 2026 is afgesloten.' }),
    ]);
    expect(await item(id)).toMatchObject({ ID: null, Status: 'draft' });
    expect(await nextNumber()).toBe(before);
  });
});

describe('an action the engine runs on schedule', () => {
  const run = () => runScheduledActions(server.engine);
  const bookings = async (asset: number) =>
    rowsIn(
      (
        await call('/mvc/assetbookings/GetFlexData', {
          operatorFilter: [{ FieldName: 'Asset', Operator: '=', Value: asset }],
        })
      ).body.Data,
    )
      .map((b) => [b.PeriodDate, b.Amount])
      .sort();

  it('books each period an asset is behind on, once, and a rerun books nothing twice', async () => {
    // First period three months back: this month and the three before it are due.
    const start = `${today().slice(0, 7)}-01`;
    const back = new Date(`${start}T00:00:00Z`);
    back.setUTCMonth(back.getUTCMonth() - 3);
    const first = back.toISOString().slice(0, 10);
    const id = (await call('/mvc/assets/save', { ID: 'KRAAN', Price: 1200, Periods: 12, StartDate: first })).body
      .AutoID;
    const later = (await call('/mvc/assets/save', { ID: 'LATER', Price: 600, Periods: 6, StartDate: '2099-01-01' }))
      .body.AutoID;
    expect(await run()).toMatch(/assets\.book: 4 done, 0 failed/);
    const months = [0, 1, 2, 3].map((i) => {
      const d = new Date(`${first}T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() + i);
      return [d.toISOString().slice(0, 10), 100];
    });
    expect(await bookings(id)).toEqual(months);
    expect(await bookings(later)).toEqual([]);
    expect(await run()).toBe('niets te doen');
    expect(await bookings(id)).toHaveLength(4);
  });
});
